import type { CalendarDate } from './calendarDate.ts';
import {
  addDays,
  calendarDateToDay,
  civilOf,
  daysFromCivil,
  daysInMonth,
  dayToCalendarDate,
  type EpochDay,
  weekdayOf,
} from './epochDay.ts';

/**
 * The dates people type after `/due`, read the way GitLab's Chronic reads them, relative to an
 * injected `today` and always towards the future (Chronic's default context):
 *
 * - `2026-12-31`, `2026/12/31`, `12/31/2026` (US order, as Chronic), `31.12.2026`;
 * - `today`, `tomorrow`, `yesterday`;
 * - `in 3 days`, `in a week`, `in two weeks`, `in 2 months`, `in 1 year`, `3 days from now`;
 * - `friday`, `this friday`, `next friday`, `fri`: the first such weekday after today (Chronic's
 *   `next friday` is that day too);
 * - `December 31st`, `Dec 31`, `31 December`, `December 31, 2026`, `31st Dec 2026`: without a year,
 *   the next such day from today on.
 *
 * Not supported (null, "date format is invalid"): times of day (`tomorrow at 3pm`), spans and
 * their edges (`next week`, `end of month`, `last day of march`), past offsets (`3 days ago`),
 * ordinal weekdays (`2nd monday in may`) and two-digit years.
 */
export function parseNaturalDate(input: string, today: CalendarDate): CalendarDate | null {
  const text = input.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return null;
  const now = calendarDateToDay(today);
  const day =
    numericDate(text) ??
    relativeWord(text, now) ??
    offsetDate(text, now) ??
    weekdayDate(text, now) ??
    monthNameDate(text, now);
  return day === null ? null : dayToCalendarDate(day);
}

function civil(year: number, month: number, day: number): EpochDay | null {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return daysFromCivil(year, month, day);
}

function numericDate(text: string): EpochDay | null {
  let match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
  if (match) return civil(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (match) return civil(Number(match[3]), Number(match[1]), Number(match[2]));
  match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (match) return civil(Number(match[3]), Number(match[2]), Number(match[1]));
  return null;
}

function relativeWord(text: string, now: EpochDay): EpochDay | null {
  if (text === 'today' || text === 'now') return now;
  if (text === 'tomorrow') return addDays(now, 1);
  if (text === 'yesterday') return addDays(now, -1);
  return null;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

function countOf(word: string): number | null {
  if (/^\d{1,5}$/.test(word)) return Number(word);
  return NUMBER_WORDS[word] ?? null;
}

/** `day` moved by whole months, the day of month clamped to the target month's length. */
function addMonths(day: EpochDay, months: number): EpochDay {
  const { year, month, day: dayOfMonth } = civilOf(day);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return daysFromCivil(targetYear, targetMonth, Math.min(dayOfMonth, daysInMonth(targetYear, targetMonth)));
}

function offsetDate(text: string, now: EpochDay): EpochDay | null {
  const match =
    /^in ([a-z0-9]+) (day|week|month|year)s?$/.exec(text) ??
    /^([a-z0-9]+) (day|week|month|year)s? from (?:now|today)$/.exec(text);
  if (!match) return null;
  const count = countOf(match[1]!);
  if (count === null) return null;
  switch (match[2]) {
    case 'day':
      return addDays(now, count);
    case 'week':
      return addDays(now, count * 7);
    case 'month':
      return addMonths(now, count);
    default:
      return addMonths(now, count * 12);
  }
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

function weekdayIndex(word: string): number | null {
  const index = WEEKDAYS.findIndex((name) => name === word || (word.length >= 3 && name.startsWith(word)));
  return index === -1 ? null : index;
}

function weekdayDate(text: string, now: EpochDay): EpochDay | null {
  const match = /^(?:(?:this|next|on) )?([a-z]+)$/.exec(text);
  const index = match ? weekdayIndex(match[1]!) : null;
  if (index === null) return null;
  const ahead = (index - weekdayOf(now) + 7) % 7;
  return addDays(now, ahead === 0 ? 7 : ahead);
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

function monthIndex(word: string): number | null {
  const index = MONTHS.findIndex(
    (name) => name === word || (word.length >= 3 && name.startsWith(word.replace(/\.$/, ''))),
  );
  return index === -1 ? null : index + 1;
}

const ORDINAL_DAY = '(\\d{1,2})(?:st|nd|rd|th)?';

function monthNameDate(text: string, now: EpochDay): EpochDay | null {
  const monthFirst = new RegExp(`^([a-z.]+) ${ORDINAL_DAY}(?:,? (\\d{4}))?$`).exec(text);
  const dayFirst = new RegExp(`^(?:the )?${ORDINAL_DAY}(?: of)? ([a-z.]+)(?:,? (\\d{4}))?$`).exec(text);
  let month: number | null = null;
  let dayOfMonth = 0;
  let year: string | undefined;
  if (monthFirst) {
    month = monthIndex(monthFirst[1]!);
    dayOfMonth = Number(monthFirst[2]);
    year = monthFirst[3];
  } else if (dayFirst) {
    month = monthIndex(dayFirst[2]!);
    dayOfMonth = Number(dayFirst[1]);
    year = dayFirst[3];
  }
  if (month === null) return null;
  if (year !== undefined) return civil(Number(year), month, dayOfMonth);
  const thisYear = civilOf(now).year;
  const candidate = civil(thisYear, month, dayOfMonth);
  if (candidate !== null && candidate >= now) return candidate;
  // Past this year (or 29 February of a common year): the next year that has the day.
  for (let next = thisYear + 1; next <= thisYear + 8; next += 1) {
    const later = civil(next, month, dayOfMonth);
    if (later !== null) return later;
  }
  return null;
}
