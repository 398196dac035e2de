import { describe, expect, it } from 'vitest';
import {
  showsTrialPopover,
  TRIAL_TEXTS,
  trialDays,
  trialEndDay,
  trialPercent,
  trialRunning,
} from './trials.ts';

describe('the trial', () => {
  it.each([
    ['2026-11-01', 'Day 1/30', 3],
    ['2026-11-02', 'Day 2/30', 7],
    ['2026-11-30', 'Day 30/30', 100],
    ['2026-12-05', 'Day 30/30', 100],
    ['2026-10-20', 'Day 1/30', 3],
  ])('on %s reads %s, %i %% through', (today, text, percent) => {
    const days = trialDays('2026-11-01', '2026-12-01', today);
    expect(TRIAL_TEXTS.day(days)).toBe(text);
    expect(trialPercent(days)).toBe(percent);
  });

  it('runs until its end day, which is 30 days after its start', () => {
    expect(trialEndDay('2026-11-01')).toBe('2026-12-01');
    expect(trialEndDay('2026-12-15')).toBe('2027-01-14');
    expect(trialRunning('2026-12-01', '2026-11-30')).toBe(true);
    expect(trialRunning('2026-12-01', '2026-12-01')).toBe(false);
    expect(TRIAL_TEXTS.endsOn('2026-12-01')).toBe('Your trial ends on December 1.');
  });

  it.each([
    [375, false],
    [575, false],
    [767, false],
    [768, true],
    [1440, true],
  ])('shows its popover at %i px: %s', (width, shown) => {
    expect(showsTrialPopover(width)).toBe(shown);
  });
});
