import type { EpicSort as EpicSortOrder } from '../../services/epics/epicQueries.ts';
import type { IssueSort as IssueSortOrder } from '../../services/issueService.ts';
import type { EpicSort, IssueSort, MilestoneSort } from '../generated/resolvers.ts';

/** GitLab's sort enums (EpicSort, IssueSort, MilestoneSort) as the column and direction services take. */

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

export function issueSortOrder(sort: IssueSort | null | undefined): IssueSortOrder {
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
