/** The new-epic form's checks, before anything is sent (the server checks again). */
export interface NewEpicDraft {
  readonly title: string;
  readonly startDate: string;
  readonly dueDate: string;
}

export const TITLE_MAX_LENGTH = 255;

/** The first problem with a draft, or null when it can be sent. */
export function newEpicProblem(draft: NewEpicDraft): string | null {
  if (!draft.title.trim()) return "Title can't be blank";
  if (draft.title.trim().length > TITLE_MAX_LENGTH)
    return `Title is too long (maximum is ${TITLE_MAX_LENGTH} characters)`;
  if (draft.startDate && draft.dueDate && draft.startDate >= draft.dueDate)
    return 'The start date must be before the due date';
  return null;
}
