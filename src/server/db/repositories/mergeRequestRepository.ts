import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { appendTo } from '../../../core/lib/multiMap.ts';
import type { Executor } from '../executor.ts';
import {
  type KeysetOrder,
  keysetPage,
  type OffsetLimit,
  orderBySql,
  type Page,
  type PageArgs,
  type PageSizeLimits,
  type PageWithTotal,
  pageWithTotal,
} from '../pagination.ts';
import type { Database, MergeRequestRow, MergeRequestState, ReviewerState } from '../schema.ts';
import { deleteIssuableAttachments } from './issuableAttachments.ts';
import type { Presence } from './issueFilters.ts';
import { hasAnyLabel, hasEveryLabel } from './labelFilters.ts';
import { escapeLike } from './namespaceRepository.ts';

/**
 * What a merge request list asks for (GitLab's MergeRequestsFinder parameters as REST and GraphQL
 * take them); every condition holds at once. `projectIds` are the projects whose merge requests the
 * reader may see, decided by the service.
 */
export interface MergeRequestFilter {
  readonly projectIds: readonly number[];
  readonly state?: MergeRequestState | undefined;
  readonly iids?: readonly number[] | undefined;
  readonly search?: string | undefined;
  readonly searchIn?: readonly ('title' | 'description')[] | undefined;
  readonly labelNames?: readonly string[] | undefined;
  readonly labels?: Presence | undefined;
  readonly milestoneTitle?: string | undefined;
  readonly milestone?: Presence | undefined;
  readonly authorId?: number | undefined;
  readonly authorUsername?: string | undefined;
  readonly assigneeId?: number | undefined;
  readonly assigneeUsername?: string | undefined;
  /** Assigned to every one of these users (GitLab's `assigneeUsernames`). */
  readonly assigneeUsernames?: readonly string[] | undefined;
  readonly assignee?: Presence | undefined;
  readonly reviewerId?: number | undefined;
  readonly reviewerUsername?: string | undefined;
  readonly reviewer?: Presence | undefined;
  readonly mergeUserId?: number | undefined;
  readonly mergeUserUsername?: string | undefined;
  readonly sourceBranch?: string | undefined;
  readonly targetBranch?: string | undefined;
  /** From one of these source branches (GitLab's `sourceBranches`). */
  readonly sourceBranches?: readonly string[] | undefined;
  /** Into one of these target branches (GitLab's `targetBranches`). */
  readonly targetBranches?: readonly string[] | undefined;
  /** Only drafts (true) or only ready ones (false): GitLab's `wip`. */
  readonly draft?: boolean | undefined;
  readonly createdAfter?: Date | undefined;
  readonly createdBefore?: Date | undefined;
  readonly updatedAfter?: Date | undefined;
  readonly updatedBefore?: Date | undefined;
  readonly mergedAfter?: Date | undefined;
  readonly mergedBefore?: Date | undefined;
  readonly not?: MergeRequestNegations | undefined;
}

/** GitLab's `not[...]`: none of these labels, not in this milestone, not by or for these users. */
export interface MergeRequestNegations {
  readonly labelNames?: readonly string[] | undefined;
  readonly milestoneTitle?: string | undefined;
  readonly authorId?: number | undefined;
  readonly authorUsername?: string | undefined;
  readonly assigneeId?: number | undefined;
  readonly assigneeUsername?: string | undefined;
  readonly reviewerId?: number | undefined;
  readonly reviewerUsername?: string | undefined;
  /** Assigned to none of these users. */
  readonly assigneeUsernames?: readonly string[] | undefined;
  readonly sourceBranches?: readonly string[] | undefined;
  readonly targetBranches?: readonly string[] | undefined;
}

export type MergeRequestSortColumn = 'created_at' | 'updated_at' | 'title' | 'merged_at' | 'closed_at';
export interface MergeRequestSort {
  readonly column: MergeRequestSortColumn;
  readonly direction: 'asc' | 'desc';
}

type MergeRequestBuilder = ExpressionBuilder<Database, 'merge_requests'>;
type Condition = Expression<SqlBool>;
const FALSE = sql<SqlBool>`false`;

/** The drafts' title prefix (core/domain/mergeRequests.ts's DRAFT_PREFIX), in SQL. */
const DRAFT_TITLE = sql<SqlBool>`merge_requests.title ~* '^\\s*(\\[draft\\]|\\(draft\\)|draft:)'`;

const userIdNamed = (username: string) =>
  sql`(SELECT users.id FROM users WHERE lower(users.username) = ${username.toLowerCase()})`;

function userCondition(id: number | undefined, username: string | undefined): Condition | null {
  if (id !== undefined) return sql<SqlBool>`user_id = ${id}`;
  if (username !== undefined) return sql<SqlBool>`user_id IN ${userIdNamed(username)}`;
  return null;
}

function hasPerson(table: 'merge_request_assignees' | 'merge_request_reviewers', who: Condition): Condition {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM ${sql.table(table)} WHERE ${sql.ref(`${table}.merge_request_id`)} = merge_requests.id AND ${who})`;
}

const milestoneTitled = (title: string) =>
  sql<SqlBool>`merge_requests.milestone_id IN (SELECT milestones.id FROM milestones WHERE milestones.title = ${title})`;

function peopleConditions(eb: MergeRequestBuilder, filter: MergeRequestFilter): Condition[] {
  const conditions: Condition[] = [];
  if (filter.authorId !== undefined) conditions.push(eb('merge_requests.author_id', '=', filter.authorId));
  if (filter.authorUsername !== undefined) {
    conditions.push(sql<SqlBool>`merge_requests.author_id IN ${userIdNamed(filter.authorUsername)}`);
  }
  const people = [
    ['merge_request_assignees', filter.assigneeId, filter.assigneeUsername, filter.assignee],
    ['merge_request_reviewers', filter.reviewerId, filter.reviewerUsername, filter.reviewer],
  ] as const;
  for (const [table, id, username, presence] of people) {
    const who = userCondition(id, username);
    if (who) conditions.push(hasPerson(table, who));
    if (table === 'merge_request_assignees') {
      for (const name of filter.assigneeUsernames ?? []) {
        conditions.push(hasPerson(table, sql<SqlBool>`user_id IN ${userIdNamed(name)}`));
      }
    }
    if (presence) {
      const any = hasPerson(table, sql<SqlBool>`true`);
      conditions.push(presence === 'any' ? any : eb.not(any));
    }
  }
  if (filter.mergeUserId !== undefined) {
    conditions.push(eb('merge_requests.merge_user_id', '=', filter.mergeUserId));
  }
  if (filter.mergeUserUsername !== undefined) {
    conditions.push(sql<SqlBool>`merge_requests.merge_user_id IN ${userIdNamed(filter.mergeUserUsername)}`);
  }
  return conditions;
}

function negations(eb: MergeRequestBuilder, not: MergeRequestNegations): Condition[] {
  const conditions: Condition[] = [];
  if (not.labelNames?.length)
    conditions.push(eb.not(hasAnyLabel('MergeRequest', 'merge_requests.id', not.labelNames)));
  if (not.milestoneTitle !== undefined) {
    conditions.push(
      eb.or([eb('merge_requests.milestone_id', 'is', null), eb.not(milestoneTitled(not.milestoneTitle))]),
    );
  }
  if (not.authorId !== undefined) conditions.push(eb('merge_requests.author_id', '!=', not.authorId));
  if (not.authorUsername !== undefined) {
    conditions.push(sql<SqlBool>`merge_requests.author_id NOT IN ${userIdNamed(not.authorUsername)}`);
  }
  const assignee = userCondition(not.assigneeId, not.assigneeUsername);
  if (assignee) conditions.push(eb.not(hasPerson('merge_request_assignees', assignee)));
  const reviewer = userCondition(not.reviewerId, not.reviewerUsername);
  if (reviewer) conditions.push(eb.not(hasPerson('merge_request_reviewers', reviewer)));
  for (const name of not.assigneeUsernames ?? []) {
    conditions.push(
      eb.not(hasPerson('merge_request_assignees', sql<SqlBool>`user_id IN ${userIdNamed(name)}`)),
    );
  }
  if (not.sourceBranches?.length) {
    conditions.push(eb('merge_requests.source_branch', 'not in', [...not.sourceBranches]));
  }
  if (not.targetBranches?.length) {
    conditions.push(eb('merge_requests.target_branch', 'not in', [...not.targetBranches]));
  }
  return conditions;
}

function conditionsOf(eb: MergeRequestBuilder, filter: MergeRequestFilter): Condition[] {
  const conditions: Condition[] = [eb('merge_requests.project_id', 'in', [...filter.projectIds, 0])];
  if (filter.projectIds.length === 0) conditions.push(FALSE);
  if (filter.state) conditions.push(eb('merge_requests.state', '=', filter.state));
  if (filter.iids) conditions.push(eb('merge_requests.iid', 'in', [...filter.iids, 0]));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    const fields = filter.searchIn ?? ['title', 'description'];
    conditions.push(eb.or(fields.map((field) => eb(`merge_requests.${field}`, 'ilike', pattern))));
  }
  if (filter.labelNames?.length) {
    conditions.push(hasEveryLabel('MergeRequest', 'merge_requests.id', filter.labelNames));
  }
  if (filter.labels) {
    const labelled = sql<SqlBool>`EXISTS (SELECT 1 FROM label_links WHERE label_links.target_type = 'MergeRequest'
      AND label_links.target_id = merge_requests.id)`;
    conditions.push(filter.labels === 'any' ? labelled : eb.not(labelled));
  }
  if (filter.milestoneTitle !== undefined) conditions.push(milestoneTitled(filter.milestoneTitle));
  if (filter.milestone) {
    conditions.push(eb('merge_requests.milestone_id', filter.milestone === 'none' ? 'is' : 'is not', null));
  }
  if (filter.sourceBranch !== undefined) {
    conditions.push(eb('merge_requests.source_branch', '=', filter.sourceBranch));
  }
  if (filter.targetBranch !== undefined) {
    conditions.push(eb('merge_requests.target_branch', '=', filter.targetBranch));
  }
  // An empty list matches nothing, as GitLab's finder answers an empty array argument.
  if (filter.sourceBranches) {
    conditions.push(eb('merge_requests.source_branch', 'in', [...filter.sourceBranches, '']));
  }
  if (filter.targetBranches) {
    conditions.push(eb('merge_requests.target_branch', 'in', [...filter.targetBranches, '']));
  }
  if (filter.draft !== undefined) conditions.push(filter.draft ? DRAFT_TITLE : eb.not(DRAFT_TITLE));
  const bounds = [
    ['created_at', '>=', filter.createdAfter],
    ['created_at', '<=', filter.createdBefore],
    ['updated_at', '>=', filter.updatedAfter],
    ['updated_at', '<=', filter.updatedBefore],
    ['merged_at', '>=', filter.mergedAfter],
    ['merged_at', '<=', filter.mergedBefore],
  ] as const;
  for (const [column, op, value] of bounds) {
    if (value) conditions.push(eb(`merge_requests.${column}`, op, value));
  }
  conditions.push(...peopleConditions(eb, filter));
  if (filter.not) conditions.push(...negations(eb, filter.not));
  return conditions;
}

function filtered(db: Executor, filter: MergeRequestFilter) {
  return db.selectFrom('merge_requests').where((eb) => eb.and(conditionsOf(eb, filter)));
}

const sortOrder = (sort: MergeRequestSort): KeysetOrder => ({
  column: `merge_requests.${sort.column}`,
  cursorKey: sort.column,
  keyType: sort.column === 'title' ? 'text' : 'timestamp',
  direction: sort.direction,
  idColumn: 'merge_requests.id',
  idDirection: sort.direction,
});

/**
 * One keyset page of the filtered merge requests (GraphQL's connections): the sort key with NULLS
 * LAST, then the id, as the offset pages order them.
 */
export function listMergeRequestsByKeyset(
  db: Executor,
  filter: MergeRequestFilter,
  sort: MergeRequestSort,
  args: PageArgs,
  limits: PageSizeLimits,
): Promise<Page<MergeRequestRow> & { order: KeysetOrder }> {
  return keysetPage(filtered(db, filter).selectAll('merge_requests'), sortOrder(sort), args, limits);
}

/** How many merge requests match the filter in all. */
export async function countMergeRequests(db: Executor, filter: MergeRequestFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One offset page of the filtered merge requests and how many match in all. */
export function listMergeRequests(
  db: Executor,
  filter: MergeRequestFilter,
  sort: MergeRequestSort,
  page: OffsetLimit,
): Promise<PageWithTotal<MergeRequestRow>> {
  return pageWithTotal(
    filtered(db, filter),
    (query) => query.selectAll('merge_requests').orderBy(orderBySql(sortOrder(sort), false)),
    page,
  );
}

/** How many merge requests in these projects are in each state (the list's tabs). */
export async function countMergeRequestsByState(
  db: Executor,
  filter: Omit<MergeRequestFilter, 'state'>,
): Promise<Record<MergeRequestState, number>> {
  const rows = await filtered(db, filter)
    .select(['merge_requests.state', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('merge_requests.state')
    .execute();
  const counts: Record<MergeRequestState, number> = { opened: 0, closed: 0, locked: 0, merged: 0 };
  for (const row of rows) counts[row.state] = Number(row.count);
  return counts;
}

export function findMergeRequestByIid(
  db: Executor,
  projectId: number,
  iid: number,
): Promise<MergeRequestRow | undefined> {
  return db
    .selectFrom('merge_requests')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('iid', '=', iid)
    .executeTakeFirst();
}

export function findMergeRequestById(db: Executor, id: number): Promise<MergeRequestRow | undefined> {
  return db.selectFrom('merge_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMergeRequestsByIds(db: Executor, ids: readonly number[]): Promise<MergeRequestRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('merge_requests')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** What a merge request update may set (the lock version is bumped here, not by callers). */
export type MergeRequestUpdate = Partial<
  Pick<
    MergeRequestRow,
    | 'title'
    | 'description'
    | 'state'
    | 'target_branch'
    | 'milestone_id'
    | 'discussion_locked'
    | 'merged_at'
    | 'merge_user_id'
    | 'merge_commit_sha'
    | 'squash'
    | 'closed_at'
    | 'closed_by_id'
    | 'last_edited_at'
    | 'last_edited_by_id'
    | 'updated_at'
  >
>;

/**
 * Updates one merge request and bumps its lock_version; with `lockVersion`, only while the row
 * still has it (undefined when another save came first).
 */
export function updateMergeRequestRow(
  db: Executor,
  id: number,
  lockVersion: number | undefined,
  changes: MergeRequestUpdate,
): Promise<MergeRequestRow | undefined> {
  let query = db
    .updateTable('merge_requests')
    .set(changes)
    .set((eb) => ({ lock_version: eb('lock_version', '+', 1) }))
    .where('id', '=', id);
  if (lockVersion !== undefined) query = query.where('lock_version', '=', lockVersion);
  return query.returningAll().executeTakeFirst();
}

export interface NewMergeRequestRow {
  readonly rootNamespaceId: number;
  readonly projectId: number;
  readonly authorId: number;
  readonly title: string;
  readonly description: string;
  readonly sourceBranch: string;
  readonly targetBranch: string;
  readonly milestoneId: number | null;
  readonly squash: boolean;
  readonly now: Date;
}

/** Inserts a merge request with the project's next iid (GitLab's per-project InternalId). */
export async function insertMergeRequest(db: Executor, row: NewMergeRequestRow): Promise<MergeRequestRow> {
  const { last_merge_request_iid: iid } = await db
    .updateTable('projects')
    .set((eb) => ({ last_merge_request_iid: eb('last_merge_request_iid', '+', 1) }))
    .where('id', '=', row.projectId)
    .returning('last_merge_request_iid')
    .executeTakeFirstOrThrow();
  return db
    .insertInto('merge_requests')
    .values({
      root_namespace_id: row.rootNamespaceId,
      project_id: row.projectId,
      iid,
      author_id: row.authorId,
      title: row.title,
      description: row.description,
      source_branch: row.sourceBranch,
      target_branch: row.targetBranch,
      milestone_id: row.milestoneId,
      squash: row.squash,
      created_at: row.now,
      updated_at: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An opened merge request of this source branch into this target, if one exists (GitLab allows one). */
export function findOpenMergeRequestOfBranches(
  db: Executor,
  projectId: number,
  sourceBranch: string,
  targetBranch: string,
): Promise<MergeRequestRow | undefined> {
  return db
    .selectFrom('merge_requests')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('source_branch', '=', sourceBranch)
    .where('target_branch', '=', targetBranch)
    .where('state', '=', 'opened')
    .executeTakeFirst();
}

type PeopleTable = 'merge_request_assignees' | 'merge_request_reviewers' | 'merge_request_approvals';

/** The users of each merge request in one of its people tables, in the order they were added. */
export async function findUserIdsOf(
  db: Executor,
  table: PeopleTable,
  mergeRequestIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byMergeRequest = new Map<number, number[]>();
  if (mergeRequestIds.length === 0) return byMergeRequest;
  const rows = await db
    .selectFrom(table)
    .select(['merge_request_id', 'user_id'])
    .where('merge_request_id', 'in', [...mergeRequestIds])
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  for (const row of rows) appendTo(byMergeRequest, row.merge_request_id, row.user_id);
  return byMergeRequest;
}

/** A reviewer of a merge request: since when, and in what review state. */
export interface ReviewerRecord {
  readonly userId: number;
  readonly state: ReviewerState;
  readonly createdAt: Date;
}

/** Each merge request's reviewers with their review state. */
export async function findReviewersOf(
  db: Executor,
  mergeRequestIds: readonly number[],
): Promise<Map<number, ReviewerRecord[]>> {
  const byMergeRequest = new Map<number, ReviewerRecord[]>();
  if (mergeRequestIds.length === 0) return byMergeRequest;
  const rows = await db
    .selectFrom('merge_request_reviewers')
    .select(['merge_request_id', 'user_id', 'state', 'created_at'])
    .where('merge_request_id', 'in', [...mergeRequestIds])
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  for (const row of rows) {
    const list = byMergeRequest.get(row.merge_request_id) ?? [];
    list.push({ userId: row.user_id, state: row.state, createdAt: row.created_at });
    byMergeRequest.set(row.merge_request_id, list);
  }
  return byMergeRequest;
}

/** Replaces the assignees or reviewers, keeping the rows (and a reviewer's state) of those who stay. */
export async function replacePeople(
  db: Executor,
  table: 'merge_request_assignees' | 'merge_request_reviewers',
  mergeRequest: Pick<MergeRequestRow, 'id' | 'root_namespace_id'>,
  userIds: readonly number[],
): Promise<void> {
  let removal = db.deleteFrom(table).where('merge_request_id', '=', mergeRequest.id);
  if (userIds.length > 0) removal = removal.where('user_id', 'not in', [...userIds]);
  await removal.execute();
  if (userIds.length === 0) return;
  await db
    .insertInto(table)
    .values(
      userIds.map((userId) => ({
        root_namespace_id: mergeRequest.root_namespace_id,
        merge_request_id: mergeRequest.id,
        user_id: userId,
      })),
    )
    .onConflict((conflict) => conflict.columns(['merge_request_id', 'user_id']).doNothing())
    .execute();
}

export async function setReviewerState(
  db: Executor,
  mergeRequestId: number,
  userId: number,
  state: ReviewerState,
): Promise<void> {
  await db
    .updateTable('merge_request_reviewers')
    .set({ state })
    .where('merge_request_id', '=', mergeRequestId)
    .where('user_id', '=', userId)
    .execute();
}

/** An approval of a merge request: who, and when. */
export interface ApprovalRecord {
  readonly userId: number;
  readonly createdAt: Date;
}

/** Each merge request's approvals, oldest first. */
export async function findApprovalRecords(
  db: Executor,
  mergeRequestIds: readonly number[],
): Promise<Map<number, ApprovalRecord[]>> {
  const byMergeRequest = new Map<number, ApprovalRecord[]>();
  if (mergeRequestIds.length === 0) return byMergeRequest;
  const rows = await db
    .selectFrom('merge_request_approvals')
    .select(['merge_request_id', 'user_id', 'created_at'])
    .where('merge_request_id', 'in', [...mergeRequestIds])
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  for (const row of rows) {
    const list = byMergeRequest.get(row.merge_request_id) ?? [];
    list.push({ userId: row.user_id, createdAt: row.created_at });
    byMergeRequest.set(row.merge_request_id, list);
  }
  return byMergeRequest;
}

/** Records an approval; false when the user had already approved. */
export async function insertApproval(
  db: Executor,
  mergeRequest: Pick<MergeRequestRow, 'id' | 'root_namespace_id'>,
  userId: number,
  at: Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto('merge_request_approvals')
    .values({
      root_namespace_id: mergeRequest.root_namespace_id,
      merge_request_id: mergeRequest.id,
      user_id: userId,
      created_at: at,
    })
    .onConflict((conflict) => conflict.columns(['merge_request_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Withdraws an approval; false when there was none. */
export async function deleteApproval(db: Executor, mergeRequestId: number, userId: number): Promise<boolean> {
  // Counted by what came back: PGlite's dialect does not report numDeletedRows.
  const deleted = await db
    .deleteFrom('merge_request_approvals')
    .where('merge_request_id', '=', mergeRequestId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** The issues a merge request closes, by id, in the order they were linked. */
export async function findClosingIssueIds(
  db: Executor,
  mergeRequestId: number,
): Promise<{ issueId: number; fromDescription: boolean }[]> {
  const rows = await db
    .selectFrom('merge_requests_closing_issues')
    .select(['issue_id', 'from_mr_description'])
    .where('merge_request_id', '=', mergeRequestId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ issueId: row.issue_id, fromDescription: row.from_mr_description }));
}

/** The merge requests that close these issues (an issue's "Development" list). */
export async function findMergeRequestIdsClosing(
  db: Executor,
  issueIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byIssue = new Map<number, number[]>();
  if (issueIds.length === 0) return byIssue;
  const rows = await db
    .selectFrom('merge_requests_closing_issues')
    .select(['issue_id', 'merge_request_id'])
    .where('issue_id', 'in', [...issueIds])
    .orderBy('id')
    .execute();
  for (const row of rows) appendTo(byIssue, row.issue_id, row.merge_request_id);
  return byIssue;
}

/**
 * Makes the description's closing issues exactly these: links the description wrote and no longer
 * names go, links added by hand stay.
 */
export async function replaceDescriptionClosingIssues(
  db: Executor,
  mergeRequest: Pick<MergeRequestRow, 'id' | 'root_namespace_id'>,
  issueIds: readonly number[],
): Promise<void> {
  let removal = db
    .deleteFrom('merge_requests_closing_issues')
    .where('merge_request_id', '=', mergeRequest.id)
    .where('from_mr_description', '=', true);
  if (issueIds.length > 0) removal = removal.where('issue_id', 'not in', [...issueIds]);
  await removal.execute();
  await insertClosingIssues(db, mergeRequest, issueIds, true);
}

export async function insertClosingIssues(
  db: Executor,
  mergeRequest: Pick<MergeRequestRow, 'id' | 'root_namespace_id'>,
  issueIds: readonly number[],
  fromDescription: boolean,
): Promise<void> {
  if (issueIds.length === 0) return;
  await db
    .insertInto('merge_requests_closing_issues')
    .values(
      issueIds.map((issueId) => ({
        root_namespace_id: mergeRequest.root_namespace_id,
        merge_request_id: mergeRequest.id,
        issue_id: issueId,
        from_mr_description: fromDescription,
      })),
    )
    .onConflict((conflict) => conflict.columns(['merge_request_id', 'issue_id']).doNothing())
    .execute();
}

export async function deleteClosingIssue(
  db: Executor,
  mergeRequestId: number,
  issueId: number,
): Promise<boolean> {
  // Counted by what came back: PGlite's dialect does not report numDeletedRows.
  const deleted = await db
    .deleteFrom('merge_requests_closing_issues')
    .where('merge_request_id', '=', mergeRequestId)
    .where('issue_id', '=', issueId)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** Deletes a merge request; its people, approvals and closing links go by foreign key. */
export async function deleteMergeRequestRow(db: Executor, id: number): Promise<void> {
  await deleteIssuableAttachments(db, 'MergeRequest', [id]);
  await db.deleteFrom('merge_requests').where('id', '=', id).execute();
}
