import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DueDateCondition } from '../../../core/domain/issueDueDate.ts';
import type { Database } from '../schema.ts';
import { hasAnyLabel, hasEveryLabel } from './labelFilters.ts';
import { escapeLike } from './namespaceRepository.ts';

/** "No value" or "some value": GitLab's `None`/`Any` filter keywords. */
export type Presence = 'none' | 'any';

/**
 * What an issue list asks for, besides who reads (IssueReader): GitLab's issue-list filters
 * (GraphQL's `Project.issues` arguments and REST's list parameters). Every condition holds at once.
 */
export interface IssueConditions {
  readonly state?: 'opened' | 'closed' | undefined;
  readonly search?: string | undefined;
  /** Where `search` looks (GitLab's `in`); both title and description when absent. */
  readonly searchIn?: readonly ('title' | 'description')[] | undefined;
  readonly labelNames?: readonly string[] | undefined;
  readonly labels?: Presence | undefined;
  readonly iids?: readonly number[] | undefined;
  /** Issues in one of these milestones (an empty list matches nothing). */
  readonly milestoneIds?: readonly number[] | undefined;
  /** Issues whose milestone has one of these titles (an issue only has its own project's or groups'). */
  readonly milestoneTitles?: readonly string[] | undefined;
  readonly milestone?: Presence | undefined;
  /** Only issues the viewer wrote, or is assigned to (GitLab's `scope`); none for an anonymous viewer. */
  readonly viewerAuthored?: boolean | undefined;
  readonly viewerAssigned?: boolean | undefined;
  /** Written by this user (by id, or by username, case-insensitive). */
  readonly authorId?: number | undefined;
  readonly authorUsername?: string | undefined;
  /** Assigned to this user (by id, or by username, case-insensitive), or with no/any assignee. */
  readonly assigneeId?: number | undefined;
  readonly assigneeUsername?: string | undefined;
  /** Assigned to every one of these users (GraphQL's `assigneeUsernames`). */
  readonly assigneeUsernames?: readonly string[] | undefined;
  readonly assignee?: Presence | undefined;
  /** Inclusive bounds on `created_at` and `updated_at`. */
  readonly createdAfter?: Date | undefined;
  readonly createdBefore?: Date | undefined;
  readonly updatedAfter?: Date | undefined;
  readonly updatedBefore?: Date | undefined;
  /** No due date, any, or due within these days (both ends included, either may be open). */
  readonly dueDate?: DueDateCondition | undefined;
  readonly confidential?: boolean | undefined;
  /** One issue type; GitLab's `test_case` (not kept here) matches nothing. */
  readonly issueType?: 'issue' | 'incident' | 'task' | 'test_case' | undefined;
  /** One of these types (GraphQL's `types`); an empty list matches nothing. */
  readonly issueTypes?: readonly ('issue' | 'incident' | 'task' | 'test_case')[] | undefined;
  readonly weight?: number | Presence | undefined;
  /** In this epic (by id), or in none or some epic. */
  readonly epic?: number | Presence | undefined;
  /** A stored health status code (1–3), or none or some. */
  readonly healthStatus?: number | Presence | undefined;
  /** The viewer awarded this emoji (by name), or none or some: GitLab's `my_reaction_emoji`. */
  readonly myReactionEmoji?: { readonly name: string } | Presence | undefined;
  /** Nothing matches (a filter on something no issue has here, such as an iteration). */
  readonly matchesNothing?: boolean | undefined;
  /** GitLab's `not[...]` parameters: issues that do not match these. */
  readonly not?: IssueNegations | undefined;
}

/**
 * GitLab's negated filters (IssuableFinder's `not` params): none of these labels, not in a
 * milestone of this title (issues without a milestone stay), not by this author, not assigned to
 * this user (unassigned issues stay), not one of these iids.
 */
export interface IssueNegations {
  readonly labelNames?: readonly string[] | undefined;
  /** One title (REST's `not[milestone]`) or several (GraphQL's list): in none of them. */
  readonly milestoneTitle?: string | readonly string[] | undefined;
  readonly authorId?: number | undefined;
  readonly authorUsername?: string | undefined;
  readonly assigneeId?: number | undefined;
  readonly assigneeUsername?: string | undefined;
  /** Assigned to none of these users. */
  readonly assigneeUsernames?: readonly string[] | undefined;
  readonly iids?: readonly number[] | undefined;
  /** Issues the viewer did not award this emoji. */
  readonly myReactionEmoji?: string | undefined;
}

type IssueBuilder = ExpressionBuilder<Database, 'issues'>;
type Condition = Expression<SqlBool>;

const FALSE = sql<SqlBool>`false`;

/** The issue has an assignee matching `user` (any assignee for `true`). */
function hasAssignee(eb: IssueBuilder, user: Condition): Condition {
  return eb.exists(
    eb
      .selectFrom('issue_assignees')
      .select(sql`1`.as('one'))
      .whereRef('issue_assignees.issue_id', '=', 'issues.id')
      .where(() => user),
  );
}

/** The ids of the user of this username (case-insensitive: at most one), as a subquery. */
function userIdsNamed(username: string) {
  return sql`(SELECT users.id FROM users WHERE lower(users.username) = ${username.toLowerCase()})`;
}

function presence(
  eb: IssueBuilder,
  column: 'issues.milestone_id' | 'issues.weight' | 'issues.due_date' | 'issues.health_status',
  value: Presence,
) {
  return eb(column, value === 'none' ? 'is' : 'is not', null);
}

/** State, text, labels, iids, milestone, confidentiality, type and weight. */
function contentConditions(eb: IssueBuilder, filter: IssueConditions): Condition[] {
  const conditions: Condition[] = [];
  if (filter.matchesNothing) conditions.push(FALSE);
  if (filter.state) conditions.push(eb('issues.state', '=', filter.state));
  if (filter.iids) conditions.push(eb('issues.iid', 'in', [...filter.iids, 0]));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    const fields = filter.searchIn ?? ['title', 'description'];
    conditions.push(eb.or(fields.map((field) => eb(`issues.${field}`, 'ilike', pattern))));
  }
  if (filter.labelNames?.length) conditions.push(hasEveryLabel('Issue', 'issues.id', filter.labelNames));
  if (filter.labels) {
    const labelled = sql<SqlBool>`EXISTS (SELECT 1 FROM label_links WHERE label_links.target_type = 'Issue'
      AND label_links.target_id = issues.id)`;
    conditions.push(filter.labels === 'any' ? labelled : eb.not(labelled));
  }
  if (filter.milestoneIds) conditions.push(eb('issues.milestone_id', 'in', [...filter.milestoneIds, 0]));
  if (filter.milestoneTitles) {
    const titles = [...new Set(filter.milestoneTitles)];
    conditions.push(
      titles.length === 0
        ? FALSE
        : sql<SqlBool>`issues.milestone_id IN (SELECT milestones.id FROM milestones
            WHERE milestones.title IN (${sql.join(titles)}))`,
    );
  }
  if (filter.milestone) conditions.push(presence(eb, 'issues.milestone_id', filter.milestone));
  if (filter.confidential !== undefined) conditions.push(eb('issues.confidential', '=', filter.confidential));
  if (filter.issueType === 'test_case') conditions.push(FALSE);
  else if (filter.issueType) conditions.push(eb('issues.issue_type', '=', filter.issueType));
  if (filter.issueTypes) {
    const kept = filter.issueTypes.filter((type) => type !== 'test_case');
    conditions.push(kept.length === 0 ? FALSE : eb('issues.issue_type', 'in', kept));
  }
  const { weight } = filter;
  if (typeof weight === 'number') conditions.push(eb('issues.weight', '=', weight));
  else if (weight) conditions.push(presence(eb, 'issues.weight', weight));
  return conditions;
}

/** Scope (the viewer's own or assigned issues), author and assignee. */
function peopleConditions(eb: IssueBuilder, filter: IssueConditions, viewerId: number | null): Condition[] {
  const conditions: Condition[] = [];
  if ((filter.viewerAuthored || filter.viewerAssigned) && viewerId === null) return [FALSE];
  if (filter.viewerAuthored && viewerId !== null) conditions.push(eb('issues.author_id', '=', viewerId));
  if (filter.viewerAssigned && viewerId !== null)
    conditions.push(hasAssignee(eb, sql<SqlBool>`issue_assignees.user_id = ${viewerId}`));
  if (filter.authorId !== undefined) conditions.push(eb('issues.author_id', '=', filter.authorId));
  if (filter.authorUsername !== undefined)
    conditions.push(sql<SqlBool>`issues.author_id IN ${userIdsNamed(filter.authorUsername)}`);
  if (filter.assigneeId !== undefined)
    conditions.push(hasAssignee(eb, sql<SqlBool>`issue_assignees.user_id = ${filter.assigneeId}`));
  if (filter.assigneeUsername !== undefined)
    conditions.push(
      hasAssignee(eb, sql<SqlBool>`issue_assignees.user_id IN ${userIdsNamed(filter.assigneeUsername)}`),
    );
  for (const username of new Set(filter.assigneeUsernames ?? [])) {
    conditions.push(hasAssignee(eb, sql<SqlBool>`issue_assignees.user_id IN ${userIdsNamed(username)}`));
  }
  if (filter.assignee) {
    const assigned = hasAssignee(eb, sql<SqlBool>`true`);
    conditions.push(filter.assignee === 'any' ? assigned : eb.not(assigned));
  }
  return conditions;
}

/** Epic, health status and the viewer's own reactions. */
function relationConditions(eb: IssueBuilder, filter: IssueConditions, viewerId: number | null): Condition[] {
  const conditions: Condition[] = [];
  const { epic, healthStatus, myReactionEmoji } = filter;
  if (epic !== undefined) {
    const inEpic = sql<SqlBool>`EXISTS (SELECT 1 FROM epic_issues WHERE epic_issues.issue_id = issues.id
      ${typeof epic === 'number' ? sql`AND epic_issues.epic_id = ${epic}` : sql``})`;
    conditions.push(epic === 'none' ? eb.not(inEpic) : inEpic);
  }
  if (typeof healthStatus === 'number') conditions.push(eb('issues.health_status', '=', healthStatus));
  else if (healthStatus) conditions.push(presence(eb, 'issues.health_status', healthStatus));
  // As GitLab, an anonymous viewer's reaction filter is ignored: they have no reactions.
  if (myReactionEmoji !== undefined && viewerId !== null) {
    const named = typeof myReactionEmoji === 'object' ? myReactionEmoji.name : undefined;
    const reacted = reactedBy(viewerId, named);
    conditions.push(myReactionEmoji === 'none' ? eb.not(reacted) : reacted);
  }
  return conditions;
}

/** The viewer awarded the issue this emoji, or any when no name is given. */
function reactedBy(viewerId: number, name: string | undefined) {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM award_emoji WHERE award_emoji.awardable_type = 'Issue'
    AND award_emoji.awardable_id = issues.id AND award_emoji.user_id = ${viewerId}
    ${name === undefined ? sql`` : sql`AND award_emoji.name = ${name}`})`;
}

/** GitLab's `not[...]` filters. */
function negatedConditions(eb: IssueBuilder, not: IssueNegations, viewerId: number | null): Condition[] {
  const conditions: Condition[] = [];
  if (not.labelNames?.length) conditions.push(eb.not(hasAnyLabel('Issue', 'issues.id', not.labelNames)));
  const notTitles = typeof not.milestoneTitle === 'string' ? [not.milestoneTitle] : not.milestoneTitle;
  if (notTitles?.length) {
    conditions.push(sql<SqlBool>`(issues.milestone_id IS NULL OR issues.milestone_id NOT IN
      (SELECT milestones.id FROM milestones WHERE milestones.title IN (${sql.join([...notTitles])})))`);
  }
  if (not.authorId !== undefined) conditions.push(eb('issues.author_id', '!=', not.authorId));
  if (not.authorUsername !== undefined)
    conditions.push(sql<SqlBool>`issues.author_id NOT IN ${userIdsNamed(not.authorUsername)}`);
  if (not.assigneeId !== undefined)
    conditions.push(eb.not(hasAssignee(eb, sql<SqlBool>`issue_assignees.user_id = ${not.assigneeId}`)));
  if (not.assigneeUsername !== undefined)
    conditions.push(
      eb.not(hasAssignee(eb, sql<SqlBool>`issue_assignees.user_id IN ${userIdsNamed(not.assigneeUsername)}`)),
    );
  for (const username of new Set(not.assigneeUsernames ?? [])) {
    conditions.push(
      eb.not(hasAssignee(eb, sql<SqlBool>`issue_assignees.user_id IN ${userIdsNamed(username)}`)),
    );
  }
  if (not.iids?.length) conditions.push(eb('issues.iid', 'not in', [...not.iids]));
  if (not.myReactionEmoji !== undefined && viewerId !== null)
    conditions.push(eb.not(reactedBy(viewerId, not.myReactionEmoji)));
  return conditions;
}

/** Creation, update and due dates. */
function dateConditions(eb: IssueBuilder, filter: IssueConditions): Condition[] {
  const conditions: Condition[] = [];
  if (filter.createdAfter) conditions.push(eb('issues.created_at', '>=', filter.createdAfter));
  if (filter.createdBefore) conditions.push(eb('issues.created_at', '<=', filter.createdBefore));
  if (filter.updatedAfter) conditions.push(eb('issues.updated_at', '>=', filter.updatedAfter));
  if (filter.updatedBefore) conditions.push(eb('issues.updated_at', '<=', filter.updatedBefore));
  const due = filter.dueDate;
  if (due?.kind === 'none' || due?.kind === 'any') conditions.push(presence(eb, 'issues.due_date', due.kind));
  if (due?.kind === 'between') {
    conditions.push(eb('issues.due_date', 'is not', null));
    if (due.from) conditions.push(eb('issues.due_date', '>=', due.from));
    if (due.to) conditions.push(eb('issues.due_date', '<=', due.to));
  }
  return conditions;
}

/**
 * The conditions on `issues` for these filters (all must hold; none is `true`). Who may read is
 * a separate condition (issueReadableBy); `viewerId` only serves the viewer's own scopes.
 */
export function issueConditions(
  eb: IssueBuilder,
  filter: IssueConditions,
  viewerId: number | null,
): Condition[] {
  return [
    ...contentConditions(eb, filter),
    ...peopleConditions(eb, filter, viewerId),
    ...dateConditions(eb, filter),
    ...relationConditions(eb, filter, viewerId),
    ...(filter.not ? negatedConditions(eb, filter.not, viewerId) : []),
  ];
}
