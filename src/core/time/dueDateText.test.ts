import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './calendarDate.ts';
import { dueDateText } from './dueDateText.ts';

const day = (value: string) => value as CalendarDate;
// A Monday.
const TODAY = day('2026-06-15');

describe('the due-date wording', () => {
  it.each([
    ['2026-06-14', 'Yesterday', 'Yesterday (Jun 14, 2026)', true],
    ['2026-06-15', 'Today', 'Today (Jun 15, 2026)', false],
    ['2026-06-16', 'Tomorrow', 'Tomorrow (Jun 16, 2026)', false],
    ['2026-06-17', 'Wednesday', 'Wednesday (Jun 17, 2026)', false],
    ['2026-06-21', 'Sunday', 'Sunday (Jun 21, 2026)', false],
    ['2026-06-22', 'Jun 22', 'Jun 22', false],
    ['2026-06-13', 'Jun 13', 'Jun 13', true],
    ['2027-01-04', 'Jan 4, 2027', 'Jan 4, 2027', false],
    ['2025-12-31', 'Dec 31, 2025', 'Dec 31, 2025', true],
  ] as const)('reads %s as %s', (due, text, tooltip, overdue) => {
    expect(dueDateText(day(due), TODAY)).toEqual({ text, tooltip, overdue });
  });

  it('names the weekday across a month and a year end', () => {
    expect(dueDateText(day('2027-01-02'), day('2026-12-29')).text).toBe('Saturday');
    expect(dueDateText(day('2026-07-03'), day('2026-06-29')).text).toBe('Friday');
  });
});
