/**
 * What a tree row's metadata column says (spec: "child epic and issue counts; milestone, due
 * date and weight; assignees and health status"), as plain values the canvas draws and the DOM
 * overlay can read aloud. Days are epoch days; nothing here reads a clock (today comes in).
 */
import { HEALTH_STATUS_TEXT } from '../../domain/healthStatus.ts';
import { monthAbbreviation } from '../../time/calendarUnits.ts';
import { civilOf, type EpochDay } from '../../time/epochDay.ts';
import { NO_DAY } from './treeStore.ts';

/** GitLab's health status texts, as the tree's rows show them. */
export const TREE_HEALTH_STATUS_TEXT = HEALTH_STATUS_TEXT;

/** Assignee avatars drawn in a row; more show as '+N'. */
export const TREE_MAX_ASSIGNEES = 3;

/**
 * A row's due date as GitLab's issue due date shows it: 'Mar 9' in the current year,
 * 'Mar 9, 2025' in any other.
 */
export function formatTreeDueDate(day: EpochDay, today: EpochDay): string {
  const date = civilOf(day);
  const text = `${monthAbbreviation(date.month)} ${date.day}`;
  return date.year === civilOf(today).year ? text : `${text}, ${date.year}`;
}

/** "A due date is past due when it is before today and the item is not closed" (spec). */
export function isTreeDueDatePast(dueDay: number, today: EpochDay, closed: boolean): boolean {
  return dueDay !== NO_DAY && !closed && dueDay < today;
}

/** '+N' for the assignees past the drawn avatars, '' when all are drawn. */
export function assigneeOverflowText(assigneeCount: number, drawn: number): string {
  const more = assigneeCount - drawn;
  return more > 0 ? `+${more}` : '';
}

/** Avatars a row draws: the named assignees, at most TREE_MAX_ASSIGNEES. */
export function drawnAssigneeCount(namedAssignees: number): number {
  return Math.min(TREE_MAX_ASSIGNEES, Math.max(0, namedAssignees));
}

/** Open plus closed descendants, or null while the counts are unknown (NaN in the snapshot). */
export function descendantTotal(opened: number, closed: number): number | null {
  const total = opened + closed;
  return Number.isFinite(total) ? total : null;
}
