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
import type { TreeEntryView } from '../../../core/layout/tree/treeSnapshot.ts';
import { chooseRenderer } from '../../canvas/RoadmapCanvas.tsx';
import { TreeCanvas } from '../../canvas/TreeCanvas.tsx';
import { Button, Dialog } from '../../ui/index.ts';
import { TreeOverlay } from './TreeOverlay.tsx';
import type { TreeController, TreeViewState } from './treeController.ts';
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
  const [renderer] = useState(() => chooseRenderer(window.location.search));
  const swallowClick = useRef(false);
  const { snapshot } = state;
  const listHeight = snapshot ? snapshot.rowCount * snapshot.rowHeight : 0;

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
    scroller.current?.querySelector<HTMLElement>(`[data-row="${row}"][data-key]`) ?? null;

  const focusRow = (row: number) => {
    if (!snapshot || row < 0 || row >= snapshot.rowCount) return;
    scrollRowIntoView(row);
    const key = asKey(rowElementAt(row)?.dataset.key);
    if (key) controller.setFocus(key);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const rowElement = (event.target as HTMLElement).closest<HTMLElement>('[role="row"][data-key]');
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
    if (grabbed) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusRow(row + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusRow(row - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusRow(0);
        break;
      case 'End':
        event.preventDefault();
        focusRow(snapshot.rowCount - 1);
        break;
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
    const point = listPoint(event);
    controller.pointerDown(key, event.pointerId, point.x, point.y, event.button);
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
          const key = asKey((event.target as HTMLElement).closest<HTMLElement>('[data-key]')?.dataset.key);
          if (key) controller.setFocus(key);
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => controller.cancelDrag()}
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
              focusKey={state.focusKey ?? firstKey(snapshot)}
              canAdmin={canAdmin}
              epicsWebUrl={epicsWebUrl}
              grabbedKey={state.grabbedKey}
              draggingKey={state.draggingKey}
              onToggle={(entry) => void controller.toggle(entry.key)}
              onShowMore={(entry) => void controller.showMore(entry.parentKey)}
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
