import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAG_THRESHOLD } from '../../../core/layout/tree/treeConstants.ts';
import { makeEpicItem, makeIssueItem } from '../../../core/layout/tree/treeFixtures.ts';
import { NO_MORE_PAGES, type TreeItemKey } from '../../../core/layout/tree/treeItem.ts';
import { layoutTreeWindow } from '../../../core/layout/tree/treeLayout.ts';
import { TreeModel } from '../../../core/layout/tree/treeModel.ts';
import type { TreeMove } from '../../../core/layout/tree/treeMoves.ts';
import { TreePointerDrag } from './treePointerDrag.ts';

/** Rows: 0 issue 10, 1 issue 11, 2 issue 12, all children of the root epic 1. */
function threeIssues() {
  const model = new TreeModel();
  model.setRoot(makeEpicItem(1, { title: 'Root' }), 1);
  model.receivePage('epic:1', {
    items: [makeIssueItem(10, { title: 'Fix the login' }), makeIssueItem(11), makeIssueItem(12)],
    pageInfo: NO_MORE_PAGES,
    append: false,
  });
  return layoutTreeWindow(model, 1, { scrollTop: 0, height: 2000 }, { isShowingLabels: false });
}

function harness() {
  const snapshot = threeIssues();
  const draggingKeys: (TreeItemKey | null)[] = [];
  const sent: TreeMove[] = [];
  let answer: () => void = () => undefined;
  const drag = new TreePointerDrag({
    snapshot: () => snapshot,
    viewport: () => ({ scrollTop: 0, height: 2000 }),
    setDraggingKey: (key) => draggingKeys.push(key),
    expand: async () => undefined,
    scrollTo: () => undefined,
    commitMove: (move) => {
      sent.push(move);
      return new Promise<void>((resolve) => {
        answer = resolve;
      });
    },
    requestDraw: () => undefined,
  });
  const rowMiddle = (row: number) => (row + 0.5) * snapshot.rowHeight;
  /** Presses issue 10 (row 0) with pointer 1 and moves it past the drag threshold. */
  const startDragging = (enabled = true) => {
    drag.press({ key: 'issue:10', pointerId: 1, x: 40, y: rowMiddle(0), button: 0, touch: false, enabled });
    return drag.move(1, 40, rowMiddle(0) + DRAG_THRESHOLD + 1, 40, rowMiddle(0) + DRAG_THRESHOLD + 1);
  };
  return { drag, draggingKeys, sent, rowMiddle, startDragging, answer: () => answer() };
}

beforeEach(() => {
  // Hover-expand and auto-scroll ask for frames; these tests step the drag by hand instead.
  vi.stubGlobal('requestAnimationFrame', () => 1);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a pointer drag of a tree row', () => {
  it('starts once the press moved past the threshold, showing the ghost of the pressed item', () => {
    const { drag, draggingKeys, startDragging } = harness();
    expect(startDragging()).toBe(true);
    expect(drag.phase).toBe('dragging');
    expect(draggingKeys).toEqual(['issue:10']);
    expect(drag.ghost).toMatchObject({ title: 'Fix the login', isEpic: false });
  });

  it('drops on the target under the pointer, sends that move, and ends once the move was sent', async () => {
    const { drag, draggingKeys, sent, rowMiddle, startDragging, answer } = harness();
    startDragging();
    const below = rowMiddle(2) + 10;
    drag.move(1, 40, below, 40, below);
    expect(drag.indicator).not.toBeNull();
    expect(drag.release(1)).toBe(true);
    expect(sent).toEqual([expect.objectContaining({ key: 'issue:10', parentKey: 'epic:1' })]);
    expect(drag.phase).toBe('committing');
    // A new press waits for the committed move.
    drag.press({
      key: 'issue:11',
      pointerId: 2,
      x: 40,
      y: rowMiddle(1),
      button: 0,
      touch: false,
      enabled: true,
    });
    expect(drag.phase).toBe('committing');
    answer();
    await vi.waitFor(() => expect(drag.phase).toBe('idle'));
    expect(draggingKeys).toEqual(['issue:10', null]);
    expect(drag.ghost).toBeNull();
  });

  it('moves nothing when the press may not drag (an anonymous visitor, a keyboard move)', () => {
    const { drag, draggingKeys, sent, startDragging } = harness();
    expect(startDragging(false)).toBe(false);
    expect(drag.release(1)).toBe(false);
    expect(draggingKeys).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('ends without a drop on Escape, and on a cancel of its own pointer but not of another', () => {
    const { drag, draggingKeys, sent, startDragging } = harness();
    startDragging();
    drag.cancel(7);
    expect(drag.phase).toBe('dragging');
    drag.cancel(1);
    expect(drag.phase).toBe('idle');
    startDragging();
    drag.cancel();
    expect(drag.phase).toBe('idle');
    expect(draggingKeys).toEqual(['issue:10', null, 'issue:10', null]);
    expect(sent).toEqual([]);
  });

  it('sends nothing when released over the dragged row itself', () => {
    const { drag, draggingKeys, sent, startDragging } = harness();
    startDragging();
    expect(drag.indicator).toBeNull();
    drag.release(1);
    expect(drag.phase).toBe('idle');
    expect(draggingKeys).toEqual(['issue:10', null]);
    expect(sent).toEqual([]);
  });
});
