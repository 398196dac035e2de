import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Executor } from '../executor.ts';
import { type OffsetLimit, type PageWithTotal, pageWithTotal } from '../pagination.ts';
import type {
  Database,
  EpicRow,
  IssueRow,
  MilestoneRow,
  NamespaceRow,
  ProjectRow,
  UserRow,
} from '../schema.ts';
import { intArray } from '../sqlInteger.ts';
import { type IssueReader, issueReadableBy } from './issueRepository.ts';
import { escapeLike } from './namespaceRepository.ts';
import {
  type EpicVisibility,
  epicVisibleTo,
  namespaceVisibleTo,
  projectVisibleTo,
  type Viewer,
} from './visibility.ts';

/**
 * The full-text reads behind GitLab's search scopes. Each `*_DOCUMENT` is the expression an index of
 * migration 0019 is built on, written identically so that PostgreSQL uses that GIN index; a match is
 * `document @@ to_tsquery('simple', query)`, ranked by `ts_rank` and then by recency. Every read takes
 * one page (LIMIT) and counts with the same condition, so no search walks more than its matches.
 */

/** What a search matches: a prefix query (globalSearch.ts's parseSearch) and/or an item's iid. */
export interface SearchMatch {
  /** A `to_tsquery('simple', …)` text of letters, digits and operators only; null for none. */
  readonly tsquery: string | null;
  /** An iid typed as `#12` (issues) or `&3` (epics): that item matches as well. */
  readonly iid: number | null;
}

const ISSUE_DOCUMENT = sql`to_tsvector('simple', issues.title || ' ' || left(issues.description, 65536))`;
const EPIC_DOCUMENT = sql`to_tsvector('simple', epics.title || ' ' || left(epics.description, 65536))`;
const PROJECT_DOCUMENT = sql`to_tsvector('simple', projects.name || ' ' || projects.path || ' ' || left(projects.description, 65536))`;
const NAMESPACE_DOCUMENT = sql`to_tsvector('simple', namespaces.name || ' ' || namespaces.path || ' ' || left(namespaces.description, 65536))`;
const USER_DOCUMENT = sql`to_tsvector('simple', users.name || ' ' || users.username)`;
/** Milestones are few per place: matched without an index, on the rows the place holds. */
const MILESTONE_DOCUMENT = sql`to_tsvector('simple', milestones.title || ' ' || left(milestones.description, 65536))`;

const FALSE = sql<SqlBool>`false`;

function query(match: SearchMatch): RawBuilder<unknown> {
  return sql`to_tsquery('simple', ${match.tsquery ?? ''})`;
}

/** The row matches the words, or (when given) is the item of that iid. */
function matches(document: RawBuilder<unknown>, match: SearchMatch, iidColumn?: string): Expression<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (match.tsquery !== null) conditions.push(sql<SqlBool>`${document} @@ ${query(match)}`);
  if (iidColumn && match.iid !== null) conditions.push(sql<SqlBool>`${sql.ref(iidColumn)} = ${match.iid}`);
  if (conditions.length === 0) return FALSE;
  return sql<SqlBool>`(${sql.join(conditions, sql` OR `)})`;
}

/**
 * Best match first: an exact iid, then the rank of the words, where a word of the title (`title`,
 * the row's name) counts again, so that it outranks the same word in a long description.
 */
function rank(
  document: RawBuilder<unknown>,
  match: SearchMatch,
  options: { readonly iidColumn?: string; readonly title: RawBuilder<unknown> },
): RawBuilder<number> {
  const { iidColumn } = options;
  const byIid =
    iidColumn && match.iid !== null
      ? sql`CASE WHEN ${sql.ref(iidColumn)} = ${match.iid} THEN 10 ELSE 0 END + `
      : sql``;
  const byWords =
    match.tsquery !== null
      ? sql`ts_rank(${document}, ${query(match)}) + ts_rank(to_tsvector('simple', ${options.title}), ${query(match)})`
      : sql`0`;
  return sql<number>`(${byIid}${byWords})`;
}

/** Issues the reader may see (issueReadableBy: readable projects, confidential only where allowed). */
export function searchIssues(
  db: Executor,
  match: SearchMatch,
  reader: IssueReader,
  page: OffsetLimit,
): Promise<PageWithTotal<IssueRow>> {
  const filtered = db
    .selectFrom('issues')
    .where((eb) =>
      eb.and([
        issueReadableBy(reader)(eb),
        eb('issues.issue_type', 'in', ['issue', 'incident']),
        matches(ISSUE_DOCUMENT, match, 'issues.iid'),
      ]),
    );
  return pageWithTotal(
    filtered,
    (q) =>
      q
        .selectAll('issues')
        .orderBy(
          rank(ISSUE_DOCUMENT, match, { iidColumn: 'issues.iid', title: sql.ref('issues.title') }),
          'desc',
        )
        .orderBy('issues.updated_at', 'desc')
        .orderBy('issues.id', 'desc'),
    page,
  );
}

/** Epics of the groups the viewer reads, confidential ones only where allowed (epicVisibleTo). */
export function searchEpics(
  db: Executor,
  match: SearchMatch,
  visible: EpicVisibility,
  page: OffsetLimit,
): Promise<PageWithTotal<EpicRow>> {
  const filtered = db
    .selectFrom('epics')
    .where(() =>
      visible.groupIds.length === 0
        ? FALSE
        : sql<SqlBool>`${epicVisibleTo('epics', visible)} AND ${matches(EPIC_DOCUMENT, match, 'epics.iid')}`,
    );
  return pageWithTotal(
    filtered,
    (q) =>
      q
        .selectAll('epics')
        .orderBy(
          rank(EPIC_DOCUMENT, match, { iidColumn: 'epics.iid', title: sql.ref('epics.title') }),
          'desc',
        )
        .orderBy('epics.updated_at', 'desc')
        .orderBy('epics.id', 'desc'),
    page,
  );
}

/** Inside one group and its subgroups, or anywhere. */
export interface SearchWithin {
  readonly viewer: Viewer;
  readonly groupId?: number | undefined;
}

/** Projects the viewer may see, of the group and its subgroups when given. */
export function searchProjects(
  db: Executor,
  match: SearchMatch,
  within: SearchWithin,
  page: OffsetLimit,
): Promise<PageWithTotal<ProjectRow>> {
  let filtered = db
    .selectFrom('projects')
    .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
    .where((eb) => eb.and([projectVisibleTo(eb, within.viewer), matches(PROJECT_DOCUMENT, match)]));
  if (within.groupId !== undefined) {
    filtered = filtered.where(sql<SqlBool>`namespaces.traversal_ids @> ARRAY[${within.groupId}]::integer[]`);
  }
  return pageWithTotal(
    filtered,
    (q) =>
      q
        .selectAll('projects')
        .orderBy(rank(PROJECT_DOCUMENT, match, { title: sql.ref('projects.name') }), 'desc')
        .orderBy('projects.updated_at', 'desc')
        .orderBy('projects.id', 'desc'),
    page,
  );
}

/** Groups the viewer may see; below the group (not itself) when given. */
export function searchGroups(
  db: Executor,
  match: SearchMatch,
  within: SearchWithin,
  page: OffsetLimit,
): Promise<PageWithTotal<NamespaceRow>> {
  let filtered = db
    .selectFrom('namespaces')
    .where((eb) => eb.and([namespaceVisibleTo(eb, within.viewer), matches(NAMESPACE_DOCUMENT, match)]));
  if (within.groupId !== undefined) {
    const groupId = within.groupId;
    filtered = filtered
      .where(sql<SqlBool>`namespaces.traversal_ids @> ARRAY[${groupId}]::integer[]`)
      .where('namespaces.id', '!=', groupId);
  }
  return pageWithTotal(
    filtered,
    (q) =>
      q
        .selectAll('namespaces')
        .orderBy(rank(NAMESPACE_DOCUMENT, match, { title: sql.ref('namespaces.name') }), 'desc')
        .orderBy('namespaces.full_path')
        .orderBy('namespaces.id'),
    page,
  );
}

/** Who the users scope may list. */
export interface UserSearchScope {
  /** Only these states (active only, except to administrators); undefined for every state. */
  readonly states?: readonly string[] | undefined;
  /** Only members of these namespaces (a group and its ancestors, or a project's chain). */
  readonly memberOfNamespaceIds?: readonly number[] | undefined;
  /** …or of this project. */
  readonly memberOfProjectId?: number | undefined;
}

/** Users by name or username: the words, or a username starting with the term. */
export function searchUsers(
  db: Executor,
  match: SearchMatch,
  term: string,
  scope: UserSearchScope,
  page: OffsetLimit,
): Promise<PageWithTotal<UserRow>> {
  const prefix = `${escapeLike(term.trim().replace(/^@/, ''))}%`;
  let filtered = db
    .selectFrom('users')
    .where((eb) => eb.or([matches(USER_DOCUMENT, match), eb('users.username', 'ilike', prefix)]));
  if (scope.states) filtered = filtered.where('users.state', 'in', [...scope.states]);
  const namespaceIds = scope.memberOfNamespaceIds;
  if (namespaceIds !== undefined) {
    const projectId = scope.memberOfProjectId;
    filtered = filtered.where((eb) => eb.exists(membership(eb, namespaceIds, projectId)));
  }
  return pageWithTotal(
    filtered,
    (q) =>
      q
        .selectAll('users')
        .orderBy(rank(USER_DOCUMENT, match, { title: sql.ref('users.username') }), 'desc')
        .orderBy('users.username')
        .orderBy('users.id'),
    page,
  );
}

function membership(
  eb: ExpressionBuilder<Database, 'users'>,
  namespaceIds: readonly number[],
  projectId: number | undefined,
) {
  return eb
    .selectFrom('members')
    .select(sql`1`.as('one'))
    .whereRef('members.user_id', '=', 'users.id')
    .where((inner) =>
      inner.or([
        inner.and([
          inner('members.source_type', '=', 'Namespace'),
          sql<SqlBool>`members.source_id = ANY(${intArray(namespaceIds)})`,
        ]),
        ...(projectId === undefined
          ? []
          : [
              inner.and([
                inner('members.source_type', '=', 'Project'),
                inner('members.source_id', '=', projectId),
              ]),
            ]),
      ]),
    );
}

/** Milestones of these projects and groups (each already readable by the viewer). */
export function searchMilestones(
  db: Executor,
  match: SearchMatch,
  owners: { readonly projectIds: readonly number[]; readonly groupIds: readonly number[] },
  page: OffsetLimit,
): Promise<PageWithTotal<MilestoneRow>> {
  const filtered = db
    .selectFrom('milestones')
    .where(
      () =>
        sql<SqlBool>`(milestones.project_id = ANY(${intArray(owners.projectIds)}) OR milestones.group_id = ANY(${intArray(owners.groupIds)})) AND ${matches(MILESTONE_DOCUMENT, match)}`,
    );
  return pageWithTotal(
    filtered,
    (q) =>
      q
        .selectAll('milestones')
        .orderBy(rank(MILESTONE_DOCUMENT, match, { title: sql.ref('milestones.title') }), 'desc')
        .orderBy('milestones.updated_at', 'desc')
        .orderBy('milestones.id', 'desc'),
    page,
  );
}
