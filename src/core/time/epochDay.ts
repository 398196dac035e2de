/**
 * Epoch days: calendar days as integers (days since 1970-01-01, UTC). Bulk generators (the demo seed)
 * count in them: integer arithmetic is exact and no time zone can shift a day. `YYYY-MM-DD` at the edges.
 */
export const DAY_MS = 86_400_000;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseDay(value: string): number {
  const match = DAY_PATTERN.exec(value);
  if (!match) throw new Error(`Expected a day as YYYY-MM-DD, got '${value}'`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new Error(`'${value}' is not a calendar day`);
  }
  return ms / DAY_MS;
}

const dayTexts = new Map<number, string>();

/** `YYYY-MM-DD`; memoised because a few thousand distinct days are formatted millions of times. */
export function formatDay(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayTexts.set(day, text);
  }
  return text;
}

export function formatDayOrNull(day: number | null): string | null {
  return day === null ? null : formatDay(day);
}

export function formatTimestamp(ms: number): string {
  return new Date(Math.round(ms)).toISOString();
}

/** Year and quarter (1–4) of a day. */
export function quarterOf(day: number): { year: number; quarter: number } {
  const date = new Date(day * DAY_MS);
  return { year: date.getUTCFullYear(), quarter: Math.floor(date.getUTCMonth() / 3) + 1 };
}

/** The first day of a quarter, as a day number. */
export function quarterStart(year: number, quarter: number): number {
  return Date.UTC(year, (quarter - 1) * 3, 1) / DAY_MS;
}
