import type { Executor } from '../db/executor.ts';
import { rollupTierOfScope } from '../db/repositories/epicRollupRepository.ts';
import { findGroupsAndProjectsOfRoot } from '../db/repositories/namespaceRepository.ts';
import type { StatsVisibility } from '../db/repositories/visibility.ts';
import type { NamespaceRow, ProjectRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';

/**
 * The repositories filter by a scope, so its type is declared beside them; adapters take it from
 * here, the service that decides it.
 */
export type { StatsVisibility };

/**
 * Everything the viewer may see inside one root namespace (groups, projects, and where confidential
 * items show too): the filter behind counts and weights, so that nothing hidden leaks into a number.
 */
export async function viewerScopeOfRoot(
  access: AccessContext,
  groupsOfRoot: readonly NamespaceRow[],
  projectsOfRoot: readonly ProjectRow[],
): Promise<StatsVisibility> {
  const groupIds: number[] = [];
  const confidentialGroupIds: number[] = [];
  await access.loadPlans(groupsOfRoot);
  for (const group of groupsOfRoot) {
    if (!(await access.canInNamespace('read_epic', group))) continue;
    groupIds.push(group.id);
    if (await access.canInNamespace('read_epic', group, { confidential: true }))
      confidentialGroupIds.push(group.id);
  }
  const byId = new Map(groupsOfRoot.map((group) => [group.id, group]));
  const projectIds: number[] = [];
  const confidentialProjectIds: number[] = [];
  for (const project of projectsOfRoot) {
    const namespace = byId.get(project.namespace_id);
    if (!namespace || !(await access.canInProject('read_issue', project, namespace))) continue;
    projectIds.push(project.id);
    if (await access.canInProject('read_issue', project, namespace, { confidential: true })) {
      confidentialProjectIds.push(project.id);
    }
  }
  const scope = { groupIds, confidentialGroupIds, projectIds, confidentialProjectIds };
  // A group whose plan lacks epics shows none to anyone, so it is no part of any tier: an epic's
  // subtree stays within its top-level group, which one plan licenses or not as a whole.
  const licensedGroups: NamespaceRow[] = [];
  for (const group of groupsOfRoot) {
    if (await access.hasFeature(group, 'epics')) licensedGroups.push(group);
  }
  return { ...scope, rollupTier: rollupTierOfScope(scope, licensedGroups, projectsOfRoot) };
}

/**
 * The same, shared with the viewer's other requests at the data version: a roadmap page otherwise
 * checked every group and project of the root again for each request.
 */
export function sharedViewerScopeOfRoot(
  access: AccessContext,
  rootId: number,
  contentsOfRoot: () => Promise<{ groups: readonly NamespaceRow[]; projects: readonly ProjectRow[] }>,
): Promise<StatsVisibility> {
  return access.rememberForViewer(`viewerScope:${rootId}`, async () => {
    const { groups, projects } = await contentsOfRoot();
    return viewerScopeOfRoot(access, groups, projects);
  });
}

/** The same, reading the root namespace's groups and projects first (one statement). */
export async function viewerScopeOfRootNamespace(
  db: Executor,
  access: AccessContext,
  rootId: number,
): Promise<StatsVisibility> {
  const { groups, projects } = await findGroupsAndProjectsOfRoot(db, rootId);
  return viewerScopeOfRoot(access, groups, projects);
}
