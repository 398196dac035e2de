import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { BANNED } from '../../../core/domain/userStates.ts';
import { appendTo } from '../../../core/lib/multiMap.ts';
import type { Executor } from '../executor.ts';
import {
  type CursorKeyType,
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
import type { Database, IssueRow } from '../schema.ts';
import { deleteIssuableAttachments } from './issuableAttachments.ts';
import { type IssueConditions, issueConditions } from './issueFilters.ts';

export type IssueSortColumn =
  | 'created_at'
  | 'updated_at'
  | 'due_date'
  | 'title'
  | 'relative_position'
  | 'weight';

/** Who reads issues: the readable projects, those where confidential issues show, and the viewer. */
export interface IssueReader {
  readonly projectIds: readonly number[];
  /** Projects in which the viewer may see every confidential issue. */
  readonly confidentialProjectIds: readonly number[];
  /** The viewer, who also sees confidential issues they wrote or are assigned to. */
  readonly viewerId: number | null;
  /**
   * Whether issues of banned authors show: GitLab hides them ('hidden') from everyone but
   * administrators, who review them.
   */
  readonly seesHidden: boolean;
}

/**
 * GitLab's read rule for issues, as a condition on `issues`: in a readable project and, when
 * confidential, in a project where the reader sees every confidential issue, or written by or
 * assigned to them. Every query that lists issues for a viewer filters with it.
 */
export function issueReadableBy(reader: IssueReader) {
  return (eb: ExpressionBuilder<Database, 'issues'>) => {
    if (reader.projectIds.length === 0) return sql<SqlBool>`false`;
    const allowed = [eb('issues.confidential', '=', false)];
    if (reader.confidentialProjectIds.length > 0) {
      allowed.push(eb('issues.project_id', 'in', [...reader.confidentialProjectIds]));
    }
    const viewerId = reader.viewerId;
    if (viewerId !== null) {
      allowed.push(eb('issues.author_id', '=', viewerId));
      allowed.push(
        eb.exists(
          eb
            .selectFrom('issue_assignees')
            .select(sql`1`.as('one'))
            .whereRef('issue_assignees.issue_id', '=', 'issues.id')
            .where('issue_assignees.user_id', '=', viewerId),
        ),
      );
    }
    const readable = [eb('issues.project_id', 'in', [...reader.projectIds]), eb.or(allowed)];
    if (!reader.seesHidden) readable.push(eb.not(eb.exists(bannedAuthor(eb))));
    return eb.and(readable);
  };
}

/** The issue's author, when banned. */
function bannedAuthor(eb: ExpressionBuilder<Database, 'issues'>) {
  return eb
    .selectFrom('users')
    .select(sql`1`.as('one'))
    .whereRef('users.id', '=', 'issues.author_id')
    .where('users.state', '=', BANNED);
}

/** Who reads, and what they ask for. */
export interface IssueFilter extends IssueReader, IssueConditions {}

function filteredIssues(db: Executor, filter: IssueFilter) {
  const query = db.selectFrom('issues');
  if (filter.projectIds.length === 0) return query.where(sql<SqlBool>`false`);
  return query.where((eb) =>
    eb.and([issueReadableBy(filter)(eb), ...issueConditions(eb, filter, filter.viewerId)]),
  );
}

const CURSOR_KEY_TYPES: Record<IssueSortColumn, CursorKeyType> = {
  created_at: 'timestamp',
  updated_at: 'timestamp',
  due_date: 'date',
  title: 'text',
  relative_position: 'integer',
  weight: 'integer',
};

export function issueKeysetOrder(sort: { column: IssueSortColumn; direction: 'asc' | 'desc' }): KeysetOrder {
  return {
    column: `issues.${sort.column}`,
    cursorKey: sort.column,
    keyType: CURSOR_KEY_TYPES[sort.column],
    direction: sort.direction,
    idColumn: 'issues.id',
    idDirection: sort.column === 'due_date' ? 'desc' : sort.direction,
  };
}

export async function listIssuesByKeyset(
  db: Executor,
  filter: IssueFilter,
  sort: { column: IssueSortColumn; direction: 'asc' | 'desc' },
  args: PageArgs,
  limits: PageSizeLimits,
): Promise<Page<IssueRow> & { order: KeysetOrder }> {
  return keysetPage(filteredIssues(db, filter).selectAll('issues'), issueKeysetOrder(sort), args, limits);
}

/**
 * One offset page of the filtered issues (REST's page and per_page) and how many match in all, in
 * the same order as the keyset pages: the key with NULLS LAST, then the id.
 */
export function listIssuesByOffset(
  db: Executor,
  filter: IssueFilter,
  sort: { column: IssueSortColumn; direction: 'asc' | 'desc' },
  page: OffsetLimit,
): Promise<PageWithTotal<IssueRow>> {
  return pageWithTotal(
    filteredIssues(db, filter),
    (query) => query.selectAll('issues').orderBy(orderBySql(issueKeysetOrder(sort), false)),
    page,
  );
}

export async function countIssues(db: Executor, filter: IssueFilter): Promise<number> {
  const row = await filteredIssues(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findIssueByIid(db: Executor, projectId: number, iid: number): Promise<IssueRow | undefined> {
  return db
    .selectFrom('issues')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('iid', '=', iid)
    .executeTakeFirst();
}

export async function findAssigneeIdsOfIssues(
  db: Executor,
  issueIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byIssue = new Map<number, number[]>();
  if (issueIds.length === 0) return byIssue;
  const rows = await db
    .selectFrom('issue_assignees')
    .select(['issue_id', 'user_id'])
    .where('issue_id', 'in', [...issueIds])
    .orderBy('user_id')
    .execute();
  for (const row of rows) appendTo(byIssue, row.issue_id, row.user_id);
  return byIssue;
}

export async function findEpicIdsOfIssues(
  db: Executor,
  issueIds: readonly number[],
): Promise<Map<number, number>> {
  if (issueIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('epic_issues')
    .select(['issue_id', 'epic_id'])
    .where('issue_id', 'in', [...issueIds])
    .execute();
  return new Map(rows.map((row) => [row.issue_id, row.epic_id]));
}

/** Thumbs up and down per target, for `upvotes`/`downvotes`. */
export async function countVotes(
  db: Executor,
  awardableType: 'Epic' | 'Issue' | 'MergeRequest',
  ids: readonly number[],
): Promise<Map<number, { upvotes: number; downvotes: number }>> {
  const votes = new Map<number, { upvotes: number; downvotes: number }>();
  if (ids.length === 0) return votes;
  const rows = await db
    .selectFrom('award_emoji')
    .select(['awardable_id', 'name', (eb) => eb.fn.countAll<number>().as('count')])
    .where('awardable_type', '=', awardableType)
    .where('awardable_id', 'in', [...ids])
    .where('name', 'in', ['thumbsup', 'thumbsdown'])
    .groupBy(['awardable_id', 'name'])
    .execute();
  for (const row of rows) {
    const entry = votes.get(row.awardable_id) ?? { upvotes: 0, downvotes: 0 };
    if (row.name === 'thumbsup') entry.upvotes = Number(row.count);
    else entry.downvotes = Number(row.count);
    votes.set(row.awardable_id, entry);
  }
  return votes;
}

export async function isAssignedTo(db: Executor, issueId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('issue_assignees')
    .select('user_id')
    .where('issue_id', '=', issueId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface MilestoneIssueCounts {
  readonly total: number;
  readonly closed: number;
}

/**
 * Issues per milestone, all and closed, counting only issues the viewer may see: in a readable
 * project, and confidential ones only where the viewer sees every confidential issue. One statement.
 */
export async function countIssuesOfMilestones(
  db: Executor,
  milestoneIds: readonly number[],
  visible: { readonly projectIds: readonly number[]; readonly confidentialProjectIds: readonly number[] },
): Promise<Map<number, MilestoneIssueCounts>> {
  const counts = new Map<number, MilestoneIssueCounts>();
  if (milestoneIds.length === 0 || visible.projectIds.length === 0) return counts;
  const confidentialIds = [...visible.confidentialProjectIds];
  const rows = await db
    .selectFrom('issues')
    .select([
      'milestone_id',
      (eb) => eb.fn.countAll<number>().as('total'),
      sql<number>`count(*) FILTER (WHERE issues.state = 'closed')`.as('closed'),
    ])
    .where('milestone_id', 'in', [...milestoneIds])
    .where('issue_type', '<>', 'task') // a task counts under its parent, as lists show it
    .where('project_id', 'in', [...visible.projectIds])
    .where((eb) =>
      confidentialIds.length
        ? eb.or([eb('confidential', '=', false), eb('project_id', 'in', confidentialIds)])
        : eb('confidential', '=', false),
    )
    .groupBy('milestone_id')
    .execute();
  for (const row of rows) {
    if (row.milestone_id === null) continue;
    counts.set(row.milestone_id, { total: Number(row.total), closed: Number(row.closed) });
  }
  return counts;
}

export function findIssueById(db: Executor, id: number): Promise<IssueRow | undefined> {
  return db.selectFrom('issues').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What an issue update may set (the lock version is bumped here, not by callers). */
export type IssueUpdate = Partial<
  Pick<
    IssueRow,
    | 'title'
    | 'description'
    | 'state'
    | 'closed_at'
    | 'last_edited_at'
    | 'last_edited_by_id'
    | 'updated_at'
    | 'confidential'
    | 'weight'
    | 'due_date'
    | 'milestone_id'
    | 'health_status'
    | 'discussion_locked'
    | 'issue_type'
  >
>;

/**
 * Updates one issue and bumps its lock_version; with `lockVersion`, only while the row still has it
 * (undefined when another save came first).
 */
export function updateIssueRow(
  db: Executor,
  id: number,
  lockVersion: number | undefined,
  changes: IssueUpdate,
): Promise<IssueRow | undefined> {
  let query = db
    .updateTable('issues')
    .set(changes)
    .set((eb) => ({ lock_version: eb('lock_version', '+', 1) }))
    .where('id', '=', id);
  if (lockVersion !== undefined) query = query.where('lock_version', '=', lockVersion);
  return query.returningAll().executeTakeFirst();
}

/** Replaces an issue's assignees (GitLab keeps them in the order they were given). */
export async function replaceIssueAssignees(
  db: Executor,
  issue: Pick<IssueRow, 'id' | 'root_namespace_id'>,
  userIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('issue_assignees').where('issue_id', '=', issue.id).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('issue_assignees')
    .values(
      userIds.map((userId) => ({
        root_namespace_id: issue.root_namespace_id,
        issue_id: issue.id,
        user_id: userId,
      })),
    )
    .execute();
}

/**
 * Deletes an issue and what hangs on it by type and id; assignees, epic membership and issue links
 * go with it by foreign key.
 */
export async function deleteIssueRow(db: Executor, id: number): Promise<void> {
  await deleteIssuableAttachments(db, 'Issue', [id]);
  await db.deleteFrom('issues').where('id', '=', id).execute();
}
