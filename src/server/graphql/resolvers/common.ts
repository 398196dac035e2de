import { GraphQLError } from 'graphql';
import { parseGlobalId } from '../../../core/domain/gid.ts';
import type { IssueSortColumn } from '../../db/repositories/issueRepository.ts';
import { MAX_SQL_INTEGER } from '../../db/sqlInteger.ts';
import type { EpicSort as EpicSortOrder } from '../../services/epics/epicQueries.ts';
import type { EpicSort, IssueSort, MilestoneSort } from '../generated/resolvers.ts';

/** GitLab's default and maximum page size for connections. */
export const PAGE_LIMITS = { defaultPageSize: 100, maxPageSize: 100 } as const;

/** The numeric id in a global id its scalar (scalars.ts) has already checked. */
export function idOf(globalId: string): number {
  const parsed = parseGlobalId(globalId);
  if (!parsed.ok) throw new Error(`Unchecked global id ${globalId}`);
  return parsed.id;
}

export const iso = (time: Date | null | undefined): string | null => (time ? time.toISOString() : null);

/** GitLab's message when something is missing or not permitted: the two must look the same. */
export const RESOURCE_NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

export function resourceNotAvailable(): GraphQLError {
  return new GraphQLError(RESOURCE_NOT_AVAILABLE);
}

export function epicSortOrder(sort: EpicSort | null | undefined, fallback: EpicSortOrder): EpicSortOrder {
  if (!sort) return fallback;
  const normalized = sort.toUpperCase();
  const direction = normalized.endsWith('_ASC') ? 'asc' : 'desc';
  if (normalized.startsWith('START_DATE')) return { column: 'start_date', direction };
  if (normalized.startsWith('END_DATE')) return { column: 'due_date', direction };
  if (normalized.startsWith('TITLE')) return { column: 'title', direction };
  if (normalized.startsWith('UPDATED_AT')) return { column: 'updated_at', direction };
  return { column: 'created_at', direction };
}

export function issueSortOrder(sort: IssueSort | null | undefined): {
  column: IssueSortColumn;
  direction: 'asc' | 'desc';
} {
  switch (sort) {
    case 'CREATED_ASC':
      return { column: 'created_at', direction: 'asc' };
    case 'UPDATED_DESC':
      return { column: 'updated_at', direction: 'desc' };
    case 'UPDATED_ASC':
      return { column: 'updated_at', direction: 'asc' };
    case 'DUE_DATE_ASC':
      return { column: 'due_date', direction: 'asc' };
    case 'DUE_DATE_DESC':
      return { column: 'due_date', direction: 'desc' };
    case 'TITLE_ASC':
      return { column: 'title', direction: 'asc' };
    case 'TITLE_DESC':
      return { column: 'title', direction: 'desc' };
    default:
      return { column: 'created_at', direction: 'desc' };
  }
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

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export const stripNulls = <T>(
  values: readonly (T | null | undefined)[] | null | undefined,
): T[] | undefined =>
  values ? values.filter((value): value is T => value !== null && value !== undefined) : undefined;

/** GitLab's MilestoneSort (default: due date ascending, undated last). */
export function milestoneSortOrder(sort: MilestoneSort | null | undefined): {
  column: 'due_date' | 'created_at' | 'updated_at';
  direction: 'asc' | 'desc';
} {
  const normalized = (sort ?? 'DUE_DATE_ASC').toUpperCase();
  const direction = normalized.endsWith('_DESC') ? 'desc' : 'asc';
  if (normalized.startsWith('CREATED')) return { column: 'created_at', direction };
  if (normalized.startsWith('UPDATED')) return { column: 'updated_at', direction };
  return { column: 'due_date', direction };
}

/** Milestone global ids (`ids:`) as numbers; a malformed one is GitLab's argument error. */
export function parseMilestoneIds(ids: readonly string[] | null | undefined): number[] | undefined {
  return ids?.map((id) => {
    const parsed = parseGlobalId(id, ['Milestone']);
    if (!parsed.ok) throw new GraphQLError(parsed.message);
    return parsed.id;
  });
}

/** GitLab's `milestoneTitle` list without its nulls; undefined (no filter) when it names none. */
export function milestoneTitles(titles: readonly (string | null)[] | null | undefined): string[] | undefined {
  const named = stripNulls(titles);
  return named && named.length > 0 ? named : undefined;
}
