/**
 * Timeline header labels (spec) for any scale, computed for a horizontal range only:
 * - Quarters show 'YYYY Qn' for the first column or Q1, otherwise 'Qn', with month sub-labels.
 * - Months show the month name, with the year prefixed when it is the first column or the year
 *   changes ('2017 Nov', 'Dec', '2018 Jan'); sub-labels are the day numbers of the month's Sundays
 *   (GitLab's `getSundays`).
 * - Weeks show year, month and day of the week's first day ('2018 Jan 7'); like GitLab, the year is
 *   shown on the first column and on the first week starting in January, otherwise 'Jan 14'. Seven
 *   day-number sub-labels.
 * The continuous scale adds years ('2026', quarter sub-labels) and days ('Mar 1', '2', …).
 * Each column and sub-label says whether it is past, current or future relative to today.
 */
import {
  monthAbbreviation,
  nextUnitStart,
  quarterOfMonth,
  SUB_UNIT,
  type TickUnit,
  unitStart,
  unitsBetween,
} from './calendarUnits.ts';
import { addDays, civilOf, type EpochDay, weekdayOf } from './epochDay.ts';
import type { TimeScale } from './timeScale.ts';
import { type WorldPx, worldPx } from './units.ts';

export type UnitState = 'past' | 'current' | 'future';

export interface HeaderColumn {
  /** Index of the column from the domain start (0 is the first column). */
  readonly index: number;
  readonly startDay: EpochDay;
  /** Inclusive. */
  readonly endDay: EpochDay;
  readonly x: WorldPx;
  readonly width: number;
  readonly label: string;
  readonly state: UnitState;
}

export interface HeaderSubLabel {
  readonly day: EpochDay;
  readonly x: WorldPx;
  readonly label: string;
  readonly state: UnitState;
}

export interface HeaderTicks {
  readonly unit: TickUnit;
  readonly columns: readonly HeaderColumn[];
  readonly subLabels: readonly HeaderSubLabel[];
}

export function unitState(startDay: number, endDay: number, today: number): UnitState {
  if (today < startDay) return 'future';
  return today <= endDay ? 'current' : 'past';
}

/** The header label of the unit starting at `start`; `index` 0 is the domain's first column. */
export function headerLabel(unit: TickUnit, start: EpochDay, index: number): string {
  const { year, month, day } = civilOf(start);
  switch (unit) {
    case 'year':
      return String(year);
    case 'quarter': {
      const quarter = quarterOfMonth(month);
      return quarter === 1 || index === 0 ? `${year} Q${quarter}` : `Q${quarter}`;
    }
    case 'month':
      return index === 0 || month === 1 ? `${year} ${monthAbbreviation(month)}` : monthAbbreviation(month);
    case 'week':
      return index === 0 || (month === 1 && day <= 7)
        ? `${year} ${monthAbbreviation(month)} ${day}`
        : `${monthAbbreviation(month)} ${day}`;
    case 'day':
      return index === 0 || day === 1 ? `${monthAbbreviation(month)} ${day}` : String(day);
  }
}

/** Header columns and sub-labels of a scale that intersect [fromX, toX] (world px). */
export function headerTicks(
  scale: TimeScale,
  today: EpochDay,
  fromX = 0,
  toX: number = scale.width,
): HeaderTicks {
  const unit = scale.granularity;
  const columns: HeaderColumn[] = [];
  const subLabels: HeaderSubLabel[] = [];
  const firstVisible = Math.max(
    scale.startDay,
    Math.min(scale.endDay, scale.toDay(worldPx(Math.max(0, fromX)))),
  );
  let start = unitStart(firstVisible as EpochDay, unit);
  let index = unitsBetween(scale.startDay, start, unit);
  while (start <= scale.endDay) {
    const next = nextUnitStart(start, unit);
    const x = scale.toPixel(start);
    if (x > toX) break;
    const width = scale.toPixel(next) - x;
    const endDay = addDays(next, -1);
    columns.push({
      index,
      startDay: start,
      endDay,
      x,
      width,
      label: headerLabel(unit, start, index),
      state: unitState(start, endDay, today),
    });
    pushSubLabels(scale, unit, start, next, today, subLabels);
    start = next;
    index += 1;
  }
  return { unit, columns, subLabels };
}

function pushSubLabels(
  scale: TimeScale,
  unit: TickUnit,
  start: EpochDay,
  next: EpochDay,
  today: EpochDay,
  out: HeaderSubLabel[],
): void {
  const sub = SUB_UNIT[unit];
  if (sub === null) return;
  // Month columns list their Sundays; other units list the sub-units that start inside them.
  let day = sub === 'week' ? addDays(start, (7 - weekdayOf(start)) % 7) : start;
  while (day < next) {
    const subNext = nextUnitStart(sub === 'week' ? day : unitStart(day, sub), sub);
    const { month, day: dayOfMonth } = civilOf(day);
    const label =
      sub === 'month'
        ? monthAbbreviation(month)
        : sub === 'quarter'
          ? `Q${quarterOfMonth(month)}`
          : String(dayOfMonth);
    // A column may begin before the domain (continuous scales): its sub-labels there are not shown.
    if (day >= scale.startDay && day <= scale.endDay) {
      out.push({ day, x: scale.toPixel(day), label, state: unitState(day, subNext - 1, today) });
    }
    day = subNext;
  }
}

/** Today's column (-1 outside the domain) and the today indicator's x (null outside). */
export interface TodayMarker {
  readonly column: number;
  readonly x: WorldPx | null;
}

export function todayMarker(scale: TimeScale, today: EpochDay): TodayMarker {
  return { column: scale.columnOf(today), x: scale.todayX(today) };
}
