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
