import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * Keyset (cursor) paging as GitLab does it: order by one key with NULLS LAST, then by id; a cursor is
 * unpadded base64 of the JSON key values, e.g. {"start_date":"2020-09-01","id":"311"}.
 */
export interface KeysetOrder {
  /** Qualified column, e.g. `epics.start_date`. */
  readonly column: string;
  /** Name used inside the cursor (GitLab's: start_date, due_date, created_at, …). */
  readonly cursorKey: string;
  readonly direction: 'asc' | 'desc';
  /** Qualified id column used as the tie-breaker. */
  readonly idColumn: string;
  readonly idDirection: 'asc' | 'desc';
}

export interface PageArgs {
  readonly first?: number | null | undefined;
  readonly after?: string | null | undefined;
  readonly last?: number | null | undefined;
  readonly before?: string | null | undefined;
}

export interface CursorValues {
  readonly key: string | number | Date | null;
  readonly id: number;
}

export class InvalidCursorError extends Error {}

export function encodeCursor(order: KeysetOrder, values: CursorValues): string {
  const key = values.key instanceof Date ? values.key.toISOString() : values.key;
  return Buffer.from(JSON.stringify({ [order.cursorKey]: key, id: String(values.id) }))
    .toString('base64')
    .replace(/=+$/, '');
}

export function decodeCursor(order: KeysetOrder, cursor: string): CursorValues {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as Record<string, unknown>;
    const id = Number(parsed.id);
    const key = parsed[order.cursorKey];
    if (!Number.isSafeInteger(id) || !(key === null || typeof key === 'string' || typeof key === 'number')) {
      throw new Error('bad cursor');
    }
    return { key, id };
  } catch {
    throw new InvalidCursorError('Please provide a valid cursor');
  }
}

const op = (direction: 'asc' | 'desc') => (direction === 'asc' ? '>' : '<');
const flip = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'desc' : 'asc');

/** ORDER BY for reading forward (`after`) or backward (`before`, reversed; the caller flips the rows back). */
export function orderBySql(order: KeysetOrder, backward: boolean) {
  const direction = backward ? flip(order.direction) : order.direction;
  const idDirection = backward ? flip(order.idDirection) : order.idDirection;
  const nulls = backward ? 'NULLS FIRST' : 'NULLS LAST';
  return sql`${sql.ref(order.column)} ${sql.raw(direction)} ${sql.raw(nulls)}, ${sql.ref(order.idColumn)} ${sql.raw(idDirection)}`;
}

/** Rows strictly after the cursor in the forward order, or strictly before it when `backward`. */
export function keysetPredicate(
  order: KeysetOrder,
  cursor: CursorValues,
  backward: boolean,
): Expression<SqlBool> {
  const column = sql.ref(order.column);
  const id = sql.ref(order.idColumn);
  const keyOp = sql.raw(op(backward ? flip(order.direction) : order.direction));
  const idOp = sql.raw(op(backward ? flip(order.idDirection) : order.idDirection));
  if (cursor.key === null) {
    return backward
      ? sql<SqlBool>`((${column} IS NULL AND ${id} ${idOp} ${cursor.id}) OR ${column} IS NOT NULL)`
      : sql<SqlBool>`(${column} IS NULL AND ${id} ${idOp} ${cursor.id})`;
  }
  const tail = backward ? sql`` : sql` OR ${column} IS NULL`;
  return sql<SqlBool>`(${column} ${keyOp} ${cursor.key} OR (${column} = ${cursor.key} AND ${id} ${idOp} ${cursor.id})${tail})`;
}

export interface PagePlan {
  readonly limit: number;
  readonly backward: boolean;
  readonly cursor: CursorValues | null;
}

/** GitLab's connection rules: `first`/`last` up to `maxPageSize`, default `defaultPageSize`. */
export function planPage(
  order: KeysetOrder,
  args: PageArgs,
  defaultPageSize: number,
  maxPageSize: number,
): PagePlan {
  const backward = args.last != null || (args.before != null && args.first == null);
  const requested = backward ? args.last : args.first;
  if (requested != null && requested < 0) throw new InvalidCursorError('first and last must be non-negative');
  const limit = Math.min(requested ?? defaultPageSize, maxPageSize);
  const rawCursor = backward ? args.before : args.after;
  return { limit, backward, cursor: rawCursor ? decodeCursor(order, rawCursor) : null };
}

export interface Page<T> {
  readonly rows: T[];
  readonly hasNextPage: boolean;
  readonly hasPreviousPage: boolean;
}

/** Trims the extra look-ahead row and restores forward order. */
export function finishPage<T>(plan: PagePlan, fetched: T[], args: PageArgs): Page<T> {
  const more = fetched.length > plan.limit;
  const rows = more ? fetched.slice(0, plan.limit) : fetched;
  if (plan.backward) {
    rows.reverse();
    return { rows, hasNextPage: args.before != null, hasPreviousPage: more };
  }
  return { rows, hasNextPage: more, hasPreviousPage: args.after != null };
}
