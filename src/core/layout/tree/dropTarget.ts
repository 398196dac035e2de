/**
 * Where a dragged tree item would land under the pointer, read from the snapshot being drawn (no
 * round trip, and the indicator matches what is on screen). A row's top part drops before it, its
 * bottom part after it, and the middle of an epic into it as its first child (the bottom half too
 * when the epic is expanded, since its first child follows). Dropping after the last row of a list
 * can go up a level by moving the pointer left (`x`, one TREE_INDENT per level).
 *
 * Refused: issues as parents, an epic into itself or below itself, a drop that changes nothing, and
 * an epic subtree that would pass MAX_EPIC_HIERARCHY_DEPTH as far as the snapshot knows (the server
 * judges last).
 */
import { MAX_EPIC_HIERARCHY_DEPTH } from '../../domain/epicRules.ts';
import { TREE_INDENT } from './treeConstants.ts';
import type { TreeItemKey } from './treeItem.ts';
import type { TreeMove } from './treeMoves.ts';
import { ROW_KIND } from './treeRows.ts';
import {
  ENTRY_FLAG,
  ENTRY_STRING,
  entryAtY,
  entryKey,
  entryParentKey,
  entryString,
  type TreeSnapshot,
} from './treeSnapshot.ts';

/** What is being dragged, read from its row when the drag starts. */
export interface DragSubject {
  readonly key: TreeItemKey;
  readonly title: string;
  readonly isEpic: boolean;
  readonly parentKey: TreeItemKey;
  /** 0-based position among its siblings. */
  readonly index: number;
  /** Levels of its epic subtree (0 for an issue). */
  readonly epicHeight: number;
}

export type DropIndicator =
  /** An insertion line at y (px from the list top), indented for `level`. */
  | { readonly kind: 'line'; readonly y: number; readonly level: number }
  /** The row of the epic being dropped into, highlighted. */
  | { readonly kind: 'row'; readonly row: number };

export interface TreeDropTarget {
  readonly parentKey: TreeItemKey;
  /** The gap among the parent's children (TreeMove.at). */
  readonly at: number;
  readonly position: 'before' | 'after' | 'into';
  readonly indicator: DropIndicator;
}

export interface DropProbe {
  readonly target: TreeDropTarget | null;
  /** A collapsed epic with children under the pointer (for hover-to-expand), else null. */
  readonly hoverKey: TreeItemKey | null;
}

export interface DropPointer {
  /** px from the list's left edge; omitted, a drop never goes up a level. */
  readonly x?: number;
  /** px from the list's top (scroll included). */
  readonly y: number;
}

/** The move a drop makes (give it to the worker's `move`). */
export function moveOfDrop(subject: DragSubject, target: TreeDropTarget): TreeMove {
  return { key: subject.key, parentKey: target.parentKey, at: target.at };
}

export function dragSubjectOf(snapshot: TreeSnapshot, entry: number): DragSubject {
  const e = snapshot.entries;
  return {
    key: entryKey(snapshot, entry),
    title: entryString(snapshot, entry, ENTRY_STRING.TITLE),
    isEpic: (e.flags[entry]! & ENTRY_FLAG.EPIC) !== 0,
    parentKey: entryParentKey(snapshot, entry),
    index: e.posInSet[entry]! - 1,
    epicHeight: e.epicHeight[entry]!,
  };
}

const NOWHERE: DropProbe = { target: null, hoverKey: null };

export function dropTargetAt(snapshot: TreeSnapshot, subject: DragSubject, pointer: DropPointer): DropProbe {
  const h = snapshot.rowHeight;
  if (pointer.y >= snapshot.rowCount * h) {
    const target = checked(snapshot, subject, -1, {
      parentKey: snapshot.rootKey,
      at: snapshot.rootChildCount,
      position: 'after',
      indicator: { kind: 'line', y: snapshot.rowCount * h, level: 1 },
    });
    return { target, hoverKey: null };
  }
  const entry = entryAtY(snapshot, pointer.y);
  if (entry < 0) return NOWHERE;
  const e = snapshot.entries;
  const flags = e.flags[entry]!;
  const isItem = e.kind[entry] === ROW_KIND.ITEM;
  const key = entryKey(snapshot, entry);
  if (isItem && key === subject.key) return NOWHERE;
  const hoverKey =
    isItem && flags & ENTRY_FLAG.HAS_CHILD_ITEMS && !(flags & ENTRY_FLAG.EXPANDED) ? key : null;
  if (!isItem) return { target: afterTarget(snapshot, subject, entry, pointer.x), hoverKey };
  const fraction = (pointer.y - e.y[entry]!) / h;
  const row = e.row[entry]!;
  const showsChildren = (flags & ENTRY_FLAG.EXPANDED) !== 0 && e.subtreeEnd[entry]! > row + 1;
  const into =
    flags & ENTRY_FLAG.EPIC
      ? checked(snapshot, subject, entry, {
          parentKey: key,
          at: 0,
          position: 'into',
          indicator: showsChildren
            ? { kind: 'line', y: (row + 1) * h, level: e.level[entry]! + 1 }
            : { kind: 'row', row },
        })
      : null;
  const before = () =>
    checked(snapshot, subject, e.parent[entry]!, {
      parentKey: entryParentKey(snapshot, entry),
      at: e.posInSet[entry]! - 1,
      position: 'before',
      indicator: { kind: 'line', y: row * h, level: e.level[entry]! },
    });
  let target: TreeDropTarget | null;
  if (showsChildren) target = fraction < 0.5 ? before() : into;
  else if (into && fraction >= 0.25 && fraction <= 0.75) target = into;
  else target = fraction < 0.5 ? before() : afterTarget(snapshot, subject, entry, pointer.x);
  return { target, hoverKey };
}

/**
 * A drop after an entry's subtree. When the entry ends its list, the drop may instead go after its
 * parent (and so on up) — the pointer's x picks the level.
 */
function afterTarget(
  snapshot: TreeSnapshot,
  subject: DragSubject,
  entry: number,
  x: number | undefined,
): TreeDropTarget | null {
  const e = snapshot.entries;
  const extra = e.kind[entry] !== ROW_KIND.ITEM;
  const wanted = x === undefined ? Number.POSITIVE_INFINITY : Math.floor(x / TREE_INDENT) + 1;
  let anchor = entry;
  while (e.level[anchor]! > wanted && e.posInSet[anchor] === e.setSize[anchor] && e.parent[anchor]! >= 0) {
    anchor = e.parent[anchor]!;
  }
  const y = e.subtreeEnd[anchor]! * snapshot.rowHeight;
  // An extra row stands for the end of its parent's list; an item for the gap after it.
  const at = anchor === entry && extra ? e.setSize[entry]! - 1 : e.posInSet[anchor]!;
  return checked(snapshot, subject, e.parent[anchor]!, {
    parentKey: entryParentKey(snapshot, anchor),
    at,
    position: 'after',
    indicator: { kind: 'line', y, level: e.level[anchor]! },
  });
}

/** The target if the subject may go under `parent` (an entry, -1 for the root) and it moves something. */
function checked(
  snapshot: TreeSnapshot,
  subject: DragSubject,
  parent: number,
  target: TreeDropTarget,
): TreeDropTarget | null {
  const e = snapshot.entries;
  if (parent >= 0 && !(e.flags[parent]! & ENTRY_FLAG.EPIC)) return null;
  for (let current = parent; current >= 0; current = e.parent[current]!) {
    if (entryKey(snapshot, current) === subject.key) return null;
  }
  const parentLevel = parent < 0 ? 0 : e.level[parent]!;
  if (subject.isEpic && snapshot.rootDepth + parentLevel + subject.epicHeight > MAX_EPIC_HIERARCHY_DEPTH) {
    return null;
  }
  const unchanged =
    target.parentKey === subject.parentKey &&
    (target.at === subject.index || target.at === subject.index + 1);
  return unchanged ? null : target;
}
