/**
 * Moving a tree item with the keyboard, as a state machine over the resident model (it runs where
 * the model lives — the worker — so each key sees the tree as the previous key left it):
 *
 * - Space grabs the focused row (an expanded epic folds while it moves);
 * - ↑/↓ move it one position among the visible rows: into an expanded epic's list (first child
 *   going down, last child going up) as it passes one, out of its list past either end;
 * - → moves it into the previous sibling epic as its last child, expanding it;
 * - ← moves it out, after its parent;
 * - Space drops: the move from where it was grabbed becomes one epicTreeReorder input, with an undo
 *   token in case the server refuses; Escape puts everything back as it was.
 *
 * Each step previews the move in the tree and says where the item is for a live region.
 */
import { assert } from '../../lib/assert.ts';
import type { TreeItemKey } from './treeItem.ts';
import { NODE_BIT, type TreeModel } from './treeModel.ts';
import { containmentRefusal, type MoveUndo, mutationOf } from './treeMoves.ts';
import type { EpicTreeNodeFieldsInput } from './treeReorder.ts';
import { ITEM_FLAG } from './treeStore.ts';
import { treeTexts } from './treeTexts.ts';

export type KeyboardMoveCommand = 'up' | 'down' | 'in' | 'out' | 'drop' | 'cancel';

export interface KeyboardMoveStep {
  readonly phase: 'idle' | 'grabbed';
  /** For the live region; '' when there is nothing to say. */
  readonly announcement: string;
  /** The row to keep focused. */
  readonly focusKey: TreeItemKey | null;
  /** Epics this step expanded whose children are not loaded: fetch their first page. */
  readonly fetchChildren: readonly TreeItemKey[];
  /** On a drop that moved the item: the mutation input and how to undo the move if it fails. */
  readonly commit: { readonly mutation: EpicTreeNodeFieldsInput; readonly undo: MoveUndo } | null;
}

interface Grab {
  readonly slot: number;
  readonly key: TreeItemKey;
  readonly title: string;
  readonly originParent: number;
  readonly originIndex: number;
  readonly wasLocal: boolean;
  readonly foldedOnGrab: boolean;
  /** Epics the gesture expanded, in order. */
  readonly expanded: number[];
  /** HAS_CHILDREN/HAS_ISSUES flags of each parent the item entered, before it did. */
  readonly parentFlags: Map<number, number>;
}

const CHILD_FLAGS = ITEM_FLAG.HAS_CHILDREN | ITEM_FLAG.HAS_ISSUES;

export class KeyboardMove {
  private grab: Grab | null = null;

  constructor(private readonly model: TreeModel) {}

  get grabbedKey(): TreeItemKey | null {
    return this.grab?.key ?? null;
  }

  /** Space on a focused row. */
  start(key: TreeItemKey): KeyboardMoveStep {
    const { model } = this;
    if (this.grab) return this.step(treeTexts.grabbed(this.grab.title));
    const slot = model.slotOf(key);
    if (slot < 0 || slot === model.rootSlot || model.parent[slot]! < 0) return idle('', null);
    const foldedOnGrab = model.store.isEpic(slot) && model.isExpanded(slot);
    if (foldedOnGrab) model.setExpanded(key, false);
    this.grab = {
      slot,
      key,
      title: model.store.titles[slot]!,
      originParent: model.parent[slot]!,
      originIndex: model.indexOf(slot),
      wasLocal: (model.bits[slot]! & NODE_BIT.LOCAL) !== 0,
      foldedOnGrab,
      expanded: [],
      parentFlags: new Map(),
    };
    return this.step(treeTexts.grabbed(this.grab.title));
  }

  command(command: KeyboardMoveCommand): KeyboardMoveStep {
    const grab = this.grab;
    if (!grab) return idle('', null);
    if (this.model.slotOf(grab.key) !== grab.slot || this.model.parent[grab.slot]! < 0) {
      // The item left the tree under the gesture (removed, or the tree was reloaded).
      this.grab = null;
      return idle(treeTexts.cancelled, null);
    }
    switch (command) {
      case 'down':
        return this.down(grab);
      case 'up':
        return this.up(grab);
      case 'in':
        return this.into(grab);
      case 'out':
        return this.out(grab);
      case 'drop':
        return this.drop(grab);
      case 'cancel':
        return this.cancel(grab);
    }
  }

  /**
   * Says again where the grabbed item is, without moving it: an epic it entered before its children
   * were loaded has them now, around it. Idle and silent when nothing is grabbed.
   */
  locate(): KeyboardMoveStep {
    const grab = this.grab;
    if (!grab || this.model.slotOf(grab.key) !== grab.slot || this.model.parent[grab.slot]! < 0) {
      return idle('', null);
    }
    const [position, size, parentTitle] = this.place(grab.slot);
    return this.step(treeTexts.position(grab.title, position, size, parentTitle));
  }

  /** Forgets the gesture without touching the tree (the tree was replaced). */
  reset(): void {
    this.grab = null;
  }

  private down(grab: Grab): KeyboardMoveStep {
    const { model } = this;
    const parent = model.parent[grab.slot]!;
    const index = model.indexOf(grab.slot);
    const list = model.children[parent]!;
    const next = list[index + 1];
    if (next !== undefined) {
      if (this.canEnter(next, grab)) return this.moveTo(grab, next, 0);
      return this.moveTo(grab, parent, index + 1);
    }
    if (parent === model.rootSlot) return this.step(treeTexts.cannotMoveFurther(grab.title));
    return this.moveTo(grab, model.parent[parent]!, model.indexOf(parent) + 1);
  }

  private up(grab: Grab): KeyboardMoveStep {
    const { model } = this;
    const parent = model.parent[grab.slot]!;
    const index = model.indexOf(grab.slot);
    const previous = model.children[parent]![index - 1];
    if (previous !== undefined) {
      if (this.canEnter(previous, grab)) return this.moveTo(grab, previous, model.children[previous]!.length);
      return this.moveTo(grab, parent, index - 1);
    }
    if (parent === model.rootSlot) return this.step(treeTexts.cannotMoveFurther(grab.title));
    return this.moveTo(grab, model.parent[parent]!, model.indexOf(parent));
  }

  private into(grab: Grab): KeyboardMoveStep {
    const { model } = this;
    const parent = model.parent[grab.slot]!;
    const previous = model.children[parent]![model.indexOf(grab.slot) - 1];
    const refusal = previous === undefined ? 'notAParent' : containmentRefusal(model, previous, grab.slot);
    if (previous === undefined || refusal) {
      return this.step(
        refusal === 'tooDeep' ? treeTexts.tooDeep(grab.title) : treeTexts.cannotGoInto(grab.title),
      );
    }
    const fetchChildren: TreeItemKey[] = [];
    if (!model.isExpanded(previous)) {
      const key = model.keyOf(previous);
      model.setExpanded(key, true);
      grab.expanded.push(previous);
      if (!model.isLoaded(previous)) {
        model.setFetching(key, true);
        fetchChildren.push(key);
      }
    }
    const step = this.moveTo(grab, previous, model.children[previous]!.length);
    return { ...step, fetchChildren };
  }

  private out(grab: Grab): KeyboardMoveStep {
    const { model } = this;
    const parent = model.parent[grab.slot]!;
    if (parent === model.rootSlot) return this.step(treeTexts.cannotMoveFurther(grab.title));
    return this.moveTo(grab, model.parent[parent]!, model.indexOf(parent) + 1);
  }

  private drop(grab: Grab): KeyboardMoveStep {
    const { model } = this;
    this.grab = null;
    const toParent = model.parent[grab.slot]!;
    const toIndex = model.indexOf(grab.slot);
    if (grab.foldedOnGrab) model.setExpanded(grab.key, true);
    this.restoreParentFlags(grab, toParent);
    if (toParent === grab.originParent && toIndex === grab.originIndex) {
      this.restoreLocal(grab);
      return idle(treeTexts.droppedUnchanged(grab.title), grab.key);
    }
    const mutation = mutationOf(model, {
      slot: grab.slot,
      fromParent: grab.originParent,
      fromIndex: grab.originIndex,
      toParent,
      toIndex,
    });
    const undo: MoveUndo = {
      key: grab.key,
      parentKey: model.keyOf(grab.originParent),
      index: grab.originIndex,
      toParentKey: model.keyOf(toParent),
      toParentFlags: grab.parentFlags.get(toParent) ?? model.store.flags[toParent]! & CHILD_FLAGS,
      wasLocal: grab.wasLocal,
    };
    const [position, size, parentTitle] = this.place(grab.slot);
    return {
      phase: 'idle',
      announcement: treeTexts.dropped(grab.title, position, size, parentTitle),
      focusKey: grab.key,
      fetchChildren: [],
      commit: { mutation, undo },
    };
  }

  private cancel(grab: Grab): KeyboardMoveStep {
    const { model } = this;
    this.grab = null;
    model.relocate(grab.slot, grab.originParent, grab.originIndex);
    this.restoreParentFlags(grab, -1);
    this.restoreLocal(grab);
    for (const slot of [...grab.expanded].reverse()) {
      const key = model.keyOf(slot);
      model.setExpanded(key, false);
      // Folded again: its loading row is gone; the page being fetched still arrives and loads it.
      if (!model.isLoaded(slot)) model.setFetching(key, false);
    }
    if (grab.foldedOnGrab) model.setExpanded(grab.key, true);
    return idle(treeTexts.cancelled, grab.key);
  }

  /** An expanded epic the item may enter as it passes (a folded one is passed over). */
  private canEnter(slot: number, grab: Grab): boolean {
    const { model } = this;
    return model.store.isEpic(slot) && model.isExpanded(slot) && !containmentRefusal(model, slot, grab.slot);
  }

  private moveTo(grab: Grab, parent: number, index: number): KeyboardMoveStep {
    const { model } = this;
    assert(parent >= 0, 'keyboard move target has no parent');
    if (!grab.parentFlags.has(parent)) grab.parentFlags.set(parent, model.store.flags[parent]! & CHILD_FLAGS);
    model.relocate(grab.slot, parent, index);
    model.bits[grab.slot]! |= NODE_BIT.LOCAL;
    model.noteChildOfType(parent, grab.slot);
    const [position, size, parentTitle] = this.place(grab.slot);
    return this.step(treeTexts.position(grab.title, position, size, parentTitle));
  }

  private place(slot: number): [position: number, size: number, parentTitle: string] {
    const { model } = this;
    const parent = model.parent[slot]!;
    return [model.indexOf(slot) + 1, model.children[parent]!.length, model.store.titles[parent]!];
  }

  /** Puts back the chevron flags of parents the item passed through (all but `keep`). */
  private restoreParentFlags(grab: Grab, keep: number): void {
    for (const [parent, flags] of grab.parentFlags) {
      if (parent === keep || !this.model.store.flags[parent]) continue;
      this.model.store.flags[parent] = (this.model.store.flags[parent]! & ~CHILD_FLAGS) | flags;
    }
  }

  private restoreLocal(grab: Grab): void {
    if (!grab.wasLocal) this.model.bits[grab.slot]! &= ~NODE_BIT.LOCAL;
  }

  private step(announcement: string): KeyboardMoveStep {
    return {
      phase: 'grabbed',
      announcement,
      focusKey: this.grab?.key ?? null,
      fetchChildren: [],
      commit: null,
    };
  }
}

function idle(announcement: string, focusKey: TreeItemKey | null): KeyboardMoveStep {
  return { phase: 'idle', announcement, focusKey, fetchChildren: [], commit: null };
}
