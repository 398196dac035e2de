import { GraphQLError } from 'graphql';
import { parseGlobalId } from '../../../core/domain/gid.ts';
import { type DateRange, parseCalendarDate } from '../../../core/time/calendarDate.ts';
import { MAX_SQL_INTEGER } from '../../db/sqlInteger.ts';
import type { Timeframe } from '../generated/resolvers.ts';

/** GraphQL argument values as services take them: numeric ids and iids, lists without their nulls. */

/** The numeric id in a global id its scalar (scalars.ts) has already checked. */
export function idOf(globalId: string): number {
  const parsed = parseGlobalId(globalId);
  if (!parsed.ok) throw new Error(`Unchecked global id ${globalId}`);
  return parsed.value.id;
}

/** A `Timeframe` argument whose `Date` scalars (scalars.ts) have already checked both days. */
export function dateRangeOf(timeframe: Timeframe | null | undefined): DateRange | undefined {
  if (!timeframe) return undefined;
  const start = parseCalendarDate(timeframe.start);
  const end = parseCalendarDate(timeframe.end);
  if (!start || !end) throw new Error(`Unchecked timeframe ${timeframe.start}..${timeframe.end}`);
  return { start, end };
}

/**
 * GraphQL `ID` iids arrive as strings; anything but digits, or past an SQL integer, is NaN (matches
 * nothing, and is never sent to the database).
 */
export function parseIid(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value);
  const iid = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  return iid <= MAX_SQL_INTEGER ? iid : Number.NaN;
}

export const stripNulls = <T>(
  values: readonly (T | null | undefined)[] | null | undefined,
): T[] | undefined =>
  values ? values.filter((value): value is T => value !== null && value !== undefined) : undefined;

/** Milestone global ids (`ids:`) as numbers; a malformed one is GitLab's argument error. */
export function parseMilestoneIds(ids: readonly string[] | null | undefined): number[] | undefined {
  return ids?.map((id) => {
    const parsed = parseGlobalId(id, ['Milestone']);
    if (!parsed.ok) throw new GraphQLError(parsed.error);
    return parsed.value.id;
  });
}

/** GitLab's `milestoneTitle` list without its nulls; undefined (no filter) when it names none. */
export function milestoneTitles(titles: readonly (string | null)[] | null | undefined): string[] | undefined {
  const named = stripNulls(titles);
  return named && named.length > 0 ? named : undefined;
}
