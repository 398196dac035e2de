import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../time/calendarDate.ts';
import { dueDateCondition } from './issueDueDate.ts';

const day = (value: string) => value as CalendarDate;

describe('dueDateCondition', () => {
  it('keeps issues without a due date for 0 and with one for any', () => {
    expect(dueDateCondition('0', day('2026-06-15'))).toEqual({ kind: 'none' });
    expect(dueDateCondition('any', day('2026-06-15'))).toEqual({ kind: 'any' });
  });

  it.each([
    ['today', '2026-06-15', '2026-06-15', '2026-06-15'],
    ['tomorrow', '2026-02-28', '2026-03-01', '2026-03-01'],
    ['tomorrow', '2028-02-28', '2028-02-29', '2028-02-29'],
    ['overdue', '2026-01-01', null, '2025-12-31'],
    // 2026-06-15 is a Monday; weeks run Monday to Sunday as in Rails.
    ['week', '2026-06-15', '2026-06-15', '2026-06-21'],
    ['week', '2026-06-21', '2026-06-15', '2026-06-21'],
    ['week', '2026-12-31', '2026-12-28', '2027-01-03'],
    ['month', '2028-02-10', '2028-02-01', '2028-02-29'],
    ['month', '2026-12-31', '2026-12-01', '2026-12-31'],
    ['next_month_and_previous_two_weeks', '2026-01-31', '2026-01-17', '2026-02-28'],
    ['next_month_and_previous_two_weeks', '2026-12-05', '2026-11-21', '2027-01-31'],
  ] as const)('%s on %s runs from %s to %s', (filter, today, from, to) => {
    expect(dueDateCondition(filter, day(today))).toEqual({ kind: 'between', from, to });
  });
});
