import { type CalendarDate, parseCalendarDate } from '../time/calendarDate.ts';
import { isHexColor } from './colors.ts';

/** GitLab's limits on issuable text. */
export const MAX_TITLE_LENGTH = 255;
export const MAX_DESCRIPTION_LENGTH = 1_048_576;
/** Levels of an epic hierarchy, the root included (GitLab's MAX_HIERARCHY_DEPTH). */
export const MAX_EPIC_HIERARCHY_DEPTH = 7;
export const MAX_CHILD_EPICS = 100;

export const EPIC_HIERARCHY_MESSAGES = {
  tooDeep:
    'This epic cannot be added. One or more epics would exceed the maximum depth (7) from its most distant ancestor.',
  tooManyChildren: 'You cannot add any more epics. This epic already has maximum number of child epics.',
  itself: 'This epic cannot be added. An epic cannot be added to itself.',
  alreadyAncestor: 'This epic cannot be added. It is already an ancestor of the parent epic.',
  otherHierarchy:
    'This epic cannot be added. An epic must belong to the same group or subgroup as its parent epic.',
  confidentialParent: 'A non-confidential epic cannot be assigned to a confidential parent epic',
} as const;

export type FieldErrors = Record<string, string[]>;

function addError(errors: FieldErrors, field: string, message: string): void {
  const messages = errors[field] ?? [];
  messages.push(message);
  errors[field] = messages;
}

/** PostgreSQL text cannot hold U+0000, and no one means to type it: refused as bad input. */
const NUL = '\u0000';
const NUL_MESSAGE = 'must not contain null characters';

export function validateTitle(title: unknown, errors: FieldErrors, required: boolean): string | undefined {
  if (title === undefined || title === null) {
    if (required) addError(errors, 'title', "can't be blank");
    return undefined;
  }
  if (typeof title !== 'string') {
    addError(errors, 'title', 'is invalid');
    return undefined;
  }
  const trimmed = title.trim();
  if (trimmed.includes(NUL)) addError(errors, 'title', NUL_MESSAGE);
  if (trimmed.length === 0) addError(errors, 'title', "can't be blank");
  else if (trimmed.length > MAX_TITLE_LENGTH) {
    addError(errors, 'title', `is too long (maximum is ${MAX_TITLE_LENGTH} characters)`);
  }
  return trimmed;
}

export function validateDescription(description: unknown, errors: FieldErrors): string | undefined {
  if (description === undefined || description === null) return undefined;
  if (typeof description !== 'string') {
    addError(errors, 'description', 'is invalid');
    return undefined;
  }
  if (description.includes(NUL)) addError(errors, 'description', NUL_MESSAGE);
  if (description.length > MAX_DESCRIPTION_LENGTH) {
    addError(errors, 'description', `is too long (maximum is ${MAX_DESCRIPTION_LENGTH} characters)`);
  }
  return description;
}

/** `null` clears the date; undefined leaves it alone. */
export function validateDate(
  value: unknown,
  field: string,
  errors: FieldErrors,
): CalendarDate | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  const parsed = typeof value === 'string' ? parseCalendarDate(value.slice(0, 10)) : undefined;
  if (!parsed) addError(errors, field, 'is not a valid date');
  return parsed;
}

export function validateColor(value: unknown, errors: FieldErrors): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !isHexColor(value)) {
    addError(errors, 'color', 'must be a valid color code');
    return undefined;
  }
  return value.toLowerCase();
}

/** A fixed start after a fixed due date is refused, as GitLab's sidebar and model do. */
export function validateDateOrder(
  start: CalendarDate | null | undefined,
  due: CalendarDate | null | undefined,
  errors: FieldErrors,
): void {
  if (start && due && start > due) addError(errors, 'start_date', 'must be on or before the due date');
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** What the hierarchy rules need to know about a proposed parent → child link. */
export interface ParentAssignment {
  readonly childId: number | null;
  readonly childGroupTraversalIds: readonly number[];
  readonly childConfidential: boolean;
  /** Levels below and including the child (1 for a leaf or a new epic). */
  readonly childSubtreeHeight: number;
  readonly parentId: number;
  readonly parentGroupId: number;
  readonly parentConfidential: boolean;
  /** Ids of the parent's ancestors, nearest first. */
  readonly parentAncestorIds: readonly number[];
  /** Child epics the parent has now, not counting this child. */
  readonly parentChildCount: number;
}

/** GitLab's parent-epic validation; returns its message, or null when the link is allowed. */
export function parentAssignmentError(link: ParentAssignment): string | null {
  if (link.childId !== null && link.parentId === link.childId) return EPIC_HIERARCHY_MESSAGES.itself;
  if (link.childId !== null && link.parentAncestorIds.includes(link.childId)) {
    return EPIC_HIERARCHY_MESSAGES.alreadyAncestor;
  }
  if (!link.childGroupTraversalIds.includes(link.parentGroupId))
    return EPIC_HIERARCHY_MESSAGES.otherHierarchy;
  const parentDepth = link.parentAncestorIds.length + 1;
  if (parentDepth + Math.max(1, link.childSubtreeHeight) > MAX_EPIC_HIERARCHY_DEPTH) {
    return EPIC_HIERARCHY_MESSAGES.tooDeep;
  }
  if (link.parentChildCount >= MAX_CHILD_EPICS) return EPIC_HIERARCHY_MESSAGES.tooManyChildren;
  return confidentialParentError(link.childConfidential, link.parentConfidential);
}

/** A confidential parent holds only confidential children (checked on every save, as GitLab does). */
export function confidentialParentError(
  childConfidential: boolean,
  parentConfidential: boolean,
): string | null {
  return parentConfidential && !childConfidential ? EPIC_HIERARCHY_MESSAGES.confidentialParent : null;
}
