/**
 * The GraphQL `timeframe` variable (`Timeframe` input: `start` and `end`, both `Date!`, a closed
 * range) for what the roadmap shows: spec: "timeframe {start, end} as ISO dates (yyyy-mm-dd)".
 * GitLab's `getEpicsTimeframeRange`: quarters from the first quarter's first day to the last
 * quarter's last day; months from the first month's 1st to the last month's last day; weeks from the
 * first Sunday to the last Sunday + 6. All three are the timeframe's first and last shown day.
 */
import type { DateRange } from './calendarDate.ts';
import { dayToCalendarDate, type EpochDay } from './epochDay.ts';
import type { Timeframe, TimeframeExtension } from './timeframe.ts';

export function graphqlTimeframe(timeframe: Pick<Timeframe, 'startDay' | 'endDay'>): DateRange {
  return daysToGraphqlTimeframe(timeframe.startDay, timeframe.endDay);
}

/** The variable for only the part an extension added: fetch the epics of the new columns. */
export function graphqlTimeframeOfExtension(extension: TimeframeExtension): DateRange {
  return daysToGraphqlTimeframe(extension.addedStartDay, extension.addedEndDay);
}

function daysToGraphqlTimeframe(start: EpochDay, end: EpochDay): DateRange {
  return { start: dayToCalendarDate(start), end: dayToCalendarDate(end) };
}
