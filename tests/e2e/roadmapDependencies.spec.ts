import { expect, type Page, test } from '@playwright/test';
import {
  barExtent,
  type CanvasImage,
  type CanvasRow,
  collectEpicColors,
  colorDistance,
  dominantColor,
  onGraphQLRecords,
  pixelAt,
  type Rgb,
  readCanvas,
  rowsOnCanvas,
  settle,
} from './canvasPixels.ts';
import { signIn } from './helpers.ts';

/**
 * Dependency arrows on the demo roadmap (the seed links the earliest epics of acme: seed/demoDependencies.ts):
 * an arrow leaves the blocking bar's end and arrives at the blocked bar's start, red when the
 * blocked epic starts before its blocker is due; 'Show dependency arrows' hides them; the treegrid
 * says 'blocks N' and 'blocked by N', and the popover lists the blockers as links.
 */

const VIEWPORT = { width: 1280, height: 720 };
const ROADMAP = '/groups/acme/-/roadmap?timeframe_range_type=THREE_YEARS&layout=MONTHS&show_milestones=false';
/** An arrow pixel differs from the row's background by at least this much. */
const ARROW_DISTANCE = 60;

interface Link {
  readonly blocker: string;
  readonly blocked: string;
}

/** 'blocks' links as the roadmap's GraphQL answers name them (blockedByEpics), by numeric id. */
function collectLinks(page: Page): Link[] {
  const links: Link[] = [];
  const seen = new Set<string>();
  const idOf = (gid: unknown) => (typeof gid === 'string' ? /(\d+)$/.exec(gid)?.[1] : undefined);
  onGraphQLRecords(page, (record) => {
    const blockedBy = record.blockedByEpics as { nodes?: { id?: string }[] } | undefined;
    const blocked = idOf(record.id);
    for (const node of blockedBy?.nodes ?? []) {
      const blocker = idOf(node.id);
      if (!blocked || !blocker || seen.has(`${blocker}:${blocked}`)) continue;
      seen.add(`${blocker}:${blocked}`);
      links.push({ blocker, blocked });
    }
  });
  return links;
}

interface DrawnLink extends Link {
  readonly from: CanvasRow;
  readonly to: CanvasRow;
  /** Where the arrow leaves the blocker and where its head sits before the blocked bar, canvas px. */
  readonly start: { x: number; y: number };
  readonly end: { x: number; y: number };
  readonly background: Rgb;
}

/** The links whose two bars are both wholly on the canvas, with their arrows' end points. */
async function linksOnCanvas(
  page: Page,
  image: CanvasImage,
  links: readonly Link[],
  colors: Map<string, string>,
): Promise<DrawnLink[]> {
  const rows = await rowsOnCanvas(page, colors);
  const byId = new Map(rows.map((row) => [row.epicId, row]));
  const drawn: DrawnLink[] = [];
  for (const link of links) {
    const from = byId.get(link.blocker);
    const to = byId.get(link.blocked);
    if (!from || !to) continue;
    const fromBar = barExtent(image, from);
    const toBar = barExtent(image, to);
    if (!fromBar || !toBar || fromBar.right > image.width - 20 || toBar.left < 20) continue;
    drawn.push({
      ...link,
      from,
      to,
      start: { x: fromBar.right + 4, y: from.top + 25 },
      end: { x: toBar.left - 4, y: to.top + 25 },
      background: dominantColor(image, 0, from.top + 2, image.width, from.top + 6),
    });
  }
  return drawn;
}

const isRed = ([r, g, b]: Rgb) => r > 150 && r - g > 60 && r - b > 60;

test.describe('dependency arrows on the roadmap', () => {
  let page: Page;
  let colors: Map<string, string>;
  let links: Link[];

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ viewport: VIEWPORT, colorScheme: 'light' });
    colors = collectEpicColors(page);
    links = collectLinks(page);
    await signIn(page, 'owner');
  });
  test.afterAll(async () => {
    await page.close();
  });

  async function open(query = ''): Promise<void> {
    await page.mouse.move(0, 0);
    await page.goto(`${ROADMAP}&renderer=canvas${query}`);
    await settle(page);
    await expect(page.getByTestId('roadmap-view')).toHaveAttribute('data-canvas', 'ready');
    await expect(page.getByTestId('roadmap-row').first()).toBeVisible();
    // The whole three years in view: bars' ends and starts are on screen.
    await page.getByRole('button', { name: 'Fit all' }).click();
    await settle(page);
  }

  /** Scrolls down the rows (sorted by start date) until a seeded link has both bars on screen. */
  async function scrollToLinks(): Promise<{ image: CanvasImage; drawn: DrawnLink[] }> {
    const box = await page.locator('[data-testid="roadmap-canvas"] canvas').boundingBox();
    if (!box) throw new Error('no canvas');
    for (let step = 0; ; step += 1) {
      const image = await readCanvas(page);
      const drawn = await linksOnCanvas(page, image, links, colors);
      if (drawn.length > 0 || step >= 40) return { image, drawn };
      await page.mouse.move(box.x + box.width / 2, box.y + box.height - 40);
      await page.mouse.wheel(0, 150);
      await page.mouse.move(0, 0);
    }
  }

  test('draws an arrow from the blocking bar’s end to the blocked bar’s start, red when the order is broken', async () => {
    await open();
    const { image, drawn } = await scrollToLinks();
    expect(drawn.length, 'seeded links with both bars on screen').toBeGreaterThan(0);
    for (const link of drawn) {
      const start = pixelAt(image, link.start.x, link.start.y);
      const end = pixelAt(image, link.end.x, link.end.y);
      expect(
        colorDistance(start, link.background),
        `arrow start of ${link.blocker}→${link.blocked}`,
      ).toBeGreaterThan(ARROW_DISTANCE);
      expect(
        colorDistance(end, link.background),
        `arrowhead of ${link.blocker}→${link.blocked}`,
      ).toBeGreaterThan(ARROW_DISTANCE);
    }
    // The seed's chain has a blocked epic starting before its blocker is due: its arrowhead is red.
    const violated = await violatedLinks(page, drawn);
    expect(violated.length, 'violated links on screen').toBeGreaterThan(0);
    for (const link of violated) expect(isRed(pixelAt(image, link.end.x, link.end.y))).toBe(true);
    const kept = drawn.filter((link) => !violated.includes(link));
    for (const link of kept) expect(isRed(pixelAt(image, link.end.x, link.end.y))).toBe(false);
  });

  test('"Show dependency arrows" hides them, and the URL keeps the choice', async () => {
    await open();
    const before = (await scrollToLinks()).drawn;
    expect(before.length).toBeGreaterThan(0);
    await page.getByTestId('roadmap-settings-button').click();
    const toggle = page
      .getByTestId('roadmap-settings')
      .getByRole('switch', { name: 'Show dependency arrows' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('show_dependencies')).toBe('false');
    await page.keyboard.press('Escape');
    await page.mouse.move(0, 0);
    const image = await readCanvas(page);
    // The same bars, where they were: only the arrows are gone.
    const after = await linksOnCanvas(page, image, links, colors);
    expect(after.map((link) => [link.start, link.end])).toEqual(before.map((link) => [link.start, link.end]));
    for (const link of after) {
      expect(colorDistance(pixelAt(image, link.start.x, link.start.y), link.background)).toBeLessThan(12);
      expect(colorDistance(pixelAt(image, link.end.x, link.end.y), link.background)).toBeLessThan(12);
    }
    await open('&show_dependencies=true');
  });

  test('the treegrid says "blocks N" and "blocked by N", and the popover lists the blockers as links', async () => {
    await open();
    const link = (await scrollToLinks()).drawn[0];
    expect(link).toBeDefined();
    if (!link) return;
    const row = (id: string) => page.locator(`[data-testid="roadmap-row"][data-epic-id="${id}"]`);
    await expect(row(link.blocker)).toContainText(/blocks \d+/);
    await expect(row(link.blocked)).toContainText(/blocked by \d+/);
    const blockerTitle = await row(link.blocker).getByTestId('roadmap-row-title').textContent();
    // Hover the blocked bar: its popover names the blocker, as a link to it.
    const canvasBox = await page.locator('[data-testid="roadmap-canvas"] canvas').boundingBox();
    if (!canvasBox) throw new Error('no canvas');
    await page.mouse.move(canvasBox.x + link.end.x + 20, canvasBox.y + link.to.top + 25);
    const popover = page.getByTestId('roadmap-popover');
    await expect(popover.getByTestId('roadmap-popover-blocked-by')).toBeVisible();
    await expect(
      popover.getByTestId('roadmap-popover-blocked-by').getByRole('link', { name: blockerTitle ?? '' }),
    ).toHaveAttribute('href', /\/-\/epics\/\d+$/);
    // And the blocker's popover lists the blocked epic under "Blocks".
    const blockedTitle = await row(link.blocked).getByTestId('roadmap-row-title').textContent();
    await page.mouse.move(canvasBox.x + link.start.x - 12, canvasBox.y + link.from.top + 25);
    await expect(
      popover.getByTestId('roadmap-popover-blocks').getByRole('link', { name: blockedTitle ?? '' }),
    ).toBeVisible();
  });
});

/** The links whose blocked epic starts on or before its blocker's due date (from the rows' date text). */
async function violatedLinks(page: Page, drawn: readonly DrawnLink[]): Promise<DrawnLink[]> {
  const dates = await page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const row of document.querySelectorAll<HTMLElement>('[data-testid="roadmap-row"]'))
      out[row.dataset.epicId ?? ''] = row.querySelector('.roadmap-row-dates')?.textContent ?? '';
    return out;
  });
  // 'Mar 1, 2026 – Apr 30, 2026': the first date starts, the last is due.
  const parse = (text: string | undefined) => {
    const parts = (text ?? '').split(/\s+[–-]\s+/);
    return { start: Date.parse(parts[0] ?? ''), due: Date.parse(parts.at(-1) ?? '') };
  };
  return drawn.filter((link) => {
    const blocker = parse(dates[link.blocker]);
    const blocked = parse(dates[link.blocked]);
    return Number.isFinite(blocker.due) && Number.isFinite(blocked.start) && blocked.start <= blocker.due;
  });
}
