/** A form's refusals by field (`{"username": ["has already been taken"]}`); {} when unreadable. */
export function parseFieldErrors(text: string): Record<string, string[]> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const errors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(value)) {
      if (Array.isArray(messages)) errors[field] = messages.filter((message) => typeof message === 'string');
    }
    return errors;
  } catch {
    return {};
  }
}
