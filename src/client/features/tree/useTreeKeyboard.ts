/**
 * Keyboard use of the tree (WAI-ARIA treegrid with a roving tab stop): arrows, Home and End move
 * between rows (scrolling them into view and focusing them once rendered), Right/Left expand and
 * collapse, Enter opens, Delete removes (admins), Enter or Space on 'Show more' loads the next page;
 * Space grabs an item for a keyboard move, whose keys then go to the controller. Focus follows the
 * controller's focus key, and the tab stop stays on a focused 'Show more' row while it lasts.
 */
import {
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
  useEffect,
  useState,
} from 'react';
import type { TreeItemKey } from '../../../core/layout/tree/treeItem.ts';
import { ROW_KIND } from '../../../core/layout/tree/treeRows.ts';
import { entryKey, type TreeSnapshot } from '../../../core/layout/tree/treeSnapshot.ts';
import type { TreeController, TreeViewState } from './treeController.ts';
import { keyboardMoveCommand } from './treeKeyboardMove.ts';
import { isFocusStop, rowKey } from './treeRowElements.ts';
import { focusStopFrom, navigationTarget, type RowStop } from './treeRowFocus.ts';

export interface TreeKeyboard {
  /** The item row holding the tab stop, or null (a 'Show more' row holds it, or nothing is laid out). */
  readonly tabStopKey: string | null;
  /** The parent whose 'Show more' row holds the tab stop, or null. */
  readonly tabStopMoreKey: TreeItemKey | null;
  readonly onKeyDown: (event: ReactKeyboardEvent<HTMLDivElement>) => void;
  readonly onFocus: (event: ReactFocusEvent<HTMLDivElement>) => void;
  /** Loads a parent's next page; focus then goes to its first new row, where the button was. */
  readonly showMore: (parentKey: TreeItemKey, row: number) => Promise<void>;
}

export function useTreeKeyboard(
  scroller: RefObject<HTMLDivElement | null>,
  controller: TreeController,
  state: TreeViewState,
  /** Admins of the root may remove its children: Delete clicks the row's remove button. */
  canAdmin: boolean,
): TreeKeyboard {
  /** The parent whose 'Show more' row has focus (it then holds the tab stop), or null. */
  const [moreFocusKey, setMoreFocusKey] = useState<TreeItemKey | null>(null);
  const [pendingFocusRow, setPendingFocusRow] = useState<number | null>(null);
  const { snapshot } = state;
  // A 'Show more' row that went (its page loaded, its parent collapsed) gives the tab stop back.
  const moreFocused = snapshot !== null && moreFocusKey !== null && hasShowMoreRow(snapshot, moreFocusKey);

  // Focus follows the controller's focus key once its row is in the overlay.
  useEffect(() => {
    if (!state.focusKey || !scroller.current?.contains(document.activeElement)) return;
    const row = scroller.current.querySelector<HTMLElement>(`[data-key="${state.focusKey}"]`);
    if (row && document.activeElement !== row) row.focus();
  }, [scroller, state.focusKey]);

  // A row the keyboard asked for gets focus once the overlay renders it: after the scroll that
  // brings it into the window, or after 'Show more' loaded the page that starts there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new snapshot may bring the awaited row into the overlay.
  useEffect(() => {
    const element = scroller.current;
    if (pendingFocusRow === null || !element) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body && !element.contains(active)) {
      setPendingFocusRow(null); // the person went elsewhere meanwhile
      return;
    }
    const target = element.querySelector<HTMLElement>(`[data-row="${pendingFocusRow}"]`);
    if (!target) return;
    setPendingFocusRow(null);
    if (isFocusStop(target)) target.focus();
  }, [scroller, pendingFocusRow, snapshot]);

  const scrollRowIntoView = (row: number) => {
    const element = scroller.current;
    if (!element || !snapshot || row < 0) return;
    const top = row * snapshot.rowHeight;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + snapshot.rowHeight > element.scrollTop + element.clientHeight) {
      element.scrollTop = top + snapshot.rowHeight - element.clientHeight;
    }
  };

  const rowElementAt = (row: number) =>
    scroller.current?.querySelector<HTMLElement>(`[data-row="${row}"]`) ?? null;

  const stopAt = (row: number): RowStop => {
    const element = rowElementAt(row);
    return !element ? 'unknown' : isFocusStop(element) ? 'stop' : 'pass';
  };

  /** Arrows, Home and End move between rows, whichever kind of row has focus. */
  const moveFocus = (event: ReactKeyboardEvent, row: number): boolean => {
    if (!snapshot) return false;
    const aim = navigationTarget(event.key, row, snapshot.rowCount);
    if (!aim) return false;
    event.preventDefault();
    const target = focusStopFrom(aim.row, aim.step, snapshot.rowCount, stopAt);
    if (target < 0) return true;
    scrollRowIntoView(target);
    const element = rowElementAt(target);
    if (element) element.focus();
    else setPendingFocusRow(target);
    return true;
  };

  const showMore = async (parentKey: TreeItemKey, row: number) => {
    await controller.showMore(parentKey);
    // Asked after the page's layout, so it answers once that snapshot has been delivered.
    await controller.rowOf(parentKey);
    setPendingFocusRow(row);
  };

  const onShowMoreKeyDown = (event: ReactKeyboardEvent, rowElement: HTMLElement) => {
    const row = Number(rowElement.dataset.row);
    if (moveFocus(event, row)) return;
    const parentKey = rowKey(rowElement.dataset.moreKey);
    if ((event.key === 'Enter' || event.key === ' ') && parentKey) {
      event.preventDefault();
      if (rowElement.getAttribute('aria-busy') !== 'true') void showMore(parentKey, row);
    }
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const moreRow = target.closest<HTMLElement>('[role="row"][data-more-key]');
    if (moreRow && !controller.grabbing) {
      onShowMoreKeyDown(event, moreRow);
      return;
    }
    const rowElement = target.closest<HTMLElement>('[role="row"][data-key]');
    const key = rowKey(rowElement?.dataset.key);
    if (!rowElement || !key || !snapshot) return;
    const row = Number(rowElement.dataset.row);
    const grabbed = controller.grabbing;
    const command = grabbed ? keyboardMoveCommand(event.key) : null;
    if (command) {
      event.preventDefault();
      void controller.keyboardStep(command).then(scrollRowIntoView);
      return;
    }
    if (grabbed || moveFocus(event, row)) return;
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowLeft': {
        event.preventDefault();
        const expanded = rowElement.getAttribute('aria-expanded');
        if (expanded === (event.key === 'ArrowRight' ? 'false' : 'true')) void controller.toggle(key);
        break;
      }
      case 'Enter':
        event.preventDefault();
        rowElement.querySelector<HTMLAnchorElement>('.tree-title')?.click();
        break;
      case ' ':
        event.preventDefault();
        void controller.keyboardGrab(key);
        break;
      case 'Delete':
        if (canAdmin) {
          event.preventDefault();
          rowElement.querySelector<HTMLButtonElement>('.tree-remove')?.click();
        }
        break;
    }
  };

  const onFocus = (event: ReactFocusEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const moreKey = rowKey(target.closest<HTMLElement>('[data-more-key]')?.dataset.moreKey);
    if (moreKey) {
      setMoreFocusKey(moreKey);
      controller.setFocus(null);
      return;
    }
    const key = rowKey(target.closest<HTMLElement>('[data-key]')?.dataset.key);
    if (key) {
      setMoreFocusKey(null);
      controller.setFocus(key);
    }
  };

  return {
    tabStopKey: snapshot && !moreFocused ? (state.focusKey ?? firstKey(snapshot)) : null,
    tabStopMoreKey: moreFocused ? moreFocusKey : null,
    onKeyDown,
    onFocus,
    showMore,
  };
}

/** The roving tab stop starts on the first item row. */
function firstKey(snapshot: TreeSnapshot): string | null {
  for (let entry = 0; entry < snapshot.count; entry += 1) {
    if (snapshot.entries.kind[entry] === ROW_KIND.ITEM)
      return snapshot.strings[snapshot.entries.stringBase[entry]!] ?? null;
  }
  return null;
}

/** The window has the 'Show more' row of this parent. */
function hasShowMoreRow(snapshot: TreeSnapshot, parentKey: string): boolean {
  for (let entry = 0; entry < snapshot.count; entry += 1) {
    if (snapshot.entries.kind[entry] === ROW_KIND.SHOW_MORE && entryKey(snapshot, entry) === parentKey) {
      return true;
    }
  }
  return false;
}
