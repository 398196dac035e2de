import { describe, expect, it } from 'vitest';
import {
  groupByUtcDay,
  textOfTags,
  timelineTextLength,
  utcDayOf,
  utcInstantOf,
  utcTimeOf,
} from './incidentTimeline.ts';

describe('the incident timeline in UTC', () => {
  it('reads the day and time of an instant in UTC, whatever its offset', () => {
    expect(utcDayOf('2026-06-15T23:30:00-02:00')).toBe('2026-06-16');
    expect(utcTimeOf('2026-06-15T23:30:00-02:00')).toBe('01:30');
    expect(utcTimeOf('2026-06-15T09:05:00Z')).toBe('09:05');
  });

  it('makes an instant of a day, hour and minute, refusing what does not exist', () => {
    expect(utcInstantOf('2026-06-15', 9, 5)).toBe('2026-06-15T09:05:00.000Z');
    expect(utcInstantOf('2026-02-30', 9, 5)).toBeNull();
    expect(utcInstantOf('2026-06-15', 24, 0)).toBeNull();
    expect(utcInstantOf('2026-06-15', 9, 60)).toBeNull();
    expect(utcInstantOf('2026-06-15', 9.5, 0)).toBeNull();
    expect(utcInstantOf('', 9, 0)).toBeNull();
  });

  it('groups events by their UTC day, keeping their order', () => {
    const events = [
      { id: 1, occurredAt: '2026-06-14T23:59:00Z' },
      { id: 2, occurredAt: '2026-06-15T00:00:00Z' },
      { id: 3, occurredAt: '2026-06-15T08:00:00Z' },
    ];
    expect(groupByUtcDay(events).map((group) => [group.day, group.events.map((event) => event.id)])).toEqual([
      ['2026-06-14', [1]],
      ['2026-06-15', [2, 3]],
    ]);
    expect(groupByUtcDay([])).toEqual([]);
  });

  it('counts an emoji as one character', () => {
    expect(timelineTextLength('🔥 down')).toBe(6);
  });

  it("writes GitLab's text for the chosen tags", () => {
    expect(textOfTags(['Start time', 'End time'])).toBe('Incident start time, end time');
    expect(textOfTags([])).toBe('');
  });
});
