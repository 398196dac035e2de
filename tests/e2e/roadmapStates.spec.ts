import { expect, type Page, test } from '@playwright/test';
import { signIn, waitForIdle } from './helpers.ts';

/**
 * What a user meets around the roadmap's canvas, outside its pixels (roadmapPixels.spec.ts reads
 * those): the order of the rows as pages arrive, leaving Present, the width a phone leaves the
 * timeline, the room milestones may take, where Tab may land, and zooming out past the range.
 */

const ROADMAP = '/groups/acme/-/roadmap';
const rows = (page: Page) => page.getByTestId('roadmap-row');

async function openRoadmap(page: Page, query = ''): Promise<void> {
  await page.goto(`${ROADMAP}${query}`);
  await waitForIdle(page);
  await expect(rows(page).first()).toBeVisible();
}

/** Titles of the rows in the overlay, top to bottom. */
async function rowTitles(page: Page, count: number): Promise<string[]> {
  return (await rows(page).locator('.roadmap-row-title').allInnerTexts()).slice(0, count);
}

test('Load all keeps the rows in the order the first page showed, undated epics last', async ({ page }) => {
  await signIn(page, 'owner');
  await openRoadmap(page);
  const before = await rowTitles(page, 12);
  expect(before).toHaveLength(12);
  await page.getByTestId('roadmap-load-all').click();
  await expect(page.getByTestId('roadmap-load-all')).toHaveCount(0);
  await waitForIdle(page);
  await page.getByTestId('roadmap-viewport').evaluate((element) => element.scrollTo(0, 0));
  expect(await rowTitles(page, 12)).toEqual(before);

  // The last row (End) is an epic without a start date once the list has any: they sort last.
  const lastRow = rows(page).first();
  await lastRow.focus();
  await page.keyboard.press('End');
  const focused = page.locator('[data-testid="roadmap-row"]:focus');
  await expect(focused).toBeVisible();
  const dates = await page.getByTestId('roadmap-row').locator('.roadmap-row-dates').allInnerTexts();
  const firstUndated = dates.findIndex((text) => text.startsWith('No start date'));
  if (firstUndated >= 0)
    expect(dates.slice(firstUndated).every((text) => text.startsWith('No start date'))).toBe(true);
});

test('Escape leaves Present wherever focus is: on a row, on a title link, on the timeline', async ({
  page,
}) => {
  await signIn(page, 'owner');
  await openRoadmap(page);
  const present = page.getByTestId('roadmap-presentation');
  const targets = [
    () => rows(page).nth(1).focus(),
    () => rows(page).nth(1).locator('a[href]').first().focus(),
    () => page.getByTestId('roadmap-viewport').focus(),
  ];
  for (const focusTarget of targets) {
    await present.click();
    await expect(present).toHaveAttribute('aria-pressed', 'true');
    await focusTarget();
    await page.keyboard.press('Escape');
    await expect(present).toHaveAttribute('aria-pressed', 'false');
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the details column narrows to titles and the timeline keeps most of the width', async ({ page }) => {
    await signIn(page, 'owner', ROADMAP);
    await openRoadmap(page);
    const viewport = await page.getByTestId('roadmap-viewport').boundingBox();
    const canvas = await page.getByTestId('roadmap-canvas').locator('canvas').boundingBox();
    expect(viewport && canvas).toBeTruthy();
    if (!viewport || !canvas) return;
    expect(canvas.width).toBeGreaterThan(viewport.width * 0.55);
    // The canvas starts where the details column ends, and the first row's title is readable there.
    const details = await rows(page).first().locator('.roadmap-row-details').boundingBox();
    expect(details && Math.abs(details.x + details.width - canvas.x)).toBeLessThanOrEqual(1);
    const title = rows(page).first().locator('.roadmap-row-title');
    await expect(title).toBeVisible();
    expect((await title.boundingBox())?.width ?? 0).toBeGreaterThan(60);
  });
});

test('in the 3-year view the milestones leave at least 60 % of the height to epics, and scroll', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'owner');
  await openRoadmap(page, '?timeframe_range_type=THREE_YEARS&layout=MONTHS');
  const viewport = await page.getByTestId('roadmap-viewport').boundingBox();
  const section = await page.getByTestId('roadmap-milestones').boundingBox();
  expect(viewport && section).toBeTruthy();
  if (!viewport || !section) return;
  const header = 60;
  expect(section.height).toBeLessThanOrEqual((viewport.height - header) * 0.4 + 1);
  await expect(page.getByTestId('roadmap-milestones')).toContainText(/\d+ milestones/);

  // Tab never lands on a milestone drawn outside the section's visible lanes or the timeline.
  const clip = await page.locator('.roadmap-milestones-clip').boundingBox();
  expect(clip).toBeTruthy();
  if (!clip) return;
  const reachable = await page.getByTestId('roadmap-milestone').evaluateAll((links) =>
    links
      .filter((link) => (link as HTMLElement).tabIndex >= 0)
      .map((link) => link.getBoundingClientRect())
      .map((box) => ({ x: box.x, y: box.y, right: box.right, bottom: box.bottom })),
  );
  expect(reachable.length).toBeGreaterThan(0);
  for (const box of reachable) {
    expect(box.right).toBeGreaterThan(clip.x);
    expect(box.x).toBeLessThan(clip.x + clip.width);
    expect(box.bottom).toBeGreaterThan(clip.y);
    expect(box.y).toBeLessThan(clip.y + clip.height);
  }
});

test('zooming out goes on past the chosen range', async ({ page }) => {
  await signIn(page, 'owner');
  await openRoadmap(page);
  await page.getByRole('button', { name: 'Fit all' }).click();
  const zoomOut = page.getByTestId('roadmap-zoom-out');
  await expect(zoomOut).toBeEnabled();
  // Fit all shows exactly the range; two more steps out still leave room to zoom further.
  await zoomOut.click();
  await zoomOut.click();
  await waitForIdle(page);
  await expect(zoomOut).toBeEnabled();
  await expect(rows(page).first()).toBeVisible();
});
