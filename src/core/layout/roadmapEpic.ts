/**
 * The roadmap's input row: one epic as the layout worker receives it, already past the data mapper
 * (dates are CalendarDates, ids are the numeric part of the GraphQL global id).
 */
import type { CalendarDate } from '../time/calendarDate.ts';

/** Open and closed totals of an epic's descendant issues: counts, or sums of weights. */
export interface IssueTotals {
  readonly openedIssues: number;
  readonly closedIssues: number;
}

export interface RoadmapEpicInput {
  /** Numeric epic id (`gid://gitlab/Epic/<id>`), unique; the key of upsert and remove. */
  readonly id: number;
  /** Not used by layout; carried so one mapper output feeds the worker and the overlay alike. */
  readonly iid: string;
  readonly title: string;
  readonly parentId: number | null;
  readonly groupId: number;
  readonly groupName: string;
  readonly startDate: CalendarDate | null;
  readonly dueDate: CalendarDate | null;
  /** descendantCounts: null when unknown (progress reads '- of -'). */
  readonly descendantCounts: IssueTotals | null;
  /** descendantWeightSum: null when unknown. */
  readonly descendantWeightSum: IssueTotals | null;
  /** '#rrggbb' (or '#rgb'); null for the default colour. */
  readonly color: string | null;
  readonly textColor: string | null;
  /** The server's hasChildren: whether the row gets an expand chevron. */
  readonly hasChildren: boolean;
  /** Highlight a just-created epic (spec: "a newly added epic is highlighted"). */
  readonly newEpic?: boolean;
  /** Ids of the open epics that block this one ('blocks' links the viewer may read; none when absent). */
  readonly blockedByIds?: readonly number[];
  /** How many open epics this one blocks (the server's blockingCount), loaded or not. */
  readonly blockingCount?: number;
  /** A closed epic: it does not count towards its blockers' blockingCount. */
  readonly closed?: boolean;
}

/**
 * Bits of a laid-out row's flags (Uint16). Derived fields of the spec's "Epic (roadmap)" plus what the
 * canvas and overlay need to draw without asking again.
 */
export const ROW_FLAG = {
  START_UNDEFINED: 1 << 0,
  END_UNDEFINED: 1 << 1,
  START_OUT_OF_RANGE: 1 << 2,
  END_OUT_OF_RANGE: 1 << 3,
  /** The bar is narrower than 40 px: draw '...' instead of the title. */
  TITLE_TRUNCATED: 1 << 4,
  HAS_CHILDREN: 1 << 5,
  EXPANDED: 1 << 6,
  IS_CHILD_EPIC: 1 << 7,
  /** Spec: the group name "shows only if the epic's group differs from the current group and the epic has no parent". */
  SHOW_GROUP_NAME: 1 << 8,
  /** No descendant totals: progress texts read '- of -'. */
  PROGRESS_UNKNOWN: 1 << 9,
  NEW_EPIC: 1 << 10,
  HAS_COLOR: 1 << 11,
  /** The bar intersects the requested horizontal range (+ buffer). */
  BAR_IN_VIEW: 1 << 12,
} as const;
