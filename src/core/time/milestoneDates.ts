/**
 * GitLab's milestone date wording (milestones_helper: `milestone_date_range`,
 * `milestone_remaining_days`), from calendar days only: "today" is passed in, never read here.
 */
import type { CalendarDate } from './calendarDate.ts';
import { calendarDateToDay } from './epochDay.ts';
import { formatCalendarDate } from './formatting.ts';

export interface MilestoneDates {
  readonly startDate: CalendarDate | null;
  readonly dueDate: CalendarDate | null;
}

/** GitLab's `expired?`: the due day has passed. */
export const isMilestoneExpired = ({ dueDate }: MilestoneDates, today: CalendarDate): boolean =>
  dueDate !== null && dueDate < today;

/** GitLab's `upcoming?`: the start day is still ahead. */
export const isMilestoneUpcoming = ({ startDate }: MilestoneDates, today: CalendarDate): boolean =>
  startDate !== null && startDate > today;

/**
 * The header's range: 'Mar 1, 2026–Mar 31, 2026'; with one end only, 'expired on …' / 'expires on …'
 * for the due day and 'started on …' / 'starts on …' for the start day; null with neither.
 */
export function milestoneDateRangeText(dates: MilestoneDates, today: CalendarDate): string | null {
  const { startDate, dueDate } = dates;
  if (startDate && dueDate) return `${formatCalendarDate(startDate)}–${formatCalendarDate(dueDate)}`;
  if (dueDate) return `${dueDate < today ? 'expired on' : 'expires on'} ${formatCalendarDate(dueDate)}`;
  if (startDate) return `${startDate < today ? 'started on' : 'starts on'} ${formatCalendarDate(startDate)}`;
  return null;
}

const plural = (count: number, unit: string) => `${count} ${count === 1 ? unit : `${unit}s`}`;

/**
 * Rails' `distance_of_time_in_words` between two days, 'about ' dropped as GitLab does: days under
 * a month, months (of 30 days) under a year, then years with 'over' / 'almost' by quarter-year.
 */
export function distanceInDaysText(days: number): string {
  if (days < 30) return plural(days, 'day');
  if (days < 365) return plural(Math.max(1, Math.round(days / 30)), 'month');
  const years = Math.floor(days / 365);
  const remainder = days % 365;
  if (remainder < 91) return plural(years, 'year');
  if (remainder < 274) return `over ${plural(years, 'year')}`;
  return `almost ${plural(years + 1, 'year')}`;
}

/**
 * How the milestone stands today: 'Past due', 'Upcoming', '12 days remaining' (to the due day),
 * '5 days elapsed' (since the start day, without a due day), or null when undated.
 */
export function milestoneRemainingText(dates: MilestoneDates, today: CalendarDate): string | null {
  if (isMilestoneExpired(dates, today)) return 'Past due';
  if (isMilestoneUpcoming(dates, today)) return 'Upcoming';
  const todayDay = calendarDateToDay(today);
  if (dates.dueDate) return `${distanceInDaysText(calendarDateToDay(dates.dueDate) - todayDay)} remaining`;
  if (dates.startDate && dates.startDate < today) {
    return `${plural(todayDay - calendarDateToDay(dates.startDate), 'day')} elapsed`;
  }
  return null;
}
