import { describe, expect, it } from 'vitest';
import type { EpicSchedule } from '../../../core/layout/reschedule.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { type RescheduleEntry, RescheduleHistory } from './rescheduleHistory.ts';

const schedule = (start: string): EpicSchedule => ({
  startDate: start as CalendarDate,
  dueDate: null,
  startDateIsFixed: true,
  dueDateIsFixed: false,
});
const entry = (epicId: number, from: string, to: string): RescheduleEntry => ({
  epicId,
  title: `Epic ${epicId}`,
  before: schedule(from),
  after: schedule(to),
});

describe('the reschedule history', () => {
  it('undoes the latest first and redoes in order', () => {
    const history = new RescheduleHistory();
    expect(history.nextUndo).toBeNull();
    history.record(entry(1, '2027-01-01', '2027-02-01'));
    history.record(entry(2, '2027-03-01', '2027-04-01'));
    expect(history.nextUndo?.epicId).toBe(2);
    history.undone();
    expect(history.nextUndo?.epicId).toBe(1);
    expect(history.nextRedo?.epicId).toBe(2);
    history.redone();
    expect(history.nextRedo).toBeNull();
    expect(history.nextUndo?.epicId).toBe(2);
  });

  it('forgets what was undone once a new reschedule is made', () => {
    const history = new RescheduleHistory();
    history.record(entry(1, '2027-01-01', '2027-02-01'));
    history.record(entry(2, '2027-03-01', '2027-04-01'));
    history.undone();
    history.record(entry(3, '2027-05-01', '2027-06-01'));
    expect(history.nextRedo).toBeNull();
    expect(history.nextUndo?.epicId).toBe(3);
    history.undone();
    expect(history.nextUndo?.epicId).toBe(1);
  });
});
