import type { Executor } from '../db/executor.ts';
import type { OffsetLimit, PageWithTotal } from '../db/pagination.ts';
import type { IssueRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import { UnauthorizedError } from './errors.ts';
import { findReadableGroup } from './groupService.ts';
import {
  type IssueListParams,
  type IssueSort,
  listIssuesPage,
  type ProjectInNamespace,
  withNamespaces,
} from './issueService.ts';
import { findReadableProject, listReadableProjects } from './projectService.ts';

/**
 * Where an issue list reads (GitLab's three REST list routes): one project, a group with its
 * subgroups, or every project the signed-in user can see (`GET /issues`).
 */
export type IssueListPlace =
  | { readonly kind: 'project'; readonly idOrPath: string }
  | { readonly kind: 'group'; readonly idOrPath: string }
  | { readonly kind: 'viewer' };

/**
 * The projects a group-wide or instance-wide list looks in, at most this many: the same bound the
 * GraphQL `Group.issues` resolver reads with.
 */
const MAX_LISTED_PROJECTS = 100_000;

/** The readable projects a list at this place reads (issue and merge request lists alike). */
export async function projectsAt(
  db: Executor,
  access: AccessContext,
  place: IssueListPlace,
): Promise<ProjectInNamespace[]> {
  switch (place.kind) {
    case 'project':
      return [await findReadableProject(db, access, place.idOrPath)];
    case 'group': {
      const group = await findReadableGroup(db, access, place.idOrPath);
      const { rows } = await listReadableProjects(
        db,
        access,
        { namespaceId: group.id, includeSubgroups: true },
        { offset: 0, limit: MAX_LISTED_PROJECTS },
      );
      return withNamespaces(db, rows);
    }
    case 'viewer': {
      if (!access.actor.user) throw new UnauthorizedError();
      const { rows } = await listReadableProjects(db, access, {}, { offset: 0, limit: MAX_LISTED_PROJECTS });
      return withNamespaces(db, rows);
    }
  }
}

/**
 * One REST page of the issues at a place that the actor may read, under the same per-project and
 * confidential rules as every other issue list (issueService's filter). An unknown or unreadable
 * project or group is a NotFoundError; `GET /issues` without a user is an UnauthorizedError.
 */
export async function listIssuesAt(
  db: Executor,
  access: AccessContext,
  place: IssueListPlace,
  params: IssueListParams,
  sort: IssueSort,
  page: OffsetLimit,
): Promise<PageWithTotal<IssueRow>> {
  return listIssuesPage(db, access, await projectsAt(db, access, place), params, sort, page);
}
