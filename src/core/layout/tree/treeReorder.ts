/**
 * The `moved` input of `epicTreeReorder` for a move, by GitLab's front-end rule (GitLab's epic mutations,
 * `getTreeReorderMutation` and the store's `moveItem`):
 *
 * - within one list: the adjacent item is the one that was at `newIndex` before the move;
 *   newIndex 0 → `after` (the adjacent comes after the moved item), newIndex last → `before`,
 *   otherwise moving down → `before`, moving up → `after`;
 * - to another parent: `newParentId` is the new parent's gid; the adjacent item is the new parent's
 *   child at `newIndex` (`after`), else its last child (`before`), else none (`before`).
 */
import { toGlobalId } from '../../domain/gid.ts';
import type { TreeItemType } from './treeItem.ts';

export type MoveType = 'before' | 'after';

/** GitLab's `EpicTreeNodeFieldsInputType`. */
export interface EpicTreeNodeFieldsInput {
  readonly id: string;
  readonly adjacentReferenceId?: string;
  readonly relativePosition?: MoveType;
  readonly newParentId?: string;
}

/** The gid a tree item is moved by: an Epic by its id, an issue by its EpicIssue link id. */
export function treeSortingId(type: TreeItemType, id: number, epicIssueId: number | null): string {
  if (type === 'epic') return toGlobalId('Epic', id);
  if (epicIssueId === null) throw new Error(`issue ${id} has no epicIssueId`);
  return toGlobalId('EpicIssue', epicIssueId);
}

export interface ReorderFacts {
  /** Sorting id of the moved item. */
  readonly movedId: string;
  /** Sorting ids of the target parent's children without the moved item, in order. */
  readonly siblings: readonly string[];
  /** Where the moved item was in the same list, or null when it comes from another parent. */
  readonly oldIndex: number | null;
  /** Its index in the target list after the move. */
  readonly newIndex: number;
  /** Epic gid of the new parent, for a move to another parent. */
  readonly newParentId?: string;
}

export function treeReorderInput(facts: ReorderFacts): EpicTreeNodeFieldsInput {
  const { movedId, siblings, oldIndex, newIndex } = facts;
  if (oldIndex !== null) {
    // The list as it was before the move: the siblings with the moved item back at oldIndex.
    const before = [...siblings.slice(0, oldIndex), movedId, ...siblings.slice(oldIndex)];
    const adjacentReferenceId = before[newIndex];
    let relativePosition: MoveType;
    if (newIndex === 0) relativePosition = 'after';
    else if (newIndex === before.length - 1) relativePosition = 'before';
    else relativePosition = oldIndex < newIndex ? 'before' : 'after';
    return adjacentReferenceId === undefined
      ? { id: movedId, relativePosition }
      : { id: movedId, adjacentReferenceId, relativePosition };
  }
  const parent = facts.newParentId === undefined ? {} : { newParentId: facts.newParentId };
  const atIndex = siblings[newIndex];
  if (atIndex !== undefined) {
    return { id: movedId, adjacentReferenceId: atIndex, relativePosition: 'after', ...parent };
  }
  const last = siblings[siblings.length - 1];
  if (last !== undefined)
    return { id: movedId, adjacentReferenceId: last, relativePosition: 'before', ...parent };
  return { id: movedId, relativePosition: 'before', ...parent };
}
