import { describe, expect, it } from 'vitest';
import { formatCount, nounFor, pluralize } from './plural.ts';

describe('pluralize', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(pluralize(1, 'open issue')).toBe('1 open issue');
    expect(pluralize(0, 'open issue')).toBe('0 open issues');
    expect(pluralize(2, 'child', 'children')).toBe('2 children');
    expect(nounFor(1, 'child epic')).toBe('child epic');
    expect(nounFor(7, 'child epic')).toBe('child epics');
  });

  it('separates thousands', () => {
    expect(pluralize(10000, 'epic')).toBe('10,000 epics');
  });
});

describe('formatCount', () => {
  it('separates thousands and keeps decimals', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(2.5)).toBe('2.5');
  });
});
