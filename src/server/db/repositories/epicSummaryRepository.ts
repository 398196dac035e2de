import { type SqlBool, sql } from 'kysely';
import type { DateRange } from '../../../core/time/calendarDate.ts';
import type { Executor } from '../executor.ts';
import type { EpicRow } from '../schema.ts';
import { intArray } from '../sqlInteger.ts';
import type { RollupTier } from './epicRollupRepository.ts';
import { type EpicRowArray, epicRowArray, epicRowOfArray, positionsOf } from './epicRowJson.ts';
import { type EpicVisibility, epicVisibleTo, issueVisibleTo, type StatsVisibility } from './visibility.ts';

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

/** What an epic without a summary shows: nothing below it, no blocks. */
export const NO_EPIC_SUMMARY: Readonly<EpicSummary> = Object.freeze(emptySummary());

/** The columns of a summary as readEpicSummaries reads them, the epic's id first. */
const SUMMARY_COLUMNS = ['id', ...(Object.keys(emptySummary()) as (keyof EpicSummary)[])] as const;
type SummaryArray = [number, ...(number | boolean)[]];

/**
 * Summaries of many epics in ONE statement, counting only what the viewer may see: the subtree's
 * epics by state, its issues by state and health with weights, whether there are (visible) children
 * and children overlapping `timeframe` (GitLab's roadmap offers to expand only those), and open
 * epics blocking it or blocked by it. From the rollups when a tier counts exactly what the viewer
 * sees, O(page); else by walking the subtrees, O(descendants).
 */
export function findEpicSummaries(
  db: Executor,
  epicIds: readonly number[],
  visible: StatsVisibility,
  timeframe: DateRange | null,
): Promise<Map<number, EpicSummary>> {
  return visible.rollupTier === null
    ? walkEpicSummaries(db, epicIds, visible, timeframe)
    : readEpicSummaries(db, epicIds, visible, visible.rollupTier, timeframe);
}

/** Whether a child epic (aliased `child`) overlaps the timeframe; every child does without one. */
function childInTimeframe(timeframe: DateRange | null) {
  return timeframe
    ? sql<SqlBool>`(child.start_date IS NOT NULL OR child.due_date IS NOT NULL)
        AND (child.start_date IS NULL OR child.start_date <= ${timeframe.end}::date)
        AND (child.due_date IS NULL OR child.due_date >= ${timeframe.start}::date)`
    : sql<SqlBool>`true`;
}

/**
 * The epic at a link's other end (`l.source_id` or `l.target_id`), as a row of epics aliased
 * `other`, when it is open and the viewer may see it: one primary-key probe per link. Joined plainly,
 * PostgreSQL hashed every visible epic of the instance to match a page's few links (on the 10,000-epic
 * roadmap, a scan of 8,500 epics for 136 links, twice per page); the LIMIT keeps the planner from
 * flattening the probe back into that join.
 */
function openVisibleEpicAt(column: 'source_id' | 'target_id', visible: EpicVisibility) {
  return sql`LATERAL (SELECT * FROM epics other
    WHERE other.id = ${sql.ref(`l.${column}`)} AND other.state = 'opened' AND ${epicVisibleTo('other', visible)}
    LIMIT 1) other ON true`;
}

/**
 * Per listed epic, how many open epics the viewer may see block it, or are blocked by it: one grouped
 * pass over the page's links (a correlated count per epic scanned the links once per row).
 */
function openBlocks(
  direction: 'blocked_by' | 'blocking',
  ids: ReturnType<typeof intArray>,
  visible: EpicVisibility,
) {
  const [self, other] =
    direction === 'blocked_by'
      ? (['target_id', 'source_id'] as const)
      : (['source_id', 'target_id'] as const);
  return sql`(SELECT ${sql.ref(`l.${self}`)} AS id, count(*)::integer AS count
    FROM related_epic_links l JOIN ${openVisibleEpicAt(other, visible)}
    WHERE l.link_type = 'blocks' AND ${sql.ref(`l.${self}`)} = ANY(${ids})
    GROUP BY ${sql.ref(`l.${self}`)})`;
}

/** The summaries from the rollups: the tiers up to the viewer's, summed, and the page's own rows. */
async function readEpicSummaries(
  db: Executor,
  epicIds: readonly number[],
  visible: EpicVisibility,
  tier: RollupTier,
  timeframe: DateRange | null,
): Promise<Map<number, EpicSummary>> {
  const summaries = new Map<number, EpicSummary>();
  if (epicIds.length === 0) return summaries;
  const ids = intArray(epicIds);
  // A probe of the parent index per listed epic, stopping at the first visible child: O(page), where
  // an EXISTS could be planned as a hash over every visible epic of the instance.
  const visibleChild = (extra: ReturnType<typeof childInTimeframe>) => sql`LEFT JOIN LATERAL (
      SELECT true AS found FROM epics child
      WHERE child.parent_id = ids.id AND ${epicVisibleTo('child', visible)} AND ${extra}
      LIMIT 1)`;
  // One JSON document for the whole page: PGlite and node-postgres decode a result cell by cell in
  // JavaScript, and 1,000 summaries of 14 columns are 14,000 cells. Arrays, not objects: the keys
  // were two thirds of its bytes.
  const result = await sql<{ summaries: SummaryArray[] }>`
    SELECT coalesce(json_agg(json_build_array(${sql.join(
      SUMMARY_COLUMNS.map((column) => sql.ref(`summary.${column}`)),
    )})), '[]'::json) AS summaries FROM (
    SELECT ids.id,
      coalesce(r.opened_epics, 0) AS "openedEpics", coalesce(r.closed_epics, 0) AS "closedEpics",
      coalesce(r.opened_issues, 0) AS "openedIssues", coalesce(r.closed_issues, 0) AS "closedIssues",
      coalesce(r.opened_issue_weight, 0) AS "openedIssueWeight",
      coalesce(r.closed_issue_weight, 0) AS "closedIssueWeight",
      coalesce(r.issues_on_track, 0) AS "issuesOnTrack",
      coalesce(r.issues_needing_attention, 0) AS "issuesNeedingAttention",
      coalesce(r.issues_at_risk, 0) AS "issuesAtRisk",
      child.found IS NOT NULL AS "hasChildren",
      child_in_timeframe.found IS NOT NULL AS "hasChildrenInTimeframe",
      coalesce(blocked_by.count, 0) AS "blockedBy",
      coalesce(blocking.count, 0) AS "blocking"
    FROM unnest(${ids}) AS ids(id)
    LEFT JOIN LATERAL (
      SELECT sum(opened_epics)::integer AS opened_epics, sum(closed_epics)::integer AS closed_epics,
        sum(opened_issues)::integer AS opened_issues, sum(closed_issues)::integer AS closed_issues,
        sum(opened_issue_weight)::integer AS opened_issue_weight,
        sum(closed_issue_weight)::integer AS closed_issue_weight,
        sum(issues_on_track)::integer AS issues_on_track,
        sum(issues_needing_attention)::integer AS issues_needing_attention,
        sum(issues_at_risk)::integer AS issues_at_risk
      FROM epic_rollups WHERE epic_id = ids.id AND tier <= ${tier}
    ) r ON true
    ${visibleChild(sql<SqlBool>`true`)} child ON true
    ${visibleChild(childInTimeframe(timeframe))} child_in_timeframe ON true
    LEFT JOIN ${openBlocks('blocked_by', ids, visible)} blocked_by ON blocked_by.id = ids.id
    LEFT JOIN ${openBlocks('blocking', ids, visible)} blocking ON blocking.id = ids.id
    WHERE ids.id <> 0) summary`.execute(db);
  for (const values of result.rows[0]?.summaries ?? []) summaries.set(values[0], summaryOfArray(values));
  return summaries;
}

/** Where each column sits in a summary's array. */
const AT = positionsOf(SUMMARY_COLUMNS);

/**
 * The summary of one array, as one object literal in emptySummary's key order: every summary gets the
 * same shape at once, and the resolvers that read a page's thousand of them read them faster.
 */
function summaryOfArray(values: SummaryArray): EpicSummary {
  return {
    issuesOnTrack: values[AT.issuesOnTrack] as number,
    issuesNeedingAttention: values[AT.issuesNeedingAttention] as number,
    issuesAtRisk: values[AT.issuesAtRisk] as number,
    openedEpics: values[AT.openedEpics] as number,
    closedEpics: values[AT.closedEpics] as number,
    openedIssues: values[AT.openedIssues] as number,
    closedIssues: values[AT.closedIssues] as number,
    openedIssueWeight: values[AT.openedIssueWeight] as number,
    closedIssueWeight: values[AT.closedIssueWeight] as number,
    hasChildren: values[AT.hasChildren] as boolean,
    hasChildrenInTimeframe: values[AT.hasChildrenInTimeframe] as boolean,
    blockedBy: values[AT.blockedBy] as number,
    blocking: values[AT.blocking] as number,
  };
}

/** The summaries by walking each epic's subtree under the viewer's visibility. */
export async function walkEpicSummaries(
  db: Executor,
  epicIds: readonly number[],
  visible: Omit<StatsVisibility, 'rollupTier'>,
  timeframe: DateRange | null,
): Promise<Map<number, EpicSummary>> {
  const summaries = new Map<number, EpicSummary>();
  if (epicIds.length === 0) return summaries;
  for (const id of epicIds) summaries.set(id, emptySummary());
  const ids = intArray(epicIds);
  const inTimeframe = childInTimeframe(timeframe);
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
    SELECT blocks.id, 'blocked_by', 'opened', NULL, blocks.count, 0, 0, 0
    FROM ${openBlocks('blocked_by', ids, visible)} blocks
    UNION ALL
    SELECT blocks.id, 'blocking', 'opened', NULL, blocks.count, 0, 0, 0
    FROM ${openBlocks('blocking', ids, visible)} blocks`.execute(db);
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

/**
 * Per epic, the open epics the viewer may see that block it (GitLab's `blockedByEpics`), oldest
 * link first: the same links `blockedBy` counts, so a list and its count always agree. One
 * statement for a whole page of epics.
 */
export async function findBlockingEpicsOf(
  db: Executor,
  epicIds: readonly number[],
  visible: EpicVisibility,
): Promise<Map<number, EpicRow[]>> {
  const result = new Map<number, EpicRow[]>();
  if (epicIds.length === 0) return result;
  const rows = await sql<{ blocked_id: number; epic: EpicRowArray }>`
    SELECT l.target_id AS blocked_id, ${epicRowArray('other')} AS epic
    FROM related_epic_links l JOIN ${openVisibleEpicAt('source_id', visible)}
    WHERE l.link_type = 'blocks' AND l.target_id = ANY(${intArray(epicIds)})
    ORDER BY l.target_id, l.id`.execute(db);
  for (const { blocked_id: blockedId, epic: values } of rows.rows) {
    const epic = epicRowOfArray(values);
    const list = result.get(blockedId);
    if (list) list.push(epic);
    else result.set(blockedId, [epic]);
  }
  return result;
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
