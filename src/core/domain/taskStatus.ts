/** How many of a description's checklist items (`- [ ]` / `- [x]`) are ticked. */
export interface TaskSummary {
  readonly completed: number;
  readonly total: number;
}

/**
 * GitLab's task status line ("1 of 3 checklist items completed"). A blank description has no status
 * at all (empty string); one without checklist items still reads "0 of 0 checklist items completed",
 * which GitLab's client treats as no tasks.
 */
export function taskStatusText(description: string, summary: TaskSummary): string {
  if (description.trim() === '') return '';
  const noun = summary.total === 1 ? 'checklist item' : 'checklist items';
  return `${summary.completed} of ${summary.total} ${noun} completed`;
}
