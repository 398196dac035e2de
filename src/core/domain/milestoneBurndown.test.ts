import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../time/calendarDate.ts';
import {
  type BurndownIssue,
  burndownDays,
  MAX_BURNDOWN_DAYS,
  milestoneBurndown,
} from './milestoneBurndown.ts';

const day = (text: string) => text as CalendarDate;
const range = { startDate: day('2026-03-01'), dueDate: day('2026-03-05') };
const issue = (
  createdOn: string,
  closedOn: string | null = null,
  weight: number | null = null,
  state: 'opened' | 'closed' = closedOn ? 'closed' : 'opened',
): BurndownIssue => ({ createdOn: day(createdOn), closedOn: closedOn ? day(closedOn) : null, state, weight });

const open = (series: ReturnType<typeof milestoneBurndown>) => series.map((point) => point.openIssues);
const openWeight = (series: ReturnType<typeof milestoneBurndown>) => series.map((point) => point.openWeight);

describe('milestone burndown', () => {
  it('has one point per day from the start date to the due date, both included', () => {
    const series = milestoneBurndown(range, [], day('2026-04-01'));
    expect(series.map((point) => point.date)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
    ]);
    expect(open(series)).toEqual([0, 0, 0, 0, 0]);
  });

  it('stops at today while the milestone runs, and is empty before it starts', () => {
    expect(milestoneBurndown(range, [issue('2026-02-01')], day('2026-03-03'))).toHaveLength(3);
    expect(milestoneBurndown(range, [issue('2026-02-01')], day('2026-02-28'))).toEqual([]);
  });

  it('counts issues created before the start from the start, later ones from their day', () => {
    const series = milestoneBurndown(
      range,
      [issue('2026-01-10', null, 3), issue('2026-03-03', null, 2)],
      day('2026-03-09'),
    );
    expect(open(series)).toEqual([1, 1, 2, 2, 2]);
    expect(openWeight(series)).toEqual([3, 3, 5, 5, 5]);
    expect(series[4]).toMatchObject({ scopeCount: 2, scopeWeight: 5, completedCount: 0, completedWeight: 0 });
  });

  it('burns down on the day an issue closed, by its weight', () => {
    const series = milestoneBurndown(
      range,
      [issue('2026-02-01', '2026-03-02', 5), issue('2026-02-01', '2026-03-04', 1), issue('2026-02-01')],
      day('2026-03-31'),
    );
    expect(open(series)).toEqual([3, 2, 2, 1, 1]);
    expect(openWeight(series)).toEqual([6, 1, 1, 0, 0]);
    expect(series.at(-1)).toMatchObject({ completedCount: 2, completedWeight: 6 });
  });

  it('takes issues closed before the start, or closed without a date, as done from the start', () => {
    const series = milestoneBurndown(
      range,
      [issue('2026-01-01', '2026-02-01'), { ...issue('2026-01-01'), state: 'closed' }, issue('2026-01-01')],
      day('2026-03-31'),
    );
    expect(open(series)).toEqual([1, 1, 1, 1, 1]);
  });

  it('ignores a stale close date of a reopened issue and issues closed after the due date', () => {
    const reopened = issue('2026-01-01', '2026-03-02', 2, 'opened');
    const closedLate = issue('2026-01-01', '2026-04-02', 4);
    const series = milestoneBurndown(range, [reopened, closedLate], day('2026-05-01'));
    expect(open(series)).toEqual([2, 2, 2, 2, 2]);
    expect(openWeight(series)).toEqual([6, 6, 6, 6, 6]);
  });

  it('leaves out issues created after the last day it shows', () => {
    expect(open(milestoneBurndown(range, [issue('2026-03-09')], day('2026-03-31')))).toEqual([0, 0, 0, 0, 0]);
  });

  it('crosses month, year and leap days by the calendar', () => {
    const leap = { startDate: day('2024-02-27'), dueDate: day('2024-03-02') };
    expect(milestoneBurndown(leap, [], day('2025-01-01')).map((point) => point.date)).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    const yearEnd = { startDate: day('2025-12-30'), dueDate: day('2026-01-02') };
    expect(milestoneBurndown(yearEnd, [], day('2026-06-01'))).toHaveLength(4);
  });

  it('has no days when the due date comes before the start date', () => {
    expect(
      burndownDays({ startDate: day('2026-03-05'), dueDate: day('2026-03-01') }, day('2026-04-01')),
    ).toBeNull();
  });

  it('computes a bounded number of days however long the milestone is', () => {
    const huge = { startDate: day('0001-01-01'), dueDate: day('9999-12-31') };
    const series = milestoneBurndown(huge, [issue('2000-01-01', '2026-03-01')], day('2026-03-10'));
    expect(series).toHaveLength(MAX_BURNDOWN_DAYS);
    expect(series.at(-1)?.date).toBe('2026-03-10');
    expect(series[0]).toMatchObject({ openIssues: 1 });
    expect(series.at(-1)).toMatchObject({ openIssues: 0, completedCount: 1 });
  });
});
