import type { Executor } from '../../db/executor.ts';
import type { OffsetLimit, PageArgs, PageSizeLimits, PageWithTotal } from '../../db/pagination.ts';
import {
  countMergeRequests,
  countMergeRequestsByState,
  findMergeRequestById,
  findMergeRequestByIid,
  listMergeRequests,
  listMergeRequestsByKeyset,
  type MergeRequestFilter,
  type MergeRequestSort,
} from '../../db/repositories/mergeRequestRepository.ts';
import { findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import { findProjectById } from '../../db/repositories/projectRepository.ts';
import type { MergeRequestRow, MergeRequestState } from '../../db/schema.ts';
import { fitsSqlInteger } from '../../db/sqlInteger.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import { type IssueListPlace, projectsAt } from '../issueListService.ts';
import type { ProjectInNamespace } from '../issueService.ts';

/** A list's order: a column and a direction (GitLab's MergeRequestSort). */
export type MergeRequestListSort = MergeRequestSort;

/** A merge request with its project and the project's namespace. */
export interface MergeRequestInProject extends ProjectInNamespace {
  readonly mergeRequest: MergeRequestRow;
}

/** A merge request list's filters, without the projects (the place decides them). */
export type MergeRequestListParams = Omit<MergeRequestFilter, 'projectIds' | 'state'> & {
  readonly state?: MergeRequestState | 'all' | undefined;
  /** GitLab's `scope`: only those the viewer wrote, is assigned to, or reviews. */
  readonly scope?: 'created_by_me' | 'assigned_to_me' | 'reviews_for_me' | 'all' | undefined;
};

/** The projects among these whose merge requests the actor may read. */
export async function mergeRequestProjectIds(
  access: AccessContext,
  projects: readonly ProjectInNamespace[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const { project, namespace } of projects) {
    if (await access.canInProject('read_merge_request', project, namespace)) ids.push(project.id);
  }
  return ids;
}

function filterOf(
  access: AccessContext,
  projectIds: number[],
  params: MergeRequestListParams,
): MergeRequestFilter {
  const { scope, state, ...rest } = params;
  const viewerId = access.actor.user?.id;
  const scoped: Partial<MergeRequestFilter> = {};
  if (scope !== undefined && scope !== 'all') {
    // A scope of "mine" without a viewer matches nothing.
    if (viewerId === undefined) return { projectIds: [] };
    if (scope === 'created_by_me') Object.assign(scoped, { authorId: viewerId });
    if (scope === 'assigned_to_me') Object.assign(scoped, { assigneeId: viewerId });
    if (scope === 'reviews_for_me') Object.assign(scoped, { reviewerId: viewerId });
  }
  return { ...rest, ...scoped, projectIds, state: state === 'all' ? undefined : state };
}

/**
 * One page of the merge requests at a place (a project, a group and its subgroups, or every project
 * the signed-in user sees) that the actor may read, and the total. A project the actor sees but
 * whose merge requests they may not read (a Guest of a private one) is a ForbiddenError, as GitLab's
 * `authorize! :read_merge_request`; groups and the instance leave such projects out.
 */
export async function listMergeRequestsAt(
  db: Executor,
  access: AccessContext,
  place: IssueListPlace,
  params: MergeRequestListParams,
  sort: MergeRequestSort,
  page: OffsetLimit,
): Promise<PageWithTotal<MergeRequestRow>> {
  const projectIds = await mergeRequestProjectIds(access, await projectsAt(db, access, place));
  if (place.kind === 'project' && projectIds.length === 0) throw new ForbiddenError();
  return listMergeRequests(db, filterOf(access, projectIds, params), sort, page);
}

/**
 * One keyset page of the merge requests the actor may read in these projects (GraphQL's
 * connections), and the total on demand.
 */
export async function listMergeRequestsConnection(
  db: Executor,
  access: AccessContext,
  projects: readonly ProjectInNamespace[],
  params: MergeRequestListParams,
  sort: MergeRequestSort,
  args: PageArgs,
  limits: PageSizeLimits,
) {
  const filter = filterOf(access, await mergeRequestProjectIds(access, projects), params);
  const page = await listMergeRequestsByKeyset(db, filter, sort, args, limits);
  return { ...page, count: () => countMergeRequests(db, filter) };
}

/** The tab counts of a merge request list: how many match in each state. */
export async function countMergeRequestsAt(
  db: Executor,
  access: AccessContext,
  place: IssueListPlace,
  params: MergeRequestListParams,
): Promise<Record<MergeRequestState, number>> {
  const projectIds = await mergeRequestProjectIds(access, await projectsAt(db, access, place));
  return countMergeRequestsByState(db, filterOf(access, projectIds, { ...params, state: 'all' }));
}

/** The project's merge request by iid, if the actor may read it; NotFoundError otherwise. */
export async function findReadableMergeRequest(
  db: Executor,
  access: AccessContext,
  place: ProjectInNamespace,
  iid: number,
): Promise<MergeRequestInProject> {
  const mergeRequest = fitsSqlInteger(iid)
    ? await findMergeRequestByIid(db, place.project.id, iid)
    : undefined;
  if (!mergeRequest || !(await access.canInProject('read_merge_request', place.project, place.namespace))) {
    throw new NotFoundError('Merge Request');
  }
  return { ...place, mergeRequest };
}

/** A merge request by its id, with its project, if the actor may read it; null otherwise. */
export async function findReadableMergeRequestByIdOrNull(
  db: Executor,
  access: AccessContext,
  id: number,
): Promise<MergeRequestInProject | null> {
  const mergeRequest = fitsSqlInteger(id) ? await findMergeRequestById(db, id) : undefined;
  if (!mergeRequest) return null;
  return readableMergeRequestInProject(db, access, mergeRequest);
}

export async function readableMergeRequestInProject(
  db: Executor,
  access: AccessContext,
  mergeRequest: MergeRequestRow,
): Promise<MergeRequestInProject | null> {
  const project = await findProjectById(db, mergeRequest.project_id);
  const namespace = project ? await findNamespaceById(db, project.namespace_id) : undefined;
  if (!project || !namespace) return null;
  if (!(await access.canInProject('read_project', project, namespace))) return null;
  if (!(await access.canInProject('read_merge_request', project, namespace))) return null;
  return { project, namespace, mergeRequest };
}

/** What the actor may do to a merge request, read in one go. */
export interface MergeRequestRights {
  /** Title, description, target branch, draft and state: Developers and up, and the author. */
  readonly canUpdate: boolean;
  /** Labels, milestone, assignees, reviewers and the discussion lock: Developers and up. */
  readonly canAdmin: boolean;
  readonly canMerge: boolean;
  /** Approving: Developers and up, except the author (GitLab's merge_requests_author_approval off). */
  readonly canApprove: boolean;
  readonly canDestroy: boolean;
}

export async function mergeRequestRights(
  access: AccessContext,
  { project, namespace, mergeRequest }: MergeRequestInProject,
): Promise<MergeRequestRights> {
  const viewerId = access.actor.user?.id;
  if (viewerId === undefined) {
    return { canUpdate: false, canAdmin: false, canMerge: false, canApprove: false, canDestroy: false };
  }
  const isAuthor = mergeRequest.author_id === viewerId;
  const context = { isAuthor };
  const [canUpdate, canAdmin, canMerge, approve, canDestroy] = await Promise.all([
    access.canInProject('update_merge_request', project, namespace, context),
    access.canInProject('admin_merge_request', project, namespace, context),
    access.canInProject('merge_merge_request', project, namespace, context),
    access.canInProject('approve_merge_request', project, namespace, context),
    access.canInProject('destroy_merge_request', project, namespace, context),
  ]);
  return { canUpdate, canAdmin, canMerge, canApprove: approve && !isAuthor, canDestroy };
}
