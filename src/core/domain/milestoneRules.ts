/**
 * GitLab's rules for a milestone's own fields (the Timebox concern): a title of at most 255
 * characters, dates within four-digit years, and a due date after the start date. Both REST and
 * the pages' forms check with these; the server checks again whatever the form said.
 */
import { type CalendarDate, parseCalendarDate } from '../time/calendarDate.ts';
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from './epicRules.ts';

export type MilestoneField = 'title' | 'description' | 'start_date' | 'due_date';
export type MilestoneFieldErrors = Partial<Record<MilestoneField, string[]>>;

/** GitLab's validation messages, after the attribute's name (Rails' `errors.messages`). */
export const MILESTONE_ERRORS = {
  blank: "can't be blank",
  tooLong: `is too long (maximum is ${MAX_TITLE_LENGTH} characters)`,
  descriptionTooLong: `is too long (maximum is ${MAX_DESCRIPTION_LENGTH} characters)`,
  taken: 'has already been taken',
  invalidDate: 'is not a valid date',
  afterMaxDate: 'date must not be after 9999-12-31',
  dueBeforeStart: 'must be greater than start date',
  nul: 'must not contain null characters',
} as const;

/** Rails' humanised attribute names, for the full messages a form shows ('Title has already been taken'). */
const FIELD_NAMES: Readonly<Record<MilestoneField, string>> = {
  title: 'Title',
  description: 'Description',
  start_date: 'Start date',
  due_date: 'Due date',
};

/** 'Due date must be greater than start date': Rails' `full_messages` of a field's errors. */
export function milestoneFullMessages(errors: Readonly<Record<string, readonly string[]>>): string[] {
  return Object.entries(errors).flatMap(([field, messages]) => {
    const name = FIELD_NAMES[field as MilestoneField] ?? field.replace(/_/g, ' ');
    const human = name.charAt(0).toUpperCase() + name.slice(1);
    return messages.map((message) => `${human} ${message}`);
  });
}

/** What a create or an edit asks for; `undefined` leaves a field alone, `null` clears a date. */
export interface MilestoneDraft {
  readonly title?: unknown;
  readonly description?: unknown;
  readonly startDate?: unknown;
  readonly dueDate?: unknown;
}

export interface ValidMilestoneFields {
  readonly title?: string;
  readonly description?: string;
  readonly startDate?: CalendarDate | null;
  readonly dueDate?: CalendarDate | null;
}

const add = (errors: MilestoneFieldErrors, field: MilestoneField, message: string) => {
  errors[field] = [...(errors[field] ?? []), message];
};

function dateOf(value: unknown, field: MilestoneField, errors: MilestoneFieldErrors) {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  const parsed = typeof value === 'string' ? parseCalendarDate(value.trim().slice(0, 10)) : undefined;
  if (!parsed) add(errors, field, MILESTONE_ERRORS.invalidDate);
  else if (parsed > '9999-12-31') add(errors, field, MILESTONE_ERRORS.afterMaxDate);
  return parsed ?? undefined;
}

/**
 * Checks a draft against GitLab's rules. `current` holds the dates the milestone has now (null for a
 * new one), so an edit of one date is checked against the other. `requireTitle` for a create.
 */
export function validateMilestone(
  draft: MilestoneDraft,
  current: { readonly startDate: CalendarDate | null; readonly dueDate: CalendarDate | null },
  requireTitle: boolean,
): { fields: ValidMilestoneFields; errors: MilestoneFieldErrors } {
  const errors: MilestoneFieldErrors = {};
  const fields: {
    title?: string;
    description?: string;
    startDate?: CalendarDate | null;
    dueDate?: CalendarDate | null;
  } = {};
  if (draft.title === undefined || draft.title === null) {
    if (requireTitle) add(errors, 'title', MILESTONE_ERRORS.blank);
  } else if (typeof draft.title !== 'string') add(errors, 'title', MILESTONE_ERRORS.blank);
  else {
    const title = draft.title.trim();
    if (title.includes('\u0000')) add(errors, 'title', MILESTONE_ERRORS.nul);
    if (title === '') add(errors, 'title', MILESTONE_ERRORS.blank);
    else if (title.length > MAX_TITLE_LENGTH) add(errors, 'title', MILESTONE_ERRORS.tooLong);
    fields.title = title;
  }
  if (draft.description !== undefined && draft.description !== null) {
    const description = String(draft.description);
    if (description.includes('\u0000')) add(errors, 'description', MILESTONE_ERRORS.nul);
    if (description.length > MAX_DESCRIPTION_LENGTH)
      add(errors, 'description', MILESTONE_ERRORS.descriptionTooLong);
    fields.description = description;
  }
  const start = dateOf(draft.startDate, 'start_date', errors);
  const due = dateOf(draft.dueDate, 'due_date', errors);
  if (start !== undefined) fields.startDate = start;
  if (due !== undefined) fields.dueDate = due;
  const problem = milestoneDatesProblem(
    start === undefined ? current.startDate : start,
    due === undefined ? current.dueDate : due,
  );
  if (problem && !errors.start_date && !errors.due_date) add(errors, 'due_date', problem);
  return { fields, errors };
}

/**
 * GitLab's `start_date_should_be_less_than_due_date`: with both dates set, the due date must come
 * after the start date (`due_date <= start_date` is refused, so a milestone spans at least two days).
 */
export function milestoneDatesProblem(
  start: CalendarDate | null | undefined,
  due: CalendarDate | null | undefined,
): string | null {
  return start && due && due <= start ? MILESTONE_ERRORS.dueBeforeStart : null;
}
