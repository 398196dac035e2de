/**
 * What bench/tree does in a page, the same in both targets (they share the tree's test ids: the
 * scroller, the grid with aria-rowcount, rows with data-row and aria-level, titles, chevrons, the
 * card's data-idle). Page-side helpers come from pages/tree-probe.js (`window.__treeBench`) and
 * bench/render/pages/probe.js (`window.__probe`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { evaluate, waitFor } from '../render/targets/types.ts';

const SCROLLER = '[data-testid="tree-scroller"]';
const ROW = '[data-testid="tree-row"]';
const IDLE = `document.querySelector('[data-testid="epic-tree-card"]')?.dataset.idle === 'true'`;

/** The pointer drag: 40 rows down and back in steps of STEP px, one input event every SPACING_MS. */
export const DRAG = { rows: 40, step: 24, spacingMs: 16, pressX: 480 } as const;
/** Every scroll pass lasts this long: over the whole list (one direction per pass), or STEADY_SCROLL. */
export const SCROLL_MS = 3000;
/** The steady scroll: 100 rows of 72 px in SCROLL_MS (2,400 px/s, a brisk wheel), from row 1,000 on. */
export const STEADY_SCROLL = { px: 7200, fromRow: 1000 } as const;

export interface FramesAndTasks {
  readonly frames: readonly number[];
  readonly longTasks: readonly (readonly [number, number])[];
}

export interface ListGeometry {
  readonly rowCount: number;
  /** px per row (the grid's height over its aria-rowcount). */
  readonly rowHeight: number;
  readonly maxScrollTop: number;
}

export function listGeometry(page: Page): Promise<ListGeometry> {
  return evaluate<ListGeometry>(
    page,
    `(() => {
      const scroller = document.querySelector('${SCROLLER}');
      const grid = document.querySelector('[data-testid="tree-grid"]');
      const rowCount = Number(grid.getAttribute('aria-rowcount'));
      return { rowCount, rowHeight: grid.offsetHeight / rowCount,
        maxScrollTop: scroller.scrollHeight - scroller.clientHeight };
    })()`,
  );
}

/** Sets the scroller's scrollTop, then waits until row `row` is in the overlay and the card is idle. */
export async function scrollToRow(page: Page, scrollTop: number, row: number): Promise<void> {
  await evaluate(page, `document.querySelector('${SCROLLER}').scrollTop = ${scrollTop}`);
  await waitFor(page, `document.querySelector('${ROW}[data-row="${row}"]') && ${IDLE}`, 30_000);
  await evaluate(page, 'window.__probe.afterPaint()');
}

/** The title of the row at index `row` (scrolled into view first). */
export async function titleAtRow(page: Page, row: number, rowHeight: number): Promise<string | null> {
  await scrollToRow(page, Math.max(0, row * rowHeight - 2 * rowHeight), row);
  return evaluate<string | null>(
    page,
    `document.querySelector('${ROW}[data-row="${row}"] [data-testid="tree-title"]')?.textContent ?? null`,
  );
}

/** Titles of the item rows in the document (the app: those in its window), top to bottom on screen. */
export function visibleTitles(page: Page): Promise<string[]> {
  return evaluate<string[]>(
    page,
    `[...document.querySelectorAll('${ROW}')]
      .sort((a, b) => a.offsetTop - b.offsetTop)
      .map((row) => row.querySelector('[data-testid="tree-title"]').textContent)`,
  );
}

export interface ScrollPass extends FramesAndTasks {
  /** Frames of the pass after its first. */
  readonly steps: number;
  /** Of those, the ones that began without the row at the top of the view in the document. */
  readonly topRowMissing: number;
}

/** One pass over the list (see tree-probe.js scrollOver). */
export function scrollPass(page: Page, from: number, to: number): Promise<ScrollPass> {
  return evaluate<ScrollPass>(page, `window.__treeBench.scrollOver(${from}, ${to}, ${SCROLL_MS})`);
}

/**
 * Expands the epic at row `row` with a real click on its chevron, measures click → first frame
 * with its children's rows, then collapses it again so that the rows below keep their indexes.
 */
export async function expandOnce(page: Page, row: number, rowHeight: number): Promise<number> {
  await scrollToRow(page, Math.max(0, row * rowHeight - 2 * rowHeight), row);
  const chevron = page.locator(`${ROW}[data-row="${row}"] [data-testid="tree-toggle"]`);
  const box = await chevron.boundingBox();
  if (!box) throw new Error(`row ${row} has no chevron`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await evaluate(page, 'window.__treeBench.watchExpand()');
  await page.mouse.click(x, y);
  const { clickAt, doneAt } = await waitFor<{ clickAt: number; doneAt: number }>(
    page,
    '(window.__treeBench.expand.doneAt >= 0 && window.__treeBench.expand)',
    60_000,
    20,
  );
  await waitFor(page, IDLE, 30_000);
  await page.mouse.click(x, y);
  await waitFor(page, `!document.querySelector('${ROW}[aria-level="2"]') && ${IDLE}`, 30_000);
  return doneAt - clickAt;
}

export interface DragResult extends FramesAndTasks {
  /** The page showed a drag under way (the scroller's is-dragging class) at the far end. */
  readonly dragged: boolean;
  /** The drag was over once Escape was pressed (before the button went up). */
  readonly escapeEnded: boolean;
  /** The rows in view were the same before and after. */
  readonly orderKept: boolean;
}

const isDragging = (page: Page) =>
  evaluate<boolean>(page, `document.querySelector('${SCROLLER}').classList.contains('is-dragging')`);

/**
 * Presses on row 1 (the list scrolled to its top), moves the pointer down DRAG.rows rows in
 * DRAG.step px steps — the pointer itself until it nears the list's bottom edge, then the list
 * scrolls under it (scrollTop += step, and a 1 px pointer move so the page sees the new spot) —
 * and back the same way to the very spot it started from, presses Escape and releases there: a
 * drop on the dragged row's own place, which moves nothing either way.
 */
export async function dragOnce(page: Page): Promise<DragResult> {
  await scrollToRow(page, 0, 1);
  const scroller = await page.locator(SCROLLER).boundingBox();
  const origin = await page.locator(`${ROW}[data-row="1"]`).boundingBox();
  if (!scroller || !origin) throw new Error('no scroller or row 1');
  const x = scroller.x + DRAG.pressX;
  const startY = origin.y + origin.height / 2;
  const lowest = scroller.y + scroller.height - 40;
  const stepsPerWay = Math.round((DRAG.rows * origin.height) / DRAG.step);
  const plan: ('pointer' | 'scroll')[] = [];
  for (let i = 0, y = startY; i < stepsPerWay; i += 1) {
    if (y + DRAG.step <= lowest) {
      plan.push('pointer');
      y += DRAG.step;
    } else plan.push('scroll');
  }
  const before = await visibleTitles(page);
  let pointerY = startY;
  let jitter = 0;
  // Inputs go out on schedule, as a hand moves, whether or not the page has handled the previous
  // ones (a busy page shows in its frame intervals, not in a longer gesture).
  const sent: Promise<unknown>[] = [];
  await page.mouse.move(x, startY);
  await evaluate(page, 'window.__probe.startFrames()');
  await page.mouse.down();
  let start = performance.now();
  let steps = 0;
  const send = async (kind: 'pointer' | 'scroll', direction: 1 | -1) => {
    const wait = start + steps * DRAG.spacingMs - performance.now();
    if (wait > 0) await sleep(wait);
    steps += 1;
    if (kind === 'pointer') pointerY += direction * DRAG.step;
    else {
      sent.push(
        evaluate(page, `document.querySelector('${SCROLLER}').scrollTop += ${direction * DRAG.step}`),
      );
      jitter = jitter === 0 ? 1 : 0;
    }
    sent.push(page.mouse.move(x + jitter, pointerY));
  };
  for (const kind of plan) await send(kind, 1);
  await Promise.all(sent);
  const dragged = await isDragging(page);
  start = performance.now();
  steps = 0;
  for (const kind of [...plan].reverse()) await send(kind, -1);
  await Promise.all(sent);
  // Once everything has landed, the pointer moves onto the origin again (the last move may have
  // reached the page before the last scroll did).
  await page.mouse.move(x + 1, startY);
  await page.mouse.move(x, startY);
  await page.keyboard.press('Escape');
  const escapeEnded = !(await isDragging(page));
  await page.mouse.up();
  await evaluate(page, 'window.__probe.afterPaint()');
  const { frames, longTasks } = await evaluate<FramesAndTasks>(page, 'window.__probe.stopFrames()');
  await waitFor(
    page,
    `!document.querySelector('${SCROLLER}').classList.contains('is-dragging') && ${IDLE}`,
    30_000,
  );
  // Auto-scroll may have left the list elsewhere: the order is compared from the top, where it began.
  await scrollToRow(page, 0, 1);
  await evaluate(page, 'window.__probe.afterPaint()');
  const after = await visibleTitles(page);
  return {
    frames,
    longTasks,
    dragged,
    escapeEnded,
    orderKept: JSON.stringify(before) === JSON.stringify(after),
  };
}
