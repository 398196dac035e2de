import { type CalendarDate, parseCalendarDate } from '../../../core/time/calendarDate.ts';
import { MAX_SQL_INTEGER } from '../../db/sqlInteger.ts';
import { cappedPerPage } from '../../input/inputLimits.ts';
/**
 * Grape-style parameter parsing for REST /api/v4: a bad value is a 400 `{"error": "<param> is invalid"}`,
 * as GitLab answers, and never reaches a service.
 */
export class ParamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParamError';
  }
}

export type Params = Record<string, unknown>;

/** A JSON body or a form (`issuable_references[]=…`), with the query's values under it. */
export function bodyParams(request: { body: unknown; query: unknown }): Params {
  const body = request.body && typeof request.body === 'object' ? (request.body as Params) : {};
  return { ...(request.query as Params), ...body };
}

/** A single value: the last one when a client repeats a scalar parameter. */
function scalar(params: Params, name: string): unknown {
  const value = params[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

export function optionalString(params: Params, name: string, maxLength = 1_048_576): string | undefined {
  const value = scalar(params, name);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw new ParamError(`${name} is invalid`);
  const text = String(value);
  if (text.length > maxLength)
    throw new ParamError(`${name} is too long (maximum is ${maxLength} characters)`);
  return text;
}

export function requiredString(params: Params, name: string, maxLength?: number): string {
  const value = optionalString(params, name, maxLength);
  if (value === undefined) throw new ParamError(`${name} is missing`);
  if (value.trim() === '') throw new ParamError(`${name} is empty`);
  return value;
}

export function optionalBoolean(params: Params, name: string): boolean | undefined {
  const value = scalar(params, name);
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true' || value === '1' || value === 1) return true;
  if (value === false || value === 'false' || value === '0' || value === 0) return false;
  throw new ParamError(`${name} is invalid`);
}

/**
 * An integer parameter. Every integer the API stores or looks up is an SQL `integer` (ids, iids,
 * weights, positions), so the default range is that column's: a larger value is bad input, not a
 * database fault.
 */
export function optionalInteger(
  params: Params,
  name: string,
  min = -MAX_SQL_INTEGER - 1,
  max = MAX_SQL_INTEGER,
): number | undefined {
  const value = scalar(params, name);
  if (value === undefined || value === null || value === '') return undefined;
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d+$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max)
    throw new ParamError(`${name} is invalid`);
  return number;
}

/** A list of ids or iids (`iids[]=1&iids[]=2`, or `iids=1,2`), each a non-negative SQL integer. */
export function optionalIdList(params: Params, name: string): number[] | undefined {
  return optionalList(params, name)?.map((item) => {
    const number = /^\d{1,10}$/.test(item) ? Number(item) : Number.NaN;
    if (!(number >= 0 && number <= MAX_SQL_INTEGER)) throw new ParamError(`${name} is invalid`);
    return number;
  });
}

export function optionalEnum<T extends string>(
  params: Params,
  name: string,
  values: readonly T[],
): T | undefined {
  const value = scalar(params, name);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
    throw new ParamError(`${name} does not have a valid value`);
  }
  return value as T;
}

export function optionalTime(params: Params, name: string): Date | undefined {
  const value = optionalString(params, name, 64);
  if (value === undefined) return undefined;
  const time = new Date(value);
  // Years outside 1–9999 are valid in JavaScript (`+275760-09-13`, `0000-01-01`) but not in
  // PostgreSQL or in ISO 8601's basic form: refuse them here rather than fail the statement.
  const year = time.getUTCFullYear();
  if (Number.isNaN(year) || year < 1 || year > 9999) throw new ParamError(`${name} is invalid`);
  return time;
}

/** A calendar day (`YYYY-MM-DD`). */
export function optionalCalendarDate(params: Params, name: string): CalendarDate | undefined {
  const value = optionalString(params, name, 32);
  if (value === undefined) return undefined;
  const day = parseCalendarDate(value);
  if (!day) throw new ParamError(`${name} is invalid`);
  return day;
}

/** GitLab's comma-separated lists (`labels=a,b`), also accepted as repeated `name[]`. */
export function optionalList(params: Params, name: string): string[] | undefined {
  const value = params[name] ?? params[`${name}[]`];
  if (value === undefined || value === null) return undefined;
  const items = Array.isArray(value) ? value : [value];
  if (items.some((item) => typeof item !== 'string' && typeof item !== 'number'))
    throw new ParamError(`${name} is invalid`);
  return items
    .flatMap((item) => String(item).split(','))
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/**
 * Nested `not[labels]` style parameters, as a plain object; a list inside (`not[iids][]=1`) keeps
 * its `[]`, as the list readers expect at the top level.
 */
export function nested(params: Params, name: string): Params {
  const value = params[name];
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Params;
  const prefix = `${name}[`;
  const result: Params = {};
  for (const [key, item] of Object.entries(params)) {
    if (!key.startsWith(prefix)) continue;
    const inner = key.slice(prefix.length);
    if (inner.endsWith('][]')) result[`${inner.slice(0, -3)}[]`] = item;
    else if (inner.endsWith(']')) result[inner.slice(0, -1)] = item;
  }
  return result;
}

export interface OffsetPage {
  readonly page: number;
  readonly perPage: number;
  readonly offset: number;
}

/** `page` from 1, `per_page` default 20 and at most 100 (larger values are capped, as GitLab does). */
export function offsetPage(params: Params): OffsetPage {
  const page = optionalInteger(params, 'page', 1) ?? 1;
  const perPage = cappedPerPage(optionalInteger(params, 'per_page', 1), 20);
  return { page, perPage, offset: (page - 1) * perPage };
}
