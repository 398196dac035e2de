/**
 * The export end to end in the app (run.ts --app): a fresh PGlite folder with N top-level epics
 * (bench/render's seed), the app's server on a built client, and the Export dialog clicked as a
 * user would: from the click on Export to the browser's download, for the whole roadmap as a PNG
 * and as CSV (both fetch every epic, 1,000 per page, then work in the export worker).
 */
import type { Browser } from 'playwright-core';
import { removeDatabase, seedDatabase, signIn, startAppServer } from '../render/appServer.ts';
import { distribution } from '../stats.ts';

const ROADMAP = '/groups/acme/-/roadmap?timeframe_range_type=THREE_YEARS&layout=MONTHS';

export interface AppTimings {
  readonly png: ReturnType<typeof distribution>;
  readonly csv: ReturnType<typeof distribution>;
  readonly csvRows: number;
  /** The first export after the page opened (server and worker cold), ms: PNG then CSV. */
  readonly coldPng: number;
  readonly coldCsv: number;
  /** Sum of the export query's response times (ms) in the cold PNG export, and in the CSV after it. */
  readonly coldFetch: number;
  readonly warmFetch: number;
}

export async function measureInApp(
  browser: Browser,
  epics: number,
  runs: number,
  clientDir: string,
): Promise<AppTimings> {
  const dataDir = await seedDatabase(epics);
  const server = await startAppServer(dataDir, { CLIENT_DIR: clientDir });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await signIn(page, server.url);
    await page.goto(`${server.url}${ROADMAP}`);
    await page.waitForFunction(() => document.body.dataset.idle === 'true', null, { timeout: 120_000 });
    const fetches: number[] = [];
    page.on('requestfinished', (request) => {
      if (request.postData()?.includes('RoadmapExportEpics')) fetches.push(request.timing().responseEnd);
    });
    await page.getByTestId('roadmap-export').click();
    const dialog = page.getByTestId('roadmap-export-dialog');
    const once = async (format: 'png' | 'csv') => {
      await dialog.getByRole('radio', { name: format === 'png' ? 'PNG image' : 'CSV spreadsheet' }).check();
      if (format === 'png') await dialog.getByRole('radio', { name: 'Whole roadmap' }).check();
      const start = performance.now();
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 120_000 }),
        dialog.getByTestId('roadmap-export-start').click(),
      ]);
      const ms = performance.now() - start;
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="roadmap-export-status"]')?.getAttribute('data-status') ===
          'done',
      );
      return { ms, download };
    };
    const coldPng = (await once('png')).ms;
    const coldFetch = fetches.reduce((sum, ms) => sum + ms, 0);
    fetches.length = 0;
    const coldCsv = (await once('csv')).ms;
    const warmFetch = fetches.reduce((sum, ms) => sum + ms, 0);
    const png: number[] = [];
    const csv: number[] = [];
    let csvRows = 0;
    for (let i = 0; i < runs; i += 1) {
      png.push((await once('png')).ms);
      const result = await once('csv');
      csv.push(result.ms);
      const path = await result.download.path();
      const { readFile } = await import('node:fs/promises');
      csvRows = (await readFile(path!, 'utf8')).split('\r\n').filter(Boolean).length - 1;
    }
    return {
      png: distribution(png),
      csv: distribution(csv),
      csvRows,
      coldPng,
      coldCsv,
      coldFetch,
      warmFetch,
    };
  } finally {
    await server.stop();
    removeDatabase(dataDir);
  }
}
