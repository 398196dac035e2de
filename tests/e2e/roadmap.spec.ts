import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle, withoutEmbeddedAnswers } from './helpers.ts';

const ROADMAP = '/groups/acme/-/roadmap';

async function openRoadmap(page: Page, query = ''): Promise<void> {
  await page.goto(`${ROADMAP}${query}`);
  await waitForIdle(page);
}

const rows = (page: Page) => page.getByTestId('roadmap-row');
const urlParam = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

test('every setting of the drawer is applied and kept in the URL', async ({ page }) => {
  await signIn(page, 'owner');
  await openRoadmap(page);
  await expect(rows(page).first()).toBeVisible();
  await page.getByTestId('roadmap-settings-button').click();
  const drawer = page.getByTestId('roadmap-settings');
  await expect(drawer.getByRole('heading', { name: 'Roadmap settings' })).toBeVisible();
  // This quarter allows weeks only: 1 layout, 4 milestone types, 3 epic states, 2 progress kinds.
  await expect(drawer.getByRole('radio')).toHaveCount(10);

  await drawer.getByTestId('roadmap-range').selectOption({ label: 'Within 3 years' });
  await expect.poll(() => urlParam(page, 'timeframe_range_type')).toBe('THREE_YEARS');
  expect(urlParam(page, 'layout')).toBe('QUARTERS');
  await expect(drawer.getByRole('radio', { name: 'By quarter' })).toBeChecked();
  await drawer.getByRole('radio', { name: 'By month' }).check();
  await expect.poll(() => urlParam(page, 'layout')).toBe('MONTHS');

  await drawer.getByTestId('roadmap-range').selectOption({ label: 'This year' });
  await expect.poll(() => urlParam(page, 'layout')).toBe('MONTHS');
  await expect(drawer.getByRole('radio', { name: 'By quarter' })).toHaveCount(0);

  await expect(page.getByTestId('roadmap-milestones')).toBeVisible();
  await drawer.getByRole('radio', { name: 'Show project milestones' }).check();
  await expect.poll(() => urlParam(page, 'milestones_type')).toBe('PROJECT');
  await drawer.getByTestId('roadmap-toggle-milestones').click();
  await expect.poll(() => urlParam(page, 'show_milestones')).toBe('false');
  await expect(page.getByTestId('roadmap-milestones')).toHaveCount(0);

  await drawer.getByRole('radio', { name: 'Show closed epics' }).check();
  await expect.poll(() => urlParam(page, 'state')).toBe('closed');
  await waitForIdle(page);

  await drawer.getByRole('radio', { name: 'Use issue count' }).check();
  await expect.poll(() => urlParam(page, 'progress')).toBe('COUNT');
  await drawer.getByTestId('roadmap-toggle-progress').click();
  await expect.poll(() => urlParam(page, 'show_progress')).toBe('false');

  // A copied link reproduces the view.
  const copied = page.url();
  await page.goto(copied);
  await waitForIdle(page);
  await page.getByTestId('roadmap-settings-button').click();
  await expect(page.getByTestId('roadmap-range')).toHaveValue('CURRENT_YEAR');
  await expect(page.getByRole('radio', { name: 'Show closed epics' })).toBeChecked();
  await expect(page.getByTestId('roadmap-toggle-milestones')).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('roadmap-settings')).toHaveCount(0);
  await expect(page.getByTestId('roadmap-settings-button')).toBeFocused();
});

test('sorting by due date descending is applied and kept in the URL', async ({ page }) => {
  await openRoadmap(page, '?timeframe_range_type=THREE_YEARS&layout=QUARTERS&show_milestones=false');
  await page.getByTestId('roadmap-sort').selectOption('end_date_desc');
  await expect.poll(() => urlParam(page, 'sort')).toBe('end_date_desc');
  await waitForIdle(page);
  // The idle flag can still be the previous order's while the new one is asked for: read the rows
  // until they have come back, then check their order.
  const dueTimes = async () =>
    (await rows(page).locator('.roadmap-row-dates').allTextContents())
      .map((text) => text.split(' – ')[1] ?? '')
      .filter((due) => due !== '' && !due.startsWith('No'))
      .map((due) => Date.parse(due));
  await expect.poll(async () => (await dueTimes()).length).toBeGreaterThan(3);
  const times = await dueTimes();
  expect([...times].sort((a, b) => b - a)).toEqual(times);
});

test('an epic expands to show its child epics indented under it, and collapses again', async ({ page }) => {
  await signIn(page, 'owner');
  await openRoadmap(page, '?timeframe_range_type=THREE_YEARS&layout=QUARTERS&show_milestones=false');
  const parent = rows(page)
    .filter({ has: page.getByTestId('roadmap-expand') })
    .first();
  await expect(parent).toHaveAttribute('aria-expanded', 'false');
  const parentRow = Number(await parent.getAttribute('data-row'));
  await parent.getByTestId('roadmap-expand').click();
  await expect(parent).toHaveAttribute('aria-expanded', 'true');
  const child = page.locator(`[role="row"][data-row="${parentRow + 1}"]`);
  await expect(child).toHaveAttribute('aria-level', '2');
  await expect(child).toHaveAttribute('aria-posinset', '1');
  await parent.getByTestId('roadmap-expand').click();
  await expect(parent).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('[role="row"][aria-level="2"]')).toHaveCount(0);
});

test('the next page loads as the end scrolls into view, and Load all loads the rest', async ({ page }) => {
  await signIn(page, 'owner');
  await openRoadmap(page, '?timeframe_range_type=THREE_YEARS&layout=QUARTERS&show_milestones=false');
  const count = page.getByTestId('roadmap-count');
  await expect(count).toHaveText(/^Showing 50 of \d+ epics$/);
  const total = Number((await count.textContent())?.match(/of ([\d,]+)/)?.[1]?.replace(/,/g, ''));
  expect(total).toBeGreaterThan(100);
  const viewport = page.getByTestId('roadmap-viewport');
  await viewport.hover({ position: { x: 600, y: 300 } });
  const loaded = async () =>
    Number((await count.textContent())?.match(/^Showing ([\d,]+)/)?.[1]?.replace(/,/g, ''));
  // Scroll to the end until the next page of 50 arrives.
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 2000);
      return loaded();
    })
    .toBeGreaterThanOrEqual(100);
  expect((await loaded()) % 50 === 0 || (await loaded()) === total).toBe(true);
  await page.getByTestId('roadmap-load-all').click();
  await expect(count).toHaveText(
    `Showing ${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} epics`,
  );
  await expect(page.getByTestId('roadmap-load-all')).toHaveCount(0);
});

test('no matching epic shows the empty state with GitLab’s texts and no New epic button', async ({
  page,
}) => {
  await signIn(page, 'owner');
  await openRoadmap(page, '?search=no-such-epic-anywhere');
  const empty = page.getByTestId('roadmap-empty-state');
  await expect(empty).toContainText('Sorry, no epics matched your search');
  await expect(empty).toContainText(
    /To widen your search, change or remove filters; from \w{3} \d+, \d{4} to \w{3} \d+, \d{4}\./,
  );
  await expect(empty.getByRole('link', { name: 'View epics list' })).toHaveAttribute(
    'href',
    '/groups/acme/-/epics',
  );
  await expect(empty.getByRole('link', { name: 'New epic' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});

test('a group without epics shows the first-use empty state, with New epic only for those who may create', async ({
  page,
}) => {
  await signIn(page, 'owner');
  await page.goto('/groups/initech/-/roadmap');
  const empty = page.getByTestId('roadmap-empty-state');
  await expect(empty).toContainText('The roadmap shows the progress of your epics along a timeline');
  await expect(empty).toContainText(
    /To view the roadmap, add a start or due date to one of your epics in this group or its subgroups; from \w{3} \d+, \d{4} to \w{3} \d+, \d{4}\./,
  );
  await expect(empty.getByRole('link', { name: 'View epics list' })).toHaveAttribute(
    'href',
    '/groups/initech/-/epics',
  );
  const newEpic = empty.getByRole('link', { name: 'New epic' });
  await expect(newEpic).toHaveAttribute('href', /^\/groups\/initech\/-\/epics\/new/);
  await expectNoSeriousAxeViolations(page);

  // Anonymous visitors read the same state without the button.
  await page.context().clearCookies();
  await page.goto('/groups/initech/-/roadmap');
  await expect(empty).toContainText('The roadmap shows the progress of your epics along a timeline');
  await expect(empty.getByRole('link', { name: 'View epics list' })).toBeVisible();
  await expect(empty.getByRole('link', { name: 'New epic' })).toHaveCount(0);
});

test('a filter whose epics fit in one page draws them on a canvas sized to the view', async ({ page }) => {
  // Regression: a one-page result was briefly taken for an empty one, which remounted the view and left
  // the controller sizing a detached element (no rows, an 800×600 canvas).
  await openRoadmap(page, '?timeframe_range_type=THREE_YEARS&label_name[]=frontend');
  const count = page.getByTestId('roadmap-count');
  await expect(count).toHaveText(/^Showing (\d+) of \1 epics$/);
  const shown = Number((await count.textContent())?.match(/^Showing (\d+)/)?.[1]);
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(50);
  await expect(rows(page).first()).toBeVisible();
  const sizes = await page.evaluate(() => {
    const viewport = document.querySelector('[data-testid="roadmap-viewport"]') as HTMLElement;
    const canvas = document.querySelector('[data-testid="roadmap-canvas"] canvas') as HTMLCanvasElement;
    return { viewport: viewport.clientWidth, canvas: canvas.getBoundingClientRect().width };
  });
  expect(sizes.canvas).toBeCloseTo(sizes.viewport - 320, 0);
});

test('a failing server shows the epics and milestones alerts', async ({ page }) => {
  await withoutEmbeddedAnswers(page);
  await page.route('**/api/graphql', async (route) => {
    const body = route.request().postDataJSON() as { operationName?: string };
    if (body.operationName === 'RoadmapEpics' || body.operationName === 'RoadmapMilestones') {
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"errors":[{"message":"boom"}]}',
      });
    } else await route.continue();
  });
  await page.goto(ROADMAP);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Something went wrong while fetching epics' }),
  ).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Something went wrong while fetching milestones' }),
  ).toBeVisible();
  await expect(page.getByTestId('roadmap-view')).toHaveCount(0);
});

test('a keyboard user walks, expands, zooms and opens epics without a mouse', async ({ page }) => {
  await signIn(page, 'owner');
  await openRoadmap(page, '?timeframe_range_type=THREE_YEARS&layout=QUARTERS&show_milestones=false');
  const first = rows(page).first();
  await first.focus();
  await expect(first).toBeFocused();
  await expect(page.getByTestId('roadmap-popover')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[role="row"][data-row="1"]')).toBeFocused();
  await page.keyboard.press('End');
  const last = page.locator('[role="row"]:focus');
  await expect.poll(async () => Number(await last.getAttribute('data-row'))).toBeGreaterThanOrEqual(45);
  await page.keyboard.press('Home');
  await expect(page.locator('[role="row"][data-row="0"]')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('roadmap-popover')).toHaveCount(0);

  const expandable = rows(page)
    .filter({ has: page.getByTestId('roadmap-expand') })
    .first();
  await expandable.focus();
  await page.keyboard.press('ArrowRight');
  await expect(expandable).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(expandable).toHaveAttribute('aria-expanded', 'false');

  const widthBefore = Number(await expandable.getAttribute('data-bar-width'));
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await waitForIdle(page);
  await expect(page.getByTestId('roadmap-reset-zoom')).toBeVisible();
  await expect
    .poll(async () => Number(await expandable.getAttribute('data-bar-width')))
    .toBeGreaterThan(widthBefore);

  const href = await expandable.getByTestId('roadmap-row-title').getAttribute('href');
  await expandable.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === href);
});

test('zooming with ctrl+wheel keeps the date under the pointer still, and Fit all shows the whole range', async ({
  page,
}) => {
  await openRoadmap(page, '?timeframe_range_type=THREE_YEARS&layout=QUARTERS&show_milestones=false');
  const viewport = page.getByTestId('roadmap-viewport');
  const box = await viewport.boundingBox();
  if (!box) throw new Error('no roadmap viewport');
  await page.mouse.move(box.x + 700, box.y + 300);
  await page.keyboard.down('Control');
  for (let i = 0; i < 6; i += 1) await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await waitForIdle(page);
  await expect(page.getByTestId('roadmap-reset-zoom')).toBeVisible();
  await page.getByTestId('roadmap-fit-all').click();
  await waitForIdle(page);
  // The zoom settles over frames after the click: read the width until it has.
  await expect
    .poll(async () => Number(await page.getByTestId('roadmap-treegrid').getAttribute('data-timeline-width')))
    .toBeCloseTo(box.width - 2 - 320, 0);
  await page.getByTestId('roadmap-reset-zoom').click();
  await waitForIdle(page);
  await expect(page.getByTestId('roadmap-reset-zoom')).toHaveCount(0);
});

test('dragging the timeline pans it with no bar hovered, and a click on a bar opens its epic', async ({
  page,
}) => {
  await openRoadmap(page, '?timeframe_range_type=THREE_YEARS&layout=QUARTERS&show_milestones=false');
  await page.getByTestId('roadmap-fit-all').click();
  await waitForIdle(page);
  const viewport = page.getByTestId('roadmap-viewport');
  const box = await viewport.boundingBox();
  if (!box) throw new Error('no roadmap viewport');
  const overBar = () => viewport.evaluate((element) => element.classList.contains('is-over-bar'));
  // Walk along rows below the first few (a pan up must leave them in view) until one has a bar.
  let found: { row: ReturnType<typeof rows>; x: number; y: number } | null = null;
  for (let index = 4; index < 10 && !found; index += 1) {
    const row = rows(page).nth(index);
    const rowBox = await row.boundingBox();
    if (!rowBox) continue;
    const y = rowBox.y + rowBox.height / 2;
    for (let x = box.x + 330; x < box.x + box.width - 20 && !found; x += 8) {
      await page.mouse.move(x, y);
      if (await overBar()) found = { row, x: x + 4, y };
    }
  }
  if (!found) throw new Error('no bar under rows 4 to 9');
  const { row, x, y } = found;
  await page.mouse.move(x, y);
  await expect(page.getByTestId('roadmap-popover')).toBeVisible();
  const rowTop = (await row.boundingBox())?.y ?? 0;

  await page.mouse.down();
  await page.mouse.move(x, y - 100, { steps: 10 });
  await expect(viewport).toHaveClass(/is-panning/);
  // is-over-bar goes with the highlighted row (drawn on the canvas); the popover may stay, for the
  // row the press focused.
  await expect(viewport).not.toHaveClass(/is-over-bar/);
  await expect.poll(async () => (await row.boundingBox())?.y).toBeCloseTo(rowTop - 100, 0);
  await page.mouse.up();
  await expect(viewport).not.toHaveClass(/is-panning/);

  // The bar followed the pointer, so the pointer is over it again, and a click opens its epic.
  await page.mouse.move(x, y - 99);
  await expect(viewport).toHaveClass(/is-over-bar/);
  const href = await row.getByTestId('roadmap-row-title').getAttribute('href');
  if (!href) throw new Error('no epic link on the row');
  await page.mouse.click(x, y - 99);
  await expect(page).toHaveURL((url) => url.pathname === href);
});

test('the roadmap has no serious accessibility violations with settings open and an epic expanded', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'developer');
  await openRoadmap(page, '?timeframe_range_type=THREE_YEARS&layout=MONTHS');
  await rows(page)
    .filter({ has: page.getByTestId('roadmap-expand') })
    .first()
    .getByTestId('roadmap-expand')
    .click();
  await waitForIdle(page);
  await page.getByTestId('roadmap-settings-button').click();
  await expectNoSeriousAxeViolations(page);
});

test('an epic created from the roadmap comes back highlighted for three seconds', async ({ page }) => {
  await signIn(page, 'owner');
  await openRoadmap(page, '?timeframe_range_type=THREE_YEARS&layout=MONTHS&show_milestones=false');
  const roadmapUrl = page.url();
  await page.getByTestId('roadmap-header-new-epic').click();
  await page.waitForURL(/\/groups\/acme\/-\/epics\/new\?return_to=/);
  const title = `Launch the partner portal ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Start date').fill(day(-3));
  await page.getByLabel('Due date').fill(day(40));
  await page.getByTestId('create-epic').click();
  await page.waitForURL(roadmapUrl);
  const created = rows(page).filter({ hasText: title });
  await expect(created).toHaveClass(/roadmap-row-new/);
  await expect(created).not.toHaveClass(/roadmap-row-new/, { timeout: 6_000 });
});

test('the new-epic form refuses a due date before the start date and a guest cannot open it', async ({
  page,
}) => {
  await signIn(page, 'owner');
  await page.goto('/groups/acme/-/epics/new');
  await page.getByLabel('Title').fill('Backwards');
  await page.getByLabel('Start date').fill('2026-05-01');
  await page.getByLabel('Due date').fill('2026-04-01');
  await page.getByTestId('create-epic').click();
  await expect(page.getByTestId('new-epic-error')).toHaveText('The start date must be before the due date');
  await expect(page).toHaveURL(/\/epics\/new$/);

  await page.context().clearCookies();
  await signIn(page, 'guest');
  await openRoadmap(page);
  await expect(page.getByTestId('roadmap-header-new-epic')).toHaveCount(0);
  expect((await page.goto('/groups/acme/-/epics/new'))?.status()).toBe(404);
});

test('a lost WebGL context leaves the same rows drawn as plain DOM until it is restored', async ({
  page,
}) => {
  // Software WebGL (as on this machine) would pick the Canvas 2D renderer: ask for WebGL.
  await openRoadmap(
    page,
    '?timeframe_range_type=THREE_YEARS&layout=QUARTERS&show_milestones=false&renderer=webgl',
  );
  const view = page.getByTestId('roadmap-view');
  await expect(view).toHaveAttribute('data-renderer', 'webgl');
  await expect(view).toHaveAttribute('data-canvas', 'ready');
  const rowCount = await rows(page).count();
  await page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="roadmap-canvas"] canvas');
    const gl = canvas?.getContext('webgl2') ?? canvas?.getContext('webgl');
    const extension = gl?.getExtension('WEBGL_lose_context');
    if (!extension) throw new Error('no WEBGL_lose_context');
    (window as unknown as { loseContext: WEBGL_lose_context }).loseContext = extension;
    extension.loseContext();
  });
  await expect(view).toHaveAttribute('data-canvas', 'lost');
  await expect(page.getByTestId('roadmap-dom-bars').locator('.roadmap-dom-bar')).toHaveCount(rowCount);
  await expect(rows(page)).toHaveCount(rowCount);
  await page.evaluate(() =>
    (window as unknown as { loseContext: WEBGL_lose_context }).loseContext.restoreContext(),
  );
  await expect(view).toHaveAttribute('data-canvas', 'ready');
  await expect(page.getByTestId('roadmap-dom-bars')).toHaveCount(0);
});

test('the milestones section counts, collapses, and shows a milestone’s type and dates on focus', async ({
  page,
}) => {
  await openRoadmap(page, '?timeframe_range_type=THREE_YEARS&layout=QUARTERS');
  const section = page.getByTestId('roadmap-milestones');
  await expect(section).toContainText('Milestones');
  const count = Number((await section.locator('.roadmap-milestones-count').textContent())?.match(/\d+/)?.[0]);
  expect(count).toBeGreaterThan(0);
  const links = page.getByTestId('roadmap-milestone');
  await expect(links).toHaveCount(count);
  await expect(links.first()).toHaveAttribute('href', /\/-\/milestones\/\d+$/);
  await links.first().focus();
  const popover = page.getByTestId('roadmap-popover');
  await expect(popover).toContainText(/(Group|Subgroup|Project) milestone/);
  await expect(popover).toContainText(/\w{3} \d+, \d{4}/);

  const toggle = page.getByTestId('roadmap-milestones-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(links).toHaveCount(0);
  await toggle.click();
  await expect(links).toHaveCount(count);
});

test('without a GPU the roadmap draws with Canvas 2D, and with WebGL when asked', async ({ page }) => {
  await openRoadmap(page, '?timeframe_range_type=THREE_YEARS&show_milestones=false');
  await expect(page.getByTestId('roadmap-view')).toHaveAttribute('data-renderer', 'canvas');
  await expect(page.getByTestId('roadmap-view')).toHaveAttribute('data-canvas', 'ready');
  await expect(page.locator('[data-testid="roadmap-canvas"] canvas')).toBeVisible();
  await openRoadmap(page, '?timeframe_range_type=THREE_YEARS&show_milestones=false&renderer=webgl');
  await expect(page.getByTestId('roadmap-view')).toHaveAttribute('data-renderer', 'webgl');
  await expect(page.getByTestId('roadmap-view')).toHaveAttribute('data-canvas', 'ready');
});
