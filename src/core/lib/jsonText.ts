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
