/**
 * The tree tab: a scrolling list whose canvas (sticky, one viewport tall) draws the rows' visuals
 * and whose overlay (the treegrid) scrolls natively over it. Pointer input (`useTreePointer`) and
 * keys (`useTreeKeyboard`) go to the controller; the live region says what a keyboard move did.
 * The remove confirmation is here.
 */
import { useEffect, useRef, useState } from 'react';
import type { TreeEntryView } from '../../../core/layout/tree/treeSnapshot.ts';
import { TreeCanvas } from '../../canvas/TreeCanvas.tsx';
import { Button, Dialog } from '../../ui/index.ts';
import { TreeOverlay } from './TreeOverlay.tsx';
import type { TreeController, TreeViewState } from './treeController.ts';
import { TREE_TEXT } from './treeTexts.ts';
import { useTreeKeyboard } from './useTreeKeyboard.ts';
import { useTreePointer } from './useTreePointer.ts';

export interface EpicTreeViewProps {
  readonly controller: TreeController;
  readonly state: TreeViewState;
  readonly canAdmin: boolean;
  readonly epicsWebUrl: string;
  /** Opens an issue of the tree in the page's work item modal. */
  readonly onOpenIssue?: ((entry: TreeEntryView) => void) | undefined;
}

export function EpicTreeView({ controller, state, canAdmin, epicsWebUrl, onOpenIssue }: EpicTreeViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [removing, setRemoving] = useState<TreeEntryView | null>(null);
  const keyboard = useTreeKeyboard(scroller, controller, state, canAdmin);
  const pointer = useTreePointer(scroller, controller, state.draggingKey);
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

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the treegrid inside carries the roles; this box routes its keys and pointer drags. */}
      <div
        ref={scroller}
        className={state.draggingKey ? 'tree-scroller is-dragging' : 'tree-scroller'}
        style={{ height: Math.min(Math.max(listHeight, snapshot?.rowHeight ?? 48), 640) }}
        onScroll={(event) => controller.scrollTo(event.currentTarget.scrollTop)}
        onKeyDown={keyboard.onKeyDown}
        onFocus={keyboard.onFocus}
        {...pointer}
        data-testid="tree-scroller"
      >
        <div className="tree-canvas-layer">
          <TreeCanvas onReady={(surface) => controller.setSurface(surface)} onContextLost={() => undefined} />
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
              focusKey={keyboard.tabStopKey}
              focusMoreKey={keyboard.tabStopMoreKey}
              canAdmin={canAdmin}
              epicsWebUrl={epicsWebUrl}
              grabbedKey={state.grabbedKey}
              draggingKey={state.draggingKey}
              onToggle={(entry) => void controller.toggle(entry.key)}
              onShowMore={(entry) => void keyboard.showMore(entry.parentKey, entry.row)}
              onRemove={setRemoving}
              onOpenIssue={onOpenIssue}
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
