/** PostgreSQL's SQLSTATE for a duplicate key (same on PGlite). */
const UNIQUE_VIOLATION = '23505';

interface PostgresError {
  readonly code?: unknown;
  readonly detail?: unknown;
  readonly constraint?: unknown;
}

/**
 * The column a duplicate-key error is about (`title` for a second milestone of the same title), or
 * null when the error is not a duplicate key. GitLab reports duplicates as a validation error on that
 * attribute, so callers turn this into `{"title": ["has already been taken"]}`.
 */
export function uniqueViolationField(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, detail, constraint } = error as PostgresError;
  if (code !== UNIQUE_VIOLATION) return null;
  const columns = typeof detail === 'string' ? keyColumns(detail) : [];
  // Scoping columns (group_id, project_id …) come first; the attribute a user chose is the last other one.
  const chosen = columns.filter((column) => !column.endsWith('_id')).at(-1) ?? columns.at(-1);
  if (chosen) return chosen;
  return typeof constraint === 'string' ? (constraint.split('_').at(-1) ?? 'base') : 'base';
}

/** Columns of `Key (group_id, lower(title::text))=(…) already exists.`, unwrapped from functions and casts. */
function keyColumns(detail: string): string[] {
  const key = /^Key \((.+?)\)=\(/.exec(detail)?.[1];
  if (!key) return [];
  return key
    .split(',')
    .map((part) => /([a-z_][a-z0-9_]*)(?:::[a-z ]+)?\)*\s*$/i.exec(part.trim())?.[1])
    .filter((column): column is string => column !== undefined);
}

/** The answer to input only the database found invalid: its own text would leak SQL and values. */
export const INVALID_INPUT_MESSAGE = 'Invalid input: a value is out of range or malformed';

/**
 * Whether an error is PostgreSQL refusing a value the statement carried (SQLSTATE class 22, data
 * exception: out of range, bad encoding, impossible date…; or 54000, a value too large for an
 * index). Input checks at the edges should catch these first; one that slips through is still the
 * client's bad input, so it becomes a 400, never a 500.
 */
export function isDatabaseDataError(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return code !== undefined && (code.startsWith('22') || code === '54000');
}

/**
 * Whether an error is a read-only database refusing a write (SQLSTATE 25006): a Geo secondary on a
 * streaming standby of the primary's database.
 */
export function isReadOnlyDatabaseError(error: unknown): boolean {
  return databaseErrorCode(error) === '25006';
}

/** The SQLSTATE of an error from pg or PGlite, or undefined for any other error. */
function databaseErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, severity } = error as PostgresError & { readonly severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string'
    ? code
    : undefined;
}

/**
 * What may be logged of an error: a database error's message, detail and position quote the
 * statement's values (a search term, a token, a title), so only its SQLSTATE, routine and stack
 * frames are kept. Any other error is logged as it is.
 */
export function loggableError(error: unknown): unknown {
  const code = databaseErrorCode(error);
  if (code === undefined) return error;
  const { routine, stack } = error as { routine?: unknown; stack?: unknown };
  const frames = typeof stack === 'string' ? stack.split('\n').slice(1).join('\n') : undefined;
  return { type: 'DatabaseError', code, routine, stack: frames };
}
