import type { Executor } from '../../db/executor.ts';
import type { TreeNodeRef } from '../../db/repositories/treePositionRepository.ts';
import {
  childPositionBounds,
  findTreeNode,
  nearestChildPosition,
  respreadChildPositions,
} from '../../db/repositories/treePositionRepository.ts';
import { fitsSqlInteger, MAX_SQL_INTEGER } from '../../db/sqlInteger.ts';

export type { TreeNodeRef } from '../../db/repositories/treePositionRepository.ts';

/**
 * Positions of an epic's children in its tree (GitLab's RelativePositioning, simplified). Child epics
 * and issue links of one parent share ONE ordering space of SQL integers; positions are unique per
 * parent. A new position goes IDEAL_DISTANCE beyond an end, or halfway between two neighbours; when
 * there is no room (no integer between them, the end of the range, a duplicate or an unpositioned
 * child left by an older writer) every child of that parent is spread out again, keeping its order.
 *
 * CALLERS HOLD `lockEpicHierarchy(trx, rootNamespaceId)` (epicHierarchyRepository.ts) of the parent's root
 * namespace inside their transaction: the reads and the writes here are not atomic on their own, and
 * two writers choosing a position in the same gap would collide.
 */
export const IDEAL_DISTANCE = 1024;
export const MIN_POSITION = -MAX_SQL_INTEGER - 1;
export const MAX_POSITION = MAX_SQL_INTEGER;

/**
 * Evenly spread positions for `count` children, centred on 0: IDEAL_DISTANCE apart unless that
 * would leave the integer range (then as far apart as fits, at least 2 below 700 million children).
 * rebalanceChildren writes exactly these, in SQL (treePositionRepository.respreadChildPositions).
 */
export function spreadPositions(count: number): number[] {
  const gap = Math.max(1, Math.min(IDEAL_DISTANCE, Math.floor((MAX_POSITION - MIN_POSITION) / (count + 1))));
  const first = -Math.floor(((count - 1) * gap) / 2);
  return Array.from({ length: count }, (_, index) => first + index * gap);
}

/** An integer strictly between `low` and `high`, or null when there is none. */
export function positionBetween(low: number, high: number): number | null {
  if (high - low < 2) return null;
  return low + Math.floor((high - low) / 2);
}

/** A position past one end: IDEAL_DISTANCE away, or as far as the range allows; null at the limit. */
export function positionBeyond(edge: number, direction: 'below' | 'above'): number | null {
  if (direction === 'below')
    return edge > MIN_POSITION ? Math.max(MIN_POSITION, edge - IDEAL_DISTANCE) : null;
  return edge < MAX_POSITION ? Math.min(MAX_POSITION, edge + IDEAL_DISTANCE) : null;
}

/**
 * Spreads every child of the parent out again as `spreadPositions` places them, keeping their order
 * (unpositioned ones go last). One statement; rows already in place are not written.
 */
export function rebalanceChildren(db: Executor, parentEpicId: number): Promise<void> {
  return respreadChildPositions(db, parentEpicId, IDEAL_DISTANCE, MAX_POSITION - MIN_POSITION);
}

async function edgePosition(
  db: Executor,
  parentEpicId: number,
  edge: 'start' | 'end',
  except: readonly TreeNodeRef[],
): Promise<number> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const bounds = await childPositionBounds(db, parentEpicId, except);
    if (!bounds.hasUnpositioned) {
      const extreme = edge === 'start' ? bounds.min : bounds.max;
      if (extreme === null) return 0;
      const position = positionBeyond(extreme, edge === 'start' ? 'below' : 'above');
      if (position !== null) return position;
    }
    await rebalanceChildren(db, parentEpicId);
  }
  throw new Error(`No room at the ${edge} of epic ${parentEpicId}'s children after rebalancing`);
}

/**
 * A relative_position strictly smaller than every current child of the parent epic (child epics
 * and issue links together), rebalancing the siblings when there is no room. `except` leaves out
 * nodes being moved (their old positions do not count). GitLab's `move_to_start`.
 * The caller holds lockEpicHierarchy of the parent's root namespace.
 */
export function positionAtStartOfChildren(
  db: Executor,
  parentEpicId: number,
  except: readonly TreeNodeRef[] = [],
): Promise<number> {
  return edgePosition(db, parentEpicId, 'start', except);
}

/** A position strictly larger than every current child of the parent (GitLab's `move_to_end`). */
export function positionAtEndOfChildren(
  db: Executor,
  parentEpicId: number,
  except: readonly TreeNodeRef[] = [],
): Promise<number> {
  return edgePosition(db, parentEpicId, 'end', except);
}

/**
 * A position right before or right after `adjacent` (a child of `parentEpicId`), between it and its
 * neighbour on that side, ignoring `moving` (the node that will take the position). Rebalances the
 * siblings when they leave no room. The caller holds lockEpicHierarchy of the parent's root namespace.
 */
export async function positionBesideSibling(
  db: Executor,
  parentEpicId: number,
  adjacent: TreeNodeRef,
  placement: 'before' | 'after',
  moving: TreeNodeRef | null = null,
): Promise<number> {
  const except = moving === null ? [adjacent] : [adjacent, moving];
  for (let attempt = 0; attempt < 2; attempt++) {
    const node = await findTreeNode(db, adjacent);
    if (!node || node.parentEpicId !== parentEpicId) {
      throw new Error(`Tree node ${adjacent.kind} ${adjacent.id} is not a child of epic ${parentEpicId}`);
    }
    if (node.position !== null) {
      const direction = placement === 'after' ? 'above' : 'below';
      const neighbour = await nearestChildPosition(db, parentEpicId, node.position, direction, except);
      const position =
        neighbour === null
          ? positionBeyond(node.position, direction)
          : placement === 'after'
            ? positionBetween(node.position, neighbour)
            : positionBetween(neighbour, node.position);
      if (position !== null) return position;
    }
    await rebalanceChildren(db, parentEpicId);
  }
  throw new Error(`No room beside ${adjacent.kind} ${adjacent.id} after rebalancing`);
}

/** A REST move among siblings: `move_before_id` / `move_after_id`, ids of the moved child's kind. */
export interface SiblingMove {
  readonly moveBeforeId?: number | undefined;
  readonly moveAfterId?: number | undefined;
}

/**
 * Where GitLab's REST move (PUT …/epics/:child_epic_id, PUT …/issues/:epic_issue_id) puts `moved`, a
 * child of the parent: right after `moveBeforeId`, or right before `moveAfterId`. Null when that id
 * is no other child of the same kind of this parent (the caller answers 'could not be moved').
 * The caller holds lockEpicHierarchy of the parent's root namespace.
 */
export async function positionBesideRestSibling(
  db: Executor,
  parentEpicId: number,
  moved: TreeNodeRef,
  move: SiblingMove,
): Promise<number | null> {
  const siblingId = move.moveBeforeId ?? move.moveAfterId;
  if (siblingId === undefined || !fitsSqlInteger(siblingId) || siblingId === moved.id) return null;
  const sibling: TreeNodeRef = { kind: moved.kind, id: siblingId };
  if ((await findTreeNode(db, sibling))?.parentEpicId !== parentEpicId) return null;
  return positionBesideSibling(
    db,
    parentEpicId,
    sibling,
    move.moveBeforeId !== undefined ? 'after' : 'before',
    moved,
  );
}
