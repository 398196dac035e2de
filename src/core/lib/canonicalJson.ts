/**
 * JSON with object keys in sorted order and undefined members left out: two values that mean the
 * same (GraphQL variables built in a different order) give the same text.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => {
    if (member === null || typeof member !== 'object' || Array.isArray(member)) return member;
    const record = member as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .filter((key) => record[key] !== undefined)
        .map((key) => [key, record[key]]),
    );
  });
}
