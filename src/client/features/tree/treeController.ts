/**
 * The epic tree card's engine, outside React: it talks to the layout worker (the tree, keyed by
 * item), fetches pages of children, runs the drag and keyboard move machines, sends epicTreeReorder
 * and undoes a refused move, and draws the canvas in the frame the list scrolled in. React
 * subscribes to `version` to re-render the overlay when something it shows changes — never per frame.
 */

import { AutoScroll } from '../../../core/layout/tree/autoScroll.ts';
import {
  DRAG_IDLE,
  type DragState,
  dragHoldsPointer,
  dragStep,
} from '../../../core/layout/tree/dragGesture.ts';
import {
  type DragSubject,
  dragSubjectOf,
  dropTargetAt,
  moveOfDrop,
} from '../../../core/layout/tree/dropTarget.ts';
import { type Clock, HoverExpand } from '../../../core/layout/tree/hoverExpand.ts';
import { keyOfItem, type TreeItemInput, type TreeItemKey } from '../../../core/layout/tree/treeItem.ts';
import type { MoveUndo } from '../../../core/layout/tree/treeMoves.ts';
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
import type { TreeFrame } from '../../canvas/treeFrame.ts';
import {
  type ChildItemsPage,
  type EpicTreeData,
  epicAddressOf,
  type TreeRoot,
} from '../../data/epicTreeData.ts';
import { removeRelation } from '../../data/treeLinksRest.ts';
import { TREE_TEXT } from './treeTexts.ts';

export interface TreeControllerOptions {
  readonly data: EpicTreeData;
  /** The root epic's group path and iid. */
  readonly fullPath: string;
  readonly iid: string;
  /** Anonymous visitors get no drag and drop (spec 6). */
  readonly signedIn: boolean;
  readonly isShowingLabels: boolean;
  /** Shows a toast (the spec's texts). */
  readonly notify: (text: string) => void;
  /** Today as an epoch day, from the page's clock (past-due dates). */
  readonly today: () => number;
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

/** The list's scrolling element, as much of it as auto-scroll uses (an HTMLElement is one). */
export interface TreeScrollHost {
  scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
}

const OVERSCAN_ROWS = 10;

export class TreeController {
  private readonly layoutClient: TreeLayoutClient;
  private readonly options: TreeControllerOptions;
  private surface: TreeCanvasSurface | null = null;
  private viewport = { scrollTop: 0, width: 0, height: 0 };
  private hoverRow = -1;
  private drag: DragState = DRAG_IDLE;
  private dragSubject: DragSubject | null = null;
  private ghost: TreeFrame['ghost'] = null;
  /** Where the dragging pointer is, px from the scroller's top-left (no scroll), or null. */
  private dragPointer: { readonly x: number; readonly y: number } | null = null;
  private readonly clock: Clock = { now: () => performance.now() };
  private readonly hoverExpand = new HoverExpand(this.clock);
  private readonly autoScroll = new AutoScroll(this.clock);
  private scrollHost: TreeScrollHost | null = null;
  /**
   * A keyboard move is under way as far as keys are concerned. Set when Space is pressed, not when
   * the worker answers, so that an arrow typed right after Space moves the item instead of the
   * focus; the worker takes the commands in the order they were sent.
   */
  private keyboardGrabbed = false;
  private listeners = new Set<() => void>();
  private disposed = false;
  /** The worker has a root: before that it cannot lay anything out. */
  private hasRoot = false;
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
    this.layoutClient = new TreeLayoutClient({
      onSnapshot: (snapshot) => {
        this.set({ snapshot });
        // Rows scrolled into the window under a dragging pointer may be its new target.
        this.followPointer();
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
      this.hasRoot = true;
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
    this.followPointer();
  }

  /** The element that scrolls the list, which auto-scroll moves while dragging near its edges. */
  setScrollHost(host: TreeScrollHost | null): void {
    this.scrollHost = host;
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
    await this.fetchChildren(parentKey, reference, true, {
      epicEndCursor: pageInfo.hasMoreEpics ? pageInfo.epicEndCursor : null,
      issueEndCursor: pageInfo.hasMoreIssues ? pageInfo.issueEndCursor : null,
      onlyMore: { epics: pageInfo.hasMoreEpics, issues: pageInfo.hasMoreIssues },
    });
  }

  /** DELETE the item's relationPath; the row is dimmed meanwhile and goes when the server agrees. */
  async remove(key: TreeItemKey): Promise<void> {
    const entry = this.entryView(key);
    if (!entry) return;
    this.layoutClient.update({ removing: [{ key, inProgress: true }] }, this.layoutViewport());
    const result = await removeRelation(entry.relationPath, entry.type);
    if (this.disposed) return;
    if (result.ok) {
      this.layoutClient.update({ removed: [key] }, this.layoutViewport());
      await this.load();
    } else {
      this.layoutClient.update({ removing: [{ key, inProgress: false }] }, this.layoutViewport());
      this.options.notify(result.error);
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
    const snapshot = this.state.snapshot;
    if (!snapshot || this.drag.phase === 'dragging' || this.drag.phase === 'committing') return;
    const step = dragStep(this.drag, {
      type: 'press',
      key,
      pointerId,
      x,
      y,
      button,
      touch,
      at: this.clock.now(),
      // Not during a keyboard move, from the Space that starts it (before the worker answers).
      enabled: this.options.signedIn && !this.keyboardGrabbed && this.state.grabbedKey === null,
    });
    this.drag = step.state;
    const entry = entryOfKey(snapshot, key);
    this.dragSubject = entry >= 0 ? dragSubjectOf(snapshot, entry) : null;
  }

  /** Returns true while a drag is under way (the caller then swallows the click that follows). */
  pointerMove(pointerId: number, x: number, y: number, viewportX: number, viewportY: number): boolean {
    const snapshot = this.state.snapshot;
    const drag = this.drag;
    if (drag.phase === 'idle' || drag.phase === 'committing' || !snapshot || !this.dragSubject) return false;
    if (drag.pointerId !== pointerId) return false;
    const probe = dropTargetAt(snapshot, this.dragSubject, { x, y });
    const step = dragStep(drag, {
      type: 'move',
      pointerId,
      x,
      y,
      at: this.clock.now(),
      target: probe.target,
    });
    this.drag = step.state;
    if (step.effect.type === 'start') this.set({ draggingKey: step.effect.key });
    if (this.drag.phase !== 'dragging') return false;
    this.dragPointer = { x: viewportX, y: viewportY };
    this.ghost = {
      x: viewportX,
      y: viewportY,
      title: this.dragSubject.title,
      isEpic: this.dragSubject.isEpic,
    };
    this.hoverExpand.hover(probe.hoverKey);
    this.pollHoverExpand();
    this.aimAutoScroll();
    this.requestDraw();
    return true;
  }

  /**
   * Whether the pointer down on the list belongs to the tree now: a drag is under way, or a touch
   * press was held long enough to become one. Its touchmoves must then not scroll the page.
   */
  holdsPointer(): boolean {
    return dragHoldsPointer(this.drag, this.clock.now());
  }

  pointerUp(pointerId: number): boolean {
    const step = dragStep(this.drag, { type: 'release', pointerId });
    const wasDragging = this.drag.phase === 'dragging';
    this.drag = step.state;
    if (step.effect.type === 'commit' && this.dragSubject) {
      const move = moveOfDrop(this.dragSubject, step.effect.target);
      void this.commitMove(move);
    } else if (step.effect.type === 'cancel') {
      this.endDrag();
    }
    return wasDragging;
  }

  /**
   * Ends a press or drag without a drop. Escape and window blur end any; pointercancel and lost
   * capture pass their `pointerId` and end only that pointer's. A committing drop is not undone.
   */
  cancelDrag(pointerId?: number): void {
    const wasPointing = this.drag.phase === 'pointing';
    const step = dragStep(
      this.drag,
      pointerId === undefined ? { type: 'cancel' } : { type: 'cancel', pointerId },
    );
    this.drag = step.state;
    if (step.effect.type === 'cancel' || (wasPointing && step.state.phase === 'idle')) this.endDrag();
  }

  // Keyboard moves: Space grabs, arrows move, Space drops, Escape cancels.

  /** Whether keys go to a keyboard move: true from the Space that grabs, before the worker answers. */
  get grabbing(): boolean {
    return this.keyboardGrabbed;
  }

  async keyboardGrab(key: TreeItemKey): Promise<void> {
    // Space does nothing during a pointer drag; a mere press (not yet a drag) gives way to the grab.
    if (!this.options.signedIn || this.drag.phase === 'dragging' || this.drag.phase === 'committing') return;
    if (this.drag.phase === 'pointing') this.cancelDrag();
    this.keyboardGrabbed = true;
    const answer = await this.layoutClient.keyboard({ type: 'grab', key }, this.layoutViewport());
    if (answer?.step.phase !== 'grabbed') this.keyboardGrabbed = false;
    if (!answer) return;
    this.set({
      grabbedKey: answer.step.phase === 'grabbed' ? key : null,
      announcement: answer.step.announcement,
    });
  }

  async keyboardStep(command: 'up' | 'down' | 'in' | 'out' | 'drop' | 'cancel'): Promise<number> {
    if (command === 'drop' || command === 'cancel') this.keyboardGrabbed = false;
    const answer = await this.layoutClient.keyboard({ type: command }, this.layoutViewport());
    if (!answer) return -1;
    const { step } = answer;
    if (step.phase === 'idle') this.keyboardGrabbed = false;
    this.set({
      grabbedKey: step.phase === 'grabbed' ? this.state.grabbedKey : null,
      focusKey: step.focusKey ?? this.state.focusKey,
      announcement: step.announcement,
    });
    for (const key of step.fetchChildren) {
      const reference = this.referenceOf(key);
      if (reference !== null) {
        void this.fetchChildren(key, reference, false).then(() => this.announceGrabbedPlace());
      }
    }
    if (step.commit) void this.sendMove(step.commit.mutation, step.commit.undo);
    return answer.focusRow;
  }

  /** The row of an item (to scroll it into view), -1 when it is not listed. */
  rowOf(key: TreeItemKey): Promise<number> {
    return this.layoutClient.rowOf(key);
  }

  dispose(): void {
    this.disposed = true;
    cancelFrame(this.draw);
    cancelFrame(this.pollHoverExpand);
    cancelFrame(this.autoScrollFrame);
    this.layoutClient.dispose();
    this.listeners.clear();
  }

  private async commitMove(move: { key: TreeItemKey; parentKey: TreeItemKey; at: number }): Promise<void> {
    const result = await this.layoutClient.move(move, this.layoutViewport());
    if (!result?.ok) {
      this.settleDrag();
      return;
    }
    await this.sendMove(result.value.mutation, result.value.undo);
    this.settleDrag();
  }

  /** Sends the reorder; a refusal or failure undoes the optimistic move (spec 4 "Tree content"). */
  private async sendMove(mutation: EpicTreeNodeFieldsInput, undo: MoveUndo): Promise<void> {
    const root = this.state.root;
    if (!root) return;
    const baseEpicId = `gid://gitlab/Epic/${root.item.id}`;
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

  private settleDrag(): void {
    this.drag = dragStep(this.drag, { type: 'settled' }).state;
    this.endDrag();
  }

  /**
   * The item grabbed by keyboard went into an epic whose children were still loading; they have
   * arrived around it, so its announced position (1 of 1) is stale: say the real one.
   */
  private async announceGrabbedPlace(): Promise<void> {
    if (!this.keyboardGrabbed || this.disposed) return;
    const answer = await this.layoutClient.keyboard({ type: 'locate' }, this.layoutViewport());
    if (answer?.step.phase !== 'grabbed' || !this.keyboardGrabbed) return;
    this.set({ announcement: answer.step.announcement });
  }

  private endDrag(): void {
    this.dragSubject = null;
    this.ghost = null;
    this.dragPointer = null;
    this.hoverExpand.reset();
    this.autoScroll.reset();
    cancelFrame(this.pollHoverExpand);
    cancelFrame(this.autoScrollFrame);
    this.set({ draggingKey: null });
    this.requestDraw();
  }

  private readonly pollHoverExpand = (): void => {
    if (this.drag.phase !== 'dragging') return;
    const key = this.hoverExpand.poll();
    if (key) void this.expand(key);
    if (this.hoverExpand.deadline !== null) requestFrame(this.pollHoverExpand);
  };

  /** The list moved under a still pointer (auto-scroll, wheel, a new layout): the target follows. */
  private followPointer(): void {
    const snapshot = this.state.snapshot;
    const drag = this.drag;
    if (drag.phase !== 'dragging' || !snapshot || !this.dragSubject || !this.dragPointer) return;
    const x = this.dragPointer.x;
    const y = this.dragPointer.y + this.viewport.scrollTop;
    const probe = dropTargetAt(snapshot, this.dragSubject, { x, y });
    const at = this.clock.now();
    this.drag = dragStep(drag, {
      type: 'move',
      pointerId: drag.pointerId,
      x,
      y,
      at,
      target: probe.target,
    }).state;
    this.hoverExpand.hover(probe.hoverKey);
    this.pollHoverExpand();
    this.aimAutoScroll();
    this.requestDraw();
  }

  /** Starts auto-scroll when the dragging pointer is near the list's top or bottom edge. */
  private aimAutoScroll(): void {
    if (!this.dragPointer) return;
    if (this.autoScroll.aim(this.dragPointer.y, this.viewport.height)) requestFrame(this.autoScrollFrame);
  }

  /** One frame of auto-scroll: scroll, then lay out, draw and re-target at once (same frame). */
  private readonly autoScrollFrame = (): void => {
    const host = this.scrollHost;
    if (this.drag.phase !== 'dragging' || !host) {
      this.autoScroll.reset();
      return;
    }
    const next = this.autoScroll.step(host.scrollTop, host.scrollHeight - host.clientHeight);
    if (next === null) return;
    host.scrollTop = next;
    this.scrollTo(host.scrollTop);
    requestFrame(this.autoScrollFrame);
  };

  private async fetchChildren(
    key: TreeItemKey,
    reference: string,
    append: boolean,
    more?: {
      epicEndCursor: string | null;
      issueEndCursor: string | null;
      onlyMore: { epics: boolean; issues: boolean };
    },
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
    // A list without a next page was asked again from its start: keep only the lists paged.
    const items = more
      ? page.items.filter((item: TreeItemInput) =>
          item.type === 'epic' ? more.onlyMore.epics : more.onlyMore.issues,
        )
      : page.items;
    const pageInfo = more
      ? {
          epicEndCursor: more.onlyMore.epics ? page.pageInfo.epicEndCursor : null,
          hasMoreEpics: more.onlyMore.epics && page.pageInfo.hasMoreEpics,
          issueEndCursor: more.onlyMore.issues ? page.pageInfo.issueEndCursor : null,
          hasMoreIssues: more.onlyMore.issues && page.pageInfo.hasMoreIssues,
        }
      : page.pageInfo;
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
    const indicator = this.drag.phase === 'dragging' ? (this.drag.target?.indicator ?? null) : null;
    this.surface.draw({
      snapshot,
      scrollTop: this.viewport.scrollTop,
      width: this.viewport.width,
      height: this.viewport.height,
      hoverRow: this.drag.phase === 'dragging' ? -1 : this.hoverRow,
      focusRow: focusEntry >= 0 ? (snapshot.entries.row[focusEntry] ?? -1) : -1,
      dragKey: this.state.draggingKey ?? this.state.grabbedKey,
      drop: indicator,
      ghost: this.ghost,
      today: this.options.today(),
    });
  };
}
