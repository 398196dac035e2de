import { BANNED } from '../../core/domain/userStates.ts';
import { LISTED_ISSUE_TYPES } from '../../core/domain/workItemTypes.ts';
import type { Executor } from '../db/executor.ts';
import type { OffsetLimit, PageArgs, PageSizeLimits, PageWithTotal } from '../db/pagination.ts';
import {
  countIssues,
  findIssueByIid,
  type IssueFilter,
  type IssueReader,
  type IssueSortColumn,
  isAssignedTo,
  listIssuesByKeyset,
  listIssuesByOffset,
} from '../db/repositories/issueRepository.ts';
import { findIssuesByIds } from '../db/repositories/issueRowsRepository.ts';
import { findNamespaceById, findNamespacesByIds } from '../db/repositories/namespaceRepository.ts';
import { findProjectById } from '../db/repositories/projectRepository.ts';
import { findUserById } from '../db/repositories/userRepository.ts';
import type { IssueRow, NamespaceRow, ProjectRow } from '../db/schema.ts';
import { fitsSqlInteger } from '../db/sqlInteger.ts';
import { type AccessContext, seesHiddenIssues } from './access.ts';
import { NotFoundError } from './errors.ts';

/**
 * An issue list's filters (GraphQL's and REST's): everything of the repository's filter except who
 * reads, which buildFilter decides from the actor.
 */
export interface IssueListParams extends Omit<IssueFilter, keyof IssueReader | 'state'> {
  readonly state?: 'opened' | 'closed' | 'all' | 'locked' | undefined;
}

/** An issue list's order (GitLab's issue sorts): each adapter maps its own spelling into it. */
export interface IssueSort {
  readonly column: IssueSortColumn;
  readonly direction: 'asc' | 'desc';
}

export interface ProjectInNamespace {
  readonly project: ProjectRow;
  readonly namespace: NamespaceRow;
}

/** An issue with its project and the project's namespace. */
export interface IssueInProject extends ProjectInNamespace {
  readonly issue: IssueRow;
}

/** Turns readable projects into an issue filter with the confidential rules applied per project. */
async function buildFilter(
  access: AccessContext,
  projects: readonly ProjectInNamespace[],
  params: IssueListParams,
): Promise<IssueFilter> {
  const state = params.state === 'all' || params.state === 'locked' ? undefined : params.state;
  const typed = params.issueType !== undefined || params.issueTypes !== undefined;
  const issueTypes = typed ? params.issueTypes : LISTED_ISSUE_TYPES;
  return { ...params, issueTypes, ...(await issueReaderFor(access, projects)), state };
}

/** Who reads issues in these projects: where the actor reads them, and confidential ones too. */
export async function issueReaderFor(
  access: AccessContext,
  projects: readonly ProjectInNamespace[],
): Promise<IssueReader> {
  const projectIds: number[] = [];
  const confidentialProjectIds: number[] = [];
  for (const { project, namespace } of projects) {
    if (!(await access.canInProject('read_issue', project, namespace))) continue;
    projectIds.push(project.id);
    if (await access.canInProject('read_issue', project, namespace, { confidential: true })) {
      confidentialProjectIds.push(project.id);
    }
  }
  return {
    projectIds,
    confidentialProjectIds,
    viewerId: access.actor.user?.id ?? null,
    seesHidden: seesHiddenIssues(access),
  };
}

/** Who reads, for the queries that filter with issueReadableBy themselves: the same per-project rules. */
export async function issueReaderOf(
  access: AccessContext,
  projects: readonly ProjectInNamespace[],
): Promise<IssueReader> {
  const { projectIds, confidentialProjectIds, viewerId, seesHidden } = await buildFilter(
    access,
    projects,
    {},
  );
  return { projectIds, confidentialProjectIds, viewerId, seesHidden };
}

export async function listIssuesConnection(
  db: Executor,
  access: AccessContext,
  projects: readonly ProjectInNamespace[],
  params: IssueListParams,
  sort: IssueSort,
  args: PageArgs,
  limits: PageSizeLimits,
) {
  const filter = await buildFilter(access, projects, params);
  const page = await listIssuesByKeyset(db, filter, sort, args, limits);
  return { ...page, count: () => countIssues(db, filter) };
}

/** One offset page of the issues the actor may read in these projects (REST), and the total. */
export async function listIssuesPage(
  db: Executor,
  access: AccessContext,
  projects: readonly ProjectInNamespace[],
  params: IssueListParams,
  sort: IssueSort,
  page: OffsetLimit,
): Promise<PageWithTotal<IssueRow>> {
  return listIssuesByOffset(db, await buildFilter(access, projects, params), sort, page);
}

/** Projects with their namespaces, for listing issues across a group's projects. */
export async function withNamespaces(
  db: Executor,
  projects: readonly ProjectRow[],
): Promise<ProjectInNamespace[]> {
  const namespaces = await findNamespacesByIds(db, [
    ...new Set(projects.map((project) => project.namespace_id)),
  ]);
  return inTheirNamespaces(projects, new Map(namespaces.map((namespace) => [namespace.id, namespace])));
}

/** Each project with its namespace, leaving out a project whose namespace is not among `groupsById`. */
export function inTheirNamespaces(
  projects: Iterable<ProjectRow>,
  groupsById: ReadonlyMap<number, NamespaceRow>,
): ProjectInNamespace[] {
  return [...projects].flatMap((project) => {
    const namespace = groupsById.get(project.namespace_id);
    return namespace ? [{ project, namespace }] : [];
  });
}

export async function findReadableIssue(
  db: Executor,
  access: AccessContext,
  { project, namespace }: ProjectInNamespace,
  iid: number,
): Promise<IssueRow> {
  const issue = fitsSqlInteger(iid) ? await findIssueByIid(db, project.id, iid) : undefined;
  if (!issue || !(await canReadIssue(db, access, { project, namespace }, issue))) {
    throw new NotFoundError('Issue');
  }
  return issue;
}

/** The issue, if the actor may read it; null otherwise. */
export async function findReadableIssueOrNull(
  db: Executor,
  access: AccessContext,
  located: ProjectInNamespace,
  iid: number,
): Promise<IssueRow | null> {
  try {
    return await findReadableIssue(db, access, located, iid);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** The issue by its id, with its project and namespace, if the actor may read it; null otherwise. */
export async function findReadableIssueByIdOrNull(
  db: Executor,
  access: AccessContext,
  issueId: number,
): Promise<IssueInProject | null> {
  const [issue] = await findIssuesByIds(db, fitsSqlInteger(issueId) ? [issueId] : []);
  return issue ? readableIssueInProject(db, access, issue) : null;
}

/** The issue row with its project and namespace, if the actor may read it; null otherwise. */
export async function readableIssueInProject(
  db: Executor,
  access: AccessContext,
  issue: IssueRow,
): Promise<IssueInProject | null> {
  const project = await findProjectById(db, issue.project_id);
  const namespace = project ? await findNamespaceById(db, project.namespace_id) : undefined;
  if (!project || !namespace) return null;
  if (!(await access.canInProject('read_project', project, namespace))) return null;
  return (await canReadIssue(db, access, { project, namespace }, issue))
    ? { project, namespace, issue }
    : null;
}

/**
 * GitLab's read_issue on this issue: confidential ones for Reporters, their author and assignees;
 * a hidden one (its author is banned) for administrators only.
 */
export async function canReadIssue(
  db: Executor,
  access: AccessContext,
  { project, namespace }: ProjectInNamespace,
  issue: IssueRow,
): Promise<boolean> {
  if (!seesHiddenIssues(access) && (await isIssueHidden(db, issue))) return false;
  const viewerId = access.actor.user?.id;
  const isAuthor = viewerId !== undefined && issue.author_id === viewerId;
  let isAssignee = false;
  if (issue.confidential && viewerId !== undefined && !isAuthor) {
    isAssignee = await isAssignedTo(db, issue.id, viewerId);
  }
  return access.canInProject('read_issue', project, namespace, {
    confidential: issue.confidential,
    isAuthor,
    isAssignee,
  });
}

/** GitLab's `hidden`: the issue's author is banned. */
export async function isIssueHidden(db: Executor, issue: Pick<IssueRow, 'author_id'>): Promise<boolean> {
  return (await findUserById(db, issue.author_id))?.state === BANNED;
}
