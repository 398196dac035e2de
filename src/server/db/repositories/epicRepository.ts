import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Executor } from '../executor.ts';
import {
  type CursorKeyType,
  finishPage,
  type KeysetOrder,
  orderBySql,
  type Page,
  type PageArgs,
  pageBounds,
  planPage,
} from '../pagination.ts';
import type { Database, EpicRow, EpicUpdate, NewEpic } from '../schema.ts';
import { hasAnyLabel, hasEveryLabel } from './labelFilters.ts';
import { escapeLike } from './namespaceRepository.ts';

/** An integer array literal; the 0 keeps it typed and non-empty (no row has id 0). */
const intArray = (values: readonly number[]) => sql`ARRAY[${sql.join([0, ...values])}]::integer[]`;

/** The groups whose epics a viewer may read, and those where confidential epics show too. */
export type EpicVisibility = Pick<StatsVisibility, 'groupIds' | 'confidentialGroupIds'>;

/**
 * GitLab's read rule for epics, as a condition on a row (by table alias): in a readable group and,
 * when confidential, in a group where the viewer sees confidential epics. Every query that lists
 * epics for a viewer filters with it.
 */
export function epicVisibleTo(alias: string, visible: EpicVisibility) {
  const group = sql.ref(`${alias}.group_id`);
  return sql<SqlBool>`(${group} = ANY(${intArray(visible.groupIds)})
    AND (NOT ${sql.ref(`${alias}.confidential`)} OR ${group} = ANY(${intArray(visible.confidentialGroupIds)})))`;
}

/** An issue row (by table alias) the viewer may see: in a readable project, confidential only where allowed. */
function issueVisibleTo(
  alias: string,
  visible: Pick<StatsVisibility, 'projectIds' | 'confidentialProjectIds'>,
) {
  const project = sql.ref(`${alias}.project_id`);
  return sql<SqlBool>`(${project} = ANY(${intArray(visible.projectIds)})
    AND (NOT ${sql.ref(`${alias}.confidential`)} OR ${project} = ANY(${intArray(visible.confidentialProjectIds)})))`;
}

export type EpicSortColumn =
  | 'created_at'
  | 'updated_at'
  | 'title'
  | 'start_date'
  | 'due_date'
  | 'relative_position';

export interface EpicSort {
  readonly column: EpicSortColumn;
  readonly direction: 'asc' | 'desc';
}

/** Every filter GitLab's epic finders take; visibility comes in as group id lists decided by the service. */
export interface EpicFilter {
  /** Groups whose epics may be listed (already restricted to what the viewer can read). */
  readonly groupIds: readonly number[];
  /** Groups in which the viewer may also see confidential epics. */
  readonly confidentialGroupIds: readonly number[];
  /** The root namespace of every listed group: lets the planner use the root's indexes. */
  readonly rootNamespaceId?: number | undefined;
  /** The listed groups are every group of the root namespace, so top level means no parent at all. */
  readonly coversRoot?: boolean | undefined;
  readonly state?: 'opened' | 'closed' | undefined;
  readonly search?: string | undefined;
  readonly authorIds?: readonly number[] | undefined;
  readonly notAuthorIds?: readonly number[] | undefined;
  readonly labelNames?: readonly string[] | undefined;
  readonly notLabelNames?: readonly string[] | undefined;
  /** `None` / `Any` are GitLab's special label filters. */
  readonly labelPresence?: 'none' | 'any' | undefined;
  readonly confidential?: boolean | undefined;
  readonly iids?: readonly number[] | undefined;
  readonly parentId?: number | undefined;
  readonly topLevelOnly?: boolean | undefined;
  readonly createdAfter?: Date | undefined;
  readonly createdBefore?: Date | undefined;
  readonly updatedAfter?: Date | undefined;
  readonly updatedBefore?: Date | undefined;
  readonly reactionEmoji?:
    | { readonly userId: number; readonly name: string; readonly negated: boolean }
    | undefined;
  /** GitLab's timeframe: at least one date set, and the dates overlap the closed range. */
  readonly timeframe?: { readonly start: string; readonly end: string } | undefined;
  /** Epics holding an issue the viewer may see in a milestone of this title. */
  readonly milestoneTitle?:
    | {
        readonly title: string;
        readonly visibleIssues: Pick<StatsVisibility, 'projectIds' | 'confidentialProjectIds'>;
      }
    | undefined;
  /** `or` filters: any of these labels / authors. */
  readonly anyLabelNames?: readonly string[] | undefined;
  readonly anyAuthorIds?: readonly number[] | undefined;
  readonly iidPrefix?: string | undefined;
}

function filteredEpics(db: Executor, filter: EpicFilter) {
  let query = db.selectFrom('epics');
  if (filter.groupIds.length === 0) return query.where(sql<SqlBool>`false`);
  query = query.where('epics.group_id', 'in', [...filter.groupIds]);
  if (filter.rootNamespaceId !== undefined) {
    query = query.where('epics.root_namespace_id', '=', filter.rootNamespaceId);
  }
  const confidentialIds = [...filter.confidentialGroupIds];
  query = query.where((eb) =>
    confidentialIds.length === 0
      ? eb('epics.confidential', '=', false)
      : eb.or([eb('epics.confidential', '=', false), eb('epics.group_id', 'in', confidentialIds)]),
  );
  if (filter.state) query = query.where('epics.state', '=', filter.state);
  if (filter.confidential !== undefined) query = query.where('epics.confidential', '=', filter.confidential);
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    query = query.where((eb) =>
      eb.or([eb('epics.title', 'ilike', pattern), eb('epics.description', 'ilike', pattern)]),
    );
  }
  if (filter.authorIds) query = query.where('epics.author_id', 'in', [...filter.authorIds, 0]);
  if (filter.notAuthorIds?.length) query = query.where('epics.author_id', 'not in', [...filter.notAuthorIds]);
  if (filter.iids) query = query.where('epics.iid', 'in', [...filter.iids, 0]);
  if (filter.parentId !== undefined) query = query.where('epics.parent_id', '=', filter.parentId);
  if (filter.topLevelOnly) query = query.where((eb) => topLevelWithinListedGroups(eb, filter));
  if (filter.createdAfter) query = query.where('epics.created_at', '>=', filter.createdAfter);
  if (filter.createdBefore) query = query.where('epics.created_at', '<=', filter.createdBefore);
  if (filter.updatedAfter) query = query.where('epics.updated_at', '>=', filter.updatedAfter);
  if (filter.updatedBefore) query = query.where('epics.updated_at', '<=', filter.updatedBefore);
  if (filter.labelNames?.length) query = query.where(hasEveryLabel('Epic', 'epics.id', filter.labelNames));
  if (filter.notLabelNames?.length) {
    query = query.where(sql<SqlBool>`NOT ${hasAnyLabel('Epic', 'epics.id', filter.notLabelNames)}`);
  }
  if (filter.labelPresence) {
    query = query.where((eb) => {
      const any = eb.exists(
        eb
          .selectFrom('label_links')
          .select(sql`1`.as('one'))
          .where('label_links.target_type', '=', 'Epic')
          .whereRef('label_links.target_id', '=', 'epics.id'),
      );
      return filter.labelPresence === 'any' ? any : eb.not(any);
    });
  }
  if (filter.timeframe) {
    const { start, end } = filter.timeframe;
    query = query.where((eb) =>
      eb.and([
        eb.or([eb('epics.start_date', 'is not', null), eb('epics.due_date', 'is not', null)]),
        eb.or([eb('epics.start_date', 'is', null), eb('epics.start_date', '<=', end)]),
        eb.or([eb('epics.due_date', 'is', null), eb('epics.due_date', '>=', start)]),
      ]),
    );
  }
  if (filter.milestoneTitle !== undefined) {
    const { title, visibleIssues } = filter.milestoneTitle;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('epic_issues')
          .innerJoin('issues', 'issues.id', 'epic_issues.issue_id')
          .innerJoin('milestones', 'milestones.id', 'issues.milestone_id')
          .select(sql`1`.as('one'))
          .whereRef('epic_issues.epic_id', '=', 'epics.id')
          .where('milestones.title', '=', title)
          .where(issueVisibleTo('issues', visibleIssues)),
      ),
    );
  }
  if (filter.anyLabelNames?.length) {
    const titles = [...filter.anyLabelNames];
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('label_links')
          .innerJoin('labels', 'labels.id', 'label_links.label_id')
          .select(sql`1`.as('one'))
          .where('label_links.target_type', '=', 'Epic')
          .whereRef('label_links.target_id', '=', 'epics.id')
          .where('labels.title', 'in', titles),
      ),
    );
  }
  if (filter.anyAuthorIds) query = query.where('epics.author_id', 'in', [...filter.anyAuthorIds, 0]);
  if (filter.iidPrefix !== undefined) {
    query = query.where(sql<SqlBool>`epics.iid::text LIKE ${`${filter.iidPrefix}%`}`);
  }
  if (filter.reactionEmoji) {
    const { userId, name, negated } = filter.reactionEmoji;
    query = query.where((eb) => {
      const reacted = eb.exists(
        eb
          .selectFrom('award_emoji')
          .select(sql`1`.as('one'))
          .where('award_emoji.awardable_type', '=', 'Epic')
          .whereRef('award_emoji.awardable_id', '=', 'epics.id')
          .where('award_emoji.user_id', '=', userId)
          .where((inner) => (name === 'Any' ? sql<SqlBool>`true` : inner('award_emoji.name', '=', name))),
      );
      return negated || name === 'None' ? eb.not(reacted) : reacted;
    });
  }
  return query;
}

/**
 * Top level within the listed hierarchy: no parent, or a parent outside the listed groups. The parent's
 * group is looked up per row (a primary-key probe) rather than with NOT EXISTS, which PostgreSQL turns
 * into a hashed scan of every epic in the listed groups before returning the first row.
 */
function topLevelWithinListedGroups(eb: ExpressionBuilder<Database, 'epics'>, filter: EpicFilter) {
  if (filter.coversRoot) return eb('epics.parent_id', 'is', null);
  return eb.or([
    eb('epics.parent_id', 'is', null),
    sql<SqlBool>`(SELECT parent.group_id FROM epics parent WHERE parent.id = epics.parent_id) <> ALL(${intArray(filter.groupIds)})`,
  ]);
}

const CURSOR_KEY_TYPES: Record<EpicSortColumn, CursorKeyType> = {
  created_at: 'timestamp',
  updated_at: 'timestamp',
  title: 'text',
  start_date: 'date',
  due_date: 'date',
  relative_position: 'integer',
};

export function epicKeysetOrder(sort: EpicSort): KeysetOrder {
  // GitLab orders date sorts by (date NULLS LAST, id DESC); the others tie-break in their own direction.
  const dateSort =
    sort.column === 'start_date' || sort.column === 'due_date' || sort.column === 'relative_position';
  return {
    column: `epics.${sort.column}`,
    cursorKey: sort.column,
    keyType: CURSOR_KEY_TYPES[sort.column],
    direction: sort.direction,
    idColumn: 'epics.id',
    idDirection: dateSort ? 'desc' : sort.direction,
  };
}

export async function listEpicsByKeyset(
  db: Executor,
  filter: EpicFilter,
  sort: EpicSort,
  args: PageArgs,
  limits: { defaultPageSize: number; maxPageSize: number },
): Promise<Page<EpicRow> & { order: KeysetOrder }> {
  const order = epicKeysetOrder(sort);
  const plan = planPage(order, args, limits.defaultPageSize, limits.maxPageSize);
  let query = filteredEpics(db, filter).selectAll('epics');
  for (const bound of pageBounds(order, plan)) query = query.where(() => bound);
  const fetched = await query
    .orderBy(orderBySql(order, plan.backward))
    .limit(plan.limit + 1)
    .execute();
  return { ...finishPage(plan, fetched, args), order };
}

export async function listEpicsByOffset(
  db: Executor,
  filter: EpicFilter,
  sort: EpicSort,
  page: { offset: number; limit: number },
): Promise<EpicRow[]> {
  const order = epicKeysetOrder(sort);
  return filteredEpics(db, filter)
    .selectAll('epics')
    .orderBy(orderBySql(order, false))
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countEpics(db: Executor, filter: EpicFilter): Promise<number> {
  const row = await filteredEpics(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findEpicByIid(db: Executor, groupId: number, iid: number): Promise<EpicRow | undefined> {
  return db
    .selectFrom('epics')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('iid', '=', iid)
    .executeTakeFirst();
}

/** The epics with these ids; with `visible`, only those the viewer may read. */
export function findEpicsByIds(
  db: Executor,
  ids: readonly number[],
  visible?: EpicVisibility,
): Promise<EpicRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('epics')
    .selectAll()
    .where('id', 'in', [...ids]);
  if (visible) query = query.where(epicVisibleTo('epics', visible));
  return query.execute();
}

/** Takes the group's next epic iid inside the caller's transaction (the row lock serialises creators). */
export async function nextEpicIid(db: Executor, groupId: number): Promise<number> {
  const row = await db
    .updateTable('namespaces')
    .set((eb) => ({ last_epic_iid: eb('last_epic_iid', '+', 1) }))
    .where('id', '=', groupId)
    .returning('last_epic_iid')
    .executeTakeFirstOrThrow();
  return row.last_epic_iid;
}

export function insertEpic(db: Executor, epic: NewEpic): Promise<EpicRow> {
  return db.insertInto('epics').values(epic).returningAll().executeTakeFirstOrThrow();
}

/** First key of the epic-hierarchy advisory lock, so it cannot collide with other advisory locks. */
const EPIC_HIERARCHY_LOCK_CLASS = 0x45504943; // "EPIC"

/**
 * Holds the epic hierarchy of one root namespace still until the caller's transaction ends: hierarchy
 * rules (cycles, depth, child count, confidentiality) read other epics, and two writers validating
 * against each other's stale reads could together break them. A transaction-level advisory lock
 * blocks only other hierarchy writers, never readers; it is released by COMMIT or ROLLBACK.
 */
export async function lockEpicHierarchy(db: Executor, rootNamespaceId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${EPIC_HIERARCHY_LOCK_CLASS}::int4, ${rootNamespaceId}::int4)`.execute(
    db,
  );
}

/** Updates only when `lock_version` still matches; undefined means someone else wrote first. */
export function updateEpicRow(
  db: Executor,
  id: number,
  lockVersion: number | undefined,
  changes: EpicUpdate,
): Promise<EpicRow | undefined> {
  let query = db
    .updateTable('epics')
    // A caller may stamp updated_at itself (to match last_edited_at); otherwise it is now.
    .set({ updated_at: new Date(), ...changes })
    .set((eb) => ({ lock_version: eb('lock_version', '+', 1) }))
    .where('id', '=', id);
  if (lockVersion !== undefined) query = query.where('lock_version', '=', lockVersion);
  return query.returningAll().executeTakeFirst();
}

/**
 * Deletes the epics and what hangs off them (label links, awards, to-dos, subscriptions, notes; the
 * foreign keys drop their issue links and related-epic links). Issues stay, without an epic. A child
 * epic not in `ids` is detached, as GitLab 16.11+ does; callers that delete a subtree pass all of it.
 */
export async function deleteEpicRows(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('epics').set({ parent_id: null }).where('parent_id', 'in', ids).execute();
  await db
    .deleteFrom('label_links')
    .where('target_type', '=', 'Epic')
    .where('target_id', 'in', ids)
    .execute();
  await db
    .deleteFrom('award_emoji')
    .where('awardable_type', '=', 'Epic')
    .where('awardable_id', 'in', ids)
    .execute();
  await db.deleteFrom('todos').where('target_type', '=', 'Epic').where('target_id', 'in', ids).execute();
  await db
    .deleteFrom('subscriptions')
    .where('subscribable_type', '=', 'Epic')
    .where('subscribable_id', 'in', ids)
    .execute();
  await db.deleteFrom('notes').where('noteable_type', '=', 'Epic').where('noteable_id', 'in', ids).execute();
  await db.deleteFrom('epics').where('id', 'in', ids).execute();
}

/** The epic and every epic below it, parents before children (bounded by the hierarchy depth). */
export async function findSubtreeIds(
  db: Executor,
  rootNamespaceId: number,
  epicId: number,
): Promise<number[]> {
  const result = await sql<{ id: number }>`
    WITH RECURSIVE tree(id, depth) AS (
      SELECT id, 0 FROM epics WHERE id = ${epicId} AND root_namespace_id = ${rootNamespaceId}
      UNION ALL
      SELECT e.id, tree.depth + 1 FROM epics e JOIN tree ON e.parent_id = tree.id
      WHERE e.root_namespace_id = ${rootNamespaceId} AND tree.depth < 50
    )
    SELECT id FROM tree ORDER BY depth, id`.execute(db);
  return result.rows.map((row) => row.id);
}

/** Start and due dates an epic inherits: the earliest start and latest due of its issues' milestones. */
export async function datesFromMilestones(
  db: Executor,
  epicId: number,
): Promise<{
  start: { date: string; milestoneId: number } | null;
  due: { date: string; milestoneId: number } | null;
}> {
  const base = db
    .selectFrom('epic_issues')
    .innerJoin('issues', 'issues.id', 'epic_issues.issue_id')
    .innerJoin('milestones', 'milestones.id', 'issues.milestone_id')
    .where('epic_issues.epic_id', '=', epicId);
  const [start, due] = await Promise.all([
    base
      .select(['milestones.id', 'milestones.start_date'])
      .where('milestones.start_date', 'is not', null)
      .orderBy('milestones.start_date', 'asc')
      .orderBy('milestones.id', 'asc')
      .limit(1)
      .executeTakeFirst(),
    base
      .select(['milestones.id', 'milestones.due_date'])
      .where('milestones.due_date', 'is not', null)
      .orderBy('milestones.due_date', 'desc')
      .orderBy('milestones.id', 'asc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    start: start?.start_date ? { date: start.start_date, milestoneId: start.id } : null,
    due: due?.due_date ? { date: due.due_date, milestoneId: due.id } : null,
  };
}

/** Ids of the epic's ancestors, nearest first (bounded by the hierarchy depth). */
export async function findAncestorIds(db: Executor, epicId: number): Promise<number[]> {
  const result = await sql<{ id: number }>`
    WITH RECURSIVE chain(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM epics WHERE id = ${epicId}
      UNION ALL
      SELECT e.id, e.parent_id, chain.depth + 1 FROM epics e JOIN chain ON e.id = chain.parent_id WHERE chain.depth < 50
    )
    SELECT id FROM chain WHERE id <> ${epicId} ORDER BY depth`.execute(db);
  return result.rows.map((row) => row.id);
}

/** Levels in the epic's subtree, itself included (1 for a leaf). */
export async function subtreeHeight(db: Executor, epicId: number): Promise<number> {
  const result = await sql<{ height: number }>`
    WITH RECURSIVE tree(id, depth) AS (
      SELECT id, 1 FROM epics WHERE id = ${epicId}
      UNION ALL
      SELECT e.id, tree.depth + 1 FROM epics e JOIN tree ON e.parent_id = tree.id WHERE tree.depth < 50
    )
    SELECT max(depth) AS height FROM tree`.execute(db);
  return Number(result.rows[0]?.height ?? 1);
}

export async function countChildEpics(
  db: Executor,
  parentId: number,
  exceptId: number | null,
): Promise<number> {
  let query = db
    .selectFrom('epics')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('parent_id', '=', parentId);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findEpicById(db: Executor, id: number): Promise<EpicRow | undefined> {
  return db.selectFrom('epics').selectAll().where('id', '=', id).executeTakeFirst();
}

export function setEpicDates(
  db: Executor,
  epicId: number,
  dates: Pick<
    EpicUpdate,
    'start_date' | 'due_date' | 'start_date_sourcing_milestone_id' | 'due_date_sourcing_milestone_id'
  >,
): Promise<EpicRow | undefined> {
  return db.updateTable('epics').set(dates).where('id', '=', epicId).returningAll().executeTakeFirst();
}

/** Whether the epic holds a non-confidential child epic or issue (blocks making it confidential). */
export async function findPublicChildren(
  db: Executor,
  epicId: number,
): Promise<{ publicChildEpic: boolean; publicIssue: boolean }> {
  const [epic, issue] = await Promise.all([
    db
      .selectFrom('epics')
      .select('id')
      .where('parent_id', '=', epicId)
      .where('confidential', '=', false)
      .executeTakeFirst(),
    db
      .selectFrom('epic_issues')
      .innerJoin('issues', 'issues.id', 'epic_issues.issue_id')
      .select('issues.id')
      .where('epic_issues.epic_id', '=', epicId)
      .where('issues.confidential', '=', false)
      .executeTakeFirst(),
  ]);
  return { publicChildEpic: epic !== undefined, publicIssue: issue !== undefined };
}

/** What the roadmap and tree show about an epic beyond its own row: counts below it, children, blocks. */
export interface EpicSummary {
  issuesOnTrack: number;
  issuesNeedingAttention: number;
  issuesAtRisk: number;
  openedEpics: number;
  closedEpics: number;
  openedIssues: number;
  closedIssues: number;
  openedIssueWeight: number;
  closedIssueWeight: number;
  hasChildren: boolean;
  hasChildrenInTimeframe: boolean;
  blockedBy: number;
  blocking: number;
}

export interface StatsVisibility {
  readonly groupIds: readonly number[];
  readonly confidentialGroupIds: readonly number[];
  readonly projectIds: readonly number[];
  readonly confidentialProjectIds: readonly number[];
}

const emptySummary = (): EpicSummary => ({
  issuesOnTrack: 0,
  issuesNeedingAttention: 0,
  issuesAtRisk: 0,
  openedEpics: 0,
  closedEpics: 0,
  openedIssues: 0,
  closedIssues: 0,
  openedIssueWeight: 0,
  closedIssueWeight: 0,
  hasChildren: false,
  hasChildrenInTimeframe: false,
  blockedBy: 0,
  blocking: 0,
});

/**
 * Summaries of many epics in ONE statement, counting only what the viewer may see: the subtree's
 * epics by state, its issues by state and health with weights, whether there are (visible) children
 * and children overlapping `timeframe`, and open epics blocking it or blocked by it.
 */
export async function findEpicSummaries(
  db: Executor,
  epicIds: readonly number[],
  visible: StatsVisibility,
  timeframe: { start: string; end: string } | null,
): Promise<Map<number, EpicSummary>> {
  const summaries = new Map<number, EpicSummary>();
  if (epicIds.length === 0) return summaries;
  for (const id of epicIds) summaries.set(id, emptySummary());
  const ids = intArray(epicIds);
  const inTimeframe = timeframe
    ? sql`(child.start_date IS NOT NULL OR child.due_date IS NOT NULL)
        AND (child.start_date IS NULL OR child.start_date <= ${timeframe.end}::date)
        AND (child.due_date IS NULL OR child.due_date >= ${timeframe.start}::date)`
    : sql`true`;
  // The walk carries each node's state and timeframe overlap, so no row is read twice; issues are
  // counted per node through a LATERAL probe of epic_issues, which keeps the plan a nested loop over
  // the index instead of a hash join across every issue of the instance.
  const rows = await sql<{
    root_id: number;
    kind: 'epic' | 'issue' | 'blocked_by' | 'blocking';
    state: string;
    health: number | null;
    count: number;
    weight: number;
    direct: number;
    direct_in_timeframe: number;
  }>`
    WITH RECURSIVE tree(root_id, id, depth, state, in_timeframe) AS (
      SELECT id, id, 0, state, false FROM epics WHERE id = ANY(${ids})
      UNION ALL
      SELECT tree.root_id, child.id, tree.depth + 1, child.state, ${inTimeframe}
      FROM epics child JOIN tree ON child.parent_id = tree.id
      WHERE tree.depth < 20 AND ${epicVisibleTo('child', visible)}
    ),
    -- Each epic's own issues are counted once, even when it lies in several listed subtrees (an
    -- epic and its children on one tree page): at 20,000 descendants that halves the work.
    own AS MATERIALIZED (
      SELECT nodes.id, node.state, node.health_status, node.count, node.weight
      FROM (SELECT DISTINCT id FROM tree) nodes CROSS JOIN LATERAL (
        SELECT i.state, i.health_status, count(*) AS count, coalesce(sum(i.weight), 0) AS weight
        FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id
        WHERE ei.epic_id = nodes.id
          AND ${issueVisibleTo('i', visible)}
        GROUP BY i.state, i.health_status
      ) node
    )
    SELECT root_id, 'epic' AS kind, state, NULL::smallint AS health, count(*)::integer AS count, 0 AS weight,
      (count(*) FILTER (WHERE depth = 1))::integer AS direct,
      (count(*) FILTER (WHERE depth = 1 AND in_timeframe))::integer AS direct_in_timeframe
    FROM tree
    WHERE depth > 0
    GROUP BY root_id, state
    UNION ALL
    SELECT tree.root_id, 'issue', own.state, own.health_status, sum(own.count)::integer,
      sum(own.weight)::integer, 0, 0
    FROM tree JOIN own ON own.id = tree.id
    GROUP BY tree.root_id, own.state, own.health_status
    UNION ALL
    SELECT l.target_id, 'blocked_by', 'opened', NULL, count(*)::integer, 0, 0, 0
    FROM related_epic_links l JOIN epics other ON other.id = l.source_id
    WHERE l.link_type = 'blocks' AND l.target_id = ANY(${ids}) AND other.state = 'opened'
      AND ${epicVisibleTo('other', visible)}
    GROUP BY l.target_id
    UNION ALL
    SELECT l.source_id, 'blocking', 'opened', NULL, count(*)::integer, 0, 0, 0
    FROM related_epic_links l JOIN epics other ON other.id = l.target_id
    WHERE l.link_type = 'blocks' AND l.source_id = ANY(${ids}) AND other.state = 'opened'
      AND ${epicVisibleTo('other', visible)}
    GROUP BY l.source_id`.execute(db);
  for (const row of rows.rows) {
    const entry = summaries.get(row.root_id);
    if (!entry) continue;
    const opened = row.state === 'opened';
    switch (row.kind) {
      case 'epic':
        if (opened) entry.openedEpics += row.count;
        else entry.closedEpics += row.count;
        if (row.direct > 0) entry.hasChildren = true;
        if (row.direct_in_timeframe > 0) entry.hasChildrenInTimeframe = true;
        break;
      case 'issue':
        if (!opened) {
          entry.closedIssues += row.count;
          entry.closedIssueWeight += row.weight;
          break;
        }
        entry.openedIssues += row.count;
        entry.openedIssueWeight += row.weight;
        // GitLab counts the health of open issues only: 1 on track, 2 needs attention, 3 at risk.
        if (row.health === 1) entry.issuesOnTrack += row.count;
        else if (row.health === 2) entry.issuesNeedingAttention += row.count;
        else if (row.health === 3) entry.issuesAtRisk += row.count;
        break;
      case 'blocked_by':
        entry.blockedBy = row.count;
        break;
      case 'blocking':
        entry.blocking = row.count;
        break;
    }
  }
  return summaries;
}

/** Each epic's ancestors (whole rows), root first, for many epics in one statement. */
export async function findAncestorsOfMany(
  db: Executor,
  epicIds: readonly number[],
): Promise<Map<number, EpicRow[]>> {
  const ancestors = new Map<number, EpicRow[]>(epicIds.map((id) => [id, []]));
  if (epicIds.length === 0) return ancestors;
  const rows = await sql<EpicRow & { chain_epic_id: number }>`
    WITH RECURSIVE chain(epic_id, ancestor_id, depth) AS (
      SELECT id, parent_id, 1 FROM epics WHERE id = ANY(${intArray(epicIds)}) AND parent_id IS NOT NULL
      UNION ALL
      SELECT chain.epic_id, e.parent_id, chain.depth + 1
      FROM chain JOIN epics e ON e.id = chain.ancestor_id
      WHERE e.parent_id IS NOT NULL AND chain.depth < 20
    )
    SELECT chain.epic_id AS chain_epic_id, e.* FROM chain JOIN epics e ON e.id = chain.ancestor_id
    ORDER BY chain.epic_id, chain.depth DESC`.execute(db);
  for (const { chain_epic_id, ...ancestor } of rows.rows) ancestors.get(chain_epic_id)?.push(ancestor);
  return ancestors;
}

/** Which of the epics have a child epic the viewer may see. */
export async function findEpicIdsWithChildren(
  db: Executor,
  epicIds: readonly number[],
  visible: EpicVisibility,
): Promise<Set<number>> {
  if (epicIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('epics')
    .select('parent_id')
    .distinct()
    .where('parent_id', 'in', [...epicIds])
    .where(epicVisibleTo('epics', visible))
    .execute();
  return new Set(rows.flatMap((row) => (row.parent_id === null ? [] : [row.parent_id])));
}

/** Which of the epics directly hold an issue the viewer may see. */
export async function findEpicIdsWithIssues(
  db: Executor,
  epicIds: readonly number[],
  visible: Pick<StatsVisibility, 'projectIds' | 'confidentialProjectIds'>,
): Promise<Set<number>> {
  if (epicIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('epic_issues')
    .innerJoin('issues', 'issues.id', 'epic_issues.issue_id')
    .select('epic_issues.epic_id')
    .distinct()
    .where('epic_issues.epic_id', 'in', [...epicIds])
    .where(issueVisibleTo('issues', visible))
    .execute();
  return new Set(rows.map((row) => row.epic_id));
}

export interface InheritedDateSource {
  start: string | null;
  /** The milestone the start came from, when it came from one (null when a child epic gave it). */
  startMilestoneId: number | null;
  due: string | null;
  dueMilestoneId: number | null;
}

/**
 * What each epic would inherit (GitLab's "inherited source"): the earliest start and latest due date
 * among its issues' milestones and its child epics' own dates. One statement for many epics.
 */
export async function findInheritedDateSources(
  db: Executor,
  epicIds: readonly number[],
): Promise<Map<number, InheritedDateSource>> {
  const sources = new Map<number, InheritedDateSource>(
    epicIds.map((id) => [id, { start: null, startMilestoneId: null, due: null, dueMilestoneId: null }]),
  );
  if (epicIds.length === 0) return sources;
  const rows = await sql<{
    epic_id: number;
    start_date: string | null;
    due_date: string | null;
    milestone_id: number | null;
  }>`
    SELECT ei.epic_id, m.start_date, m.due_date, m.id AS milestone_id
    FROM epic_issues ei
    JOIN issues i ON i.id = ei.issue_id
    JOIN milestones m ON m.id = i.milestone_id
    WHERE ei.epic_id = ANY(${intArray(epicIds)}) AND (m.start_date IS NOT NULL OR m.due_date IS NOT NULL)
    GROUP BY ei.epic_id, m.id
    UNION ALL
    SELECT parent_id, start_date, due_date, NULL
    FROM epics
    WHERE parent_id = ANY(${intArray(epicIds)}) AND (start_date IS NOT NULL OR due_date IS NOT NULL)`.execute(
    db,
  );
  for (const row of rows.rows) {
    const source = sources.get(row.epic_id);
    if (!source) continue;
    if (row.start_date !== null && (source.start === null || row.start_date < source.start)) {
      source.start = row.start_date;
      source.startMilestoneId = row.milestone_id;
    }
    if (row.due_date !== null && (source.due === null || row.due_date > source.due)) {
      source.due = row.due_date;
      source.dueMilestoneId = row.milestone_id;
    }
  }
  return sources;
}

/** Epics whose inherited dates depend on a milestone: through their issues, or as its current source. */
export async function findEpicsDependingOnMilestone(db: Executor, milestoneId: number): Promise<number[]> {
  const rows = await sql<{ epic_id: number }>`
    SELECT ei.epic_id FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id WHERE i.milestone_id = ${milestoneId}
    UNION
    SELECT id FROM epics WHERE start_date_sourcing_milestone_id = ${milestoneId} OR due_date_sourcing_milestone_id = ${milestoneId}`.execute(
    db,
  );
  return rows.rows.map((row) => row.epic_id);
}

/**
 * Recomputes every inherited date of a root namespace in a few set-based statements, deepest level
 * first (bulk loads; the same rule as refreshEpicDates: issues' milestones and child epics).
 */
export async function recomputeInheritedDatesOfRoot(db: Executor, rootNamespaceId: number): Promise<void> {
  const depths = await sql<{ id: number; depth: number }>`
    WITH RECURSIVE tree(id, depth) AS (
      SELECT id, 1 FROM epics WHERE root_namespace_id = ${rootNamespaceId} AND parent_id IS NULL
      UNION ALL
      SELECT e.id, tree.depth + 1 FROM epics e JOIN tree ON e.parent_id = tree.id WHERE tree.depth < 20
    )
    SELECT max(depth) AS depth, 0 AS id FROM tree`.execute(db);
  const deepest = Number(depths.rows[0]?.depth ?? 0);
  for (let level = deepest; level >= 1; level--) {
    await sql`
      WITH RECURSIVE tree(id, depth) AS (
        SELECT id, 1 FROM epics WHERE root_namespace_id = ${rootNamespaceId} AND parent_id IS NULL
        UNION ALL
        SELECT e.id, tree.depth + 1 FROM epics e JOIN tree ON e.parent_id = tree.id WHERE tree.depth < ${level}
      ),
      level_epics AS (
        SELECT e.id FROM epics e JOIN tree ON tree.id = e.id
        WHERE tree.depth = ${level} AND NOT (e.start_date_is_fixed AND e.due_date_is_fixed)
      ),
      candidates AS (
        SELECT ei.epic_id, m.start_date, m.due_date, m.id AS milestone_id
        FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id JOIN milestones m ON m.id = i.milestone_id
        WHERE ei.epic_id IN (SELECT id FROM level_epics)
        UNION ALL
        SELECT parent_id, start_date, due_date, NULL FROM epics WHERE parent_id IN (SELECT id FROM level_epics)
      ),
      starts AS (
        SELECT DISTINCT ON (epic_id) epic_id, start_date, milestone_id FROM candidates
        WHERE start_date IS NOT NULL ORDER BY epic_id, start_date, milestone_id NULLS LAST
      ),
      dues AS (
        SELECT DISTINCT ON (epic_id) epic_id, due_date, milestone_id FROM candidates
        WHERE due_date IS NOT NULL ORDER BY epic_id, due_date DESC, milestone_id NULLS LAST
      )
      UPDATE epics e SET
        start_date = CASE WHEN e.start_date_is_fixed THEN e.start_date_fixed ELSE starts.start_date END,
        start_date_sourcing_milestone_id = starts.milestone_id,
        due_date = CASE WHEN e.due_date_is_fixed THEN e.due_date_fixed ELSE dues.due_date END,
        due_date_sourcing_milestone_id = dues.milestone_id
      FROM level_epics
      LEFT JOIN starts ON starts.epic_id = level_epics.id
      LEFT JOIN dues ON dues.epic_id = level_epics.id
      WHERE e.id = level_epics.id`.execute(db);
  }
}
