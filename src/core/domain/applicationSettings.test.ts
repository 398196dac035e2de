import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettingsChange, settingsOver } from './applicationSettings.ts';

describe('application settings', () => {
  it('reads a change from JSON or a form, within each setting’s bounds', () => {
    expect(
      parseSettingsChange({
        trial_duration_days: '14',
        session_expire_delay: 60,
        throttle_authenticated_api_enabled: 'false',
        unknown_thing: 'ignored',
      }),
    ).toEqual({
      change: {
        trial_duration_days: 14,
        session_expire_delay: 60,
        throttle_authenticated_api_enabled: false,
      },
      problems: {},
    });
    expect(
      parseSettingsChange({
        trial_duration_days: 366,
        session_expire_delay: 1.5,
        throttle_unauthenticated_api_enabled: 'yes',
        throttle_authenticated_api_period_in_seconds: '-5',
      }).problems,
    ).toEqual({
      trial_duration_days: ['must be between 1 and 365'],
      session_expire_delay: ['must be a whole number'],
      throttle_unauthenticated_api_enabled: ['must be true or false'],
      throttle_authenticated_api_period_in_seconds: ['must be a whole number'],
    });
  });

  it('keeps the defaults under what is stored, skipping what no longer reads', () => {
    expect(settingsOver(DEFAULT_SETTINGS, null)).toEqual(DEFAULT_SETTINGS);
    expect(settingsOver(DEFAULT_SETTINGS, { trial_duration_days: 7, session_expire_delay: 'bad' })).toEqual({
      ...DEFAULT_SETTINGS,
      trial_duration_days: 7,
    });
  });
});
