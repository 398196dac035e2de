/**
 * Every text the roadmap shows, verbatim from the spec, in one place.
 */

import { formatCount, nounFor, pluralize } from '../../../core/domain/plural.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { formatCalendarDate } from '../../../core/time/formatting.ts';

export const ROADMAP_TEXT = {
  fetchEpicsError: 'Something went wrong while fetching epics',
  epicsLimitTitle: 'Some of your epics might not be visible',
  epicsLimitBody: (limit: number) =>
    `Roadmaps can display up to ${formatCount(limit)} epics. These appear in your selected sort order.`,
  learnMore: 'Learn more',
  dismiss: 'Dismiss',
  fetchMilestonesError: 'Something went wrong while fetching milestones',
  emptyTitleFiltered: 'Sorry, no epics matched your search',
  emptyTitle: 'The roadmap shows the progress of your epics along a timeline',
  emptyChildEpics: 'To view the roadmap, add a start or due date to one of the child epics',
  /** The words of `emptyChildEpics` that link to the epics documentation ("with a docs link"). */
  emptyChildEpicsLink: 'child epics',
  /** The epic page's Roadmap view could not load the epic's child epics (epics spec, an inline alert). */
  epicRoadmapError: 'Failed to load Roadmap',
  emptySingleEpic: 'To make your epics appear in the roadmap, add start or due dates to them.',
  newEpic: 'New epic',
  viewEpicsList: 'View epics list',
  settingsTitle: 'Roadmap settings',
  milestones: 'Milestones',
  loadingEpics: 'Loading epics',
} as const;

export const RANGE_LABELS = {
  CURRENT_QUARTER: 'This quarter',
  CURRENT_YEAR: 'This year',
  THREE_YEARS: 'Within 3 years',
} as const;

export const PRESET_LABELS = { QUARTERS: 'By quarter', MONTHS: 'By month', WEEKS: 'By week' } as const;

export const MILESTONES_TYPE_LABELS = {
  ALL: 'Show all milestones',
  GROUP: 'Show group milestones',
  SUBGROUP: 'Show sub-group milestones',
  PROJECT: 'Show project milestones',
} as const;

export const EPICS_STATE_LABELS = {
  all: 'Show all epics',
  opened: 'Show open epics',
  closed: 'Show closed epics',
} as const;

export const PROGRESS_LABELS = { WEIGHT: 'Use issue weight', COUNT: 'Use issue count' } as const;

export const SORT_LABELS = {
  start_date_asc: 'Start date, ascending',
  start_date_desc: 'Start date, descending',
  end_date_asc: 'Due date, ascending',
  end_date_desc: 'Due date, descending',
} as const;

/** '%d milestone(s)'. */
export const milestoneCountText = (count: number): string => pluralize(count, 'milestone');

/** The toolbar's count: 'Showing 50 of 88 epics', 'Showing 1 of 1 epic'. */
export const showingEpicsText = (loaded: number, total: number): string =>
  `Showing ${formatCount(loaded)} of ${pluralize(total, 'epic')}`;

/** The live region's count: '50 of 88 epics loaded', '1 of 1 epic loaded, loading more'. */
export const epicsLoadedText = (loaded: number, total: number, loadingMore: boolean): string =>
  `${formatCount(loaded)} of ${pluralize(total, 'epic')} loaded${loadingMore ? ', loading more' : ''}`;

/** '1 child epic', '3 child epics'. */
export const childEpicsText = (count: number): string => pluralize(count, 'child epic');

/** ' child epic(s)' after a count shown as a number beside an icon. */
export const childEpicsNoun = (count: number): string => ` ${nounFor(count, 'child epic')}`;

export interface EmptyStateContext {
  readonly hasFiltersApplied: boolean;
  readonly childEpics: boolean;
  readonly singleEpicIid: boolean;
  readonly timeframeStart: CalendarDate;
  readonly timeframeEnd: CalendarDate;
}

/** The empty state's title and sub-message (spec). */
export function emptyStateTexts(context: EmptyStateContext): { title: string; description: string } {
  const title = context.hasFiltersApplied ? ROADMAP_TEXT.emptyTitleFiltered : ROADMAP_TEXT.emptyTitle;
  const startDate = formatCalendarDate(context.timeframeStart);
  const endDate = formatCalendarDate(context.timeframeEnd);
  if (context.childEpics) return { title, description: ROADMAP_TEXT.emptyChildEpics };
  if (context.hasFiltersApplied && context.singleEpicIid)
    return { title, description: ROADMAP_TEXT.emptySingleEpic };
  if (context.hasFiltersApplied)
    return {
      title,
      description: `To widen your search, change or remove filters; from ${startDate} to ${endDate}.`,
    };
  return {
    title,
    description: `To view the roadmap, add a start or due date to one of your epics in this group or its subgroups; from ${startDate} to ${endDate}.`,
  };
}

/** `text` cut around the first `phrase`, for a sentence with a link on some of its words. */
export function splitAtPhrase(
  text: string,
  phrase: string,
): { before: string; phrase: string; after: string } | null {
  const start = text.indexOf(phrase);
  if (start < 0 || phrase === '') return null;
  return { before: text.slice(0, start), phrase, after: text.slice(start + phrase.length) };
}

/** Rescheduling on the timeline (beyond GitLab): the ghost, the move mode, the question, the outcomes. */
export const RESCHEDULE_TEXT = {
  moveModeOn: (title: string, unit: 'day' | 'week' | 'month') =>
    `Moving ${title}. Left and right arrows move it by a ${unit}; with Shift they change the due date, with Alt the start date. Enter saves, Escape cancels.`,
  moveModeCancelled: (title: string) => `Stopped moving ${title}; its dates are unchanged.`,
  datesNow: (dates: string) => `New dates: ${dates}`,
  saved: (title: string, dates: string) => `${title} rescheduled: ${dates}`,
  failed: (title: string) => `${title} could not be rescheduled. Its dates are back as they were.`,
  conflict: (title: string) =>
    `Someone changed ${title} while you were moving it. Its dates were not changed and now show their latest values.`,
  undone: (title: string) => `Undid rescheduling ${title}.`,
  redone: (title: string) => `Redid rescheduling ${title}.`,
  notLoaded: 'That epic is no longer on the roadmap, so its reschedule cannot be undone here.',
  confirmTitle: 'Switch to fixed dates?',
  confirmBody: (title: string) =>
    `The dates of ${title} are inherited from its milestones and child epics. Rescheduling it sets fixed dates instead, and it stops following them.`,
  confirmYes: 'Use fixed dates',
  confirmNo: 'Cancel',
  noDates: 'No dates',
} as const;
