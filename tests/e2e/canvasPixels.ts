import { expect, type Page } from '@playwright/test';
import { waitForIdle } from './helpers.ts';

/**
 * Reads the roadmap canvas as a person sees it, for the pixel specs. With Canvas 2D the canvas's
 * own pixels (`getImageData`, composited over the viewport's background, as the canvas is
 * transparent where nothing is drawn); with WebGL a screenshot of the canvas's box decoded in the
 * page (WebGL keeps no drawing buffer to read back). Coordinates are CSS px from the canvas's
 * top-left corner; the device pixel ratio is applied when a pixel is read.
 */

export type Rgb = readonly [number, number, number];

export interface CanvasImage {
  /** Size, CSS px. */
  readonly width: number;
  readonly height: number;
  /** Canvas px per CSS px (the device pixel ratio). */
  readonly scale: number;
  readonly pixelWidth: number;
  readonly pixelHeight: number;
  /** Opaque RGBA, canvas px, row by row. */
  readonly data: Uint8Array;
}

/** What floats over the canvas in a screenshot and is not the canvas: popovers, toasts, scrollbars. */
const FLOATING = '.roadmap-popover, .toast-region, .roadmap-scrollbar';

const CANVAS = '[data-testid="roadmap-canvas"] canvas';

/** Two animation frames after the page's idle signal, so the newest layout is on screen. */
export async function settle(page: Page): Promise<void> {
  await waitForIdle(page);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

export async function readCanvas(page: Page): Promise<CanvasImage> {
  await settle(page);
  const renderer = await page.getByTestId('roadmap-view').getAttribute('data-renderer');
  const canvas = page.locator(CANVAS);
  let encoded: { width: number; height: number; pixelWidth: number; pixelHeight: number; data: string };
  if (renderer === 'webgl') {
    // Hidden through inline styles (the page's CSP refuses injected style sheets), then shown again.
    const setFloating = (visibility: string) =>
      page.evaluate(
        ({ selector, visibility }) => {
          for (const element of document.querySelectorAll<HTMLElement>(selector))
            element.style.visibility = visibility;
        },
        { selector: FLOATING, visibility },
      );
    await setFloating('hidden');
    const png = await canvas.screenshot({ animations: 'disabled', scale: 'device' });
    await setFloating('');
    encoded = await canvas.evaluate(async (element, base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const scratch = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = scratch.getContext('2d');
      if (!context) throw new Error('no 2D context to decode the screenshot');
      context.drawImage(bitmap, 0, 0);
      const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let binary = '';
      for (let i = 0; i < pixels.length; i += 0x8000)
        binary += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
      const box = element.getBoundingClientRect();
      return {
        width: box.width,
        height: box.height,
        pixelWidth: bitmap.width,
        pixelHeight: bitmap.height,
        data: btoa(binary),
      };
    }, png.toString('base64'));
  } else {
    encoded = await canvas.evaluate((element) => {
      const canvasElement = element as HTMLCanvasElement;
      const context = canvasElement.getContext('2d');
      if (!context) throw new Error('the roadmap canvas has no 2D context');
      const pixels = context.getImageData(0, 0, canvasElement.width, canvasElement.height).data;
      // The canvas is transparent where it draws nothing: the viewport's background shows through.
      const viewport = canvasElement.closest('[data-testid="roadmap-viewport"]');
      const background = getComputedStyle(viewport ?? document.body)
        .backgroundColor.match(/\d+(\.\d+)?/g)
        ?.map(Number) ?? [255, 255, 255];
      let binary = '';
      const chunk: number[] = [];
      for (let i = 0; i < pixels.length; i += 4) {
        const alpha = pixels[i + 3]! / 255;
        for (let c = 0; c < 3; c += 1)
          chunk.push(Math.round(pixels[i + c]! * alpha + (background[c] ?? 255) * (1 - alpha)));
        chunk.push(255);
        if (chunk.length >= 0x8000) {
          binary += String.fromCharCode(...chunk);
          chunk.length = 0;
        }
      }
      binary += String.fromCharCode(...chunk);
      const box = canvasElement.getBoundingClientRect();
      return {
        width: box.width,
        height: box.height,
        pixelWidth: canvasElement.width,
        pixelHeight: canvasElement.height,
        data: btoa(binary),
      };
    });
  }
  return {
    width: encoded.width,
    height: encoded.height,
    scale: encoded.pixelWidth / encoded.width,
    pixelWidth: encoded.pixelWidth,
    pixelHeight: encoded.pixelHeight,
    data: new Uint8Array(Buffer.from(encoded.data, 'base64')),
  };
}

/** The pixel under a CSS px position (its canvas pixel's centre). */
export function pixelAt(image: CanvasImage, x: number, y: number): Rgb {
  const px = Math.min(image.pixelWidth - 1, Math.max(0, Math.floor((x + 0.5) * image.scale)));
  const py = Math.min(image.pixelHeight - 1, Math.max(0, Math.floor((y + 0.5) * image.scale)));
  const i = (py * image.pixelWidth + px) * 4;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
}

/** '#1068bf' → [16, 104, 191]. */
export function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Largest difference of one channel, 0–255. */
export function colorDistance(a: Rgb, b: Rgb): number {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]));
}

/** WCAG relative luminance, 0–1. */
export function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const s = value / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio, 1–21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The most frequent colour of a CSS px rectangle. */
export function dominantColor(image: CanvasImage, x0: number, y0: number, x1: number, y1: number): Rgb {
  const counts = new Map<number, number>();
  for (let y = Math.max(0, y0); y < Math.min(image.height, y1); y += 1)
    for (let x = Math.max(0, x0); x < Math.min(image.width, x1); x += 1) {
      const [r, g, b] = pixelAt(image, x, y);
      const key = (r << 16) | (g << 8) | b;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  let best = 0;
  let bestCount = -1;
  for (const [key, count] of counts)
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  return [(best >> 16) & 255, (best >> 8) & 255, best & 255];
}

/** The today line's red, alone or blended over a bar or the background. */
export function isTodayRed([r, g, b]: Rgb): boolean {
  return r >= 120 && r > 1.8 * g && r > 1.8 * b;
}

/** An epic row as laid out on the canvas: its top (CSS px from the canvas's top) and its bar's colour. */
export interface CanvasRow {
  readonly row: number;
  readonly epicId: string;
  readonly title: string;
  readonly top: number;
  readonly color: Rgb;
}

const EMBEDDED_ANSWERS = /<script type="application\/json" id="preloaded-queries">(.*?)<\/script>/s;

/**
 * Calls `onRecord` with every object of the page's GraphQL answers (its HTML's embedded first answers
 * and its queries) from the moment this is called (call it before navigating).
 */
export function onGraphQLRecords(page: Page, onRecord: (record: Record<string, unknown>) => void): void {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    onRecord(record);
    for (const child of Object.values(record)) visit(child);
  };
  page.on('response', async (response) => {
    const isPage = response.request().resourceType() === 'document';
    const isQuery = response.url().endsWith('/api/graphql') && response.request().method() === 'POST';
    if (!isPage && !isQuery) return;
    try {
      // A roadmap page carries its first answers in its HTML (core/pages: PreloadedQuery).
      if (isPage) visit(JSON.parse(EMBEDDED_ANSWERS.exec(await response.text())?.[1] ?? '[]'));
      else visit(await response.json());
    } catch {
      // A response the page navigated away from has no body left: its epics come again on the next load.
    }
  });
}

/** Epics' bar colours as the roadmap's GraphQL answers give them, by numeric id (see onGraphQLRecords). */
export function collectEpicColors(page: Page): Map<string, string> {
  const colors = new Map<string, string>();
  onGraphQLRecords(page, (record) => {
    if (typeof record.id === 'string' && typeof record.color === 'string' && 'dueDate' in record) {
      const id = /(\d+)$/.exec(record.id)?.[1];
      if (id) colors.set(id, record.color);
    }
  });
  return colors;
}

/** Rows whose 50 px fully sit in the rows area of the canvas (under the header and milestones). */
export async function rowsOnCanvas(page: Page, colors: Map<string, string>): Promise<CanvasRow[]> {
  const found = await page.evaluate((selector) => {
    const canvas = document.querySelector(selector)?.getBoundingClientRect();
    const grid = document.querySelector('[data-testid="roadmap-treegrid"]')?.getBoundingClientRect();
    if (!canvas || !grid) return [];
    return [...document.querySelectorAll<HTMLElement>('[data-testid="roadmap-row"]')]
      .map((row) => ({
        row: Number(row.dataset.row),
        epicId: row.dataset.epicId ?? '',
        title: row.querySelector('[data-testid="roadmap-row-title"]')?.textContent ?? '',
        top: row.getBoundingClientRect().top - canvas.top,
        areaTop: grid.top - canvas.top,
        bottom: canvas.height - 12,
      }))
      .filter((row) => row.top >= row.areaTop && row.top + 50 <= row.bottom);
  }, CANVAS);
  return found.map(({ row, epicId, title, top }) => {
    const color = colors.get(epicId);
    expect(color, `colour of epic ${epicId}`).toBeDefined();
    return { row, epicId, title, top, color: hexToRgb(color ?? '#000000') };
  });
}

/** Bars sit 9 px under their row's top and are 32 px high. */
const BAR_TOP = 9;
/** A line across the bar over its title (the rounded corners end 4 px down; titles start lower). */
const BAR_PROBE = BAR_TOP + 5;
/** The title's rows inside the bar: under the probe line, over the progress track (bar top + 24). */
const TITLE_BAND = { from: BAR_TOP + 6, to: BAR_TOP + 23 } as const;
/** A pixel is the bar's fill when no channel is further than this from the epic's colour. */
const FILL_TOLERANCE = 16;
/** A pixel is title text when a channel is at least this far from the fill (a quarter of the range). */
export const TEXT_DISTANCE = 64;
/** Gaps the today line or anti-aliasing leave in a bar's run of fill pixels. */
const MAX_GAP = 4;

export interface BarExtent {
  readonly left: number;
  readonly right: number;
}

/** The longest run of the row's bar colour along its probe line, or null when the bar is not drawn. */
export function barExtent(image: CanvasImage, row: CanvasRow): BarExtent | null {
  let best: BarExtent | null = null;
  let start = -1;
  let last = -1;
  const y = row.top + BAR_PROBE;
  for (let x = 0; x <= image.width; x += 1) {
    const fill = x < image.width && colorDistance(pixelAt(image, x, y), row.color) <= FILL_TOLERANCE;
    if (fill) {
      if (start < 0 || x - last > MAX_GAP + 1) start = x;
      last = x;
    }
    if (start >= 0 && (!fill || x === image.width - 1)) {
      if (!best || last - start > best.right - best.left) best = { left: start, right: last + 1 };
      if (x - last > MAX_GAP) start = -1;
    }
  }
  return best;
}

/** How many of the x in [left, right) have the bar's colour on the probe line. */
export function fillCoverage(image: CanvasImage, row: CanvasRow, left: number, right: number): number {
  let fill = 0;
  for (let x = Math.max(0, left); x < Math.min(image.width, right); x += 1)
    if (colorDistance(pixelAt(image, x, row.top + BAR_PROBE), row.color) <= FILL_TOLERANCE) fill += 1;
  return fill / Math.max(1, Math.min(image.width, right) - Math.max(0, left));
}

/** Columns of the bar's title band that hold at least one text pixel (far from the fill). */
export function titleColumns(image: CanvasImage, row: CanvasRow, bar: BarExtent): number[] {
  const columns: number[] = [];
  for (let x = bar.left + 2; x < bar.right - 2; x += 1) {
    for (let y = row.top + TITLE_BAND.from; y < row.top + TITLE_BAND.to; y += 1) {
      if (colorDistance(pixelAt(image, x, y), row.color) >= TEXT_DISTANCE) {
        columns.push(x);
        break;
      }
    }
  }
  return columns;
}

/**
 * A title of a bar over 120 px fits at least ~10 characters of 12 px text, 50+ columns; the today
 * line crossing a bar accounts for 3 at most. 20 columns tell a title from a bare bar.
 */
export const MIN_TITLE_COLUMNS = 20;
export const TITLED_BAR_WIDTH = 120;

/** Text pixels of the title band in the given columns that are not the today line's red. */
export function titlePixelsIn(image: CanvasImage, row: CanvasRow, columns: readonly number[]): number {
  let count = 0;
  for (const x of columns)
    for (let y = row.top + TITLE_BAND.from; y < row.top + TITLE_BAND.to; y += 1) {
      const pixel = pixelAt(image, x, y);
      if (colorDistance(pixel, row.color) >= TEXT_DISTANCE && !isTodayRed(pixel)) count += 1;
    }
  return count;
}

/** The today line's x (CSS px), found as red in the row gap over the first row's bar, or null. */
export function todayLineX(image: CanvasImage, rows: readonly CanvasRow[]): number | null {
  const first = rows[0];
  if (!first) return null;
  const y = first.top + 3;
  for (let x = 0; x < image.width; x += 1) if (isTodayRed(pixelAt(image, x, y))) return x;
  return null;
}
