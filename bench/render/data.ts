/**
 * The rows the render benchmark's baselines (dom, dhtmlx) draw: the group roadmap's epics as the
 * seeded server's GraphQL API returns them (roadmapRows.ts), in its order (start date ascending), so
 * that every target draws the same rows. The timeframe is THREE_YEARS / MONTHS around TODAY, the
 * day the seed is centred on and the day the `ours` page is given.
 */

import { progressPercent } from '../../src/core/layout/progress.ts';
import { addDays, civilOf, daysInMonth, dayToCalendarDate } from '../../src/core/time/epochDay.ts';
import { calendarDateOf } from '../../src/core/time/formatting.ts';
import { buildTimeframe } from '../../src/core/time/timeframe.ts';

/**
 * The day the run happens: the server embeds the roadmap's first data for its own today, so the page
 * must see the same day to use it (the seed is centred on it, so every run draws the same shape).
 */
export const TODAY = calendarDateOf(new Date());
/** The roadmap's timeframe in every target. */
export const TIMEFRAME = buildTimeframe({ rangeType: 'THREE_YEARS', presetType: 'MONTHS', today: TODAY });

/** An epic as the roadmap query returns it (GraphQL `Epic`, the fields the baselines draw). */
export interface RoadmapRow {
  readonly id: string;
  readonly title: string;
  readonly startDate: string | null;
  readonly dueDate: string | null;
  readonly color: string;
  readonly group: { readonly name: string };
  readonly descendantWeightSum: {
    readonly openedIssues: number | null;
    readonly closedIssues: number | null;
  } | null;
}

export interface BenchEpic {
  readonly id: number;
  readonly title: string;
  readonly group: string;
  /** `YYYY-MM-DD`, or null: no start date (the bar starts at the timeframe's start). */
  readonly start: string | null;
  /** `YYYY-MM-DD`, or null: no due date (the bar runs to the timeframe's end, as on GitLab's roadmap). */
  readonly end: string | null;
  readonly color: string;
  /** 0–100: closed issue weight of all issue weight, as the app's roadmap shows by default. */
  readonly progress: number;
}

export interface BenchMonth {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  readonly days: number;
}

/** What a baseline page receives as `window.__benchData`. */
export interface BenchData {
  readonly today: string;
  /** First shown day and the day after the last one, `YYYY-MM-DD`. */
  readonly rangeStart: string;
  readonly rangeEnd: string;
  readonly months: readonly BenchMonth[];
  readonly epics: readonly BenchEpic[];
}

/** `gid://gitlab/Epic/42` → 42. */
function idOf(gid: string): number {
  const id = Number(gid.slice(gid.lastIndexOf('/') + 1));
  if (!Number.isSafeInteger(id)) throw new Error(`unexpected epic id ${gid}`);
  return id;
}

/**
 * The baselines' data for the roadmap's rows (top-level epics, collapsed, as ours shows them), in the
 * app's order for start_date_asc: GitLab's sortEpics takes a missing start as −∞, so those epics come
 * first (the server puts them last); ties keep the server's order.
 */
export function benchData(rows: readonly RoadmapRow[]): BenchData {
  const months = TIMEFRAME.items.map((item) => {
    const { year, month } = civilOf(item.start);
    return { year, month, days: daysInMonth(year, month) };
  });
  return {
    today: TODAY,
    rangeStart: dayToCalendarDate(TIMEFRAME.startDay),
    rangeEnd: dayToCalendarDate(addDays(TIMEFRAME.endDay, 1)),
    months,
    epics: [
      ...rows.filter((row) => row.startDate === null),
      ...rows.filter((row) => row.startDate !== null),
    ].map((row) => ({
      id: idOf(row.id),
      title: row.title,
      group: row.group.name,
      start: row.startDate,
      end: row.dueDate,
      color: row.color,
      progress: progressPercent(
        row.descendantWeightSum?.closedIssues ?? 0,
        row.descendantWeightSum?.openedIssues ?? 0,
      ),
    })),
  };
}
