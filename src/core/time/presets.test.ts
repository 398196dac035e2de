import { describe, expect, it } from 'vitest';
import {
  ALLOWED_PRESETS,
  DEFAULT_PRESET,
  parseTimeframeRangeType,
  presetAfterRangeChange,
  resolvePresetType,
} from './presets.ts';

describe('ranges and presets', () => {
  it('allows WEEKS only for the current quarter, MONTHS or WEEKS for the year, all three for three years', () => {
    expect(ALLOWED_PRESETS).toEqual({
      CURRENT_QUARTER: ['WEEKS'],
      CURRENT_YEAR: ['MONTHS', 'WEEKS'],
      THREE_YEARS: ['QUARTERS', 'MONTHS', 'WEEKS'],
    });
    expect(DEFAULT_PRESET).toEqual({
      CURRENT_QUARTER: 'WEEKS',
      CURRENT_YEAR: 'MONTHS',
      THREE_YEARS: 'QUARTERS',
    });
  });

  it.each([
    ['CURRENT_QUARTER', 'CURRENT_QUARTER'],
    ['CURRENT_YEAR', 'CURRENT_YEAR'],
    ['THREE_YEARS', 'THREE_YEARS'],
    ['current_year', 'CURRENT_QUARTER'],
    ['', 'CURRENT_QUARTER'],
    [undefined, 'CURRENT_QUARTER'],
    [42, 'CURRENT_QUARTER'],
  ])('reads the range %j as %s (unknown values fall back to CURRENT_QUARTER)', (input, expected) => {
    expect(parseTimeframeRangeType(input)).toBe(expected);
  });

  it.each([
    ['CURRENT_QUARTER', 'QUARTERS', 'WEEKS'],
    ['CURRENT_QUARTER', 'MONTHS', 'WEEKS'],
    ['CURRENT_QUARTER', 'WEEKS', 'WEEKS'],
    ['CURRENT_YEAR', 'QUARTERS', 'MONTHS'],
    ['CURRENT_YEAR', 'WEEKS', 'WEEKS'],
    ['CURRENT_YEAR', undefined, 'MONTHS'],
    ['THREE_YEARS', 'WEEKS', 'WEEKS'],
    ['THREE_YEARS', 'MONTHS', 'MONTHS'],
    ['THREE_YEARS', 'bogus', 'QUARTERS'],
  ] as const)('in %s the preset %j resolves to %s', (range, requested, expected) => {
    expect(resolvePresetType(range, requested)).toBe(expected);
  });

  it('resets the preset to the default when the range changes', () => {
    expect(presetAfterRangeChange('THREE_YEARS')).toBe('QUARTERS');
    expect(presetAfterRangeChange('CURRENT_YEAR')).toBe('MONTHS');
    expect(presetAfterRangeChange('CURRENT_QUARTER')).toBe('WEEKS');
  });
});
