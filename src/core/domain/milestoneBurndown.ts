/**
 * A milestone's burndown (and burnup) series: for each day from the start date to the due date (or
 * to today, when the milestone is still running), how many of its issues and how much of their
 * weight were in it, done, and still open. GitLab names the per-day totals `BurnupChartDailyTotals`
 * (scope and completed counts and weights); the burndown chart draws open = scope − completed.
 *
 * GitLab replays resource events (milestone added or removed, closed, reopened, weight changed).
 * This app keeps no such history, so the series is rebuilt from what each issue has now; these are
 * the approximations, the same GitLab's legacy (pre-13.6) burndown made:
 * - An issue counts from the day it was created, or from the start date if it was created earlier;
 *   it is taken to have been in the milestone all along (a later move into it is not seen, and an
 *   issue moved out before today is not counted at all).
 * - A closed issue is done from the day of its last close (`closed_at`); one closed without a
 *   `closed_at` is done from the start date. An open issue is open every day, however often it was
 *   closed and reopened before.
 * - Its weight is the weight it has now on every day (no weight counts 0).
 * - Days are calendar days of the server's clock: the caller turns instants into days at the edge.
 */
import type { CalendarDate } from '../time/calendarDate.ts';
import { calendarDateToDay, dayToCalendarDate, type EpochDay } from '../time/epochDay.ts';

export interface BurndownIssue {
  /** The day the issue was created. */
  readonly createdOn: CalendarDate;
  readonly state: 'opened' | 'closed';
  /** The day it was last closed; null when never (or for an open issue, ignored). */
  readonly closedOn: CalendarDate | null;
  readonly weight: number | null;
}

/** One day of the chart: GitLab's `BurnupChartDailyTotals` and the open totals the burndown draws. */
export interface BurndownDay {
  readonly date: CalendarDate;
  readonly scopeCount: number;
  readonly scopeWeight: number;
  readonly completedCount: number;
  readonly completedWeight: number;
  readonly openIssues: number;
  readonly openWeight: number;
}

/**
 * At most this many days are computed (about five years): a milestone dated from year 1 to 9999 is
 * still one bounded request. A longer milestone shows its last days up to today or its due date.
 */
export const MAX_BURNDOWN_DAYS = 1_830;

export interface BurndownRange {
  readonly startDate: CalendarDate;
  readonly dueDate: CalendarDate;
}

/**
 * The days of the chart: from the start date to the due date, but never past `today` (the days to
 * come have no data yet). Empty when the milestone starts after today or ends before it starts.
 */
export function burndownDays(
  range: BurndownRange,
  today: CalendarDate,
): { first: EpochDay; last: EpochDay } | null {
  const start = calendarDateToDay(range.startDate);
  const end = Math.min(calendarDateToDay(range.dueDate), calendarDateToDay(today)) as EpochDay;
  if (end < start) return null;
  const first = Math.max(start, end - MAX_BURNDOWN_DAYS + 1) as EpochDay;
  return { first, last: end };
}

/** The milestone's series, one entry per day of `burndownDays` (see the module's approximations). */
export function milestoneBurndown(
  range: BurndownRange,
  issues: readonly BurndownIssue[],
  today: CalendarDate,
): BurndownDay[] {
  const days = burndownDays(range, today);
  if (!days) return [];
  const length = days.last - days.first + 1;
  const start = calendarDateToDay(range.startDate);
  // Differences per day index, summed once at the end: O(issues + days), whatever the sizes.
  const scope = new Float64Array(length + 1);
  const scopeWeight = new Float64Array(length + 1);
  const done = new Float64Array(length + 1);
  const doneWeight = new Float64Array(length + 1);
  const indexOf = (day: number) => Math.max(0, Math.max(day, start) - days.first);
  for (const issue of issues) {
    const weight = issue.weight ?? 0;
    const created = indexOf(calendarDateToDay(issue.createdOn));
    if (created >= length) continue;
    scope[created] = (scope[created] ?? 0) + 1;
    scopeWeight[created] = (scopeWeight[created] ?? 0) + weight;
    if (issue.state !== 'closed') continue;
    const closedDay = issue.closedOn === null ? start : calendarDateToDay(issue.closedOn);
    // Done no earlier than it counts: an issue cannot close before it is in the chart.
    const closed = Math.max(created, indexOf(closedDay));
    if (closed >= length) continue;
    done[closed] = (done[closed] ?? 0) + 1;
    doneWeight[closed] = (doneWeight[closed] ?? 0) + weight;
  }
  const series: BurndownDay[] = [];
  let totals = { scopeCount: 0, scopeWeight: 0, completedCount: 0, completedWeight: 0 };
  for (let index = 0; index < length; index += 1) {
    totals = {
      scopeCount: totals.scopeCount + (scope[index] ?? 0),
      scopeWeight: totals.scopeWeight + (scopeWeight[index] ?? 0),
      completedCount: totals.completedCount + (done[index] ?? 0),
      completedWeight: totals.completedWeight + (doneWeight[index] ?? 0),
    };
    series.push({
      date: dayToCalendarDate((days.first + index) as EpochDay),
      ...totals,
      openIssues: totals.scopeCount - totals.completedCount,
      openWeight: totals.scopeWeight - totals.completedWeight,
    });
  }
  return series;
}
