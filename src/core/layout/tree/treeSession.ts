/**
 * What the tree layout worker runs, minus Comlink: a TreeModel driven by small serializable
 * messages (changes keyed by item key, moves, keyboard commands) and answering with snapshots of a
 * scroll window tagged with the caller's epoch. Lives in core so it is tested and benchmarked
 * without a worker.
 */
import type { Result } from '../../lib/result.ts';
import { KeyboardMove, type KeyboardMoveCommand, type KeyboardMoveStep } from './keyboardMove.ts';
import type { TreeItemInput, TreeItemKey, TreeItemPatch, TreePageInfo } from './treeItem.ts';
import { layoutTreeWindow, type TreeLayoutView, type TreeViewport } from './treeLayout.ts';
import { TreeModel, type TreePage } from './treeModel.ts';
import {
  type AppliedMove,
  applyMove,
  type MoveRefusal,
  type MoveUndo,
  type TreeMove,
  undoMove,
} from './treeMoves.ts';
import type { TreeSnapshot } from './treeSnapshot.ts';

export type TreeView = TreeLayoutView;

/** One batch of changes; every field is optional, applied in the order listed. */
export interface TreeChange {
  readonly view?: Partial<TreeView>;
  /** Starts over with this root (1 + its ancestors as rootDepth, default 1). */
  readonly root?: { readonly item: TreeItemInput; readonly rootDepth?: number };
  readonly removed?: readonly TreeItemKey[];
  readonly pages?: readonly ({ readonly parentKey: TreeItemKey } & TreePage)[];
  /** Items added or created under a parent: they go to its top. */
  readonly added?: readonly { readonly parentKey: TreeItemKey; readonly items: readonly TreeItemInput[] }[];
  readonly updated?: readonly TreeItemPatch[];
  readonly expanded?: readonly { readonly key: TreeItemKey; readonly expanded: boolean }[];
  readonly fetching?: readonly { readonly key: TreeItemKey; readonly inProgress: boolean }[];
  readonly removing?: readonly { readonly key: TreeItemKey; readonly inProgress: boolean }[];
}

export type TreeKeyboardInput =
  | { readonly type: 'grab'; readonly key: TreeItemKey }
  /** Where the grabbed item is now (after a page of children arrived around it); moves nothing. */
  | { readonly type: 'locate' }
  | { readonly type: KeyboardMoveCommand };

export class TreeSession {
  private view: TreeView;
  private readonly model = new TreeModel();
  private readonly keyboardMove = new KeyboardMove(this.model);
  /** The newest epoch seen; older requests are still answered, and the client drops them. */
  latestEpoch = -1;

  constructor(view: TreeView) {
    this.view = view;
  }

  get rowCount(): number {
    return this.model.rowCount;
  }

  apply(change: TreeChange): void {
    const { model } = this;
    if (change.view) this.view = { ...this.view, ...change.view };
    if (change.root) {
      this.keyboardMove.reset();
      model.setRoot(change.root.item, change.root.rootDepth ?? 1);
    }
    for (const key of change.removed ?? []) model.removeItem(key);
    for (const { parentKey, ...page } of change.pages ?? []) model.receivePage(parentKey, page);
    for (const { parentKey, items } of change.added ?? []) model.addItems(parentKey, items);
    if (change.updated?.length) model.updateItems(change.updated);
    for (const { key, expanded } of change.expanded ?? []) model.setExpanded(key, expanded);
    for (const { key, inProgress } of change.fetching ?? []) model.setFetching(key, inProgress);
    for (const { key, inProgress } of change.removing ?? []) model.setRemoving(key, inProgress);
  }

  layout(epoch: number, viewport: TreeViewport): TreeSnapshot {
    this.latestEpoch = Math.max(this.latestEpoch, epoch);
    return layoutTreeWindow(this.model, epoch, viewport, this.view);
  }

  /** Applies a move optimistically: the undo token and epicTreeReorder input, or why it is refused. */
  move(move: TreeMove): Result<AppliedMove, MoveRefusal> {
    return applyMove(this.model, move);
  }

  undoMove(undo: MoveUndo): void {
    undoMove(this.model, undo);
  }

  keyboard(input: TreeKeyboardInput): KeyboardMoveStep {
    if (input.type === 'grab') return this.keyboardMove.start(input.key);
    if (input.type === 'locate') return this.keyboardMove.locate();
    return this.keyboardMove.command(input.type);
  }

  /** The row of an item, or -1 when it is not visible (to scroll it into view). */
  rowOf(key: TreeItemKey): number {
    return this.model.rowOfKey(key);
  }

  pageInfo(key: TreeItemKey): TreePageInfo {
    return this.model.pageInfoOf(key);
  }

  reset(): void {
    this.keyboardMove.reset();
    this.model.clear();
  }
}
