/**
 * The contract between the epic tree card and its layout worker: types only, imported by both sides
 * (the main thread wraps it in `Comlink.Remote<TreeLayoutApi>`, so every method returns a Promise
 * there). Messages are small: changes keyed by item key, a move, a keyboard command, a viewport.
 * Answers carry a `TreeSnapshot` whose numbers travel in one transferred ArrayBuffer, tagged with the
 * epoch (request counter) of their request so the page can drop stale ones.
 */
import type { KeyboardMoveStep } from '../src/core/layout/tree/keyboardMove.ts';
import type { TreeItemKey, TreePageInfo } from '../src/core/layout/tree/treeItem.ts';
import type { TreeViewport } from '../src/core/layout/tree/treeLayout.ts';
import type { AppliedMove, MoveRefusal, MoveUndo, TreeMove } from '../src/core/layout/tree/treeMoves.ts';
import type { TreeChange, TreeKeyboardInput, TreeView } from '../src/core/layout/tree/treeSession.ts';
import type { TreeSnapshot } from '../src/core/layout/tree/treeSnapshot.ts';
import type { Result } from '../src/core/lib/result.ts';

export type {
  AppliedMove,
  KeyboardMoveStep,
  MoveRefusal,
  MoveUndo,
  TreeChange,
  TreeItemKey,
  TreeKeyboardInput,
  TreeMove,
  TreePageInfo,
  TreeSnapshot,
  TreeView,
  TreeViewport,
};

export interface TreeMoveAnswer {
  readonly result: Result<AppliedMove, MoveRefusal>;
  readonly snapshot: TreeSnapshot;
}

export interface TreeKeyboardAnswer {
  readonly step: KeyboardMoveStep;
  /** Row of the focused item after the step (-1 when none), to keep it scrolled into view. */
  readonly focusRow: number;
  readonly snapshot: TreeSnapshot;
}

export interface TreeLayoutApi {
  /** Starts (or restarts) a session with a view and no tree; send a `root` change next. */
  init(view: TreeView): void;
  /** Applies changes (root, pages, added, removed, updated, flags, view) and lays out the viewport. */
  update(epoch: number, change: TreeChange, viewport: TreeViewport): TreeSnapshot;
  /** Lays out the viewport as it is: scrolls. */
  layout(epoch: number, viewport: TreeViewport): TreeSnapshot;
  /** Applies a move optimistically (refused moves change nothing) and lays out. */
  move(epoch: number, move: TreeMove, viewport: TreeViewport): TreeMoveAnswer;
  /** Reverts a move whose mutation failed, and lays out. */
  undoMove(epoch: number, undo: MoveUndo, viewport: TreeViewport): TreeSnapshot;
  /** One step of a keyboard move (grab, arrows, drop, cancel), and lays out. */
  keyboard(epoch: number, input: TreeKeyboardInput, viewport: TreeViewport): TreeKeyboardAnswer;
  /** The row of an item, or -1 when it is not visible (to scroll it into view). */
  rowOf(key: TreeItemKey): number;
  /** A parent's paging cursors and flags (for 'Show more'). */
  pageInfo(key: TreeItemKey): TreePageInfo;
  /** Drops the tree and the session (unmount). */
  dispose(): void;
}
