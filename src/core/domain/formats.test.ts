import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_WINDOW,
  formatCount,
  formatPercentChange,
  formatSize,
  TIME_WINDOWS,
} from './formats.ts';

describe('sizes in 1024 steps', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1024, '1.00 KiB'],
    [1536, '1.50 KiB'],
    [1024 * 1024 - 1, '1.00 MiB'],
    [1024 * 1024 - 6000, '1018.14 KiB'],
    [1024 * 1024, '1.00 MiB'],
    [20 * 1024 * 1024, '20.00 MiB'],
    [1024 ** 3, '1.00 GiB'],
    [5 * 1024 ** 4, '5120.00 GiB'],
    [-2048, '-2.00 KiB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});

describe('counts as k and m', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [1049, '1k'],
    [1050, '1.1k'],
    [7460, '7.5k'],
    [999_949, '999.9k'],
    [999_950, '1m'],
    [1_000_000, '1m'],
    [2_345_678, '2.3m'],
    [-1500, '-1.5k'],
  ])('%d reads %s', (count, text) => {
    expect(formatCount(count)).toBe(text);
  });
});

describe('percent change', () => {
  it.each([
    [0, '+0%'],
    [-0.4, '+0%'],
    [0.5, '+1%'],
    [12.6, '+13%'],
    [-7.2, '-7%'],
    [-0.6, '-1%'],
  ])('%d reads %s', (percent, text) => {
    expect(formatPercentChange(percent)).toBe(text);
  });
});

describe('time windows', () => {
  it('offers the spec’s seven, 8 hours by default', () => {
    expect(TIME_WINDOWS.map((window) => window.label)).toEqual([
      '30 minutes',
      '3 hours',
      '8 hours',
      '1 day',
      '3 days',
      '7 days',
      '30 days',
    ]);
    expect(DEFAULT_TIME_WINDOW).toEqual({ key: 'eightHours', label: '8 hours', minutes: 480 });
  });
});
