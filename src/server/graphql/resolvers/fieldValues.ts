/** Values as the schema's fields return them. */

/** A timestamp as GitLab's `Time` (ISO 8601 in UTC), or null. */
export const iso = (time: Date | null | undefined): string | null => (time ? time.toISOString() : null);
