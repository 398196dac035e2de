/**
 * Moves in the tree: the rules a move must pass client-side (issues take no children, an epic
 * cannot go into itself or below itself, epics stay within MAX_EPIC_HIERARCHY_DEPTH levels as far
 * as the loaded tree knows — the server has the last word), the optimistic apply with an undo
 * token that restores the tree exactly, and the `epicTreeReorder` input of the move.
 */
import { MAX_EPIC_HIERARCHY_DEPTH } from '../../domain/epicRules.ts';
import { err, ok, type Result } from '../../lib/result.ts';
import type { TreeItemKey } from './treeItem.ts';
import { NODE_BIT, type TreeModel } from './treeModel.ts';
import { type EpicTreeNodeFieldsInput, treeReorderInput, treeSortingId } from './treeReorder.ts';
import { ITEM_FLAG } from './treeStore.ts';

export interface TreeMove {
  readonly key: TreeItemKey;
  /** The new parent: the root or an epic of the tree. */
  readonly parentKey: TreeItemKey;
  /**
   * The gap among the parent's current children to drop into: 0 before the first, n after the
   * last, counting the moved item itself when it is already in that list.
   */
  readonly at: number;
}

export type MoveRefusal = 'unknown' | 'root' | 'notAParent' | 'intoItself' | 'tooDeep' | 'unchanged';

export interface ResolvedMove {
  readonly slot: number;
  readonly fromParent: number;
  readonly fromIndex: number;
  readonly toParent: number;
  /** Index in the new parent's list after the move. */
  readonly toIndex: number;
}

/** What `undoMove` needs to put the tree back as it was. */
export interface MoveUndo {
  readonly key: TreeItemKey;
  readonly parentKey: TreeItemKey;
  readonly index: number;
  readonly toParentKey: TreeItemKey;
  /** The new parent's HAS_CHILDREN/HAS_ISSUES flags before the move. */
  readonly toParentFlags: number;
  readonly wasLocal: boolean;
}

export interface AppliedMove {
  readonly undo: MoveUndo;
  readonly mutation: EpicTreeNodeFieldsInput;
}

/** Why `child` cannot go under `parent` (ignoring position), or null when it can. */
export function containmentRefusal(model: TreeModel, parent: number, child: number): MoveRefusal | null {
  if (!model.store.isEpic(parent)) return 'notAParent';
  if (model.isAncestorOrSelf(child, parent)) return 'intoItself';
  if (!model.store.isEpic(child)) return null;
  const parentDepth = model.rootDepth + model.depth[parent]!;
  return parentDepth + epicHeight(model, child) > MAX_EPIC_HIERARCHY_DEPTH ? 'tooDeep' : null;
}

export function resolveMove(model: TreeModel, move: TreeMove): Result<ResolvedMove, MoveRefusal> {
  const slot = model.slotOf(move.key);
  const toParent = model.slotOf(move.parentKey);
  if (slot < 0 || toParent < 0) return err('unknown');
  if (slot === model.rootSlot) return err('root');
  const refusal = containmentRefusal(model, toParent, slot);
  if (refusal) return err(refusal);
  const fromParent = model.parent[slot]!;
  const fromIndex = model.indexOf(slot);
  const count = model.children[toParent]!.length;
  const at = Math.max(0, Math.min(move.at, count));
  const toIndex = fromParent === toParent && at > fromIndex ? at - 1 : at;
  if (fromParent === toParent && toIndex === fromIndex) return err('unchanged');
  return ok({ slot, fromParent, fromIndex, toParent, toIndex });
}

/** The `moved` input of epicTreeReorder for a move, or the reason it is refused. */
export function reorderMutationFor(
  model: TreeModel,
  move: TreeMove,
): Result<EpicTreeNodeFieldsInput, MoveRefusal> {
  const resolved = resolveMove(model, move);
  return resolved.ok ? ok(mutationOf(model, resolved.value)) : resolved;
}

/**
 * The mutation input for a slot going from (fromParent, fromIndex) to (toParent, toIndex); the slot
 * may already have been moved there (a keyboard move previews each step in the tree).
 */
export function mutationOf(model: TreeModel, move: ResolvedMove): EpicTreeNodeFieldsInput {
  const idOf = (slot: number) =>
    treeSortingId(
      model.store.isEpic(slot) ? 'epic' : 'issue',
      model.store.ids[slot]!,
      model.store.isEpic(slot) ? null : model.store.epicIssueIds[slot]!,
    );
  const siblings = model.children[move.toParent]!.filter((child) => child !== move.slot).map(idOf);
  const sameParent = move.fromParent === move.toParent;
  return treeReorderInput({
    movedId: idOf(move.slot),
    siblings,
    oldIndex: sameParent ? move.fromIndex : null,
    newIndex: move.toIndex,
    ...(sameParent ? {} : { newParentId: treeSortingId('epic', model.store.ids[move.toParent]!, null) }),
  });
}

/** Applies a move optimistically; returns its undo token and the mutation to send. */
export function applyMove(model: TreeModel, move: TreeMove): Result<AppliedMove, MoveRefusal> {
  const resolved = resolveMove(model, move);
  if (!resolved.ok) return resolved;
  const mutation = mutationOf(model, resolved.value);
  return ok({ undo: moveResolved(model, resolved.value), mutation });
}

/** Moves a slot to an already checked place; returns how to undo it. */
export function moveResolved(model: TreeModel, move: ResolvedMove): MoveUndo {
  const { slot, toParent } = move;
  const undo: MoveUndo = {
    key: model.keyOf(slot),
    parentKey: model.keyOf(move.fromParent),
    index: move.fromIndex,
    toParentKey: model.keyOf(toParent),
    toParentFlags: model.store.flags[toParent]! & (ITEM_FLAG.HAS_CHILDREN | ITEM_FLAG.HAS_ISSUES),
    wasLocal: (model.bits[slot]! & NODE_BIT.LOCAL) !== 0,
  };
  model.relocate(slot, toParent, move.toIndex);
  model.bits[slot]! |= NODE_BIT.LOCAL;
  model.noteChildOfType(toParent, slot);
  return undo;
}

/** Puts a moved item back where it was (after a failed mutation or a cancelled keyboard move). */
export function undoMove(model: TreeModel, undo: MoveUndo): void {
  const slot = model.slotOf(undo.key);
  const parent = model.slotOf(undo.parentKey);
  if (slot < 0 || parent < 0) return;
  model.relocate(slot, parent, undo.index);
  if (!undo.wasLocal) model.bits[slot]! &= ~NODE_BIT.LOCAL;
  const toParent = model.slotOf(undo.toParentKey);
  if (toParent >= 0) {
    const mask = ITEM_FLAG.HAS_CHILDREN | ITEM_FLAG.HAS_ISSUES;
    model.store.flags[toParent] = (model.store.flags[toParent]! & ~mask) | undo.toParentFlags;
  }
}

const heights = new WeakMap<TreeModel, { version: number; bySlot: Map<number, number> }>();

/**
 * Levels of an epic's subtree counting itself (1 for a leaf), as far as the loaded tree knows: an
 * epic whose children are not loaded (or not all loaded) but has child epics counts at least 2.
 */
export function epicHeight(model: TreeModel, slot: number): number {
  if (!model.store.isEpic(slot)) return 0;
  let memo = heights.get(model);
  if (!memo || memo.version !== model.structureVersion) {
    memo = { version: model.structureVersion, bySlot: new Map() };
    heights.set(model, memo);
  }
  const known = memo.bySlot.get(slot);
  if (known !== undefined) return known;
  const bits = model.bits[slot]!;
  const unloadedEpics =
    (!(bits & NODE_BIT.LOADED) && model.store.flags[slot]! & ITEM_FLAG.HAS_CHILDREN) ||
    bits & NODE_BIT.HAS_MORE_EPICS;
  let height = unloadedEpics ? 2 : 1;
  for (const child of model.children[slot]!) {
    if (model.store.isEpic(child)) height = Math.max(height, 1 + epicHeight(model, child));
  }
  memo.bySlot.set(slot, height);
  return height;
}
