import { expect, type Locator, type Page, type Route, test } from '@playwright/test';
import { closeOtherContexts, signIn, waitForIdle } from './helpers.ts';
import { type Created, createEpic, createIssue, openTree, reopen, rowOf, titles } from './treeHelpers.ts';

test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));

/**
 * Moving items of the epic child-items tree (issue 6), as the owner in `workshop`: pointer drags
 * that reorder siblings and drop into a collapsed epic once hovering has expanded it, the same
 * moves by keyboard with what the live region says, refused moves put back with the spec's toasts,
 * and no drag for anonymous visitors. Every move is checked again after a reload.
 */

const ORDER_FAILED = 'Something went wrong while ordering item.';
const MOVE_FAILED = 'Something went wrong while moving item.';

/** A point on a row, `fraction` of its height down, right of the title and clear of buttons. */
async function pointOn(row: Locator, fraction: number) {
  const box = await row.boundingBox();
  if (!box) throw new Error('the row is not laid out');
  return { x: box.x + box.width - 120, y: box.y + box.height * fraction };
}

/** Presses on a row and moves in steps to `fraction` of another row's height, still pressed. */
async function pressAndMove(page: Page, from: Locator, to: Locator, fraction: number) {
  const start = await pointOn(from, 0.5);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const end = await pointOn(to, fraction);
  await page.mouse.move(end.x, end.y, { steps: 12 });
}

/** A whole drag: press on `from`, move to `fraction` of `to`, release. */
async function dragRow(page: Page, from: Locator, to: Locator, fraction: number) {
  await pressAndMove(page, from, to, fraction);
  await page.mouse.up();
}

/** Expands a collapsed epic row with its chevron and waits for its children. */
async function expand(page: Page, row: Locator) {
  await row.getByTestId('tree-toggle').click();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  await waitForIdle(page);
}

const announcer = (page: Page) => page.getByTestId('tree-announcer');
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

test('an owner drags a child below its siblings and back to the top, the order survives a reload, and Escape cancels a drag', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parent = await createEpic(page, `Drag parent ${stamp}`);
  const [one, two, three] = [`One ${stamp}`, `Two ${stamp}`, `Three ${stamp}`];
  for (const title of [one, two, three]) await createEpic(page, title, parent.id);
  await openTree(page, parent);
  // New children go to the top.
  await expect.poll(() => titles(page)).toEqual([three, two, one]);

  // Onto the bottom quarter of the last row: after it.
  await dragRow(page, rowOf(page, three), rowOf(page, one), 0.9);
  await expect.poll(() => titles(page)).toEqual([two, one, three]);
  await reopen(page, parent);
  await expect.poll(() => titles(page)).toEqual([two, one, three]);

  // Onto the top quarter of the first row: before it.
  await dragRow(page, rowOf(page, one), rowOf(page, two), 0.1);
  await expect.poll(() => titles(page)).toEqual([one, two, three]);
  await reopen(page, parent);
  await expect.poll(() => titles(page)).toEqual([one, two, three]);

  // Escape in the middle of a drag ends it without a drop: releasing afterwards moves nothing.
  const scroller = page.getByTestId('tree-scroller');
  await pressAndMove(page, rowOf(page, one), rowOf(page, three), 0.9);
  await expect(scroller).toHaveClass(/is-dragging/);
  await page.keyboard.press('Escape');
  await expect(scroller).not.toHaveClass(/is-dragging/);
  await page.mouse.up();
  await waitForIdle(page);
  expect(await titles(page)).toEqual([one, two, three]);
  await reopen(page, parent);
  await expect.poll(() => titles(page)).toEqual([one, two, three]);
});

test('dragging an issue over a collapsed epic expands it after a moment, and dropping it there makes it a child', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parent = await createEpic(page, `Hover parent ${stamp}`);
  const epicTitle = `Folded epic ${stamp}`;
  const epic = await createEpic(page, epicTitle, parent.id);
  const inside = `Already inside ${stamp}`;
  await createIssue(page, inside, epic.id);
  const moved = `Dragged issue ${stamp}`;
  await createIssue(page, moved, parent.id);
  await openTree(page, parent);
  await expect.poll(() => titles(page)).toEqual([moved, epicTitle]);
  const epicRow = rowOf(page, epicTitle);
  await expect(epicRow).toHaveAttribute('aria-expanded', 'false');

  // Hold the dragged issue over the middle of the folded epic: it opens after the hover delay.
  await pressAndMove(page, rowOf(page, moved), epicRow, 0.5);
  await expect(epicRow).toHaveAttribute('aria-expanded', 'true');
  await expect(rowOf(page, inside)).toBeVisible();
  // Drop on the epic's lower half: into it, as its first child.
  const into = await pointOn(epicRow, 0.7);
  await page.mouse.move(into.x, into.y, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => titles(page)).toEqual([epicTitle, moved, inside]);
  await expect(rowOf(page, moved)).toHaveAttribute('aria-level', '2');

  await reopen(page, parent);
  await expect.poll(() => titles(page)).toEqual([epicTitle]);
  await expand(page, rowOf(page, epicTitle));
  await expect.poll(() => titles(page)).toEqual([epicTitle, moved, inside]);
});

test('by keyboard an owner moves an issue into the epic above it and drops it, and Escape puts a move back', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parentTitle = `Keys parent ${stamp}`;
  const parent = await createEpic(page, parentTitle);
  const moved = `Keyed issue ${stamp}`;
  await createIssue(page, moved, parent.id);
  const epicTitle = `Target epic ${stamp}`;
  const epic = await createEpic(page, epicTitle, parent.id);
  const inside = `Waiting inside ${stamp}`;
  await createIssue(page, inside, epic.id);
  await openTree(page, parent);
  await expect.poll(() => titles(page)).toEqual([epicTitle, moved]);

  // Escape after a few steps: the order and the folded epic are as before.
  await rowOf(page, moved).focus();
  await page.keyboard.press('Space');
  await expect(announcer(page)).toContainText(`Grabbed ${moved}`);
  // → enters the folded epic above: it opens, its children load around the item, and the live
  // region then says where the item really is among them.
  await page.keyboard.press('ArrowRight');
  await expect(announcer(page)).toContainText(`${moved}, position 2 of 2 in ${epicTitle}`);
  await expect(rowOf(page, epicTitle)).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => titles(page)).toEqual([epicTitle, inside, moved]);
  await page.keyboard.press('ArrowUp');
  await expect(announcer(page)).toContainText(`${moved}, position 1 of 2 in ${epicTitle}`);
  await expect.poll(() => titles(page)).toEqual([epicTitle, moved, inside]);
  await page.keyboard.press('ArrowUp');
  await expect(announcer(page)).toContainText(`${moved}, position 1 of 2 in ${parentTitle}`);
  await expect.poll(() => titles(page)).toEqual([moved, epicTitle, inside]);
  await page.keyboard.press('Escape');
  await expect(announcer(page)).toHaveText('Move cancelled.');
  await expect.poll(() => titles(page)).toEqual([epicTitle, moved]);
  await expect(rowOf(page, epicTitle)).toHaveAttribute('aria-expanded', 'false');
  await expect(rowOf(page, moved)).toBeFocused();

  // Grab again, → into the epic above (it opens), Space drops: said, shown and kept.
  await page.keyboard.press('Space');
  await expect(announcer(page)).toContainText(`Grabbed ${moved}`);
  await page.keyboard.press('ArrowRight');
  await expect(rowOf(page, inside)).toBeVisible();
  await page.keyboard.press('Space');
  await expect(announcer(page)).toContainText(`Dropped ${moved}`);
  await expect(announcer(page)).toContainText(`in ${epicTitle}`);
  await expect.poll(() => titles(page)).toEqual([epicTitle, inside, moved]);
  await expect(rowOf(page, moved)).toHaveAttribute('aria-level', '2');
  await expect(rowOf(page, moved)).toBeFocused();

  await reopen(page, parent);
  await expect.poll(() => titles(page)).toEqual([epicTitle]);
  await expand(page, rowOf(page, epicTitle));
  await expect.poll(() => titles(page)).toEqual([epicTitle, inside, moved]);
});

/** How the server refuses: a mutation answer with errors, or a failed request. */
const refusals = [
  {
    name: 'answers with errors',
    fulfil: (route: Route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          data: { epicTreeReorder: { clientMutationId: null, errors: ['The move was refused'] } },
        }),
      }),
  },
  {
    name: 'fails with a server error',
    fulfil: (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ message: 'Internal server error' }] }),
      }),
  },
];

for (const refusal of refusals) {
  test(`when the server ${refusal.name}, a reorder and a move to another epic are shown, then put back with the spec's toasts`, async ({
    page,
  }) => {
    await signIn(page, 'owner');
    const stamp = Date.now();
    const parent = await createEpic(page, `Refused parent ${stamp}`);
    const epicTitle = `Refusing epic ${stamp}`;
    const epic = await createEpic(page, epicTitle, parent.id);
    const inside = `Refused inside ${stamp}`;
    await createIssue(page, inside, epic.id);
    const [first, second] = [`Refused first ${stamp}`, `Refused second ${stamp}`];
    await createIssue(page, second, parent.id);
    await createIssue(page, first, parent.id);
    await openTree(page, parent);
    const original = [first, second, epicTitle];
    await expect.poll(() => titles(page)).toEqual(original);

    // Hold each epicTreeReorder until the optimistic move has been seen, then refuse it.
    const held: Array<() => Promise<void>> = [];
    await page.route('**/api/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName !== 'epicReorder') return route.fallback();
      await new Promise<void>((release) => held.push(async () => release()));
      await refusal.fulfil(route);
    });
    const refuseHeld = async () => {
      await expect.poll(() => held.length).toBe(1);
      await held.shift()!();
    };

    // A reorder among siblings by pointer: shown at once, then back, with the ordering toast.
    await dragRow(page, rowOf(page, first), rowOf(page, second), 0.9);
    await expect.poll(() => titles(page)).toEqual([second, first, epicTitle]);
    await refuseHeld();
    await expect(toast(page, ORDER_FAILED)).toBeVisible();
    await expect.poll(() => titles(page)).toEqual(original);

    // A move into the epic by keyboard: shown in the epic, then back, with the moving toast. The
    // arrow follows Space at once, as a fast typist's would: it moves the item, not the focus.
    await rowOf(page, second).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await expect(announcer(page)).toContainText(`${second}, position 3 of 3`);
    await page.keyboard.press('ArrowRight');
    await expect(rowOf(page, inside)).toBeVisible();
    await page.keyboard.press('Space');
    await expect(announcer(page)).toContainText(`Dropped ${second}`);
    await expect(rowOf(page, second)).toHaveAttribute('aria-level', '2');
    await refuseHeld();
    await expect(toast(page, MOVE_FAILED)).toBeVisible();
    await expect(rowOf(page, second)).toHaveAttribute('aria-level', '1');
    await expect.poll(() => titles(page)).toEqual([first, second, epicTitle, inside]);

    await page.unroute('**/api/graphql');
    await reopen(page, parent);
    await expect.poll(() => titles(page)).toEqual(original);
    await expand(page, rowOf(page, epicTitle));
    await expect.poll(() => titles(page)).toEqual([...original, inside]);
  });
}

test('an anonymous visitor dragging a row moves nothing', async ({ page, browser }) => {
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parent = await createEpic(page, `Visitor drag parent ${stamp}`);
  const [one, two] = [`Stays second ${stamp}`, `Stays first ${stamp}`];
  await createEpic(page, one, parent.id);
  await createEpic(page, two, parent.id);

  const visitor = await (await browser.newContext()).newPage();
  await openTree(visitor, parent);
  await expect.poll(() => titles(visitor)).toEqual([two, one]);
  await dragRow(visitor, rowOf(visitor, two), rowOf(visitor, one), 0.9);
  await expect(visitor.getByTestId('tree-scroller')).not.toHaveClass(/is-dragging/);
  await waitForIdle(visitor);
  expect(await titles(visitor)).toEqual([two, one]);
  await reopen(visitor, parent);
  expect(await titles(visitor)).toEqual([two, one]);
  await visitor.context().close();
});

/** Titles of an epic's child epics as the REST API lists them (tree order). */
async function childEpicTitles(page: Page, epic: Created): Promise<string[]> {
  const answer = await page.request.get(`/api/v4/groups/workshop/epics/${epic.iid}/epics`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as Array<{ title: string }>).map((child) => child.title);
}

/** How far the tree's list is from the end of its scrolling, px. */
const scrollLeft = (scroller: Locator) =>
  scroller.evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop);

test('dragging the first of sixty rows to the bottom edge scrolls the list to its end, and it drops before the last row', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parent = await createEpic(page, `Long list ${stamp}`);
  const title = (n: number) => `Long row ${n} ${stamp}`;
  for (let n = 1; n <= 60; n += 1) await createEpic(page, title(n), parent.id);
  // Newest first: 60, 59, … 1.
  const created = Array.from({ length: 60 }, (_, i) => title(60 - i));
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openTree(page, parent);
  const scroller = page.getByTestId('tree-scroller');
  await scroller.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  expect((await titles(page))[0]).toBe(title(60));
  await expect(rowOf(page, title(1))).toHaveCount(0);

  // Press on the first row and rest the pointer just past the list's bottom edge: the list
  // scrolls by itself to its end, where the last row comes into view.
  const start = await pointOn(rowOf(page, title(60)), 0.5);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const box = await scroller.boundingBox();
  if (!box) throw new Error('the list is not laid out');
  await page.mouse.move(start.x, box.y + box.height + 12, { steps: 12 });
  await expect(scroller).toHaveClass(/is-dragging/);
  await expect.poll(() => scrollLeft(scroller)).toBeLessThanOrEqual(1);
  const last = rowOf(page, title(1));
  await expect(last).toBeInViewport();

  // Onto the top of the last row: before it.
  const drop = await pointOn(last, 0.1);
  await page.mouse.move(drop.x, drop.y, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await titles(page)).slice(-3)).toEqual([title(2), title(60), title(1)]);
  const expected = [...created.slice(1, 59), title(60), title(1)];

  await reopen(page, parent);
  expect((await titles(page))[0]).toBe(title(59));
  await scroller.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await waitForIdle(page);
  await expect.poll(async () => (await titles(page)).slice(-3)).toEqual([title(2), title(60), title(1)]);
  expect(await childEpicTitles(page, parent)).toEqual(expected);
});

test('a drag ends without a drop when the list loses the pointer or the window its focus, and pointer and keyboard moves never mix', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parent = await createEpic(page, `Interrupted parent ${stamp}`);
  const [one, two, three] = [`Calm one ${stamp}`, `Calm two ${stamp}`, `Calm three ${stamp}`];
  for (const title of [one, two, three]) await createEpic(page, title, parent.id);
  await openTree(page, parent);
  const order = [three, two, one];
  await expect.poll(() => titles(page)).toEqual(order);
  const scroller = page.getByTestId('tree-scroller');
  await page.evaluate(() => {
    document.addEventListener('pointerdown', (event) => {
      document.body.dataset.lastPointerId = String(event.pointerId);
    });
  });

  // The list loses its capture of the dragging pointer (no release was seen): the drag ends. Space
  // meanwhile grabbed nothing for a keyboard move.
  await pressAndMove(page, rowOf(page, three), rowOf(page, one), 0.9);
  await expect(scroller).toHaveClass(/is-dragging/);
  await page.keyboard.press('Space');
  await scroller.evaluate((element) => {
    element.releasePointerCapture(Number(document.body.dataset.lastPointerId));
  });
  const end = await pointOn(rowOf(page, one), 0.8);
  await page.mouse.move(end.x, end.y);
  await expect(scroller).not.toHaveClass(/is-dragging/);
  await page.mouse.up();
  await waitForIdle(page);
  await expect(announcer(page)).not.toContainText('Grabbed');
  expect(await titles(page)).toEqual(order);

  // The window loses focus in the middle of a drag: the drag ends, and releasing moves nothing.
  await pressAndMove(page, rowOf(page, three), rowOf(page, one), 0.9);
  await expect(scroller).toHaveClass(/is-dragging/);
  await page.evaluate(() => window.dispatchEvent(new FocusEvent('blur')));
  await expect(scroller).not.toHaveClass(/is-dragging/);
  await page.mouse.up();
  await waitForIdle(page);
  expect(await titles(page)).toEqual(order);

  // While a row is grabbed by keyboard, pressing and moving another row starts no drag.
  await rowOf(page, two).focus();
  await page.keyboard.press('Space');
  await expect(announcer(page)).toContainText(`Grabbed ${two}`);
  await pressAndMove(page, rowOf(page, three), rowOf(page, one), 0.9);
  await waitForIdle(page);
  await expect(scroller).not.toHaveClass(/is-dragging/);
  await page.mouse.up();
  await page.keyboard.press('Escape');
  await expect(announcer(page)).toHaveText('Move cancelled.');
  expect(await titles(page)).toEqual(order);

  await reopen(page, parent);
  await expect.poll(() => titles(page)).toEqual(order);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('a row held a moment then moved is dragged and stays moved, while a quick swipe scrolls the list and moves nothing', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, 'owner');
    const stamp = Date.now();
    const parent = await createEpic(page, `Touch parent ${stamp}`);
    const title = (n: number) => `Touch row ${n} ${stamp}`;
    for (let n = 1; n <= 20; n += 1) await createEpic(page, title(n), parent.id);
    const created = Array.from({ length: 20 }, (_, i) => title(20 - i));
    await page.setViewportSize({ width: 1280, height: 1000 });
    await openTree(page, parent);
    const scroller = page.getByTestId('tree-scroller');
    await scroller.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    expect((await titles(page)).slice(0, 3)).toEqual(created.slice(0, 3));

    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: point ? [{ x: point.x, y: point.y, id: 1 }] : [],
      });
    /** A finger sliding from `from` to `to` in a few steps. */
    const slide = async (from: { x: number; y: number }, to: { x: number; y: number }, steps: number) => {
      for (let step = 1; step <= steps; step += 1) {
        await touch('touchMove', {
          x: from.x + ((to.x - from.x) * step) / steps,
          y: from.y + ((to.y - from.y) * step) / steps,
        });
      }
    };

    // Held still past the touch delay, then moved up onto the top of the first row: before it.
    // The list does not scroll natively under the dragging finger.
    const from = await pointOn(rowOf(page, title(18)), 0.5);
    await touch('touchStart', from);
    // The finger rests on the row: this wait is the gesture itself (spec: "Drag and drop waits
    // 100 ms on touch devices"), not a wait for the page.
    await page.waitForTimeout(250);
    const to = await pointOn(rowOf(page, title(20)), 0.1);
    await slide(from, to, 12);
    await expect(scroller).toHaveClass(/is-dragging/);
    await touch('touchEnd');
    const moved = [title(18), title(20), title(19), ...created.slice(3)];
    await expect.poll(async () => (await titles(page)).slice(0, 4)).toEqual(moved.slice(0, 4));
    expect(await scroller.evaluate((element) => element.scrollTop)).toBe(0);
    await reopen(page, parent);
    await expect.poll(async () => (await titles(page)).slice(0, 4)).toEqual(moved.slice(0, 4));
    expect(await childEpicTitles(page, parent)).toEqual(moved);

    // A quick swipe up from a row scrolls the list natively; nothing is dragged or moved.
    await scroller.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const swipeFrom = await pointOn(rowOf(page, title(12)), 0.5);
    // The finger moves at once: the start and the first step leave together, so a busy page or a
    // slow round trip cannot turn the swipe into a hold.
    await Promise.all([
      touch('touchStart', swipeFrom),
      touch('touchMove', { x: swipeFrom.x, y: swipeFrom.y - 30 }),
    ]);
    await slide({ x: swipeFrom.x, y: swipeFrom.y - 30 }, { x: swipeFrom.x, y: swipeFrom.y - 240 }, 7);
    await expect(scroller).not.toHaveClass(/is-dragging/);
    await touch('touchEnd');
    await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(100);
    await waitForIdle(page);
    expect(await childEpicTitles(page, parent)).toEqual(moved);
  });
});
