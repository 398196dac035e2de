/**
 * Keyboard use of the roadmap (WAI-ARIA treegrid with a roving tabindex): arrows move between rows
 * (scrolling them into view and focusing them once laid out), Right/Left expand, collapse and go to
 * the parent, Home/End and PageUp/PageDown jump, Enter opens, Escape hides the popover; `+`/`-`
 * zoom and shift+arrows (or plain arrows on the timeline region) pan.
 */
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { ROW_FLAG } from '../../../core/layout/roadmapEpic.ts';
import type { RoadmapEpicView } from '../../data/index.ts';
import type { OverlayRowModel } from './RoadmapOverlay.tsx';
import type { RoadmapController } from './roadmapController.ts';
import { rowKeyAction, viewKeyAction } from './roadmapGestures.ts';

export interface RoadmapKeyboard {
  readonly activeRow: number;
  /** The row with keyboard focus whose popover shows, or null. */
  readonly focusedRow: OverlayRowModel | null;
  readonly onRowKeyDown: (event: ReactKeyboardEvent<HTMLElement>, model: OverlayRowModel) => void;
  readonly onRowFocus: (model: OverlayRowModel) => void;
  readonly onRowBlur: () => void;
  readonly onViewportKeyDown: (event: ReactKeyboardEvent<HTMLElement>) => void;
  readonly dismissPopover: () => void;
}

export function useRoadmapKeyboard(
  controller: RoadmapController | null,
  viewportRef: RefObject<HTMLElement | null>,
  toggle: (epic: RoadmapEpicView, expanded: boolean) => void,
): RoadmapKeyboard {
  const [activeRow, setActiveRow] = useState(0);
  const [focusedRow, setFocusedRow] = useState<OverlayRowModel | null>(null);
  const pendingFocus = useRef<number | null>(null);
  const version = controller?.version;

  const focusRowElement = useCallback(
    (row: number): boolean => {
      const element = viewportRef.current?.querySelector<HTMLElement>(`[role="row"][data-row="${row}"]`);
      if (!element) return false;
      element.focus({ preventScroll: true });
      return true;
    },
    [viewportRef],
  );

  // A row moved to may not be laid out yet: focus it when the snapshot that holds it arrives.
  useEffect(() => {
    if (version === undefined || pendingFocus.current === null) return;
    if (focusRowElement(pendingFocus.current)) pendingFocus.current = null;
  }, [version, focusRowElement]);

  const moveTo = useCallback(
    (row: number) => {
      if (!controller) return;
      const last = controller.viewport.rowCount - 1;
      const target = Math.max(0, Math.min(last, row));
      controller.scrollRowIntoView(target);
      setActiveRow(target);
      if (!focusRowElement(target)) pendingFocus.current = target;
    },
    [controller, focusRowElement],
  );

  const onRowKeyDown = useCallback(
    (event: ReactKeyboardEvent<HTMLElement>, model: OverlayRowModel) => {
      if (!controller) return;
      const row = event.currentTarget;
      if (event.target !== row) {
        // Inside a row (its title link): Left goes back to the row; other keys act natively.
        if (event.key === 'ArrowLeft') {
          event.preventDefault();
          event.stopPropagation();
          row.focus({ preventScroll: true });
        }
        return;
      }
      if (event.key === 'Escape') {
        setFocusedRow(null);
        return;
      }
      const hasChildren = Boolean(model.flags & ROW_FLAG.HAS_CHILDREN);
      const expanded = Boolean(model.flags & ROW_FLAG.EXPANDED);
      const action = rowKeyAction(event, { hasChildren, expanded, level: model.level });
      if (!action) return;
      event.preventDefault();
      event.stopPropagation();
      const page = Math.max(1, Math.floor(controller.viewport.height / 50) - 1);
      switch (action.kind) {
        case 'move': {
          const targets = {
            next: model.row + 1,
            previous: model.row - 1,
            first: 0,
            last: controller.viewport.rowCount - 1,
            pageDown: model.row + page,
            pageUp: model.row - page,
          };
          moveTo(targets[action.to]);
          break;
        }
        case 'expand':
          toggle(model.epic, true);
          break;
        case 'collapse':
          toggle(model.epic, false);
          break;
        case 'parent':
          moveTo(parentRow(controller, model));
          break;
        case 'intoRow':
          row.querySelector<HTMLElement>('a[href]')?.focus({ preventScroll: true });
          break;
        case 'open':
          if (action.newTab) window.open(model.epic.webPath, '_blank', 'noopener');
          else window.location.assign(model.epic.webPath);
          break;
      }
    },
    [controller, moveTo, toggle],
  );

  // The canvas marks the focused row as it marks a hovered one; Escape hides the popover only.
  const onRowFocus = useCallback(
    (model: OverlayRowModel) => {
      setActiveRow(model.row);
      setFocusedRow(model);
      controller?.setFocusedRow(model.row);
    },
    [controller],
  );
  const onRowBlur = useCallback(() => {
    setFocusedRow(null);
    controller?.setFocusedRow(-1);
  }, [controller]);

  const onViewportKeyDown = useCallback(
    (event: ReactKeyboardEvent<HTMLElement>) => {
      if (!controller || event.defaultPrevented) return;
      const target = event.target as HTMLElement;
      if (target.closest('input, select, textarea, [role="dialog"]')) return;
      const onRow = target.closest('[role="treegrid"]') !== null;
      const action = viewKeyAction(event, onRow);
      if (!action) return;
      event.preventDefault();
      setFocusedRow(null);
      if (action.kind === 'zoom') {
        if (action.direction > 0) controller.zoomIn();
        else controller.zoomOut();
      } else controller.scrollBy(action.dx, action.dy);
    },
    [controller],
  );

  return {
    activeRow,
    focusedRow,
    onRowKeyDown,
    onRowFocus,
    onRowBlur,
    onViewportKeyDown,
    dismissPopover: useCallback(() => setFocusedRow(null), []),
  };
}

/** The nearest row above with a lower level: the parent (laid out, since it precedes its children). */
function parentRow(controller: RoadmapController, model: OverlayRowModel): number {
  const snapshot = controller.snapshot;
  if (!snapshot) return model.row;
  for (let entry = model.row - snapshot.firstRow - 1; entry >= 0; entry -= 1) {
    if (snapshot.rows.level[entry]! < model.level) return snapshot.firstRow + entry;
  }
  return snapshot.firstRow;
}
