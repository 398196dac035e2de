import { describe, expect, it } from 'vitest';
import {
  countsText,
  eventIdText,
  lagText,
  parsePercentage,
  pendingCount,
  progressShares,
} from './geoFormat.ts';

describe('the database replication lag', () => {
  it.each([
    [0, '0 s'],
    [12, '12 s'],
    [59.9, '59 s'],
    [60, '1 min'],
    [180, '3 min'],
    [3599, '59 min'],
    [3600, '1 h'],
    [7500, '2 h 5 min'],
  ])('reads %s seconds as %s', (seconds, text) => {
    expect(lagText(seconds, true)).toBe(text);
  });

  it('is unavailable where the database cannot replicate, whatever the seconds, and unknown when untold', () => {
    expect(lagText(12, false)).toBe('Unavailable');
    expect(lagText(null, false)).toBe('Unavailable');
    expect(lagText(null, true)).toBe('Unknown');
    expect(lagText(-1, true)).toBe('Unknown');
    expect(lagText(Number.NaN, true)).toBe('Unknown');
  });
});

describe('the pending items', () => {
  it('are those neither synced nor failed, never fewer than none', () => {
    expect(pendingCount({ total: 8, succeeded: 5, failed: 1, percentText: null })).toBe(2);
    expect(pendingCount({ total: 0, succeeded: 0, failed: 0, percentText: null })).toBe(0);
    // A status taken while the registry grew can count more synced than it lists.
    expect(pendingCount({ total: 3, succeeded: 3, failed: 1, percentText: null })).toBe(0);
  });
});

describe('GitLab’s percentages', () => {
  it.each([
    ['12.50%', 12.5],
    ['0.00%', 0],
    ['100.00%', 100],
    [' 7% ', 7],
    ['100.01%', 100],
    ['', null],
    ['N/A', null],
    ['-3%', null],
    [null, null],
  ])('read %j as %s', (text, value) => {
    expect(parsePercentage(text)).toBe(value);
  });
});

describe('a progress bar’s shares', () => {
  it('split the total into done, failed and pending, and announce the server’s percentage', () => {
    expect(progressShares({ total: 8, succeeded: 5, failed: 1, percentText: '62.50%' })).toEqual({
      succeeded: 62.5,
      failed: 12.5,
      pending: 25,
      value: 62.5,
      valueText: '62.50%',
    });
  });

  it('work the percentage out when none was sent, and draw nothing of nothing', () => {
    expect(progressShares({ total: 3, succeeded: 1, failed: 0, percentText: null })).toMatchObject({
      value: 100 / 3,
      valueText: '33.33%',
    });
    expect(progressShares({ total: 0, succeeded: 0, failed: 0, percentText: '0.00%' })).toEqual({
      succeeded: 0,
      failed: 0,
      pending: 0,
      value: 0,
      valueText: '0.00%',
    });
  });
});

describe('the words of the counts', () => {
  it('name each part and the pending rest', () => {
    expect(
      countsText(
        { total: 8, succeeded: 5, failed: 1, percentText: null },
        { succeeded: 'synced', failed: 'failed' },
      ),
    ).toBe('5 synced, 1 failed, 2 pending');
  });

  it('say None before the first event', () => {
    expect(eventIdText(null)).toBe('None');
    expect(eventIdText(0)).toBe('0');
  });
});
