/**
 * The epic tree card's engine, outside React: it holds what the overlay shows, talks to the layout
 * worker (the tree, keyed by item), fetches pages of children, sends epicTreeReorder and undoes a
 * refused move, removes items, and draws the canvas in the frame the list scrolled in. The pointer
 * drag (`treePointerDrag.ts`) and the keyboard move (`treeKeyboardMove.ts`) are its parts; it keeps
 * them from mixing. React subscribes to `state` to re-render the overlay when something it shows
 * changes — never per frame.
 */

import { toGlobalId } from '../../../core/domain/gid.ts';
import type { KeyboardMoveCommand } from '../../../core/layout/tree/keyboardMove.ts';
import { keyOfItem, type TreeItemKey } from '../../../core/layout/tree/treeItem.ts';
import type { MoveUndo, TreeMove } from '../../../core/layout/tree/treeMoves.ts';
import type { EpicTreeNodeFieldsInput } from '../../../core/layout/tree/treeReorder.ts';
import {
  ENTRY_FLAG,
  entryOfKey,
  readTreeEntry,
  type TreeEntryView,
  type TreeSnapshot,
} from '../../../core/layout/tree/treeSnapshot.ts';
import { TreeLayoutClient, type TreeViewport } from '../../bridge/treeLayoutClient.ts';
import { cancelFrame, requestFrame } from '../../canvas/frameScheduler.ts';
import type { TreeCanvasSurface } from '../../canvas/TreeCanvas.tsx';
import {
  type ChildItemsPage,
  type EpicTreeData,
  epicAddressOf,
  removeRelation,
  type TreeRoot,
} from '../../data/index.ts';
import { removeItemErrorText } from '../related-items/index.ts';
import { TreeKeyboardMove } from './treeKeyboardMove.ts';
import { keepPagedLists, type MorePageRequest, morePageRequest } from './treePaging.ts';
import { TreePointerDrag, type TreePress, type TreeScrollHost } from './treePointerDrag.ts';
import { TREE_TEXT } from './treeTexts.ts';

export interface TreeControllerOptions {
  readonly data: EpicTreeData;
  /** The root epic's group path and iid. */
  readonly fullPath: string;
  readonly iid: string;
  /** Anonymous visitors get no drag and drop (spec). */
  readonly signedIn: boolean;
  readonly isShowingLabels: boolean;
  /** Shows a toast (the spec's texts). */
  readonly notify: (text: string) => void;
  /** Today as an epoch day, read once when the card mounts (past-due dates). */
  readonly today: number;
}

/** What the overlay renders; replaced (never mutated) when it changes. */
export interface TreeViewState {
  readonly snapshot: TreeSnapshot | null;
  readonly root: TreeRoot | null;
  readonly loading: boolean;
  readonly failed: boolean;
  readonly focusKey: TreeItemKey | null;
  /** The item grabbed by keyboard, or null. */
  readonly grabbedKey: TreeItemKey | null;
  readonly draggingKey: TreeItemKey | null;
  readonly announcement: string;
  /** Worker requests are in flight. */
  readonly busy: boolean;
}

const OVERSCAN_ROWS = 10;

export class TreeController {
  private readonly layoutClient: TreeLayoutClient;
  private readonly options: TreeControllerOptions;
  private surface: TreeCanvasSurface | null = null;
  private viewport = { scrollTop: 0, width: 0, height: 0 };
  private hoverRow = -1;
  private readonly pointerDrag: TreePointerDrag;
  private readonly keyboardMove: TreeKeyboardMove;
  private listeners = new Set<() => void>();
  private disposed = false;
  state: TreeViewState = {
    snapshot: null,
    root: null,
    loading: true,
    failed: false,
    focusKey: null,
    grabbedKey: null,
    draggingKey: null,
    announcement: '',
    busy: false,
  };

  constructor(options: TreeControllerOptions) {
    this.options = options;
    this.pointerDrag = new TreePointerDrag({
      snapshot: () => this.state.snapshot,
      viewport: () => this.viewport,
      setDraggingKey: (draggingKey) => this.set({ draggingKey }),
      expand: (key) => this.expand(key),
      scrollTo: (scrollTop) => this.scrollTo(scrollTop),
      commitMove: (move) => this.applyMove(move),
      requestDraw: () => this.requestDraw(),
    });
    this.keyboardMove = new TreeKeyboardMove({
      send: (input) => this.layoutClient.keyboard(input, this.layoutViewport()),
      view: () => this.state,
      show: (patch) => this.set(patch),
      loadChildren: (key) => {
        const reference = this.referenceOf(key);
        return reference === null ? null : this.fetchChildren(key, reference, false);
      },
      sendMove: (mutation, undo) => this.sendMove(mutation, undo),
    });
    this.layoutClient = new TreeLayoutClient({
      onSnapshot: (snapshot) => {
        this.set({ snapshot });
        // Rows scrolled into the window under a dragging pointer may be its new target.
        this.pointerDrag.followPointer();
      },
      onError: (error) => {
        console.error(error);
        this.set({ failed: true, loading: false });
      },
      onBusyChange: (busy) => this.set({ busy }),
    });
    this.layoutClient.init({ isShowingLabels: options.isShowingLabels });
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Loads the root's first page (again, after an add or create: new items come first). */
  async load(): Promise<void> {
    try {
      const page = await this.options.data.fetchChildren(this.options.fullPath, this.options.iid);
      if (this.disposed) return;
      if (!page) {
        this.set({ loading: false, failed: true });
        return;
      }
      const first = this.state.root === null;
      this.set({ root: page.root, loading: false, failed: false });
      const rootKey = keyOfItem(page.root.item);
      this.layoutClient.update(
        {
          ...(first ? { root: { item: page.root.item, rootDepth: page.root.depth } } : {}),
          pages: [{ parentKey: rootKey, items: page.items, pageInfo: page.pageInfo, append: false }],
        },
        this.layoutViewport(),
      );
    } catch (error) {
      console.error(error);
      if (!this.disposed) this.set({ loading: false, failed: this.state.root === null });
      this.options.notify(TREE_TEXT.fetchFailed);
    }
  }

  /**
   * Reads again the list an item sits in, wherever it is nested, and the root's first page (its
   * totals): after the item changed elsewhere (the work item modal), its row shows it. An item no
   * longer in the tree reloads the root only.
   */
  async reloadAround(key: TreeItemKey): Promise<void> {
    const parentKey = this.entryView(key)?.parentKey;
    const rootKey = this.state.root ? keyOfItem(this.state.root.item) : null;
    const parentReference = parentKey && parentKey !== rootKey ? this.referenceOf(parentKey) : null;
    await Promise.all([
      this.load(),
      parentKey && parentReference !== null ? this.fetchChildren(parentKey, parentReference, false) : null,
    ]);
  }

  setSurface(surface: TreeCanvasSurface | null): void {
    this.surface = surface;
    if (surface) {
      surface.resize(this.viewport.width, this.viewport.height);
      this.requestDraw();
    }
  }

  setViewport(width: number, height: number): void {
    if (width === this.viewport.width && height === this.viewport.height) return;
    this.viewport = { ...this.viewport, width, height };
    this.surface?.resize(width, height);
    if (this.hasRoot) this.layoutClient.layout(this.layoutViewport());
    this.requestDraw();
  }

  /** The list scrolled (native scrolling moved the overlay): draw the canvas in the same frame. */
  scrollTo(scrollTop: number): void {
    // Auto-scroll reports its own scroll at once; the scroll event that follows changes nothing.
    if (scrollTop === this.viewport.scrollTop) return;
    this.viewport = { ...this.viewport, scrollTop };
    if (this.hasRoot) this.layoutClient.layout(this.layoutViewport());
    this.drawNow();
    this.pointerDrag.followPointer();
  }

  /** The element that scrolls the list, which auto-scroll moves while dragging near its edges. */
  setScrollHost(host: TreeScrollHost | null): void {
    this.pointerDrag.setScrollHost(host);
  }

  setShowingLabels(isShowingLabels: boolean): void {
    if (!this.hasRoot) return;
    this.layoutClient.update({ view: { isShowingLabels } }, this.layoutViewport());
  }

  setHoverRow(row: number): void {
    if (row === this.hoverRow) return;
    this.hoverRow = row;
    this.requestDraw();
  }

  setFocus(key: TreeItemKey | null): void {
    if (key === this.state.focusKey) return;
    this.set({ focusKey: key });
  }

  /** Expands or collapses an epic; its first page of children loads the first time. */
  async toggle(key: TreeItemKey): Promise<void> {
    const entry = this.entryView(key);
    if (!entry) return;
    if (entry.flags & ENTRY_FLAG.EXPANDED) {
      this.layoutClient.update({ expanded: [{ key, expanded: false }] }, this.layoutViewport());
      return;
    }
    await this.expand(key);
  }

  /** Expands an epic (an expanded one stays so); its first page of children loads the first time. */
  async expand(key: TreeItemKey): Promise<void> {
    const entry = this.entryView(key);
    if (!entry || entry.flags & ENTRY_FLAG.EXPANDED) return;
    this.layoutClient.update({ expanded: [{ key, expanded: true }] }, this.layoutViewport());
    if (!(entry.flags & ENTRY_FLAG.LOADED)) await this.fetchChildren(key, entry.reference, false);
  }

  /** 'Show more': the next page of whichever lists have one (separate epic and issue cursors). */
  async showMore(parentKey: TreeItemKey): Promise<void> {
    const pageInfo = await this.layoutClient.pageInfo(parentKey);
    if (!pageInfo) return;
    const reference = this.referenceOf(parentKey);
    if (reference === null) return;
    await this.fetchChildren(parentKey, reference, true, morePageRequest(pageInfo));
  }

  /** DELETE the item's relationPath; the row is dimmed meanwhile and goes when the server agrees. */
  async remove(key: TreeItemKey): Promise<void> {
    const entry = this.entryView(key);
    if (!entry) return;
    this.layoutClient.update({ removing: [{ key, inProgress: true }] }, this.layoutViewport());
    const result = await removeRelation(entry.relationPath);
    if (this.disposed) return;
    if (result.ok) {
      this.layoutClient.update({ removed: [key] }, this.layoutViewport());
      await this.load();
    } else {
      this.layoutClient.update({ removing: [{ key, inProgress: false }] }, this.layoutViewport());
      this.options.notify(removeItemErrorText(result.error, entry.type));
    }
  }

  // Drag and drop (signed-in only). Coordinates are px from the list's top-left (scroll included).

  /** A press on an item row; a touch press (`touch`) must be held a moment before it drags. */
  pointerDown(
    key: TreeItemKey,
    pointerId: number,
    x: number,
    y: number,
    button: number,
    touch: boolean,
  ): void {
    // Not during a keyboard move, from the Space that starts it (before the worker answers).
    const enabled = this.options.signedIn && !this.keyboardMove.grabbing && this.state.grabbedKey === null;
    const press: TreePress = { key, pointerId, x, y, button, touch, enabled };
    this.pointerDrag.press(press);
  }

  /** Returns true while a drag is under way (the caller then swallows the click that follows). */
  pointerMove(pointerId: number, x: number, y: number, viewportX: number, viewportY: number): boolean {
    return this.pointerDrag.move(pointerId, x, y, viewportX, viewportY);
  }

  /**
   * Whether the pointer down on the list belongs to the tree now: a drag is under way, or a touch
   * press was held long enough to become one. Its touchmoves must then not scroll the page.
   */
  holdsPointer(): boolean {
    return this.pointerDrag.holdsPointer();
  }

  pointerUp(pointerId: number): boolean {
    return this.pointerDrag.release(pointerId);
  }

  /**
   * Ends a press or drag without a drop. Escape and window blur end any; pointercancel and lost
   * capture pass their `pointerId` and end only that pointer's. A committing drop is not undone.
   */
  cancelDrag(pointerId?: number): void {
    this.pointerDrag.cancel(pointerId);
  }

  // Keyboard moves: Space grabs, arrows move, Space drops, Escape cancels.

  /** Whether keys go to a keyboard move: true from the Space that grabs, before the worker answers. */
  get grabbing(): boolean {
    return this.keyboardMove.grabbing;
  }

  async keyboardGrab(key: TreeItemKey): Promise<void> {
    // Space does nothing during a pointer drag; a mere press (not yet a drag) gives way to the grab.
    const dragPhase = this.pointerDrag.phase;
    if (!this.options.signedIn || dragPhase === 'dragging' || dragPhase === 'committing') return;
    if (dragPhase === 'pointing') this.pointerDrag.cancel();
    await this.keyboardMove.grab(key);
  }

  /** One key of a keyboard move; resolves with the row that keeps focus (-1: none). */
  keyboardStep(command: KeyboardMoveCommand): Promise<number> {
    return this.keyboardMove.step(command);
  }

  /** The row of an item (to scroll it into view), -1 when it is not listed. */
  rowOf(key: TreeItemKey): Promise<number> {
    return this.layoutClient.rowOf(key);
  }

  dispose(): void {
    this.disposed = true;
    cancelFrame(this.draw);
    this.pointerDrag.dispose();
    this.keyboardMove.dispose();
    this.layoutClient.dispose();
    this.listeners.clear();
  }

  /** Applies a dropped move in the worker (it may refuse it) and sends what it applied. */
  private async applyMove(move: TreeMove): Promise<void> {
    const result = await this.layoutClient.move(move, this.layoutViewport());
    if (result?.ok) await this.sendMove(result.value.mutation, result.value.undo);
  }

  /** Sends the reorder; a refusal or failure undoes the optimistic move (spec, "Tree content"). */
  private async sendMove(mutation: EpicTreeNodeFieldsInput, undo: MoveUndo): Promise<void> {
    const root = this.state.root;
    if (!root) return;
    const baseEpicId = toGlobalId('Epic', root.item.id);
    const answer = await this.options.data.reorder(baseEpicId, mutation);
    if (this.disposed) return;
    if (!answer.ok) {
      this.layoutClient.undoMove(undo, this.layoutViewport());
      this.options.notify(mutation.newParentId ? TREE_TEXT.moveFailed : TREE_TEXT.orderFailed);
      return;
    }
    // Counts and weights of the root may have changed (a move across parents).
    if (mutation.newParentId) void this.refreshRoot();
  }

  private async refreshRoot(): Promise<void> {
    try {
      const page = await this.options.data.fetchChildren(this.options.fullPath, this.options.iid, {});
      if (page && !this.disposed) this.set({ root: page.root });
    } catch (error) {
      console.error(error);
    }
  }

  private async fetchChildren(
    key: TreeItemKey,
    reference: string,
    append: boolean,
    more?: MorePageRequest,
  ): Promise<void> {
    const address = epicAddressOf(reference);
    if (!address) return;
    this.layoutClient.update({ fetching: [{ key, inProgress: true }] }, this.layoutViewport());
    let page: ChildItemsPage | null = null;
    try {
      page = await this.options.data.fetchChildren(address.fullPath, address.iid, more);
    } catch (error) {
      console.error(error);
    }
    if (this.disposed) return;
    if (!page) {
      this.layoutClient.update(
        {
          fetching: [{ key, inProgress: false }],
          ...(append ? {} : { expanded: [{ key, expanded: false }] }),
        },
        this.layoutViewport(),
      );
      this.options.notify(TREE_TEXT.fetchFailed);
      return;
    }
    const { items, pageInfo } = more ? keepPagedLists(page, more) : page;
    this.layoutClient.update(
      { pages: [{ parentKey: key, items, pageInfo, append }], fetching: [{ key, inProgress: false }] },
      this.layoutViewport(),
    );
  }

  private entryView(key: TreeItemKey): TreeEntryView | null {
    const snapshot = this.state.snapshot;
    if (!snapshot) return null;
    const entry = entryOfKey(snapshot, key);
    return entry >= 0 ? readTreeEntry(snapshot, entry) : null;
  }

  private referenceOf(key: TreeItemKey): string | null {
    if (this.state.root && key === keyOfItem(this.state.root.item)) return this.state.root.item.reference;
    return this.entryView(key)?.reference ?? null;
  }

  /** The worker has a root (the first page loaded): before that it cannot lay anything out. */
  private get hasRoot(): boolean {
    return this.state.root !== null;
  }

  private layoutViewport(): TreeViewport {
    return { scrollTop: this.viewport.scrollTop, height: this.viewport.height, overscan: OVERSCAN_ROWS };
  }

  private set(patch: Partial<TreeViewState>): void {
    if (this.disposed) return;
    this.state = { ...this.state, ...patch };
    if (patch.snapshot !== undefined) this.requestDraw();
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  private requestDraw(): void {
    requestFrame(this.draw);
  }

  private drawNow(): void {
    cancelFrame(this.draw);
    this.draw();
  }

  private readonly draw = (): void => {
    const { snapshot } = this.state;
    if (!this.surface || !snapshot) return;
    const focusEntry = this.state.focusKey ? entryOfKey(snapshot, this.state.focusKey) : -1;
    this.surface.draw({
      snapshot,
      scrollTop: this.viewport.scrollTop,
      width: this.viewport.width,
      height: this.viewport.height,
      hoverRow: this.pointerDrag.phase === 'dragging' ? -1 : this.hoverRow,
      focusRow: focusEntry >= 0 ? (snapshot.entries.row[focusEntry] ?? -1) : -1,
      dragKey: this.state.draggingKey ?? this.state.grabbedKey,
      drop: this.pointerDrag.indicator,
      ghost: this.pointerDrag.ghost,
      today: this.options.today,
    });
  };
}
