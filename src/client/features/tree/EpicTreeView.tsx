/**
 * The tree tab: a scrolling list whose canvas (sticky, one viewport tall) draws the rows' visuals
 * and whose overlay (the treegrid) scrolls natively over it. Pointer drags and keyboard moves go to
 * the controller; the live region says what a keyboard move did. The remove confirmation is here.
 */
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { parseTreeItemKey, type TreeItemKey } from '../../../core/layout/tree/treeItem.ts';
import { ROW_KIND } from '../../../core/layout/tree/treeRows.ts';
import { entryKey, type TreeEntryView } from '../../../core/layout/tree/treeSnapshot.ts';
import { chooseRenderer } from '../../canvas/RoadmapCanvas.tsx';
import { TreeCanvas } from '../../canvas/TreeCanvas.tsx';
import { Button, Dialog } from '../../ui/index.ts';
import { TreeOverlay } from './TreeOverlay.tsx';
import type { TreeController, TreeViewState } from './treeController.ts';
import { focusStopFrom, navigationTarget, type RowStop } from './treeRowFocus.ts';
import { TREE_TEXT } from './treeTexts.ts';

export interface EpicTreeViewProps {
  readonly controller: TreeController;
  readonly state: TreeViewState;
  readonly canAdmin: boolean;
  readonly epicsWebUrl: string;
}

const asKey = (value: string | undefined): TreeItemKey | null =>
  value && parseTreeItemKey(value) ? (value as TreeItemKey) : null;

export function EpicTreeView({ controller, state, canAdmin, epicsWebUrl }: EpicTreeViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [removing, setRemoving] = useState<TreeEntryView | null>(null);
  /** The parent whose 'Show more' row has focus (it then holds the tab stop), or null. */
  const [moreFocusKey, setMoreFocusKey] = useState<TreeItemKey | null>(null);
  const [pendingFocusRow, setPendingFocusRow] = useState<number | null>(null);
  const [renderer] = useState(() => chooseRenderer(window.location.search));
  const swallowClick = useRef(false);
  const { snapshot } = state;
  const listHeight = snapshot ? snapshot.rowCount * snapshot.rowHeight : 0;
  // A 'Show more' row that went (its page loaded, its parent collapsed) gives the tab stop back.
  const moreFocused = snapshot !== null && moreFocusKey !== null && hasShowMoreRow(snapshot, moreFocusKey);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      setWidth(element.clientWidth);
      controller.setViewport(element.clientWidth, element.clientHeight);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [controller]);

  // Focus follows the controller's focus key once its row is in the overlay.
  useEffect(() => {
    if (!state.focusKey || !scroller.current?.contains(document.activeElement)) return;
    const row = scroller.current.querySelector<HTMLElement>(`[data-key="${state.focusKey}"]`);
    if (row && document.activeElement !== row) row.focus();
  }, [state.focusKey]);

  // Escape ends a pointer drag without a drop (the gesture's cancel). Listened to on the document,
  // in capture, because the pressed row need not hold focus and nothing else should see this key.
  // Leaving the window (blur) ends it too: its release would never be seen.
  useEffect(() => {
    if (!state.draggingKey) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      controller.cancelDrag();
    };
    const onBlur = () => controller.cancelDrag();
    document.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('blur', onBlur);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('blur', onBlur);
    };
  }, [controller, state.draggingKey]);

  // The controller scrolls the list near its edges while dragging (auto-scroll). A touch held long
  // enough to drag must not scroll the list natively: only a non-passive touchmove listener may
  // cancel that, and React adds passive ones.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    controller.setScrollHost(element);
    const onTouchMove = (event: TouchEvent) => {
      if (event.cancelable && controller.holdsPointer()) event.preventDefault();
    };
    element.addEventListener('touchmove', onTouchMove, { passive: false });
    return () => {
      controller.setScrollHost(null);
      element.removeEventListener('touchmove', onTouchMove);
    };
  }, [controller]);

  const scrollRowIntoView = (row: number) => {
    const element = scroller.current;
    if (!element || !snapshot || row < 0) return;
    const top = row * snapshot.rowHeight;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + snapshot.rowHeight > element.scrollTop + element.clientHeight) {
      element.scrollTop = top + snapshot.rowHeight - element.clientHeight;
    }
  };

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
  }, [pendingFocusRow, snapshot]);

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

  /** Loads a parent's next page; focus then goes to its first new row, where the button was. */
  const showMore = async (parentKey: TreeItemKey, row: number) => {
    await controller.showMore(parentKey);
    // Asked after the page's layout, so it answers once that snapshot has been delivered.
    await controller.rowOf(parentKey);
    setPendingFocusRow(row);
  };

  const onShowMoreKeyDown = (event: ReactKeyboardEvent, rowElement: HTMLElement) => {
    const row = Number(rowElement.dataset.row);
    if (moveFocus(event, row)) return;
    const parentKey = asKey(rowElement.dataset.moreKey);
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
    const key = asKey(rowElement?.dataset.key);
    if (!rowElement || !key || !snapshot) return;
    const row = Number(rowElement.dataset.row);
    const grabbed = controller.grabbing;
    const command = grabbed ? grabbedCommand(event.key) : null;
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

  const listPoint = (event: ReactPointerEvent) => {
    const rect = scroller.current?.getBoundingClientRect();
    const scrollTop = scroller.current?.scrollTop ?? 0;
    const x = event.clientX - (rect?.left ?? 0);
    const y = event.clientY - (rect?.top ?? 0);
    return { x, y: y + scrollTop, viewportX: x, viewportY: y };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('button')) return;
    const key = asKey(target.closest<HTMLElement>('[data-key]')?.dataset.key);
    if (!key) return;
    // A drag whose release came with no click (a touch drag) must not swallow this press's click.
    swallowClick.current = false;
    const point = listPoint(event);
    controller.pointerDown(
      key,
      event.pointerId,
      point.x,
      point.y,
      event.button,
      event.pointerType === 'touch',
    );
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const point = listPoint(event);
    if (controller.pointerMove(event.pointerId, point.x, point.y, point.viewportX, point.viewportY)) {
      if (!scroller.current?.hasPointerCapture(event.pointerId)) {
        scroller.current?.setPointerCapture(event.pointerId);
      }
      swallowClick.current = true;
      return;
    }
    const rowElement = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    controller.setHoverRow(rowElement ? Number(rowElement.dataset.row) : -1);
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    controller.pointerUp(event.pointerId);
    if (scroller.current?.hasPointerCapture(event.pointerId)) {
      scroller.current.releasePointerCapture(event.pointerId);
    }
  };

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the treegrid inside carries the roles; this box routes its keys and pointer drags. */}
      <div
        ref={scroller}
        className={state.draggingKey ? 'tree-scroller is-dragging' : 'tree-scroller'}
        style={{ height: Math.min(Math.max(listHeight, snapshot?.rowHeight ?? 48), 640) }}
        onScroll={(event) => controller.scrollTo(event.currentTarget.scrollTop)}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const target = event.target as HTMLElement;
          const moreKey = asKey(target.closest<HTMLElement>('[data-more-key]')?.dataset.moreKey);
          if (moreKey) {
            setMoreFocusKey(moreKey);
            controller.setFocus(null);
            return;
          }
          const key = asKey(target.closest<HTMLElement>('[data-key]')?.dataset.key);
          if (key) {
            setMoreFocusKey(null);
            controller.setFocus(key);
          }
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={(event) => controller.cancelDrag(event.pointerId)}
        onLostPointerCapture={(event) => {
          // The list lost the dragging pointer without its release (a row's own capture, handed
          // to the list when the drag starts, bubbles here too and is not that).
          if (event.target === event.currentTarget) controller.cancelDrag(event.pointerId);
        }}
        onPointerLeave={() => controller.setHoverRow(-1)}
        onClickCapture={(event) => {
          // The click that ends a drag is not a click on the link under it.
          if (swallowClick.current) {
            event.preventDefault();
            event.stopPropagation();
            swallowClick.current = false;
          }
        }}
        data-testid="tree-scroller"
      >
        <div className="tree-canvas-layer">
          <TreeCanvas
            renderer={renderer}
            onReady={(surface) => controller.setSurface(surface)}
            onContextLost={() => undefined}
          />
        </div>
        <div
          className="tree-grid"
          role="treegrid"
          aria-label={TREE_TEXT.cardTitle}
          aria-rowcount={snapshot?.rowCount ?? 0}
          style={{ height: listHeight }}
          data-testid="tree-grid"
        >
          {snapshot ? (
            <TreeOverlay
              snapshot={snapshot}
              width={width}
              focusKey={moreFocused ? null : (state.focusKey ?? firstKey(snapshot))}
              focusMoreKey={moreFocused ? moreFocusKey : null}
              canAdmin={canAdmin}
              epicsWebUrl={epicsWebUrl}
              grabbedKey={state.grabbedKey}
              draggingKey={state.draggingKey}
              onToggle={(entry) => void controller.toggle(entry.key)}
              onShowMore={(entry) => void showMore(entry.parentKey, entry.row)}
              onRemove={setRemoving}
            />
          ) : null}
        </div>
      </div>
      <div className="sr-only" aria-live="assertive" data-testid="tree-announcer">
        {state.announcement}
      </div>
      <p className="sr-only" id="tree-drag-hint">
        {TREE_TEXT.dragHint}
      </p>
      <Dialog
        open={removing !== null}
        title={removing ? TREE_TEXT.removeTitle(removing.type === 'epic' ? 'Epic' : 'Issue') : ''}
        onClose={() => setRemoving(null)}
        testId="tree-remove-dialog"
      >
        <p>{removing ? TREE_TEXT.removeConfirm(removing.type === 'epic' ? 'Epic' : 'Issue') : null}</p>
        <div className="dialog-actions">
          <Button onClick={() => setRemoving(null)}>{TREE_TEXT.cancel}</Button>
          <Button
            variant="danger"
            onClick={() => {
              if (removing) void controller.remove(removing.key);
              setRemoving(null);
            }}
            data-testid="tree-remove-confirm"
          >
            {TREE_TEXT.remove}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function grabbedCommand(key: string): 'up' | 'down' | 'in' | 'out' | 'drop' | 'cancel' | null {
  switch (key) {
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'ArrowRight':
      return 'in';
    case 'ArrowLeft':
      return 'out';
    case ' ':
    case 'Enter':
      return 'drop';
    case 'Escape':
      return 'cancel';
    default:
      return null;
  }
}

/** The roving tab stop starts on the first item row. */
function firstKey(snapshot: NonNullable<TreeViewState['snapshot']>): string | null {
  for (let entry = 0; entry < snapshot.count; entry += 1) {
    if (snapshot.entries.kind[entry] === 0)
      return snapshot.strings[snapshot.entries.stringBase[entry]!] ?? null;
  }
  return null;
}

/** The window has the 'Show more' row of this parent. */
function hasShowMoreRow(snapshot: NonNullable<TreeViewState['snapshot']>, parentKey: string): boolean {
  for (let entry = 0; entry < snapshot.count; entry += 1) {
    if (snapshot.entries.kind[entry] === ROW_KIND.SHOW_MORE && entryKey(snapshot, entry) === parentKey) {
      return true;
    }
  }
  return false;
}

/** Rows the keyboard stops on: items and 'Show more' rows (a loading row goes when its page arrives). */
const isFocusStop = (element: HTMLElement): boolean =>
  element.dataset.key !== undefined || element.dataset.moreKey !== undefined;
