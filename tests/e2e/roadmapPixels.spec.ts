import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  barExtent,
  type CanvasImage,
  type CanvasRow,
  collectEpicColors,
  colorDistance,
  contrast,
  dominantColor,
  fillCoverage,
  luminance,
  MIN_TITLE_COLUMNS,
  pixelAt,
  type Rgb,
  readCanvas,
  rowsOnCanvas,
  settle,
  TITLED_BAR_WIDTH,
  titleColumns,
  titlePixelsIn,
  todayLineX,
} from './canvasPixels.ts';
import { signIn } from './helpers.ts';
import { api, createEpic } from './treeHelpers.ts';

/**
 * What the roadmap canvas shows, read from its pixels (see canvasPixels.ts), in the states a person
 * reaches: bars keep their titles whatever order their display objects were created in, a hovered,
 * focused or new row keeps its bar under a visible highlight, the header follows the theme, titles
 * stay above the today line. Each state is checked with Canvas 2D (this machine's default) and with
 * WebGL. Golden screenshots of fixed data under a fixed clock catch layering mistakes as a whole.
 */

const VIEWPORT = { width: 1280, height: 720 };
const rowsOf = (page: Page) => page.getByTestId('roadmap-row');
const MONTHS = '&timeframe_range_type=THREE_YEARS&layout=MONTHS';

/** A visible highlight: some channel of the row's background moves at least this far. */
const HIGHLIGHT_DISTANCE = 6;
/** Share of a bar's width that must keep the bar's colour under a highlight. */
const BAR_COVERAGE = 0.8;

interface Reading {
  readonly image: CanvasImage;
  readonly rows: CanvasRow[];
}

async function read(page: Page, colors: Map<string, string>): Promise<Reading> {
  const image = await readCanvas(page);
  return { image, rows: await rowsOnCanvas(page, colors) };
}

/** Every bar over 120 px shows title text pixels (MIN_TITLE_COLUMNS columns of them). */
function expectTitledBars({ image, rows }: Reading, state: string): void {
  const untitled: string[] = [];
  let wide = 0;
  for (const row of rows) {
    const bar = barExtent(image, row);
    if (!bar || bar.right - bar.left <= TITLED_BAR_WIDTH) continue;
    wide += 1;
    const columns = titleColumns(image, row, bar).length;
    if (columns < MIN_TITLE_COLUMNS) untitled.push(`row ${row.row} '${row.title}': ${columns} text columns`);
  }
  expect(wide, `bars over ${TITLED_BAR_WIDTH} px ${state}`).toBeGreaterThanOrEqual(3);
  expect(untitled, `bars without their title ${state}`).toEqual([]);
}

/** The background of a row's gap over its bar (the row's first 7 px), as most of its pixels show it. */
const rowBackground = (image: CanvasImage, row: CanvasRow): Rgb =>
  dominantColor(image, 0, row.top + 1, image.width, row.top + 7);

/** The first row whose bar is drawn wider than 120 px, with its extent. */
function wideBarRow({ image, rows }: Reading, skip = -1) {
  for (const row of rows) {
    if (row.row === skip) continue;
    const bar = barExtent(image, row);
    if (bar && bar.right - bar.left > TITLED_BAR_WIDTH) return { row, bar };
  }
  throw new Error('no bar over 120 px on the canvas');
}

async function canvasBox(page: Page) {
  const box = await page.locator('[data-testid="roadmap-canvas"] canvas').boundingBox();
  if (!box) throw new Error('no roadmap canvas');
  return box;
}

/** Header: labels readable (≥ 3:1 against the background) and, in the dark theme, a dark background. */
function expectReadableHeader(image: CanvasImage, dark: boolean): void {
  const background = dominantColor(image, 0, 4, image.width, 30);
  const ratios: number[] = [];
  for (let y = 6; y < 30; y += 1)
    for (let x = 0; x < image.width; x += 1) ratios.push(contrast(pixelAt(image, x, y), background));
  ratios.sort((a, b) => b - a);
  // The tenth best pixel, not the best: a label's glyph cores, not one stray pixel.
  expect(ratios[9] ?? 1, 'contrast of the header labels').toBeGreaterThanOrEqual(3);
  if (dark) expect(luminance(background), 'luminance of the dark header').toBeLessThan(0.2);
}

async function expectDarkMilestoneLane(page: Page, image: CanvasImage): Promise<void> {
  const lane = await page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="roadmap-canvas"] canvas')?.getBoundingClientRect();
    const grid = document.querySelector('[data-testid="roadmap-treegrid"]')?.getBoundingClientRect();
    return canvas && grid ? { top: 60, bottom: grid.top - canvas.top } : null;
  });
  expect(lane && lane.bottom - lane.top, 'height of the milestones section').toBeGreaterThan(20);
  if (!lane) return;
  const background = dominantColor(image, 0, lane.top + 2, image.width, lane.bottom - 2);
  expect(luminance(background), 'luminance of the dark milestone lane').toBeLessThan(0.2);
}

for (const renderer of ['canvas', 'webgl'] as const) {
  const name = renderer === 'canvas' ? 'Canvas 2D' : 'WebGL';
  test.describe(`the roadmap canvas drawn with ${name}`, () => {
    // One page for the describe; a failed test restarts the worker, so each test opens its own state.
    test.describe.configure({ mode: 'default' });
    let page: Page;
    let colors: Map<string, string>;

    test.beforeAll(async ({ browser }) => {
      page = await browser.newPage({ viewport: VIEWPORT, colorScheme: 'light' });
      colors = collectEpicColors(page);
      await signIn(page, 'owner');
    });
    test.afterAll(async () => {
      await page.close();
    });
    test.beforeEach(async () => {
      await page.evaluate(() => localStorage.removeItem('theme'));
    });

    async function open(group = 'acme', query = ''): Promise<void> {
      await page.mouse.move(0, 0);
      await page.goto(`/groups/${group}/-/roadmap?renderer=${renderer}${query}`);
      await settle(page);
      await expect(page.getByTestId('roadmap-view')).toHaveAttribute('data-renderer', renderer);
      await expect(page.getByTestId('roadmap-view')).toHaveAttribute('data-canvas', 'ready');
      await expect(rowsOf(page).first()).toBeVisible();
    }

    test('on first load every wide bar shows its title and the header is readable', async () => {
      await open();
      const reading = await read(page, colors);
      expectTitledBars(reading, 'on first load');
      expectReadableHeader(reading.image, false);
    });

    test('a bar title crossed by the today line is drawn above the line', async () => {
      await open();
      const { image, rows } = await read(page, colors);
      const lineX = todayLineX(image, rows);
      expect(lineX, 'x of the today line').not.toBeNull();
      if (lineX === null) return;
      const line = [lineX, lineX + 1];
      let crossed = 0;
      let shown = 0;
      for (const row of rows) {
        const bar = barExtent(image, row);
        if (!bar || bar.right - bar.left <= TITLED_BAR_WIDTH) continue;
        const columns = titleColumns(image, row, bar);
        // Titles with text on both sides of the line: the line crosses the title itself.
        if (!columns.some((x) => x < lineX - 4) || !columns.some((x) => x > lineX + 5)) continue;
        crossed += 1;
        if (titlePixelsIn(image, row, line) > 0) shown += 1;
      }
      expect(crossed, 'titles the today line crosses').toBeGreaterThanOrEqual(1);
      expect(shown, `titles (of ${crossed}) whose text shows over the today line`).toBeGreaterThanOrEqual(1);
    });

    test('after expanding an epic every wide bar shows its title', async () => {
      await open();
      const parent = rowsOf(page)
        .filter({ has: page.getByTestId('roadmap-expand') })
        .first();
      await parent.getByTestId('roadmap-expand').click();
      await expect(parent).toHaveAttribute('aria-expanded', 'true');
      expectTitledBars(await read(page, colors), 'with an epic expanded');
    });

    test('after zooming in and out every wide bar shows its title', async () => {
      // Months over three years: zooming moves bars in and out of view, so the canvas reuses its objects.
      await open('acme', MONTHS);
      await page.getByTestId('roadmap-zoom-in').click();
      await page.getByTestId('roadmap-zoom-in').click();
      await expect(page.getByTestId('roadmap-reset-zoom')).toBeVisible();
      expectTitledBars(await read(page, colors), 'zoomed in');
      for (let i = 0; i < 4; i += 1) await page.getByTestId('roadmap-zoom-out').click();
      expectTitledBars(await read(page, colors), 'zoomed out');
    });

    test('after Load all every wide bar shows its title', async () => {
      await open();
      await page.getByTestId('roadmap-load-all').click();
      await expect(page.getByTestId('roadmap-load-all')).toHaveCount(0);
      expectTitledBars(await read(page, colors), "after 'Load all'");
    });

    test('in Present every wide bar shows its title', async () => {
      // Presenting from a zoomed view, as a person setting up a meeting does.
      await open('acme', MONTHS);
      await page.getByTestId('roadmap-zoom-in').click();
      await settle(page);
      await page.getByTestId('roadmap-presentation').click();
      await expect(page.getByTestId('roadmap-view')).toHaveClass(/is-presenting/);
      expectTitledBars(await read(page, colors), 'in Present');
    });

    test('a hovered row keeps its bar under a visible highlight', async () => {
      await open();
      const before = await read(page, colors);
      const { row, bar } = wideBarRow(before);
      const box = await canvasBox(page);
      await page.mouse.move(box.x + (bar.left + bar.right) / 2, box.y + row.top + 25);
      const hovered = await read(page, colors);
      const same = hovered.rows.find((candidate) => candidate.row === row.row) ?? row;
      expect(
        fillCoverage(hovered.image, same, bar.left, bar.right),
        'share of the hovered bar drawn',
      ).toBeGreaterThanOrEqual(BAR_COVERAGE);
      expect(
        colorDistance(rowBackground(hovered.image, same), rowBackground(before.image, row)),
        'highlight of the hovered row',
      ).toBeGreaterThanOrEqual(HIGHLIGHT_DISTANCE);
      expectTitledBars(hovered, 'with a row hovered');
    });

    test('a keyboard-focused row keeps its bar under the same highlight as a hovered row', async () => {
      await open();
      const before = await read(page, colors);
      const hoveredRow = wideBarRow(before);
      const box = await canvasBox(page);
      await page.mouse.move(
        box.x + (hoveredRow.bar.left + hoveredRow.bar.right) / 2,
        box.y + hoveredRow.row.top + 25,
      );
      const hoverHighlight = rowBackground((await read(page, colors)).image, hoveredRow.row);
      await page.mouse.move(1, 1);
      const { row, bar } = wideBarRow(before, hoveredRow.row.row);
      const focused = page.locator(`[role="row"][data-row="${row.row}"]`);
      await focused.focus();
      await expect(focused).toBeFocused();
      const reading = await read(page, colors);
      const same = reading.rows.find((candidate) => candidate.row === row.row) ?? row;
      expect(
        fillCoverage(reading.image, same, bar.left, bar.right),
        'share of the focused bar drawn',
      ).toBeGreaterThanOrEqual(BAR_COVERAGE);
      const background = rowBackground(reading.image, same);
      expect(
        colorDistance(background, rowBackground(before.image, row)),
        'highlight of the focused row',
      ).toBeGreaterThanOrEqual(HIGHLIGHT_DISTANCE);
      expect(
        colorDistance(background, hoverHighlight),
        'focused highlight against hovered',
      ).toBeLessThanOrEqual(HIGHLIGHT_DISTANCE);
    });

    test('while a drag pans the timeline the row under the pointer keeps its bar', async () => {
      // The whole range in view, so that bars end inside the canvas.
      await open('acme', '&timeframe_range_type=THREE_YEARS&layout=QUARTERS');
      await page.getByTestId('roadmap-fit-all').click();
      await settle(page);
      const before = await read(page, colors);
      const box = await canvasBox(page);
      // A press on the bar itself would reschedule it (this viewer may): the pan starts on the empty
      // timeline just beside it, on the same row, so the bar must stay that far from the pointer.
      const found = before.rows
        .map((row) => ({ row, bar: barExtent(before.image, row) }))
        .find(
          ({ bar }) =>
            bar !== null && bar.right - bar.left > 90 && (bar.left > 50 || box.width - bar.right > 50),
        );
      if (!found?.bar) throw new Error('no bar of 90 px with room beside it');
      const { row, bar } = found;
      const roomRight = box.width - bar.right > 50;
      const gap = roomRight ? 30 : -30;
      const x = box.x + (roomRight ? bar.right : bar.left) + gap;
      const y = box.y + row.top + 25;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x - 60, y, { steps: 6 });
      await expect(page.getByTestId('roadmap-viewport')).toHaveClass(/is-panning/);
      const panning = await read(page, colors);
      const pointer = x - 60 - box.x;
      const same = panning.rows.find((candidate) => candidate.row === row.row) ?? row;
      const edge = pointer - gap;
      const coverage = roomRight
        ? fillCoverage(panning.image, same, edge - 80, edge - 2)
        : fillCoverage(panning.image, same, edge + 2, edge + 80);
      await page.mouse.up();
      expect(coverage, 'share of the bar drawn beside the pointer while panning').toBeGreaterThanOrEqual(
        BAR_COVERAGE,
      );
    });

    test('toggling the dark theme turns the header and milestone lane dark without a pan', async () => {
      await open();
      await page.getByTestId('theme-toggle').click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      const reading = await read(page, colors);
      expectReadableHeader(reading.image, true);
      await expectDarkMilestoneLane(page, reading.image);
      expectTitledBars(reading, 'in the dark theme');
    });

    test('a first load in the dark theme draws a dark, readable header', async () => {
      await page.evaluate(() => localStorage.setItem('theme', 'dark'));
      await open();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      const reading = await read(page, colors);
      expectReadableHeader(reading.image, true);
      await expectDarkMilestoneLane(page, reading.image);
      expectTitledBars(reading, 'on a dark first load');
    });

    test('an epic created from the roadmap comes back with its bar drawn in its highlighted row', async () => {
      // Browser tests write into workshop; its fixed epics make sure the roadmap has rows to come back to.
      await ensureGoldenEpics(page);
      await open('workshop', `${MONTHS}&show_milestones=false`);
      const roadmapUrl = page.url();
      await page.getByTestId('roadmap-header-new-epic').click();
      await page.waitForURL(/\/groups\/workshop\/-\/epics\/new\?return_to=/);
      const title = `Pixel check ${renderer} ${Date.now()}`;
      await page.getByLabel('Title').fill(title);
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      await page.getByLabel('Start date').fill(day(-30));
      await page.getByLabel('Due date').fill(day(200));
      await page.getByTestId('create-epic').click();
      await page.waitForURL(roadmapUrl);
      const created: Locator = rowsOf(page).filter({ hasText: title });
      await expect(created).toHaveClass(/roadmap-row-new/);
      const reading = await read(page, colors);
      // Read while highlighted: the highlight lasts 3 s.
      await expect(created).toHaveClass(/roadmap-row-new/);
      const id = await created.getAttribute('data-epic-id');
      const row = reading.rows.find((candidate) => candidate.epicId === id);
      expect(row, 'the new epic’s row on the canvas').toBeDefined();
      if (!row) return;
      const bar = barExtent(reading.image, row);
      expect(bar && bar.right - bar.left, 'drawn width of the new epic’s bar').toBeGreaterThan(
        TITLED_BAR_WIDTH,
      );
      const plain = reading.rows.find((candidate) => candidate.row !== row.row);
      if (plain)
        expect(
          colorDistance(rowBackground(reading.image, row), rowBackground(reading.image, plain)),
          'highlight of the new epic’s row',
        ).toBeGreaterThanOrEqual(HIGHLIGHT_DISTANCE);
      const titled = reading.rows.filter((candidate) => {
        const extent = barExtent(reading.image, candidate);
        return extent && extent.right - extent.left > TITLED_BAR_WIDTH;
      });
      for (const candidate of titled) {
        const extent = barExtent(reading.image, candidate);
        if (extent)
          expect(
            titleColumns(reading.image, candidate, extent).length,
            `title of '${candidate.title}'`,
          ).toBeGreaterThanOrEqual(MIN_TITLE_COLUMNS);
      }
    });
  });
}

/**
 * Goldens: fixed epics (a unique label in `workshop`, fixed dates and colours) under a fixed clock,
 * so the same pixels come back every day. Canvas 2D only: the renderer this machine uses.
 */
const GOLDEN_LABEL = 'pixel-golden';
const GOLDEN_NOW = new Date('2026-11-25T10:00:00Z');
const GOLDEN_URL = `/groups/workshop/-/roadmap?label_name[]=${GOLDEN_LABEL}&show_milestones=false`;
const GOLDEN_EPICS = [
  { title: 'Golden · Platform migration', start: '2026-09-14', due: '2027-02-26', color: '#1068bf' },
  { title: 'Golden · Billing revamp', start: '2026-10-05', due: '2026-12-04', color: '#217645' },
  { title: 'Golden · Search tune-up', start: '2026-11-02', due: '2026-11-27', color: '#7b58cf' },
  { title: 'Golden · Mobile beta', start: '2026-11-20', due: '2027-01-29', color: '#e9be74' },
] as const;
const GOLDEN_CHILD = {
  title: 'Golden · Schema rollout',
  start: '2026-11-16',
  due: '2026-12-31',
  color: '#c17d10',
};
/** ~200 px of 910 × 468: a missing title (~500 px) or a hidden bar fails, anti-aliasing noise does not. */
const GOLDEN_OPTIONS = { maxDiffPixelRatio: 0.0005 } as const;

async function ensureGoldenEpics(page: Page): Promise<void> {
  const existing = await api(page, 'GET', `/api/v4/groups/workshop/epics?labels=${GOLDEN_LABEL}&per_page=20`);
  expect(existing.status).toBe(200);
  if ((existing.body as unknown as unknown[]).length > 0) return;
  const fields = (epic: { start: string; due: string; color: string }) => ({
    labels: GOLDEN_LABEL,
    start_date_is_fixed: true,
    start_date_fixed: epic.start,
    due_date_is_fixed: true,
    due_date_fixed: epic.due,
    color: epic.color,
  });
  const [parent, ...rest] = GOLDEN_EPICS;
  const created = await createEpic(page, parent.title, undefined, fields(parent));
  await createEpic(page, GOLDEN_CHILD.title, created.id, fields(GOLDEN_CHILD));
  for (const epic of rest) await createEpic(page, epic.title, undefined, fields(epic));
}

test.describe('the roadmap canvas against goldens of fixed epics on a fixed day', () => {
  test.describe.configure({ mode: 'default' });
  let page: Page;
  let colors: Map<string, string>;
  const canvas = () => page.locator('[data-testid="roadmap-canvas"] canvas');

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ viewport: VIEWPORT, colorScheme: 'light' });
    colors = collectEpicColors(page);
    await page.clock.setFixedTime(GOLDEN_NOW);
    await signIn(page, 'owner');
    await ensureGoldenEpics(page);
  });
  test.afterAll(async () => {
    await page.close();
  });

  async function open(): Promise<void> {
    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.mouse.move(0, 0);
    await page.goto(GOLDEN_URL);
    await settle(page);
    await expect(page.getByTestId('roadmap-count')).toHaveText('Showing 4 of 4 epics');
  }

  test('the leftmost header label is not cut by the canvas’s left edge', async () => {
    await open();
    const image = await readCanvas(page);
    const background = dominantColor(image, 0, 4, image.width, 30);
    // A label keeps 8 px from a column's edge: any label ink in the first 3 px is a cut label.
    let ink = 0;
    for (let y = 6; y < 30; y += 1)
      for (let x = 0; x < 3; x += 1) if (contrast(pixelAt(image, x, y), background) >= 1.5) ink += 1;
    expect(ink, 'label pixels at the canvas’s left edge').toBe(0);
  });

  test('golden: first load in the light theme', async () => {
    await open();
    expectTitledBars(await read(page, colors), 'on the golden first load');
    await expect(canvas()).toHaveScreenshot('roadmap-light.png', GOLDEN_OPTIONS);
  });

  test('golden: the dark theme', async () => {
    await open();
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await settle(page);
    await expect(canvas()).toHaveScreenshot('roadmap-dark.png', GOLDEN_OPTIONS);
  });

  test('golden: a hovered row', async () => {
    await open();
    const { row, bar } = wideBarRow(await read(page, colors));
    const box = await canvasBox(page);
    await page.mouse.move(box.x + (bar.left + bar.right) / 2, box.y + row.top + 25);
    // The popover comes after a hover delay: wait for it, so every run shows it.
    await expect(page.getByTestId('roadmap-popover')).toBeVisible();
    await settle(page);
    await expect(canvas()).toHaveScreenshot('roadmap-hovered.png', GOLDEN_OPTIONS);
    await page.mouse.move(1, 1);
  });

  test('golden: an epic expanded', async () => {
    await open();
    const parent = rowsOf(page).filter({ hasText: GOLDEN_EPICS[0].title });
    await parent.getByTestId('roadmap-expand').click();
    await expect(parent).toHaveAttribute('aria-expanded', 'true');
    await expect(rowsOf(page).filter({ hasText: GOLDEN_CHILD.title })).toBeVisible();
    await settle(page);
    await expect(canvas()).toHaveScreenshot('roadmap-expanded.png', GOLDEN_OPTIONS);
  });
});
