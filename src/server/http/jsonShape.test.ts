import { describe, expect, it } from 'vitest';
import { formShapeViolation, jsonShapeViolation, MAX_BODY_DEPTH, MAX_BODY_VALUES } from './jsonShape.ts';

const bytes = (text: string) => Buffer.from(text);
const list = (count: number) => JSON.stringify({ ids: Array.from({ length: count }, (_, i) => i) });

describe('jsonShapeViolation', () => {
  it('accepts a body of up to the maximum number of values and refuses one more', () => {
    // The object and its list are two values: MAX - 2 items bring the count to the maximum.
    expect(jsonShapeViolation(bytes(list(MAX_BODY_VALUES - 2)))).toBeUndefined();
    expect(jsonShapeViolation(bytes(list(MAX_BODY_VALUES - 1)))).toBe(
      `has too many values (maximum is ${MAX_BODY_VALUES})`,
    );
  });

  it('does not count commas, brackets or escaped quotes inside strings', () => {
    const text = 'a, [b], {c}, \\"d\\", '.repeat(MAX_BODY_VALUES);
    expect(jsonShapeViolation(bytes(JSON.stringify({ description: text })))).toBeUndefined();
    expect(jsonShapeViolation(bytes(JSON.stringify({ description: 'x\\', list: [1, 2] })))).toBeUndefined();
  });

  it('refuses nesting deeper than the maximum', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(jsonShapeViolation(bytes(nested(MAX_BODY_DEPTH)))).toBeUndefined();
    expect(jsonShapeViolation(bytes(nested(MAX_BODY_DEPTH + 1)))).toBe(
      `is nested too deeply (maximum is ${MAX_BODY_DEPTH} levels)`,
    );
  });
});

describe('formShapeViolation', () => {
  it('counts fields by their separators', () => {
    const form = (count: number) => Array.from({ length: count }, (_, i) => `f${i}=1`).join('&');
    expect(formShapeViolation(bytes(form(MAX_BODY_VALUES)))).toBeUndefined();
    expect(formShapeViolation(bytes(form(MAX_BODY_VALUES + 1)))).toBe(
      `has too many fields (maximum is ${MAX_BODY_VALUES})`,
    );
  });
});
