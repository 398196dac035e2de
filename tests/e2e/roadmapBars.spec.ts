import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers.ts';

/**
 * The visual check: bar positions read from the page (each overlay row carries its bar's x and width
 * in timeline px) against positions computed here, independently, from the epics' dates and GitLab's
 * column rules: 180 px per quarter, month or week, days spread evenly inside a column, an inclusive
 * end day. GitLab offsets a bar that starts mid-column by up to a day, so positions must agree
 * within one day's width of the preset. Screenshots of the three presets are kept for a person.
 */

const COLUMN = 180;
const DAY_MS = 86_400_000;

interface Preset {
  readonly range: 'THREE_YEARS' | 'CURRENT_YEAR' | 'CURRENT_QUARTER';
  readonly layout: 'QUARTERS' | 'MONTHS' | 'WEEKS';
  /** The timeframe's first day for a today. */
  readonly start: (today: Date) => Date;
  /** Column index and the column's [first day, next column's first day). */
  readonly column: (start: Date, day: Date) => { index: number; from: Date; to: Date };
}

const utc = (year: number, month: number, day = 1) => new Date(Date.UTC(year, month, day));
const monthsBetween = (a: Date, b: Date) =>
  (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();

const PRESETS: readonly Preset[] = [
  {
    range: 'THREE_YEARS',
    layout: 'QUARTERS',
    start: (today) => {
      const first = utc(today.getUTCFullYear(), today.getUTCMonth() - 18);
      return utc(first.getUTCFullYear(), first.getUTCMonth() - (first.getUTCMonth() % 3));
    },
    column: (start, day) => {
      const index = Math.floor(monthsBetween(start, day) / 3);
      const from = utc(start.getUTCFullYear(), start.getUTCMonth() + index * 3);
      return { index, from, to: utc(from.getUTCFullYear(), from.getUTCMonth() + 3) };
    },
  },
  {
    range: 'CURRENT_YEAR',
    layout: 'MONTHS',
    start: (today) => utc(today.getUTCFullYear(), 0),
    column: (start, day) => {
      const index = monthsBetween(start, day);
      return {
        index,
        from: utc(day.getUTCFullYear(), day.getUTCMonth()),
        to: utc(day.getUTCFullYear(), day.getUTCMonth() + 1),
      };
    },
  },
  {
    range: 'CURRENT_QUARTER',
    layout: 'WEEKS',
    start: (today) => {
      const quarter = utc(today.getUTCFullYear(), today.getUTCMonth() - (today.getUTCMonth() % 3));
      return new Date(quarter.getTime() - quarter.getUTCDay() * DAY_MS);
    },
    column: (start, day) => {
      const index = Math.floor((day.getTime() - start.getTime()) / (7 * DAY_MS));
      const from = new Date(start.getTime() + index * 7 * DAY_MS);
      return { index, from, to: new Date(from.getTime() + 7 * DAY_MS) };
    },
  },
];

/** 'Jun 26, 2017' → that day at UTC midnight. */
function parseDay(text: string): Date | null {
  const parsed = Date.parse(`${text} UTC`);
  return Number.isNaN(parsed) ? null : new Date(parsed);
}

function edge(preset: Preset, start: Date, day: Date, endOfDay: boolean): { x: number; dayWidth: number } {
  const { index, from, to } = preset.column(start, day);
  const days = (to.getTime() - from.getTime()) / DAY_MS;
  const offset = (day.getTime() - from.getTime()) / DAY_MS + (endOfDay ? 1 : 0);
  return { x: index * COLUMN + (offset * COLUMN) / days, dayWidth: COLUMN / days };
}

interface BarReading {
  readonly x: number;
  readonly width: number;
  readonly dates: string;
}

async function readBars(page: Page): Promise<BarReading[]> {
  return page.getByTestId('roadmap-row').evaluateAll((rows) =>
    rows.map((row) => ({
      x: Number(row.getAttribute('data-bar-x')),
      width: Number(row.getAttribute('data-bar-width')),
      dates: row.querySelector('.roadmap-row-dates')?.textContent ?? '',
    })),
  );
}

for (const preset of PRESETS) {
  test(`bars sit where their dates fall in the ${preset.layout.toLowerCase()} layout`, async ({
    page,
  }, testInfo) => {
    await signIn(
      page,
      'owner',
      `/groups/acme/-/roadmap?timeframe_range_type=${preset.range}&layout=${preset.layout}&show_milestones=false`,
    );
    await expect(page.getByTestId('roadmap-row').first()).toBeVisible();
    const now = new Date();
    const today = utc(now.getFullYear(), now.getMonth(), now.getDate());
    const timeframeStart = preset.start(today);
    const bars = await readBars(page);
    const timelineWidth = Number(
      await page.getByTestId('roadmap-treegrid').getAttribute('data-timeline-width'),
    );
    let compared = 0;
    for (const bar of bars) {
      const [startText, endText] = bar.dates.split(' – ');
      const start = startText ? parseDay(startText) : null;
      const end = endText ? parseDay(endText) : null;
      if (!start || !end) continue;
      // A bar that starts before the timeframe is clamped to its first day.
      const left =
        start < timeframeStart ? { x: 0, dayWidth: 0 } : edge(preset, timeframeStart, start, false);
      const right = edge(preset, timeframeStart, end, true);
      if (left.x >= timelineWidth) continue;
      expect(Math.abs(bar.x - left.x), `left edge of ${bar.dates}`).toBeLessThanOrEqual(left.dayWidth + 0.5);
      // Bars past the timeframe's end are clamped there; their right edge is the timeline's end.
      if (right.x <= timelineWidth) {
        expect(Math.abs(bar.x + bar.width - right.x), `right edge of ${bar.dates}`).toBeLessThanOrEqual(
          right.dayWidth + 0.5,
        );
      }
      compared += 1;
    }
    expect(compared).toBeGreaterThan(0);
    await page.screenshot({ path: testInfo.outputPath(`roadmap-${preset.layout.toLowerCase()}.png`) });
  });
}
