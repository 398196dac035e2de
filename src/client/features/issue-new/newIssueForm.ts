import { MAX_TITLE_LENGTH } from '../../../core/domain/epicRules.ts';

/** The new-issue form's checks before anything is sent (the server checks again). */
export interface NewIssueDraft {
  readonly title: string;
  /** The weight field's text: '' for none. */
  readonly weight: string;
}

/** The weight a field's text gives: null for none, NaN for text that is no whole number ≥ 0. */
export function weightOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The first problem with a draft, or null when it can be sent. */
export function newIssueProblem(draft: NewIssueDraft): string | null {
  if (!draft.title.trim()) return "Title can't be blank";
  if (draft.title.trim().length > MAX_TITLE_LENGTH)
    return `Title is too long (maximum is ${MAX_TITLE_LENGTH} characters)`;
  if (Number.isNaN(weightOf(draft.weight))) return 'Weight must be a whole number of 0 or more';
  return null;
}
