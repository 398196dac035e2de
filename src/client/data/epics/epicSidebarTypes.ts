/** View models of the epic page's sidebar blocks (spec), made by epicSidebarMappers. */
import type { Result } from '../../../core/lib/result.ts';
import type { CalendarDate } from '../dates.ts';
import type { ItemState } from '../types.ts';

export type EpicDateKind = 'start' | 'due';

/** One of the epic's two dates: fixed by hand or inherited from milestones (spec, "Dates"). */
export interface EpicDateField {
  /** The date in effect: the fixed one when `isFixed`, else the milestones' one. */
  readonly date: CalendarDate | null;
  readonly isFixed: boolean;
  readonly fixed: CalendarDate | null;
  readonly fromMilestones: CalendarDate | null;
}

export interface EpicDatesView {
  readonly state: ItemState;
  readonly start: EpicDateField;
  readonly due: EpicDateField;
}

/** What a date block asks to save: the fixed flag, and the fixed date when it changes (null removes it). */
export interface EpicDateChange {
  readonly isFixed: boolean;
  readonly fixed?: CalendarDate | null;
}

export interface EpicColorView {
  /** `#rrggbb`, GitLab's default blue when the epic has none. */
  readonly color: string;
  readonly textColor: string;
}

export interface EpicAncestorView {
  readonly id: string;
  readonly title: string;
  readonly state: ItemState;
  readonly webPath: string;
}

export interface EpicParticipantView {
  readonly id: string;
  readonly username: string;
  readonly name: string;
  readonly avatarUrl: string | null;
  readonly webUrl: string;
  /** A merge request's participant who could not merge it: the block marks them with a warning. */
  readonly cannotMerge?: boolean;
}

export interface EpicSubscriptionView {
  readonly subscribed: boolean;
  /** Notifications are switched off by an owner of the group or of a group above it. */
  readonly emailsDisabled: boolean;
}

/**
 * Why a sidebar write failed: the server's first error message (from the payload's `errors` or a
 * top-level GraphQL error), or null when the call failed without one.
 */
export type SidebarWriteError = string | null;

/** How a sidebar write ended; a success carries nothing back. */
export type SidebarWriteResult = Result<void, SidebarWriteError>;

export interface EpicConfidentialityView {
  readonly confidential: boolean;
  /** A confidential parent accepts only confidential children, so the epic cannot be made public. */
  readonly parentConfidential: boolean;
}
