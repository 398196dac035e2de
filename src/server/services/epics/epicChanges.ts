import {
  type FieldErrors,
  hasErrors,
  validateColor,
  validateDate,
  validateDateOrder,
  validateDescription,
  validateTitle,
} from '../../../core/domain/epicRules.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import type { EpicRow, EpicUpdate } from '../../db/schema.ts';
import { ValidationError } from '../errors.ts';

/** What a client may change on an epic; undefined leaves a field alone. */
export interface EpicChanges {
  readonly title?: unknown;
  readonly description?: unknown;
  readonly color?: unknown;
  readonly confidential?: boolean | undefined;
  readonly startDateFixed?: unknown;
  readonly startDateIsFixed?: boolean | undefined;
  readonly dueDateFixed?: unknown;
  readonly dueDateIsFixed?: boolean | undefined;
  /** Replaces every label (GitLab's `labels`). */
  readonly labels?: readonly string[] | undefined;
  readonly addLabels?: readonly string[] | undefined;
  readonly removeLabels?: readonly string[] | undefined;
  readonly addLabelIds?: readonly number[] | undefined;
  readonly removeLabelIds?: readonly number[] | undefined;
  readonly stateEvent?: 'close' | 'reopen' | undefined;
  /** Numeric id of the new parent epic; null detaches. */
  readonly parentId?: number | null | undefined;
  /** The lock_version the client edited; when given and no longer current, nothing changes (409). */
  readonly lockVersion?: number | undefined;
}

interface ValidatedChanges {
  row: EpicUpdate;
  errors: FieldErrors;
}

/** `now` stamps closed_at when the changes close the epic. */
export function validateChanges(changes: EpicChanges, current: EpicRow | null, now: Date): ValidatedChanges {
  const errors: FieldErrors = {};
  const row: EpicUpdate = {};
  const title = validateTitle(changes.title, errors, current === null);
  if (title !== undefined) row.title = title;
  const description = validateDescription(changes.description, errors);
  if (description !== undefined) row.description = description;
  const color = validateColor(changes.color, errors);
  if (color !== undefined) row.color = color;
  if (changes.confidential !== undefined) row.confidential = changes.confidential;
  const startFixed = validateDate(changes.startDateFixed, 'start_date_fixed', errors);
  const dueFixed = validateDate(changes.dueDateFixed, 'due_date_fixed', errors);
  if (startFixed !== undefined) row.start_date_fixed = startFixed;
  if (dueFixed !== undefined) row.due_date_fixed = dueFixed;
  if (changes.startDateIsFixed !== undefined) row.start_date_is_fixed = changes.startDateIsFixed;
  if (changes.dueDateIsFixed !== undefined) row.due_date_is_fixed = changes.dueDateIsFixed;
  // Only fixed dates in use are compared: a stored fixed date the epic no longer uses (it inherits
  // that side now) must not block a change to the other side.
  const start = fixedDateInUse(
    startFixed,
    changes.startDateIsFixed,
    current?.start_date_fixed,
    current?.start_date_is_fixed,
  );
  const due = fixedDateInUse(
    dueFixed,
    changes.dueDateIsFixed,
    current?.due_date_fixed,
    current?.due_date_is_fixed,
  );
  validateDateOrder(start, due, errors);
  // Closing a closed epic (or reopening an open one) changes nothing, closed_at included (GitLab).
  if (changes.stateEvent === 'close' && current?.state !== 'closed') {
    row.state = 'closed';
    row.closed_at = now;
  } else if (changes.stateEvent === 'reopen' && current !== null && current.state !== 'opened') {
    row.state = 'opened';
    row.closed_at = null;
  }
  return { row, errors };
}

/**
 * The fixed date an epic uses on one side after a change, or null when that side inherits its date.
 * A fixed date given without its flag turns the flag on (validatedUpdate, createEpic).
 */
function fixedDateInUse(
  given: CalendarDate | null | undefined,
  givenIsFixed: boolean | undefined,
  stored: string | null | undefined,
  storedIsFixed: boolean | undefined,
): CalendarDate | null {
  const inUse = givenIsFixed ?? (given != null || (storedIsFixed ?? false));
  if (!inUse) return null;
  return given !== undefined ? given : ((stored ?? null) as CalendarDate | null);
}

/** The row update for these changes, validated against the epic as it is now. */
export function validatedUpdate(changes: EpicChanges, current: EpicRow, now: Date): EpicUpdate {
  const { row, errors } = validateChanges(changes, current, now);
  if (hasErrors(errors)) throw new ValidationError(errors);
  // A fixed date set without its flag becomes the date in use.
  if (row.start_date_fixed != null && changes.startDateIsFixed === undefined) row.start_date_is_fixed = true;
  if (row.due_date_fixed != null && changes.dueDateIsFixed === undefined) row.due_date_is_fixed = true;
  return row;
}
