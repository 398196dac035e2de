/**
 * The spec's shared formats, one module for every page: sizes, counts, percent change and the
 * time-window presets. Due dates (time/dueDateText.ts) and dates (time/formatting.ts) keep theirs.
 */

const KIB = 1024;
const SIZE_UNITS = ['KiB', 'MiB', 'GiB'] as const;

/**
 * "Size units use 1024 steps (bytes, KiB, MiB, GiB, two decimals)": `1023 bytes`, `1.00 KiB`,
 * `1.50 MiB`; GiB is the largest unit.
 */
export function formatSize(bytes: number): string {
  if (Math.abs(bytes) < KIB) return `${bytes} ${Math.abs(bytes) === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / KIB;
  let unit = 0;
  // A value that rounds up to 1024 takes the next unit, as a count rounding up to 1000 does.
  while (Math.abs(Number(value.toFixed(2))) >= KIB && unit < SIZE_UNITS.length - 1) {
    value /= KIB;
    unit++;
  }
  return `${value.toFixed(2)} ${SIZE_UNITS[unit]}`;
}

/** One decimal, without a trailing `.0`. */
const oneDecimal = (value: number): string => String(Math.round(value * 10) / 10);

/**
 * "Counts over a thousand show as k and over a million as m, with one decimal": 999, 1k, 1.5k,
 * 1m, 2.3m. A count that rounds up to the next unit takes it (999,950 is 1m, not 1000k).
 */
export function formatCount(count: number): string {
  const size = Math.abs(count);
  if (size < 1000) return String(count);
  if (Math.round(size / 100) < 10_000) return `${oneDecimal(count / 1000)}k`;
  return `${oneDecimal(count / 1_000_000)}m`;
}

/** "Percent change is rounded, with a plus sign when zero or more": +0%, +13%, -7%. */
export function formatPercentChange(percent: number): string {
  const rounded = Math.round(percent) || 0;
  return `${rounded >= 0 ? '+' : ''}${rounded}%`;
}

/** A time window a chart or a list looks back over. */
export interface TimeWindow {
  readonly key: string;
  readonly label: string;
  readonly minutes: number;
}

/** "Time-window presets: 30 minutes, 3 hours, 8 hours (default), 1 day, 3 days, 7 days, 30 days." */
export const TIME_WINDOWS: readonly TimeWindow[] = [
  { key: 'thirtyMinutes', label: '30 minutes', minutes: 30 },
  { key: 'threeHours', label: '3 hours', minutes: 3 * 60 },
  { key: 'eightHours', label: '8 hours', minutes: 8 * 60 },
  { key: 'oneDay', label: '1 day', minutes: 24 * 60 },
  { key: 'threeDays', label: '3 days', minutes: 3 * 24 * 60 },
  { key: 'oneWeek', label: '7 days', minutes: 7 * 24 * 60 },
  { key: 'thirtyDays', label: '30 days', minutes: 30 * 24 * 60 },
];

export const DEFAULT_TIME_WINDOW: TimeWindow = TIME_WINDOWS[2]!;
