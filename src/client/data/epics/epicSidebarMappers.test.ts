import { describe, expect, it } from 'vitest';
import { dateInput, toEpicColor, toEpicDateField } from './epicSidebarMappers.ts';

describe('epic dates', () => {
  it('take the day part of the API’s timestamps and default the flag to inherited', () => {
    expect(
      toEpicDateField({
        date: '2024-03-01T00:00:00Z',
        isFixed: null,
        fixed: null,
        fromMilestones: '2024-03-01',
      }),
    ).toEqual({ date: '2024-03-01', isFixed: false, fixed: null, fromMilestones: '2024-03-01' });
  });

  it('send the fixed flag, and the fixed date only when the change names one', () => {
    expect(dateInput('start', { isFixed: false })).toEqual({ startDateIsFixed: false });
    expect(dateInput('due', { isFixed: true, fixed: null })).toEqual({
      dueDateIsFixed: true,
      dueDateFixed: null,
    });
    expect(dateInput('start', { isFixed: true, fixed: '2024-01-02' as never })).toEqual({
      startDateIsFixed: true,
      startDateFixed: '2024-01-02',
    });
  });
});

describe('epic colour', () => {
  it('shows GitLab’s default blue when the epic has none', () => {
    expect(toEpicColor(null, null)).toEqual({ color: '#1068bf', textColor: '#FFFFFF' });
  });

  it('keeps the server’s text colour, or computes a readable one', () => {
    expect(toEpicColor('#217645', '#FFFFFF')).toEqual({ color: '#217645', textColor: '#FFFFFF' });
    expect(toEpicColor('#ffffff', null).textColor).toBe('#1F1E24');
  });
});
