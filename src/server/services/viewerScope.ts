import type { Executor } from '../db/executor.ts';
import { rollupTierOfScope } from '../db/repositories/epicRollupRepository.ts';
import { findGroupsAndProjectsOfRoot } from '../db/repositories/namespaceRepository.ts';
import type { StatsVisibility } from '../db/repositories/visibility.ts';
import type { NamespaceRow, ProjectRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import { inTheirNamespaces, issueReaderFor } from './issueService.ts';

/**
 * The repositories filter by a scope, so its type is declared beside them; adapters take it from
 * here, the service that decides it.
 */
export type { StatsVisibility };

/** The groups whose epics the viewer reads, and those where confidential ones show too (GitLab's read_epic). */
export interface EpicReader {
  readonly groupIds: number[];
  readonly confidentialGroupIds: number[];
}

export async function epicReaderFor(
  access: AccessContext,
  groups: Iterable<NamespaceRow>,
): Promise<EpicReader> {
  const candidates = [...groups];
  const groupIds: number[] = [];
  const confidentialGroupIds: number[] = [];
  await access.loadPlans(candidates);
  for (const group of candidates) {
    if (!(await access.canInNamespace('read_epic', group))) continue;
    groupIds.push(group.id);
    if (await access.canInNamespace('read_epic', group, { confidential: true }))
      confidentialGroupIds.push(group.id);
  }
  return { groupIds, confidentialGroupIds };
}

/**
 * Everything the viewer may see inside one root namespace (groups, projects, and where confidential
 * items show too): the filter behind counts and weights, so that nothing hidden leaks into a number.
 */
export async function viewerScopeOfRoot(
  access: AccessContext,
  groupsOfRoot: readonly NamespaceRow[],
  projectsOfRoot: readonly ProjectRow[],
): Promise<StatsVisibility> {
  const { groupIds, confidentialGroupIds } = await epicReaderFor(access, groupsOfRoot);
  const byId = new Map(groupsOfRoot.map((group) => [group.id, group]));
  const issues = await issueReaderFor(access, inTheirNamespaces(projectsOfRoot, byId));
  const { projectIds, confidentialProjectIds } = issues;
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
