import type { Instant } from '../dates.ts';
import type { UserView } from '../types.ts';

/** One event of an incident's timeline. */
export interface TimelineEventView {
  readonly id: string;
  readonly note: string;
  /** Rendered and sanitised by the server. */
  readonly noteHtml: string;
  readonly occurredAt: Instant;
  /** Events people wrote may be edited; the system's may only be deleted. */
  readonly editable: boolean;
  readonly author: UserView | null;
  /** Its tags' names ('Start time', 'End time', …). */
  readonly tags: readonly string[];
}

export interface IncidentTimelineView {
  /** The viewer may add, edit and delete events (Developers and up). */
  readonly canAdmin: boolean;
  /** In the order they happened. */
  readonly events: readonly TimelineEventView[];
}
