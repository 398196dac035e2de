import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { fitsSqlInteger } from './sqlInteger.ts';

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
  /** SQL type of the key column: a cursor's key must be a value of it, or the statement would fail. */
  readonly keyType: CursorKeyType;
  /**
   * The key column is NOT NULL: the order and the bounds leave out NULLS LAST and their IS NULL
   * branches, so that an index on (…, key, id) serves the order in either direction.
   */
  readonly notNull?: boolean;
}

export type CursorKeyType = 'date' | 'timestamp' | 'text' | 'integer';

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
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
  } catch {
    throw new InvalidCursorError('Please provide a valid cursor');
  }
  const values = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  const id = int4(values.id);
  const key = values[order.cursorKey];
  if (id === undefined || !(key === null || isKeyOfType(key, order.keyType))) {
    throw new InvalidCursorError('Please provide a valid cursor');
  }
  return { key, id };
}

/** A non-negative SQL integer given as a number or a string of digits; undefined otherwise. */
function int4(value: unknown): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,10}$/.test(value)
        ? Number(value)
        : NaN;
  return number >= 0 && fitsSqlInteger(number) ? number : undefined;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}(:?\d{2})?)?$/;

function isKeyOfType(key: unknown, type: CursorKeyType): key is string | number {
  switch (type) {
    case 'text':
      return typeof key === 'string';
    case 'integer':
      return typeof key === 'number' && fitsSqlInteger(key);
    case 'date':
      return typeof key === 'string' && isRealDay(key);
    case 'timestamp':
      return (
        typeof key === 'string' &&
        TIMESTAMP_PATTERN.test(key) &&
        isRealDay(key.slice(0, 10)) &&
        !Number.isNaN(Date.parse(key))
      );
  }
}

/** `YYYY-MM-DD` naming a real day (no month 13, no February 30). */
function isRealDay(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const op = (direction: 'asc' | 'desc') => (direction === 'asc' ? '>' : '<');
const flip = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'desc' : 'asc');

/** ORDER BY for reading forward (`after`) or backward (`before`, reversed; the caller flips the rows back). */
export function orderBySql(order: KeysetOrder, backward: boolean) {
  const direction = backward ? flip(order.direction) : order.direction;
  const idDirection = backward ? flip(order.idDirection) : order.idDirection;
  const nulls = order.notNull ? '' : backward ? ' NULLS FIRST' : ' NULLS LAST';
  return sql`${sql.ref(order.column)} ${sql.raw(`${direction}${nulls}`)}, ${sql.ref(order.idColumn)} ${sql.raw(idDirection)}`;
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
  // One row comparison is what an index on (key, id) scans from.
  if (order.notNull && order.direction === order.idDirection) {
    return sql<SqlBool>`((${column}, ${id}) ${keyOp} (${cursor.key}, ${cursor.id}))`;
  }
  const tail = backward || order.notNull ? sql`` : sql` OR ${column} IS NULL`;
  return sql<SqlBool>`(${column} ${keyOp} ${cursor.key} OR (${column} = ${cursor.key} AND ${id} ${idOp} ${cursor.id})${tail})`;
}

export interface PagePlan {
  readonly limit: number;
  /** Reading from the end (`last`): rows are fetched in reverse order and flipped back. */
  readonly backward: boolean;
  /** Rows come strictly after this cursor, when given. */
  readonly after: CursorValues | null;
  /** Rows come strictly before this cursor, when given (also with `first`). */
  readonly before: CursorValues | null;
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
  return {
    limit: Math.min(requested ?? defaultPageSize, maxPageSize),
    backward,
    after: args.after ? decodeCursor(order, args.after) : null,
    before: args.before ? decodeCursor(order, args.before) : null,
  };
}

/** The WHERE conditions that keep a page between its cursors. */
export function pageBounds(order: KeysetOrder, plan: PagePlan): Expression<SqlBool>[] {
  const bounds: Expression<SqlBool>[] = [];
  if (plan.after) bounds.push(keysetPredicate(order, plan.after, false));
  if (plan.before) bounds.push(keysetPredicate(order, plan.before, true));
  return bounds;
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

/** An offset page: skip `offset` rows, return at most `limit` (REST's page and per_page, suggestions). */
export interface OffsetLimit {
  readonly offset: number;
  readonly limit: number;
}

/** One offset page of rows, and how many rows there are in all (REST's x-total, GraphQL's count). */
export interface PageWithTotal<Row> {
  rows: Row[];
  total: number;
}

/**
 * One offset page of a query and the count of all its rows, read side by side. `filtered` holds the
 * FROM and WHERE that both share; `ordered` adds the page's selection and ORDER BY (which must end
 * in a unique column, or pages could overlap).
 */
export async function pageWithTotal<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  ordered: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
  page: OffsetLimit,
): Promise<PageWithTotal<Row>> {
  const [rows, counted] = await Promise.all([
    ordered(filtered).offset(page.offset).limit(page.limit).execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  // Kysely cannot name the count's column through the generic selection; it is the one selected here.
  const { count } = counted as unknown as { count: number | string | bigint };
  return { rows: rows as Row[], total: Number(count) };
}

/** GitLab's page sizes for a connection: the default, and the most a caller may ask for. */
export interface PageSizeLimits {
  readonly defaultPageSize: number;
  readonly maxPageSize: number;
}

/**
 * One keyset page of a selection: bounded by the arguments' cursors, ordered by `order` (reversed
 * when reading from the end), with one look-ahead row to tell whether another page follows.
 */
export async function keysetPage<DB, TB extends keyof DB, Row>(
  selection: SelectQueryBuilder<DB, TB, Row>,
  order: KeysetOrder,
  args: PageArgs,
  limits: PageSizeLimits,
): Promise<Page<Row> & { order: KeysetOrder }> {
  const plan = planPage(order, args, limits.defaultPageSize, limits.maxPageSize);
  let query = selection;
  for (const bound of pageBounds(order, plan)) query = query.where(() => bound);
  const fetched = await query
    .orderBy(orderBySql(order, plan.backward))
    .limit(plan.limit + 1)
    .execute();
  return { ...finishPage(plan, fetched as Row[], args), order };
}
