/**
 * The JSON array a stored text holds, or an empty one for anything else (nothing stored, text that
 * is not JSON, another value): what local storage hands back is whatever anyone wrote there.
 */
export function parseJsonList(raw: string | null): unknown[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** The JSON object a text holds (a page's JSON attribute), or null for anything else. */
export function parseJsonRecord(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
