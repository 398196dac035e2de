import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../time/calendarDate.ts';
import { milestoneDatesProblem, milestoneFullMessages, validateMilestone } from './milestoneRules.ts';

const day = (text: string) => text as CalendarDate;
const undated = { startDate: null, dueDate: null };

describe('milestone rules', () => {
  it('needs a title to create, trims it and keeps it under 256 characters', () => {
    expect(validateMilestone({}, undated, true).errors).toEqual({ title: ["can't be blank"] });
    expect(validateMilestone({ title: '   ' }, undated, true).errors).toEqual({ title: ["can't be blank"] });
    expect(validateMilestone({ title: ' Sprint 1 ' }, undated, true).fields.title).toBe('Sprint 1');
    expect(validateMilestone({ title: 'x'.repeat(256) }, undated, true).errors.title).toEqual([
      'is too long (maximum is 255 characters)',
    ]);
    expect(validateMilestone({ description: 'only' }, undated, false).errors).toEqual({});
  });

  it('refuses a due date on or before the start date, as GitLab does', () => {
    expect(milestoneDatesProblem(day('2026-03-02'), day('2026-03-01'))).toBe(
      'must be greater than start date',
    );
    expect(milestoneDatesProblem(day('2026-03-01'), day('2026-03-01'))).toBe(
      'must be greater than start date',
    );
    expect(milestoneDatesProblem(day('2026-03-01'), day('2026-03-02'))).toBeNull();
    expect(milestoneDatesProblem(null, day('2026-03-02'))).toBeNull();
  });

  it('checks one changed date against the date the milestone keeps', () => {
    const current = { startDate: day('2026-03-10'), dueDate: day('2026-03-20') };
    expect(validateMilestone({ dueDate: '2026-03-05' }, current, false).errors).toEqual({
      due_date: ['must be greater than start date'],
    });
    expect(validateMilestone({ startDate: null, dueDate: '2026-03-05' }, current, false).errors).toEqual({});
    expect(validateMilestone({ startDate: '2026-02-30' }, current, false).errors).toEqual({
      start_date: ['is not a valid date'],
    });
  });

  it('reads empty dates as cleared', () => {
    expect(validateMilestone({ startDate: '', dueDate: '' }, undated, false).fields).toEqual({
      startDate: null,
      dueDate: null,
    });
  });

  it("words errors as Rails' full messages", () => {
    expect(
      milestoneFullMessages({
        title: ['has already been taken'],
        due_date: ['must be greater than start date'],
      }),
    ).toEqual(['Title has already been taken', 'Due date must be greater than start date']);
  });
});
