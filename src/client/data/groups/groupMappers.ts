/** Pure mappers from the home and group overview queries to their view models. */
import type { GroupOverviewQuery, HomeGroupsQuery } from '../generated/graphql.ts';
import { compact, toVisibility } from '../mappers.ts';
import type { GroupOverview, GroupSummary, ProjectSummary } from '../types.ts';

type HomeGroupNode = NonNullable<NonNullable<HomeGroupsQuery['groups']['nodes']>[number]>;
type OverviewGroup = NonNullable<GroupOverviewQuery['group']>;
type SubgroupNode = NonNullable<NonNullable<NonNullable<OverviewGroup['descendantGroups']>['nodes']>[number]>;
type ProjectNode = NonNullable<NonNullable<OverviewGroup['projects']['nodes']>[number]>;

export function toGroupSummary(group: HomeGroupNode | SubgroupNode): GroupSummary {
  const parent = group.parent as { fullPath?: string } | null;
  return {
    id: group.id,
    name: group.name,
    fullName: group.fullName,
    fullPath: group.fullPath,
    description: group.description || null,
    visibility: toVisibility(group.visibility),
    parentFullPath: parent?.fullPath ?? null,
  };
}

export const toProjectSummary = (project: ProjectNode): ProjectSummary => ({
  id: project.id,
  name: project.name,
  fullPath: project.fullPath,
  description: project.description || null,
  visibility: toVisibility(project.visibility),
  openIssuesCount: project.openIssuesCount ?? null,
});

/** Keeps only the direct children of `fullPath` (the server may return deeper descendants). */
export function toGroupOverview(group: OverviewGroup): GroupOverview {
  const subgroups = compact(group.descendantGroups?.nodes)
    .map(toGroupSummary)
    .filter((child) => child.parentFullPath === null || child.parentFullPath === group.fullPath);
  return {
    id: group.id,
    name: group.name,
    fullName: group.fullName,
    fullPath: group.fullPath,
    description: group.description || null,
    visibility: toVisibility(group.visibility),
    subgroups,
    projects: compact(group.projects.nodes).map(toProjectSummary),
    projectCount: group.projects.count,
  };
}
