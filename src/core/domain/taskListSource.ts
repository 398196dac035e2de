/** A list item's checkbox marker at the start of a markdown line: `- [ ] `, `1. [x] `, `* [X] `. */
const TASK_MARKER = /^(\s*(?:>\s*)*(?:[-*+]|\d+[.)])\s+\[)([ xX])(\])/;

/**
 * GitLab's `update_task`: tick or untick the task on one line of an issuable's description. The
 * line is 1-based (the rendered item's `data-sourcepos`); `lineSource` is that line as the client
 * saw it, which must still be there.
 */
export interface TaskToggle {
  readonly lineNumber: number;
  readonly checked: boolean;
  readonly lineSource?: string | undefined;
}

/**
 * The markdown source with the task on `lineNumber` ticked or unticked; null when that line holds no
 * task marker or no longer reads `lineSource` (the description changed meanwhile).
 */
export function toggleTask(source: string, { lineNumber, checked, lineSource }: TaskToggle): string | null {
  const lines = source.split('\n');
  const index = lineNumber - 1;
  const text = lines[index];
  if (text === undefined || !TASK_MARKER.test(text)) return null;
  if (lineSource !== undefined && text.trim() !== lineSource.trim()) return null;
  lines[index] = text.replace(
    TASK_MARKER,
    (_match, before: string, _mark: string, after: string) => `${before}${checked ? 'x' : ' '}${after}`,
  );
  return lines.join('\n');
}

/** The source line a toggle names, as `update_task`'s `line_source` sends it; null past the end. */
export function sourceLine(source: string, lineNumber: number): string | null {
  return source.split('\n')[lineNumber - 1] ?? null;
}

/** The first line of a `data-sourcepos` value (`"3:1-3:14"` → 3), or null. */
export function sourceLineOf(sourcepos: string | null | undefined): number | null {
  const match = /^(\d+):/.exec(sourcepos ?? '');
  return match ? Number(match[1]) : null;
}

/** Why a task's lines cannot be replaced (GitLab's TaskListReference services' messages). */
export type TaskLinesError =
  | 'line_number_start must be greater than 0'
  | 'line_number_end must be greater or equal to line_number_start'
  | `Unable to detect a task on line ${number}`;

/**
 * GitLab's task-list reference services: the task on lines `start`..`end` (1-based, inclusive) keeps
 * its marker (`- [ ] `) and its first line becomes `text`; the lines after it in the range go. The
 * work item's task from a line gets `#iid+` (a link showing the task's title); a deleted task gets
 * its title back.
 */
export function replaceTaskLines(
  source: string,
  start: number,
  end: number,
  text: string,
): { readonly ok: true; readonly source: string } | { readonly ok: false; readonly error: TaskLinesError } {
  if (!Number.isInteger(start) || start < 1) {
    return { ok: false, error: 'line_number_start must be greater than 0' };
  }
  if (!Number.isInteger(end) || end < start) {
    return { ok: false, error: 'line_number_end must be greater or equal to line_number_start' };
  }
  const lines = source.split('\n');
  const first = lines[start - 1];
  const marker = first === undefined ? null : TASK_ITEM.exec(first);
  if (!marker || end > lines.length) return { ok: false, error: `Unable to detect a task on line ${start}` };
  lines.splice(start - 1, end - start + 1, `${marker[1]}${text}`);
  return { ok: true, source: lines.join('\n') };
}

/** A task-list item's marker and the space after it: what stays when its text is replaced. */
const TASK_ITEM = /^(\s*(?:>\s*)*(?:[-*+]|\d+[.)])\s+\[[ xX]\]\s+)/;

/**
 * The 1-based line of the task-list item that links to a task (`- [ ] #12+`, as converting a line
 * writes it, or `- [x] #12`), or null: deleting that task puts its title back there (spec: "Task
 * deletion with lock data needs the lock version, line start and line end; otherwise the plain
 * work-item delete is used").
 */
export function taskLineOfReference(source: string, reference: string): number | null {
  const lines = source.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const marker = TASK_ITEM.exec(line);
    if (!marker) continue;
    const text = line.slice(marker[1]!.length).trim();
    if (text === reference || text === `${reference}+`) return index + 1;
  }
  return null;
}
