import { sql } from 'kysely';

/** Largest value of an SQL `integer` (serial ids, iids, positions). */
export const MAX_SQL_INTEGER = 2_147_483_647;

/**
 * Whether a number fits an `integer` column. A larger one in a lookup matches no row, but sent to
 * PostgreSQL it fails the statement ("out of range"), so callers answer "not found" without asking.
 */
export function fitsSqlInteger(value: number): boolean {
  return Number.isInteger(value) && value >= -MAX_SQL_INTEGER - 1 && value <= MAX_SQL_INTEGER;
}

/**
 * An integer array as ONE parameter (`'{0,1,2}'::integer[]`): a thousand ids as a thousand
 * parameters cost more to bind and plan than the statement takes to run. The 0 keeps it typed and
 * non-empty (no row has id 0).
 */
export function intArray(values: readonly number[]) {
  return sql`${intArrayText(values)}::integer[]`;
}

/** The text of intArray's one parameter, for a statement compiled once (db/compiledOnce.ts). */
export function intArrayText(values: readonly number[]): string {
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new TypeError(`Not an integer: ${value}`);
  }
  return `{0${values.length > 0 ? `,${values.join(',')}` : ''}}`;
}
