import { readFileSync } from 'node:fs';
import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { measureQuery } from './limits.ts';

const schema = buildSchema(readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'));
const generous = { maxDepth: 100, maxComplexity: 1_000_000 };

describe('measureQuery', () => {
  it('counts one point per field and the deepest field path', () => {
    const cost = measureQuery(schema, parse('{ currentUser { id username } }'), generous);
    expect(cost).toEqual({ depth: 2, complexity: 3 });
  });

  it('expands a fragment at each spread, at the depth of the spread', () => {
    const document = parse(`{ group(fullPath: "a") { ...G parent: parent { ...G } } }
      fragment G on Group { name fullPath }`);
    expect(measureQuery(schema, document, generous)).toEqual({ depth: 3, complexity: 6 });
  });

  it('measures 40 levels of doubled fragments at once and stops at the limit', () => {
    const fragments = ['fragment F0 on Group { name }'];
    for (let level = 1; level <= 40; level++) {
      fragments.push(`fragment F${level} on Group { ...F${level - 1} ...F${level - 1} }`);
    }
    const document = parse(`{ group(fullPath: "a") { ...F40 } } ${fragments.join(' ')}`);
    const started = performance.now();
    expect(() => measureQuery(schema, document, { maxDepth: 15, maxComplexity: 200 })).toThrow(
      /^Query has complexity of \d+, which exceeds max complexity of 200$/,
    );
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('does not loop on fragment cycles (validation reports them)', () => {
    const document = parse(`{ group(fullPath: "a") { ...A } }
      fragment A on Group { name ...B } fragment B on Group { fullPath ...A }`);
    expect(measureQuery(schema, document, generous).complexity).toBe(3);
  });

  it('weighs a connection by the page it asks for, from literals or variables', () => {
    const query = (first: string) =>
      parse(`query ($n: Int) { group(fullPath: "a") { projects(first: ${first}) { nodes { id } } } }`);
    const one = measureQuery(schema, query('1'), generous).complexity;
    const full = measureQuery(schema, query('100'), generous).complexity;
    const viaVariable = measureQuery(schema, query('$n'), generous, { n: 100 }).complexity;
    expect(full).toBeGreaterThan(one);
    expect(viaVariable).toBe(full);
  });

  it('refuses more fragment definitions than the cap', () => {
    const fragments = Array.from({ length: 101 }, (_, index) => `fragment F${index} on Group { name }`);
    const document = parse(`{ group(fullPath: "a") { ...F0 } } ${fragments.join(' ')}`);
    expect(() => measureQuery(schema, document, generous)).toThrow(/exceeds max fragments of 100/);
  });
});
