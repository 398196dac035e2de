import { describe, expect, it } from 'vitest';
import { formatDay, parseDay, quarterOf, quarterStart } from './epochDay.ts';

describe('epoch days', () => {
  it.each(['1970-01-01', '2024-02-29', '2025-12-31', '2026-03-29', '2026-10-25'])(
    'round-trips %s',
    (text) => {
      expect(formatDay(parseDay(text))).toBe(text);
    },
  );

  it('counts whole days across DST changes and leap days', () => {
    expect(parseDay('2024-03-01') - parseDay('2024-02-28')).toBe(2);
    expect(parseDay('2026-03-30') - parseDay('2026-03-28')).toBe(2);
    expect(parseDay('1970-01-02')).toBe(1);
  });

  it.each(['2023-02-29', '2024-13-01', '24-01-01', ''])('refuses %j', (text) => {
    expect(() => parseDay(text)).toThrow();
  });

  it('knows quarters', () => {
    expect(quarterOf(parseDay('2026-06-30'))).toEqual({ year: 2026, quarter: 2 });
    expect(quarterOf(parseDay('2026-07-01'))).toEqual({ year: 2026, quarter: 3 });
    expect(formatDay(quarterStart(2026, 4))).toBe('2026-10-01');
  });
});
