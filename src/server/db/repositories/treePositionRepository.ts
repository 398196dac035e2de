import { sql } from 'kysely';
import type { Executor } from '../executor.ts';

/**
 * A child in an epic's tree: a child epic (by epic id) or an issue link (by `epic_issues.id`). Both
 * kinds share ONE ordering space per parent: `epics.relative_position` of the child epics
 * (`epics.parent_id`) and `epic_issues.relative_position` of the issue links (`epic_issues.epic_id`).
 */
export type TreeNodeRef =
  | { readonly kind: 'epic'; readonly id: number }
  | { readonly kind: 'epic_issue'; readonly id: number };

export interface PositionedTreeNode {
  readonly kind: TreeNodeRef['kind'];
  readonly id: number;
  readonly position: number | null;
}

/** An integer array literal; the 0 keeps it typed and non-empty (no row has id 0). */
const intArray = (values: readonly number[]) => sql`ARRAY[${sql.join([0, ...values])}]::integer[]`;

const idsOfKind = (nodes: readonly TreeNodeRef[], kind: TreeNodeRef['kind']) =>
  nodes.filter((node) => node.kind === kind).map((node) => node.id);

/** The smallest and largest position among the parent's children (except some), and whether any is null. */
export async function childPositionBounds(
  db: Executor,
  parentEpicId: number,
  except: readonly TreeNodeRef[] = [],
): Promise<{ min: number | null; max: number | null; hasUnpositioned: boolean }> {
  const exceptEpics = intArray(idsOfKind(except, 'epic'));
  const exceptLinks = intArray(idsOfKind(except, 'epic_issue'));
  // Four index probes on (parent, relative_position); min/max over the union would scan every child.
  const result = await sql<{ min: number | null; max: number | null; unpositioned: boolean }>`
    SELECT
      LEAST(
        (SELECT relative_position FROM epics WHERE parent_id = ${parentEpicId} AND id <> ALL(${exceptEpics})
          AND relative_position IS NOT NULL ORDER BY relative_position LIMIT 1),
        (SELECT relative_position FROM epic_issues WHERE epic_id = ${parentEpicId} AND id <> ALL(${exceptLinks})
          AND relative_position IS NOT NULL ORDER BY relative_position LIMIT 1)) AS min,
      GREATEST(
        (SELECT relative_position FROM epics WHERE parent_id = ${parentEpicId} AND id <> ALL(${exceptEpics})
          AND relative_position IS NOT NULL ORDER BY relative_position DESC LIMIT 1),
        (SELECT relative_position FROM epic_issues WHERE epic_id = ${parentEpicId} AND id <> ALL(${exceptLinks})
          AND relative_position IS NOT NULL ORDER BY relative_position DESC LIMIT 1)) AS max,
      EXISTS (SELECT 1 FROM epics WHERE parent_id = ${parentEpicId} AND relative_position IS NULL
          AND id <> ALL(${exceptEpics}))
        OR EXISTS (SELECT 1 FROM epic_issues WHERE epic_id = ${parentEpicId} AND relative_position IS NULL
          AND id <> ALL(${exceptLinks})) AS unpositioned`.execute(db);
  const row = result.rows[0];
  return { min: row?.min ?? null, max: row?.max ?? null, hasUnpositioned: row?.unpositioned ?? false };
}

/**
 * The nearest position of another child at or beyond `position` (upwards for 'above', downwards
 * for 'below'), skipping the given nodes; null when there is none. "At" matters: a sibling sharing
 * the position (a duplicate left by an older writer) leaves no room, which makes the caller rebalance.
 */
export async function nearestChildPosition(
  db: Executor,
  parentEpicId: number,
  position: number,
  direction: 'above' | 'below',
  except: readonly TreeNodeRef[],
): Promise<number | null> {
  const exceptEpics = intArray(idsOfKind(except, 'epic'));
  const exceptLinks = intArray(idsOfKind(except, 'epic_issue'));
  const compare = sql.raw(direction === 'above' ? '>=' : '<=');
  const order = sql.raw(direction === 'above' ? 'ASC' : 'DESC');
  const pick = sql.raw(direction === 'above' ? 'LEAST' : 'GREATEST');
  const result = await sql<{ position: number | null }>`
    SELECT ${pick}(
      (SELECT relative_position FROM epics WHERE parent_id = ${parentEpicId} AND id <> ALL(${exceptEpics})
        AND relative_position ${compare} ${position} ORDER BY relative_position ${order} LIMIT 1),
      (SELECT relative_position FROM epic_issues WHERE epic_id = ${parentEpicId} AND id <> ALL(${exceptLinks})
        AND relative_position ${compare} ${position} ORDER BY relative_position ${order} LIMIT 1)
    ) AS position`.execute(db);
  return result.rows[0]?.position ?? null;
}

/**
 * Every child of the parent in tree order: position (unpositioned last), child epics before issue
 * links on a tie, then id. The order a rebalance keeps.
 */
export async function listChildPositions(db: Executor, parentEpicId: number): Promise<PositionedTreeNode[]> {
  const result = await sql<PositionedTreeNode>`
    SELECT 'epic' AS kind, id, relative_position AS position FROM epics WHERE parent_id = ${parentEpicId}
    UNION ALL
    SELECT 'epic_issue', id, relative_position FROM epic_issues WHERE epic_id = ${parentEpicId}
    ORDER BY position ASC NULLS LAST, kind ASC, id ASC`.execute(db);
  return result.rows;
}

/** The node's current parent epic and position; undefined when it does not exist. */
export async function findTreeNode(
  db: Executor,
  node: TreeNodeRef,
): Promise<{ parentEpicId: number | null; position: number | null } | undefined> {
  const row =
    node.kind === 'epic'
      ? await db
          .selectFrom('epics')
          .select(['parent_id as parentEpicId', 'relative_position as position'])
          .where('id', '=', node.id)
          .executeTakeFirst()
      : await db
          .selectFrom('epic_issues')
          .select(['epic_id as parentEpicId', 'relative_position as position'])
          .where('id', '=', node.id)
          .executeTakeFirst();
  return row;
}

/**
 * Spreads every child of the parent out again in one statement, keeping the tree order: `gap` apart
 * (at most `idealGap`, less when `range` would not hold them), centred on 0. Rows already at their
 * new position are not written, so respreading an already even list writes only what moved.
 */
export async function respreadChildPositions(
  db: Executor,
  parentEpicId: number,
  idealGap: number,
  range: number,
): Promise<void> {
  await sql`
    WITH children AS (
      SELECT 'epic' AS kind, id, relative_position AS position FROM epics WHERE parent_id = ${parentEpicId}
      UNION ALL
      SELECT 'epic_issue', id, relative_position FROM epic_issues WHERE epic_id = ${parentEpicId}
    ), ordered AS (
      SELECT kind, id, position,
        (row_number() OVER (ORDER BY position ASC NULLS LAST, kind ASC, id ASC) - 1)::bigint AS slot,
        count(*) OVER ()::bigint AS total
      FROM children
    ), spread AS (
      SELECT kind, id, position, (slot * gap - ((total - 1) * gap) / 2)::integer AS target
      FROM ordered CROSS JOIN LATERAL (
        SELECT greatest(1, least(${idealGap}::bigint, ${range}::bigint / (total + 1))) AS gap
      ) spacing
    ), moved_epics AS (
      UPDATE epics SET relative_position = spread.target FROM spread
      WHERE spread.kind = 'epic' AND epics.id = spread.id AND spread.position IS DISTINCT FROM spread.target
      RETURNING epics.id
    )
    UPDATE epic_issues SET relative_position = spread.target FROM spread
    WHERE spread.kind = 'epic_issue' AND epic_issues.id = spread.id
      AND spread.position IS DISTINCT FROM spread.target`.execute(db);
}
