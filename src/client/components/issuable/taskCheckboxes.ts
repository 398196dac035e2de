/**
 * The server renders task-list checkboxes disabled and unlabelled (they sit in the item's text). The
 * page gives each the item's text as its name and enables them for people who may update.
 */
export function prepareTaskCheckboxes(root: HTMLElement, enabled: boolean): void {
  for (const box of root.querySelectorAll<HTMLInputElement>('input.task-list-item-checkbox')) {
    box.disabled = !enabled;
    const label = box.closest('li')?.textContent?.trim();
    if (label) box.setAttribute('aria-label', label);
  }
}

/** A task-list item of the rendered description and the source lines it was rendered from. */
export interface TaskListLines {
  readonly lineNumberStart: number;
  readonly lineNumberEnd: number;
}

/** The lines of a `data-sourcepos` value (`"3:1-4:20"` → 3 to 4), or null. */
export function sourceRangeOf(sourcepos: string | null | undefined): TaskListLines | null {
  const match = /^(\d+):\d+-(\d+):\d+$/.exec(sourcepos ?? '');
  if (!match) return null;
  const lineNumberStart = Number(match[1]);
  const lineNumberEnd = Number(match[2]);
  return lineNumberEnd >= lineNumberStart ? { lineNumberStart, lineNumberEnd } : null;
}

const TASK_ITEM_TEXT = /^\s*(?:>\s*)*(?:[-*+]|\d+[.)])\s+\[[ xX]\]\s+(.*)$/;

/**
 * The title a task-list line gives its new task: the text after the checkbox marker. Null when the
 * line holds no task text, or only a reference (`#12+`: already a task).
 */
export function taskItemTitle(line: string | null): string | null {
  const text = line === null ? undefined : TASK_ITEM_TEXT.exec(line)?.[1]?.trim();
  if (!text || /^[\w./-]*#\d+\+?s?$/.test(text)) return null;
  return text;
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * The description without the task-list item on `lines` (GitLab's task list item "Delete"): its own
 * lines go, and its nested task items stay, moved up one level. Null when the first line holds no
 * task item (the description changed meanwhile).
 */
export function withoutTaskItem(
  source: string,
  { lineNumberStart, lineNumberEnd }: TaskListLines,
): string | null {
  const lines = source.split('\n');
  const first = lines[lineNumberStart - 1];
  if (first === undefined || !TASK_ITEM_TEXT.test(first) || lineNumberEnd > lines.length) return null;
  const kept: string[] = [];
  let outdent: number | null = null;
  for (const line of lines.slice(lineNumberStart, lineNumberEnd)) {
    if (outdent === null && TASK_ITEM_TEXT.test(line)) outdent = indentOf(line) - indentOf(first);
    if (outdent !== null) kept.push(line.slice(Math.min(outdent, indentOf(line))));
  }
  lines.splice(lineNumberStart - 1, lineNumberEnd - lineNumberStart + 1, ...kept);
  return lines.join('\n');
}
