/**
 * An incident's timeline as GitLab shows it: events grouped by the day they happened and stamped
 * with their time, both in UTC (GitLab's timeline shows UTC, whatever the reader's zone), and the
 * form's date, hour and minute read as a UTC instant.
 */

/** GitLab's limit on the text a person writes for an event. */
export const TIMELINE_TEXT_MAX_LENGTH = 280;

/** GitLab's predefined tags of events: a project has them from the first event that takes one. */
export const PREDEFINED_TIMELINE_EVENT_TAGS = ['Start time', 'End time'] as const;

/** GitLab's text for an event the form's tags describe, until a person types their own. */
export const textOfTags = (tags: readonly string[]): string =>
  tags.length === 0 ? '' : `Incident ${tags.map((tag) => tag.toLowerCase()).join(', ')}`;

/** Characters as GitLab counts them for the limit (code points, so an emoji counts once). */
export const timelineTextLength = (text: string): number => [...text].length;

const pad = (value: number) => String(value).padStart(2, '0');

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const utcDayOf = (instant: string): string => new Date(instant).toISOString().slice(0, 10);

/** The UTC time of an instant, `HH:MM`. */
export function utcTimeOf(instant: string): string {
  const date = new Date(instant);
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** The instant of a UTC day (`YYYY-MM-DD`), hour and minute; null when any part is not a real one. */
export function utcInstantOf(day: string, hour: number, minute: number): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match || !Number.isInteger(hour) || !Number.isInteger(minute)) return null;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const instant = new Date(Date.UTC(year, month - 1, date, hour, minute));
  return instant.getUTCDate() === date && instant.getUTCMonth() === month - 1 ? instant.toISOString() : null;
}

/** Events (already in the order they happened) in runs of one UTC day each, in that order. */
export function groupByUtcDay<T extends { readonly occurredAt: string }>(
  events: readonly T[],
): { readonly day: string; readonly events: readonly T[] }[] {
  const groups: { day: string; events: T[] }[] = [];
  for (const event of events) {
    const day = utcDayOf(event.occurredAt);
    const last = groups[groups.length - 1];
    if (last?.day === day) last.events.push(event);
    else groups.push({ day, events: [event] });
  }
  return groups;
}
