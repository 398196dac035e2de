import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonicalJson.ts';

describe('canonicalJson', () => {
  it('is the same text whatever order the keys were written in, at any depth', () => {
    const one = { fullPath: 'acme', timeframe: { start: '2026-01-01', end: '2026-03-31' }, first: 50 };
    const other = { first: 50, timeframe: { end: '2026-03-31', start: '2026-01-01' }, fullPath: 'acme' };
    expect(canonicalJson(one)).toBe(canonicalJson(other));
  });

  it('leaves out undefined members but keeps nulls and array order', () => {
    expect(canonicalJson({ b: undefined, a: null, c: [2, 1] })).toBe('{"a":null,"c":[2,1]}');
  });

  it('tells different values apart', () => {
    expect(canonicalJson({ state: 'opened' })).not.toBe(canonicalJson({ state: 'closed' }));
  });
});
