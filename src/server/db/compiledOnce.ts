import { type Compilable, CompiledQuery } from 'kysely';
import type { Executor } from './executor.ts';

/** Where one of the call's values goes in a statement compiled once. */
class ValueSlot {
  constructor(readonly index: number) {}
}

/**
 * A statement whose shape never changes, built and compiled by Kysely once and then run with each
 * call's values; it answers its first row. Every request authenticates with such a statement, and
 * building it through the query builder and compiling it again each time was a tenth of a cached
 * answer's time. The builder must pass its values through untouched (no arithmetic on them, no
 * arrays, which Kysely spreads): each must reach the compiled parameters as it came, which the first
 * compilation checks.
 */
export function compiledOnce<Values extends readonly unknown[], Row>(
  build: (db: Executor, ...values: Values) => Compilable<Row>,
): (db: Executor, ...values: Values) => Promise<Row | undefined> {
  const rowsOf = compiledOnceRows(build);
  return async (db, ...values) => (await rowsOf(db, ...values))[0];
}

/** The same, answering every row: a lookup many requests send with other values each time. */
export function compiledOnceRows<Values extends readonly unknown[], Row>(
  build: (db: Executor, ...values: Values) => Compilable<Row>,
): (db: Executor, ...values: Values) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | undefined;
  return async (db, ...values) => {
    if (!compiled) {
      const slots = values.map((_, index) => new ValueSlot(index)) as unknown as Values;
      const candidate = build(db, ...slots).compile();
      const reached = new Set(
        candidate.parameters.flatMap((parameter) =>
          parameter instanceof ValueSlot ? [parameter.index] : [],
        ),
      );
      if (reached.size !== values.length)
        throw new Error('compiledOnce: the statement did not take every value as it came');
      compiled = candidate;
    }
    const parameters = compiled.parameters.map((parameter) =>
      parameter instanceof ValueSlot ? values[parameter.index] : parameter,
    );
    const result = await db.executeQuery<Row>(
      CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<Row>,
    );
    return result.rows;
  };
}
