import { describe, expect, it } from 'vitest';
import { daysFromCivil } from '../../time/epochDay.ts';
import {
  assigneeOverflowText,
  descendantTotal,
  drawnAssigneeCount,
  formatTreeDueDate,
  isTreeDueDatePast,
  TREE_HEALTH_STATUS_TEXT,
} from './treeRowMeta.ts';
import { NO_DAY } from './treeStore.ts';

const day = (year: number, month: number, date: number) => daysFromCivil(year, month, date);

describe('formatTreeDueDate', () => {
  const today = day(2024, 6, 15);

  it.each([
    [day(2024, 3, 9), 'Mar 9'],
    [day(2024, 1, 1), 'Jan 1'],
    [day(2024, 12, 31), 'Dec 31'],
    [day(2024, 2, 29), 'Feb 29'],
  ])('shows a date of the current year as month and day (%i → %s)', (due, text) => {
    expect(formatTreeDueDate(due, today)).toBe(text);
  });

  it('adds the year to a date of another year', () => {
    expect(formatTreeDueDate(day(2023, 12, 31), today)).toBe('Dec 31, 2023');
    expect(formatTreeDueDate(day(2025, 1, 1), today)).toBe('Jan 1, 2025');
  });

  it('reads the year of today, so the last day of a year is still the current year on that day', () => {
    expect(formatTreeDueDate(day(2024, 12, 31), day(2024, 12, 31))).toBe('Dec 31');
    expect(formatTreeDueDate(day(2024, 12, 31), day(2025, 1, 1))).toBe('Dec 31, 2024');
  });
});

describe('isTreeDueDatePast', () => {
  const today = day(2024, 6, 15);

  it('is past due before today for an open item', () => {
    expect(isTreeDueDatePast(day(2024, 6, 14), today, false)).toBe(true);
  });

  it('is not past due on the day itself or later', () => {
    expect(isTreeDueDatePast(today, today, false)).toBe(false);
    expect(isTreeDueDatePast(day(2024, 6, 16), today, false)).toBe(false);
  });

  it('is never past due once the item is closed', () => {
    expect(isTreeDueDatePast(day(2020, 1, 1), today, true)).toBe(false);
  });

  it('is not past due without a due date', () => {
    expect(isTreeDueDatePast(NO_DAY, today, false)).toBe(false);
  });
});

describe('assignees', () => {
  it('draws at most three avatars', () => {
    expect(drawnAssigneeCount(0)).toBe(0);
    expect(drawnAssigneeCount(2)).toBe(2);
    expect(drawnAssigneeCount(5)).toBe(3);
  });

  it('counts the assignees past the drawn avatars as +N', () => {
    expect(assigneeOverflowText(3, 3)).toBe('');
    expect(assigneeOverflowText(7, 3)).toBe('+4');
    // Only a few names travel with a row; the count covers the others.
    expect(assigneeOverflowText(4, 2)).toBe('+2');
  });
});

describe('descendantTotal', () => {
  it('adds open and closed descendants', () => {
    expect(descendantTotal(3, 4)).toBe(7);
    expect(descendantTotal(0, 0)).toBe(0);
  });

  it('is null while the counts are unknown', () => {
    expect(descendantTotal(Number.NaN, Number.NaN)).toBeNull();
    expect(descendantTotal(2, Number.NaN)).toBeNull();
  });
});

describe('TREE_HEALTH_STATUS_TEXT', () => {
  it("uses GitLab's health status texts", () => {
    expect(TREE_HEALTH_STATUS_TEXT).toEqual({
      onTrack: 'On track',
      needsAttention: 'Needs attention',
      atRisk: 'At risk',
    });
  });
});
