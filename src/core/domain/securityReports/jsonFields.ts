/** A JSON object as the parser sees it: any key may hold anything. */
export type JsonRecord = Readonly<Record<string, unknown>>;

/** The value as a plain object, or null for null, arrays and primitives. */
export function asRecord(value: unknown): JsonRecord | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRecord) : null;
}

/**
 * An own property of the object, or undefined. Own only: a report's missing `constructor` or
 * `toString` key must not read Object.prototype's.
 */
export function field(record: JsonRecord | null, key: string): unknown {
  return record !== null && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The property of a nested object (`record.a.b.c`), or undefined when any step is not an object. */
export function path(record: JsonRecord | null, ...keys: readonly string[]): unknown {
  let value: unknown = record;
  for (const key of keys) value = field(asRecord(value), key);
  return value;
}

/**
 * The text of a string field, trimmed and cut to `maxLength`; null when the value is not a string
 * or is blank. NUL characters are dropped: PostgreSQL cannot store them in text columns (GitLab
 * escapes them for the same reason).
 */
export function readText(value: unknown, maxLength: number): string | null {
  if (typeof value !== 'string') return null;
  const text = (value.includes('\u0000') ? value.replaceAll('\u0000', '') : value).trim();
  if (text === '') return null;
  return truncate(text, maxLength).trimEnd();
}

/** A line number: a non-negative safe integer, else undefined (so `"12"` or `1.5` read as missing). */
export function readLine(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** The first `maxLength` code units of the text, never ending on half a surrogate pair. */
export function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const last = text.charCodeAt(maxLength - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? maxLength - 1 : maxLength;
  return text.slice(0, end);
}
