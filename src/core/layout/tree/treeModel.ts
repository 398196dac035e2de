/**
 * The resident epic child tree (spec, "Child item", "Per-item flags", "Tree items", "Tree
 * content"): items by key, each parent's ordered children, expansion and paging flags, and the
 * flattened visible rows. Every operation updates the rows by splicing only the block it changes
 * (TreeRows), and keeps `inner` — the rows a parent shows under itself when expanded — up to date
 * along the ancestor chain, so nothing walks the whole tree: a toggle costs the rows it shows or
 * hides, a move the rows of the moved block, a page the rows of its items.
 *
 * The root is the epic whose card this is; it has no row, and its children are at level 1.
 */
import { assert } from '../../lib/assert.ts';
import { grownArray } from '../../lib/typedArrays.ts';
import {
  keyOfItem,
  NO_MORE_PAGES,
  sortChildItems,
  type TreeItemInput,
  type TreeItemKey,
  type TreeItemPatch,
  type TreePageInfo,
} from './treeItem.ts';
import { ROW_KIND, type RowKind, TreeRows } from './treeRows.ts';
import { ITEM_FLAG, TreeStore } from './treeStore.ts';

/** Bits of `TreeModel.bits`, per slot. */
export const NODE_BIT = {
  EXPANDED: 1,
  /** A first page of children has arrived. */
  LOADED: 2,
  FETCHING: 4,
  REMOVING: 8,
  /** Placed by this client (added or moved) since its parent's last page: kept when a page replaces. */
  LOCAL: 16,
  HAS_MORE_EPICS: 32,
  HAS_MORE_ISSUES: 64,
} as const;

/** A page of children for one parent; `append: false` is a first page and replaces the list. */
export interface TreePage {
  readonly items: readonly TreeItemInput[];
  readonly pageInfo: TreePageInfo;
  readonly append: boolean;
}

export class TreeModel {
  readonly store = new TreeStore();
  readonly rows = new TreeRows();
  rootSlot = -1;
  /** Depth of the root epic in its hierarchy: 1 + its ancestors (for the 7-level limit). */
  rootDepth = 1;
  /** Bumped when any parent → children link changes; caches compare it. */
  structureVersion = 0;
  parent = new Int32Array(0);
  /** Levels below the root: the root is 0, its children 1 (the aria-level of their rows). */
  depth = new Uint8Array(0);
  /** Rows shown under a slot when it is expanded (its children's rows plus its extra row). */
  inner = new Int32Array(0);
  bits = new Uint8Array(0);
  /**
   * A slot's position in its parent's list, checked on read (`children[p][i] === slot`); per parent,
   * the entries of positions below `indexValidBelow` are known right, so a stale read refreshes
   * only the positions after the last change.
   */
  indexInParent = new Int32Array(0);
  indexValidBelow = new Int32Array(0);
  children: number[][] = [];
  epicCursors: (string | null)[] = [];
  issueCursors: (string | null)[] = [];

  get rowCount(): number {
    return this.rows.count;
  }

  has(key: TreeItemKey): boolean {
    return this.store.has(key);
  }

  slotOf(key: TreeItemKey): number {
    return this.store.slotOf(key);
  }

  keyOf(slot: number): TreeItemKey {
    return this.store.keys[slot]!;
  }

  get rootKey(): TreeItemKey | null {
    return this.rootSlot < 0 ? null : this.keyOf(this.rootSlot);
  }

  /** Starts over with a root epic and no children. */
  setRoot(root: TreeItemInput, rootDepth = 1): void {
    assert(root.type === 'epic', 'the tree root is an epic');
    this.store.clear();
    this.rows.clear();
    this.rootSlot = this.place(root);
    this.rootDepth = rootDepth;
    this.bits[this.rootSlot] = NODE_BIT.EXPANDED;
    this.structureVersion += 1;
  }

  clear(): void {
    this.store.clear();
    this.rows.clear();
    this.rootSlot = -1;
    this.children = [];
    this.structureVersion += 1;
  }

  /**
   * A page of a parent's children, sorted as GitLab does. A first page replaces the list (keeping
   * items this client placed that the page does not have yet, after it); a next page appends. An
   * item already under the parent is updated in place; one found elsewhere is moved here.
   */
  receivePage(parentKey: TreeItemKey, page: TreePage): void {
    const parent = this.requireParent(parentKey);
    const items = sortChildItems(page.items);
    if (!page.append) {
      const incoming = new Set(items.map(keyOfItem));
      for (const child of [...this.children[parent]!]) {
        if (!incoming.has(this.keyOf(child)) && !(this.bits[child]! & NODE_BIT.LOCAL)) {
          this.deleteSubtree(child);
        }
      }
    }
    items.forEach((item, i) => {
      const slot = this.place(item);
      this.bits[slot]! &= ~NODE_BIT.LOCAL;
      const inHere = this.parent[slot] === parent;
      if (page.append && inHere) return;
      const at = page.append ? this.children[parent]!.length : i;
      if ((inHere && this.indexOf(slot) === at) || this.isAncestorOrSelf(slot, parent)) return;
      if (this.parent[slot]! >= 0) this.detach(slot);
      this.attach(slot, parent, at);
    });
    this.bits[parent]! |= NODE_BIT.LOADED;
    this.epicCursors[parent] = page.pageInfo.epicEndCursor;
    this.issueCursors[parent] = page.pageInfo.issueEndCursor;
    const more =
      (page.pageInfo.hasMoreEpics ? NODE_BIT.HAS_MORE_EPICS : 0) |
      (page.pageInfo.hasMoreIssues ? NODE_BIT.HAS_MORE_ISSUES : 0);
    this.setExtraBits(parent, more, NODE_BIT.HAS_MORE_EPICS | NODE_BIT.HAS_MORE_ISSUES | NODE_BIT.FETCHING);
  }

  /** Items added or created under a parent go to the top, in the given order (spec). */
  addItems(parentKey: TreeItemKey, items: readonly TreeItemInput[]): void {
    const parent = this.requireParent(parentKey);
    items.forEach((item, i) => {
      const slot = this.place(item);
      if (this.isAncestorOrSelf(slot, parent)) return;
      if (this.parent[slot]! >= 0) this.detach(slot);
      this.attach(slot, parent, i);
      this.bits[slot]! |= NODE_BIT.LOCAL;
      this.noteChildOfType(parent, slot);
    });
  }

  /** Removes an item and everything under it. */
  removeItem(key: TreeItemKey): void {
    const slot = this.store.slotOf(key);
    if (slot < 0) return;
    assert(slot !== this.rootSlot, 'the root cannot be removed from its own tree');
    this.deleteSubtree(slot);
  }

  updateItems(patches: readonly TreeItemPatch[]): void {
    for (const patch of patches) {
      const slot = this.store.slotOf(patch.key);
      if (slot < 0) continue;
      const { key: _key, ...fields } = patch;
      this.store.upsert({ ...this.store.read(slot), ...fields });
      this.structureVersion += 1;
    }
  }

  setExpanded(key: TreeItemKey, expanded: boolean): void {
    const slot = this.store.slotOf(key);
    if (slot < 0 || slot === this.rootSlot || !this.store.isEpic(slot)) return;
    if (this.isExpanded(slot) === expanded) return;
    const parent = this.parent[slot]!;
    if (parent >= 0 && this.showsBlock(parent)) {
      const row = this.rows.rowOf(slot);
      if (expanded) this.pushBlock(slot);
      this.rows.splice(row + 1, expanded ? 0 : this.inner[slot]!);
    }
    this.bits[slot]! ^= NODE_BIT.EXPANDED;
    if (parent >= 0) this.propagate(parent, expanded ? this.inner[slot]! : -this.inner[slot]!);
  }

  setFetching(key: TreeItemKey, inProgress: boolean): void {
    const slot = this.store.slotOf(key);
    if (slot >= 0) this.setExtraBits(slot, inProgress ? NODE_BIT.FETCHING : 0, NODE_BIT.FETCHING);
  }

  setRemoving(key: TreeItemKey, inProgress: boolean): void {
    const slot = this.store.slotOf(key);
    if (slot < 0) return;
    if (inProgress) this.bits[slot]! |= NODE_BIT.REMOVING;
    else this.bits[slot]! &= ~NODE_BIT.REMOVING;
  }

  /** The row of an item, or -1 when it is not visible (collapsed away or unknown). */
  rowOfKey(key: TreeItemKey): number {
    const slot = this.store.slotOf(key);
    return slot < 0 || slot === this.rootSlot ? -1 : this.rows.rowOf(slot);
  }

  pageInfoOf(key: TreeItemKey): TreePageInfo {
    const slot = this.store.slotOf(key);
    if (slot < 0) return NO_MORE_PAGES;
    return {
      epicEndCursor: this.epicCursors[slot] ?? null,
      hasMoreEpics: (this.bits[slot]! & NODE_BIT.HAS_MORE_EPICS) !== 0,
      issueEndCursor: this.issueCursors[slot] ?? null,
      hasMoreIssues: (this.bits[slot]! & NODE_BIT.HAS_MORE_ISSUES) !== 0,
    };
  }

  /** Keys of a parent's children, in order (a copy). */
  childKeys(key: TreeItemKey): TreeItemKey[] {
    const slot = this.store.slotOf(key);
    return slot < 0 ? [] : this.children[slot]!.map((child) => this.keyOf(child));
  }

  parentKeyOf(key: TreeItemKey): TreeItemKey | null {
    const slot = this.store.slotOf(key);
    const parent = slot < 0 ? -1 : this.parent[slot]!;
    return parent < 0 ? null : this.keyOf(parent);
  }

  isExpanded(slot: number): boolean {
    return slot === this.rootSlot || (this.bits[slot]! & NODE_BIT.EXPANDED) !== 0;
  }

  isLoaded(slot: number): boolean {
    return (this.bits[slot]! & NODE_BIT.LOADED) !== 0;
  }

  /** Whether an epic row shows a chevron: its loaded children, or the server's flags before loading. */
  hasChildItems(slot: number): boolean {
    if (!this.store.isEpic(slot)) return false;
    if (this.isLoaded(slot))
      return this.children[slot]!.length > 0 || this.extraKind(slot) === ROW_KIND.SHOW_MORE;
    return (this.store.flags[slot]! & (ITEM_FLAG.HAS_CHILDREN | ITEM_FLAG.HAS_ISSUES)) !== 0;
  }

  /** 0-based position of a slot among its parent's children. */
  indexOf(slot: number): number {
    const parent = this.parent[slot]!;
    if (parent < 0) return -1;
    const list = this.children[parent]!;
    const known = this.indexInParent[slot]!;
    if (list[known] === slot) return known;
    for (let i = this.indexValidBelow[parent]!; i < list.length; i += 1) this.indexInParent[list[i]!] = i;
    this.indexValidBelow[parent] = list.length;
    return this.indexInParent[slot]!;
  }

  /** The extra row under a parent's children: 'Show more' while pages remain, else loading while fetching. */
  extraKind(slot: number): RowKind | -1 {
    const bits = this.bits[slot]!;
    if (bits & (NODE_BIT.HAS_MORE_EPICS | NODE_BIT.HAS_MORE_ISSUES)) return ROW_KIND.SHOW_MORE;
    return bits & NODE_BIT.FETCHING ? ROW_KIND.LOADING : -1;
  }

  /** True when the slot is the root or every ancestor up to the root is expanded. */
  isVisible(slot: number): boolean {
    let current = slot;
    while (current !== this.rootSlot) {
      const parent = this.parent[current]!;
      if (parent < 0 || (parent !== this.rootSlot && !(this.bits[parent]! & NODE_BIT.EXPANDED))) return false;
      current = parent;
    }
    return true;
  }

  /** Whether `slot` is `of` or above it (placing it under `of` would make a cycle). */
  isAncestorOrSelf(slot: number, of: number): boolean {
    for (let current = of; current >= 0; current = this.parent[current]!) {
      if (current === slot) return true;
    }
    return false;
  }

  /** Moves a slot (and its subtree) under `parent` at `at`; used by moves and undo. */
  relocate(slot: number, parent: number, at: number): void {
    if (this.parent[slot]! >= 0) this.detach(slot);
    this.attach(slot, parent, at);
  }

  /** Marks the parent as having children of the slot's type (its chevron shows before loading). */
  noteChildOfType(parent: number, slot: number): void {
    this.store.flags[parent]! |= this.store.isEpic(slot) ? ITEM_FLAG.HAS_CHILDREN : ITEM_FLAG.HAS_ISSUES;
  }

  // Structure primitives. Each keeps rows, inner and indexes consistent.

  /** Writes an item's fields; a new key gets a fresh, detached, collapsed node. */
  private place(item: TreeItemInput): number {
    const isNew = !this.store.has(keyOfItem(item));
    const slot = this.store.upsert(item);
    if (isNew) {
      this.reserve(this.store.length);
      this.parent[slot] = -1;
      this.depth[slot] = 0;
      this.inner[slot] = 0;
      this.bits[slot] = 0;
      this.children[slot] = [];
      this.indexValidBelow[slot] = 0;
      this.epicCursors[slot] = null;
      this.issueCursors[slot] = null;
    }
    return slot;
  }

  private requireParent(key: TreeItemKey): number {
    const slot = this.store.slotOf(key);
    assert(slot >= 0, `unknown tree item ${key}`);
    assert(this.store.isEpic(slot), `${key} cannot have children`);
    return slot;
  }

  /** Whether the parent's block of rows is on screen (it is expanded and visible). */
  private showsBlock(parent: number): boolean {
    return this.isExpanded(parent) && this.isVisible(parent);
  }

  private blockStart(parent: number): number {
    return parent === this.rootSlot ? 0 : this.rows.rowOf(parent) + 1;
  }

  /** Rows a child contributes to its parent's block. */
  private span(slot: number): number {
    return 1 + (this.isExpanded(slot) ? this.inner[slot]! : 0);
  }

  /** Adds delta to `inner` of a slot and of each ancestor whose block includes it. */
  private propagate(slot: number, delta: number): void {
    if (delta === 0) return;
    let current = slot;
    this.inner[current]! += delta;
    while (current !== this.rootSlot && this.isExpanded(current)) {
      current = this.parent[current]!;
      if (current < 0) return;
      this.inner[current]! += delta;
    }
  }

  private pushSubtree(slot: number): void {
    this.rows.push(slot, ROW_KIND.ITEM);
    if (this.isExpanded(slot)) this.pushBlock(slot);
  }

  private pushBlock(parent: number): void {
    for (const child of this.children[parent]!) this.pushSubtree(child);
    const extra = this.extraKind(parent);
    if (extra !== -1) this.rows.push(parent, extra);
  }

  private detach(slot: number): void {
    const parent = this.parent[slot]!;
    assert(parent >= 0, `slot ${slot} is not attached`);
    const span = this.span(slot);
    if (this.showsBlock(parent)) this.rows.splice(this.rows.rowOf(slot), span);
    const list = this.children[parent]!;
    const index = this.indexOf(slot);
    list.splice(index, 1);
    this.indexValidBelow[parent] = Math.min(this.indexValidBelow[parent]!, index);
    this.parent[slot] = -1;
    this.propagate(parent, -span);
    this.structureVersion += 1;
  }

  private attach(slot: number, parent: number, at: number): void {
    const list = this.children[parent]!;
    const index = Math.max(0, Math.min(at, list.length));
    if (this.showsBlock(parent)) {
      const previous = index === 0 ? -1 : list[index - 1]!;
      const row = previous < 0 ? this.blockStart(parent) : this.rows.rowOf(previous) + this.span(previous);
      this.pushSubtree(slot);
      this.rows.splice(row, 0);
    }
    list.splice(index, 0, slot);
    this.indexInParent[slot] = index;
    if (this.indexValidBelow[parent]! >= index) this.indexValidBelow[parent] = index + 1;
    this.parent[slot] = parent;
    this.setDepth(slot, this.depth[parent]! + 1);
    this.propagate(parent, this.span(slot));
    this.structureVersion += 1;
  }

  private setDepth(slot: number, depth: number): void {
    if (this.depth[slot] === depth && depth !== 0) return;
    this.depth[slot] = depth;
    for (const child of this.children[slot]!) this.setDepth(child, depth + 1);
  }

  private deleteSubtree(slot: number): void {
    if (this.parent[slot]! >= 0) this.detach(slot);
    this.release(slot);
  }

  private release(slot: number): void {
    for (const child of this.children[slot]!) this.release(child);
    this.children[slot] = [];
    this.indexValidBelow[slot] = 0;
    this.bits[slot] = 0;
    this.inner[slot] = 0;
    this.parent[slot] = -1;
    this.store.release(slot);
  }

  /** Sets the `mask` bits to `value` (paging, fetching) and splices the extra row when it changes. */
  private setExtraBits(slot: number, value: number, mask: number): void {
    const before = this.extraKind(slot);
    this.bits[slot] = (this.bits[slot]! & ~mask) | (value & mask);
    const after = this.extraKind(slot);
    if (before === after) return;
    if (this.showsBlock(slot)) {
      const at = this.blockStart(slot) + this.inner[slot]! - (before === -1 ? 0 : 1);
      if (after !== -1) this.rows.push(slot, after);
      this.rows.splice(at, before === -1 ? 0 : 1);
    }
    this.propagate(slot, (after === -1 ? 0 : 1) - (before === -1 ? 0 : 1));
  }

  private reserve(capacity: number): void {
    if (capacity <= this.parent.length) return;
    const size = Math.max(capacity, this.parent.length * 2, 64);
    this.parent = grownArray(this.parent, size);
    this.depth = grownArray(this.depth, size);
    this.inner = grownArray(this.inner, size);
    this.bits = grownArray(this.bits, size);
    this.indexInParent = grownArray(this.indexInParent, size);
    this.indexValidBelow = grownArray(this.indexValidBelow, size);
  }
}
