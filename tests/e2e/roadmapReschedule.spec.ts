import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { signIn, waitForIdle } from './helpers.ts';
import { api, type Created, createEpic } from './treeHelpers.ts';

/**
 * Drag to reschedule on the roadmap canvas: with the mouse, with touch, and with the keyboard's move
 * mode; undo and redo; a conflicting edit from another browser; a reader who may not change epics.
 * Each test makes its own epics in `workshop` under a title no other spec uses, and opens the roadmap
 * searched down to them, in the Weeks layout of this quarter, where a day is 180 / 7 px wide and the
 * drag snaps to days.
 */

const DAY_MS = 86_400_000;
const DAY_PX = 180 / 7;

/** A day `offset` days from today, as YYYY-MM-DD (the browser's today is the machine's). */
function dayFromToday(offset: number): string {
  const now = new Date();
  const utc = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) + offset * DAY_MS;
  return new Date(utc).toISOString().slice(0, 10);
}

/** 'Dec 1, 2026', as the rows show a date. */
const shown = (day: string): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

const fixedDates = (start: string, due: string) => ({
  start_date_is_fixed: true,
  start_date_fixed: start,
  due_date_is_fixed: true,
  due_date_fixed: due,
});

interface EpicDates {
  readonly start_date: string | null;
  readonly due_date: string | null;
  readonly start_date_is_fixed: boolean;
  readonly due_date_is_fixed: boolean;
}

async function datesOf(page: Page, epic: Created): Promise<EpicDates> {
  const answer = await api(page, 'GET', `/api/v4/groups/workshop/epics/${epic.iid}`);
  expect(answer.status).toBe(200);
  return answer.body as unknown as EpicDates;
}

async function openRoadmap(page: Page, search: string): Promise<void> {
  await page.goto(
    `/groups/workshop/-/roadmap?search=${encodeURIComponent(search)}&timeframe_range_type=CURRENT_QUARTER&layout=WEEKS&show_milestones=false`,
  );
  await waitForIdle(page);
}

const rowOf = (page: Page, title: string): Locator =>
  page.getByTestId('roadmap-row').filter({ has: page.getByRole('link', { name: title, exact: true }) });

/** The bar's left and right ends on screen, found by moving the pointer along its row as a person would. */
async function barOnScreen(page: Page, row: Locator): Promise<{ left: number; right: number; y: number }> {
  const viewport = page.getByTestId('roadmap-viewport');
  const box = await viewport.boundingBox();
  const rowBox = await row.boundingBox();
  if (!box || !rowBox) throw new Error('no roadmap viewport or row');
  const y = rowBox.y + rowBox.height / 2;
  const overBar = () => viewport.evaluate((element) => element.classList.contains('is-over-bar'));
  let left = -1;
  let right = -1;
  for (let x = box.x + 330; x < box.x + box.width - 12; x += 4) {
    await page.mouse.move(x, y);
    if (await overBar()) {
      if (left < 0) left = x;
      right = x;
    } else if (left >= 0) break;
  }
  if (left < 0) throw new Error('no bar on the row');
  // Refine both ends to the pixel.
  for (let x = left - 1; x > left - 4; x -= 1) {
    await page.mouse.move(x, y);
    if (await overBar()) left = x;
  }
  for (let x = right + 1; x < right + 4; x += 1) {
    await page.mouse.move(x, y);
    if (await overBar()) right = x;
  }
  return { left, right, y };
}

async function drag(page: Page, fromX: number, y: number, dx: number): Promise<void> {
  await page.mouse.move(fromX, y);
  await page.mouse.down();
  await page.mouse.move(fromX + dx / 2, y, { steps: 4 });
  await page.mouse.move(fromX + dx, y, { steps: 4 });
}

async function newReporterPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, 'reporter');
  return page;
}

test('dragging a bar moves it, its edges resize it, and Escape leaves it as it was', async ({ browser }) => {
  const page = await newReporterPage(browser);
  const title = `Reschedule by mouse ${Date.now()}`;
  const start = dayFromToday(-3);
  const due = dayFromToday(10);
  const epic = await createEpic(page, title, undefined, fixedDates(start, due));
  await openRoadmap(page, title);
  const row = rowOf(page, title);
  const viewport = page.getByTestId('roadmap-viewport');

  let bar = await barOnScreen(page, row);
  const middle = (bar.left + bar.right) / 2;
  await page.mouse.move(middle, bar.y);
  await expect(viewport).toHaveClass(/is-over-draggable/);
  await drag(page, middle, bar.y, 3 * DAY_PX);
  const ghost = page.getByTestId('roadmap-reschedule-ghost');
  await expect(ghost).toHaveAttribute('data-start', addDays(start, 3));
  await expect(ghost).toHaveAttribute('data-due', addDays(due, 3));
  await expect(ghost).toContainText(' – ');
  await page.mouse.up();
  await expect(ghost).toHaveCount(0);
  // Shown at once, and saved.
  await expect(row.locator('.roadmap-row-dates')).toContainText(shown(addDays(start, 3)));
  await expect
    .poll(() => datesOf(page, epic))
    .toMatchObject({
      start_date: addDays(start, 3),
      due_date: addDays(due, 3),
    });

  // The right end lengthens the epic by two days.
  await waitForIdle(page);
  bar = await barOnScreen(page, row);
  await page.mouse.move(bar.right - 2, bar.y);
  await expect(viewport).toHaveClass(/is-over-edge/);
  await drag(page, bar.right - 2, bar.y, 2 * DAY_PX);
  await page.mouse.up();
  await expect
    .poll(() => datesOf(page, epic))
    .toMatchObject({
      start_date: addDays(start, 3),
      due_date: addDays(due, 5),
    });

  // The left end starts it a day earlier.
  await waitForIdle(page);
  bar = await barOnScreen(page, row);
  await drag(page, bar.left + 2, bar.y, -DAY_PX);
  await page.mouse.up();
  await expect
    .poll(() => datesOf(page, epic))
    .toMatchObject({
      start_date: addDays(start, 2),
      due_date: addDays(due, 5),
    });

  // Escape abandons a drag: nothing is sent, and the release opens nothing.
  await waitForIdle(page);
  bar = await barOnScreen(page, row);
  await drag(page, (bar.left + bar.right) / 2, bar.y, 4 * DAY_PX);
  await expect(ghost).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ghost).toHaveCount(0);
  await page.mouse.up();
  await expect(page).toHaveURL(/\/roadmap/);
  expect(await datesOf(page, epic)).toMatchObject({
    start_date: addDays(start, 2),
    due_date: addDays(due, 5),
  });
  await page.close();
});

test('the keyboard moves and resizes in move mode, and Ctrl+Z / Ctrl+Shift+Z undo and redo', async ({
  browser,
}) => {
  const page = await newReporterPage(browser);
  const title = `Reschedule by keyboard ${Date.now()}`;
  const start = dayFromToday(1);
  const due = dayFromToday(8);
  const epic = await createEpic(page, title, undefined, fixedDates(start, due));
  await openRoadmap(page, title);
  const row = rowOf(page, title);
  await expect(row).toHaveAttribute('aria-keyshortcuts', 'M');
  await row.focus();
  await page.keyboard.press('m');
  const status = page.getByTestId('roadmap-reschedule-status');
  await expect(status).toContainText(`Moving ${title}`);
  await expect(status).toContainText('by a day');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Alt+ArrowLeft');
  const ghost = page.getByTestId('roadmap-reschedule-ghost');
  await expect(ghost).toHaveAttribute('data-start', addDays(start, 1));
  await expect(ghost).toHaveAttribute('data-due', addDays(due, 3));
  await expect(status).toContainText('New dates:');
  await page.keyboard.press('Enter');
  await expect(ghost).toHaveCount(0);
  await expect
    .poll(() => datesOf(page, epic))
    .toMatchObject({
      start_date: addDays(start, 1),
      due_date: addDays(due, 3),
    });
  await expect(status).toContainText(`${title} rescheduled`);
  // Enter in move mode saved; it did not open the epic.
  await expect(page).toHaveURL(/\/roadmap/);

  // Escape leaves move mode with the dates unchanged.
  await row.focus();
  await page.keyboard.press('m');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Escape');
  await expect(ghost).toHaveCount(0);
  await expect(status).toContainText('its dates are unchanged');

  await page.keyboard.press('Control+z');
  await expect.poll(() => datesOf(page, epic)).toMatchObject({ start_date: start, due_date: due });
  await expect(page.getByTestId('toast')).toContainText(`Undid rescheduling ${title}.`);
  await page.keyboard.press('Control+Shift+z');
  await expect
    .poll(() => datesOf(page, epic))
    .toMatchObject({
      start_date: addDays(start, 1),
      due_date: addDays(due, 3),
    });
  await page.close();
});

test('a reschedule refused after another browser changed the epic reverts and says so', async ({
  browser,
}) => {
  const page = await newReporterPage(browser);
  const title = `Reschedule conflict ${Date.now()}`;
  const start = dayFromToday(-2);
  const due = dayFromToday(6);
  const epic = await createEpic(page, title, undefined, fixedDates(start, due));
  await openRoadmap(page, title);
  const row = rowOf(page, title);

  // Someone else saves the epic (its due date) while this page shows the old copy.
  const other = await browser.newPage();
  await signIn(other, 'owner');
  expect(
    (
      await api(other, 'PUT', `/api/v4/groups/workshop/epics/${epic.iid}`, {
        due_date_fixed: addDays(due, 7),
      })
    ).status,
  ).toBe(200);
  await other.close();

  const bar = await barOnScreen(page, row);
  await drag(page, (bar.left + bar.right) / 2, bar.y, 2 * DAY_PX);
  await page.mouse.up();
  await expect(page.getByTestId('toast')).toContainText(`Someone changed ${title} while you were moving it.`);
  // Nothing of the drag was saved, and the row shows the other browser's due date.
  expect(await datesOf(page, epic)).toMatchObject({ start_date: start, due_date: addDays(due, 7) });
  const dueText = shown(addDays(due, 7));
  await expect(row.locator('.roadmap-row-dates')).toContainText(dueText);
  await page.close();
});

test('moving a child moves its parent with inherited dates; moving that parent asks first', async ({
  browser,
}) => {
  const page = await newReporterPage(browser);
  const title = `Reschedule inherited ${Date.now()}`;
  const parent = await createEpic(page, `${title} parent`);
  const start = dayFromToday(0);
  const due = dayFromToday(9);
  const child = await createEpic(page, `${title} child`, parent.id, fixedDates(start, due));
  expect(await datesOf(page, parent)).toMatchObject({ start_date: start, start_date_is_fixed: false });
  await openRoadmap(page, title);
  const parentRow = rowOf(page, `${title} parent`);
  const childRow = rowOf(page, `${title} child`);
  await parentRow.getByTestId('roadmap-expand').click();
  await expect(childRow).toBeVisible();
  await waitForIdle(page);

  let bar = await barOnScreen(page, childRow);
  await drag(page, (bar.left + bar.right) / 2, bar.y, 4 * DAY_PX);
  await page.mouse.up();
  await expect.poll(() => datesOf(page, child)).toMatchObject({ start_date: addDays(start, 4) });
  // The parent's row follows from the answer, without a reload.
  const parentStart = shown(addDays(start, 4));
  await expect(parentRow.locator('.roadmap-row-dates')).toContainText(parentStart);

  await waitForIdle(page);
  bar = await barOnScreen(page, parentRow);
  await drag(page, (bar.left + bar.right) / 2, bar.y, -2 * DAY_PX);
  await page.mouse.up();
  const dialog = page.getByTestId('roadmap-reschedule-confirm');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Switch to fixed dates?');
  await dialog.getByRole('button', { name: 'Use fixed dates' }).click();
  await expect
    .poll(() => datesOf(page, parent))
    .toMatchObject({
      start_date: addDays(start, 2),
      start_date_is_fixed: true,
      due_date_is_fixed: true,
    });
  await page.close();
});

test('a reader sees no drag affordance: pressing a bar and moving pans instead', async ({ browser }) => {
  const writer = await newReporterPage(browser);
  const title = `Reschedule reader ${Date.now()}`;
  const start = dayFromToday(-1);
  const epic = await createEpic(writer, title, undefined, fixedDates(start, dayFromToday(12)));
  await writer.close();

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, 'guest');
  await openRoadmap(page, title);
  const row = rowOf(page, title);
  await expect(row).not.toHaveAttribute('aria-keyshortcuts', 'M');
  const viewport = page.getByTestId('roadmap-viewport');
  const bar = await barOnScreen(page, row);
  await page.mouse.move((bar.left + bar.right) / 2, bar.y);
  await expect(viewport).toHaveClass(/is-over-bar/);
  await expect(viewport).not.toHaveClass(/is-over-draggable/);
  await drag(page, (bar.left + bar.right) / 2, bar.y, 3 * DAY_PX);
  await expect(viewport).toHaveClass(/is-panning/);
  await expect(page.getByTestId('roadmap-reschedule-ghost')).toHaveCount(0);
  await page.mouse.up();
  await row.focus();
  await page.keyboard.press('m');
  await expect(page.getByTestId('roadmap-reschedule-ghost')).toHaveCount(0);
  expect(await datesOf(page, epic)).toMatchObject({ start_date: start });
  await page.close();
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 1440, height: 900 } });

  test('a finger resting on a bar, then moving, moves it; resting on an end resizes it', async ({ page }) => {
    await signIn(page, 'reporter');
    const title = `Reschedule by touch ${Date.now()}`;
    const start = dayFromToday(-4);
    const due = dayFromToday(5);
    const epic = await createEpic(page, title, undefined, fixedDates(start, due));
    await openRoadmap(page, title);
    const row = rowOf(page, title);
    const cdp = await page.context().newCDPSession(page);
    /** A finger rests on (x, y) past the touch delay, then slides `dx` px and lifts. */
    const restAndSlide = async (x: number, y: number, dx: number) => {
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: type === 'touchEnd' ? [] : [{ x: at, y, id: 1 }],
        });
      await touch('touchStart', x);
      await page.waitForTimeout(250);
      for (let step = 1; step <= 6; step += 1) await touch('touchMove', x + (step * dx) / 6);
      await touch('touchEnd', 0);
    };

    let bar = await barOnScreen(page, row);
    await restAndSlide((bar.left + bar.right) / 2, bar.y, 2 * DAY_PX);
    await expect
      .poll(() => datesOf(page, epic))
      .toMatchObject({
        start_date: addDays(start, 2),
        due_date: addDays(due, 2),
      });

    await waitForIdle(page);
    bar = await barOnScreen(page, row);
    await restAndSlide(bar.right - 2, bar.y, 3 * DAY_PX);
    await expect
      .poll(() => datesOf(page, epic))
      .toMatchObject({
        start_date: addDays(start, 2),
        due_date: addDays(due, 5),
      });
  });
});
