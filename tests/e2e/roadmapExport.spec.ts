import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { CSV_COLUMNS, parseCsv } from '../../src/core/roadmapExport/csvExport.ts';
import { expectNoSeriousAxeViolations, signIn } from './helpers.ts';

// This year by month: 12 columns, so the PDF's time slices (six 180-px columns each) are two.
const ROADMAP = '/groups/acme/-/roadmap?timeframe_range_type=CURRENT_YEAR&layout=MONTHS';

async function openRoadmap(page: Page): Promise<number> {
  await signIn(page, 'owner', ROADMAP);
  const count = await page.getByTestId('roadmap-count').textContent();
  const total = /of ([\d,]+) epic/.exec(count ?? '')?.[1];
  expect(total).toBeDefined();
  return Number(total!.replaceAll(',', ''));
}

async function openDialog(page: Page) {
  await page.getByTestId('roadmap-export').click();
  const dialog = page.getByTestId('roadmap-export-dialog');
  await expect(dialog.getByRole('heading', { name: 'Export roadmap' })).toBeVisible();
  return dialog;
}

/** Exports with the dialog as it is set and returns the downloaded file's name and bytes. */
async function exportFile(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const dialog = page.getByTestId('roadmap-export-dialog');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByTestId('roadmap-export-start').click(),
  ]);
  await expect(dialog.getByTestId('roadmap-export-status')).toHaveAttribute('data-status', 'done');
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

/** Decodes a PNG in the page: its size and how many sampled pixels are neither white nor transparent. */
async function decodePng(page: Page, bytes: Buffer) {
  return page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([data], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const pixels = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let inked = 0;
    const colours = new Set<number>();
    for (let i = 0; i < pixels.length; i += 4 * 7) {
      const [r, g, b, a] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!, pixels[i + 3]!];
      if (a > 0 && (r < 240 || g < 240 || b < 240)) inked += 1;
      colours.add((r << 16) | (g << 8) | b);
    }
    return { width: bitmap.width, height: bitmap.height, inked, colours: colours.size };
  }, bytes.toString('base64'));
}

test('the current view and the whole roadmap export as PNGs of the chosen width', async ({ page }) => {
  await openRoadmap(page);
  const dialog = await openDialog(page);
  await expect(dialog.getByRole('radio', { name: 'Current view' })).toBeChecked();
  await expectNoSeriousAxeViolations(page);
  const view = await exportFile(page);
  expect(view.name).toMatch(/^acme-roadmap-view-\d{4}-\d{2}-\d{2}\.png$/);
  const viewImage = await decodePng(page, view.bytes);
  expect(viewImage.width).toBe(1920);
  expect(viewImage.height).toBeGreaterThan(200);
  expect(viewImage.inked).toBeGreaterThan(1000);
  expect(viewImage.colours).toBeGreaterThan(8);

  await dialog.getByRole('radio', { name: 'Whole roadmap' }).check();
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  await dialog.getByTestId('roadmap-export-custom-width').fill('1000');
  const whole = await exportFile(page);
  expect(whole.name).toMatch(/^acme-roadmap-all-\d{4}-\d{2}-\d{2}\.png$/);
  const wholeImage = await decodePng(page, whole.bytes);
  expect(wholeImage.width).toBe(1000);
  expect(wholeImage.inked).toBeGreaterThan(500);
});

test('the CSV has one row per filtered epic, and the PDF one page per time slice with real text', async ({
  page,
}) => {
  const total = await openRoadmap(page);
  const dialog = await openDialog(page);
  await dialog.getByRole('radio', { name: 'CSV spreadsheet' }).check();
  const csv = await exportFile(page);
  expect(csv.name).toMatch(/^acme-epics-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = csv.bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows = parseCsv(text);
  expect(rows[0]).toEqual([...CSV_COLUMNS]);
  expect(rows.length - 1).toBe(total);
  expect(rows.slice(1).every((row) => row.length === CSV_COLUMNS.length)).toBe(true);
  expect(rows.slice(1).every((row) => /&\d+$/.test(row[1]!))).toBe(true);
  expect(rows.slice(1).every((row) => !/^[=+\-@]/.test(row[0]!))).toBe(true);

  await dialog.getByRole('radio', { name: 'PDF document' }).check();
  await dialog.getByRole('radio', { name: 'Letter' }).check();
  const pdf = await exportFile(page);
  expect(pdf.name).toMatch(/^acme-roadmap-\d{4}-\d{2}-\d{2}\.pdf$/);
  const doc = await getDocumentProxy(new Uint8Array(pdf.bytes));
  // Letter landscape: 792 × 612 pt; two slices (Jan–Jun, Jul–Dec), more pages only if rows overflow.
  const rowsPerPage = 28;
  expect(doc.numPages).toBe(2 * Math.max(1, Math.ceil(total / rowsPerPage)));
  const page1 = await doc.getPage(1);
  const viewport = page1.getViewport({ scale: 1 });
  expect([Math.round(viewport.width), Math.round(viewport.height)]).toEqual([792, 612]);
  const { text: pages } = await extractText(doc, { mergePages: false });
  expect(pages[0]).toContain('acme roadmap');
  expect(pages[0]).toMatch(/Jan 1, \d{4} – Jun 30, \d{4}/);
  expect(pages.at(-1)).toMatch(/Jul 1, \d{4} – Dec 31, \d{4}/);
  const titles = rows.slice(1).map((row) => row[0]!);
  expect(titles.some((title) => pages[0]!.includes(title))).toBe(true);
});

test('an export can be cancelled while it fetches the epics', async ({ page }) => {
  await openRoadmap(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/graphql', async (route) => {
    if (route.request().postData()?.includes('RoadmapExportEpics')) await held;
    await route.continue().catch(() => undefined);
  });
  const dialog = await openDialog(page);
  await dialog.getByRole('radio', { name: 'CSV spreadsheet' }).check();
  let downloads = 0;
  page.on('download', () => {
    downloads += 1;
  });
  await dialog.getByTestId('roadmap-export-start').click();
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await dialog.getByTestId('roadmap-export-cancel').click();
  await expect(dialog.getByTestId('roadmap-export-status')).toHaveAttribute('data-status', 'cancelled');
  await expect(dialog.getByText('Export cancelled.')).toBeVisible();
  release();
  await expect(dialog.getByTestId('roadmap-export-start')).toBeEnabled();
  expect(downloads).toBe(0);
});

test('an export can be cancelled while the export worker works, and nothing downloads', async ({ page }) => {
  await openRoadmap(page);
  // The worker's script is held, so the export waits inside the worker step until Cancel ends the worker.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/roadmapExport.worker*', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  let downloads = 0;
  page.on('download', () => {
    downloads += 1;
  });
  const dialog = await openDialog(page);
  await dialog.getByTestId('roadmap-export-start').click();
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await dialog.getByTestId('roadmap-export-cancel').click();
  await expect(dialog.getByTestId('roadmap-export-status')).toHaveAttribute('data-status', 'cancelled');
  release();
  await page.unroute('**/roadmapExport.worker*');
  // A new export after a cancelled one starts a fresh worker and completes.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByTestId('roadmap-export-start').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.png$/);
  expect(downloads).toBe(1);
});
