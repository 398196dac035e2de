/** Pure mapper from the project overview query to its view model. */
import type { ProjectOverviewQuery } from '../generated/graphql.ts';
import { toVisibility } from '../mappers.ts';
import type { ProjectOverview } from '../types.ts';

export function toProjectOverview(project: NonNullable<ProjectOverviewQuery['project']>): ProjectOverview {
  const namespace = project.group ?? project.namespace;
  return {
    id: project.id,
    name: project.name,
    fullPath: project.fullPath,
    nameWithNamespace: project.nameWithNamespace,
    description: project.description || null,
    visibility: toVisibility(project.visibility),
    openIssuesCount: project.openIssuesCount ?? null,
    namespaceFullPath: namespace?.fullPath ?? null,
    namespaceFullName: namespace?.fullName ?? null,
  };
}
