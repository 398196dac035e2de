/** A list item's checkbox marker at the start of a markdown line: `- [ ] `, `1. [x] `, `* [X] `. */
const TASK_MARKER = /^(\s*(?:>\s*)*(?:[-*+]|\d+[.)])\s+\[)([ xX])(\])/;

/**
 * The markdown source with the task on `line` (1-based, from the rendered item's `data-sourcepos`)
 * ticked or unticked; null when that line holds no task marker (the description changed meanwhile).
 */
export function toggleTaskAtLine(source: string, line: number, checked: boolean): string | null {
  const lines = source.split('\n');
  const index = line - 1;
  const text = lines[index];
  if (text === undefined || !TASK_MARKER.test(text)) return null;
  lines[index] = text.replace(
    TASK_MARKER,
    (_match, before: string, _mark: string, after: string) => `${before}${checked ? 'x' : ' '}${after}`,
  );
  return lines.join('\n');
}

/** The first line of a `data-sourcepos` value (`"3:1-3:14"` → 3), or null. */
export function sourceLineOf(sourcepos: string | null | undefined): number | null {
  const match = /^(\d+):/.exec(sourcepos ?? '');
  return match ? Number(match[1]) : null;
}
