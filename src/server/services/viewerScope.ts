import type { Executor } from '../db/executor.ts';
import type { StatsVisibility } from '../db/repositories/epicRepository.ts';
import { findNamespaceById, findSelfAndDescendants } from '../db/repositories/namespaceRepository.ts';
import { listProjects } from '../db/repositories/projectRepository.ts';
import type { AccessContext } from './access.ts';

/**
 * Everything the viewer may see inside one root namespace (groups, projects, and where confidential
 * items show too): the filter behind counts and weights, so that nothing hidden leaks into a number.
 */
export async function viewerScopeOfRoot(
  db: Executor,
  access: AccessContext,
  rootId: number,
): Promise<StatsVisibility> {
  const root = await findNamespaceById(db, rootId);
  if (!root) return { groupIds: [], confidentialGroupIds: [], projectIds: [], confidentialProjectIds: [] };
  const groups = await findSelfAndDescendants(db, root);
  const groupIds: number[] = [];
  const confidentialGroupIds: number[] = [];
  for (const group of groups) {
    if (!(await access.canInNamespace('read_epic', group))) continue;
    groupIds.push(group.id);
    if (await access.canInNamespace('read_epic', group, { confidential: true }))
      confidentialGroupIds.push(group.id);
  }
  const { rows: projects } = await listProjects(
    db,
    { viewer: access.viewer, namespaceId: root.id, includeSubgroups: true },
    { offset: 0, limit: 100_000 },
  );
  const byId = new Map(groups.map((group) => [group.id, group]));
  const projectIds: number[] = [];
  const confidentialProjectIds: number[] = [];
  for (const project of projects) {
    const namespace = byId.get(project.namespace_id);
    if (!namespace || !(await access.canInProject('read_issue', project, namespace))) continue;
    projectIds.push(project.id);
    if (await access.canInProject('read_issue', project, namespace, { confidential: true })) {
      confidentialProjectIds.push(project.id);
    }
  }
  return { groupIds, confidentialGroupIds, projectIds, confidentialProjectIds };
}
