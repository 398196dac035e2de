import type { MarkdownIt, StateCore } from 'markdown-it';

/**
 * Adds GitLab's `data-sourcepos="startLine:startColumn-endLine:endColumn"` (1-based, inclusive) to
 * every block element, so that the client can find the source line of a task-list checkbox it
 * toggles. markdown-it knows lines only; columns are the first and last non-blank character.
 */
export function sourcePositionsPlugin(md: MarkdownIt): void {
  md.core.ruler.push('gitlab_source_positions', (state: StateCore) => {
    if (state.inlineMode) return;
    const lines = state.src.split('\n');
    for (const token of state.tokens) {
      if (
        token.nesting !== 1 &&
        token.type !== 'fence' &&
        token.type !== 'code_block' &&
        token.type !== 'hr'
      ) {
        continue;
      }
      if (!token.map) continue;
      token.attrSet('data-sourcepos', sourcePosition(lines, token.map));
    }
  });
}

function sourcePosition(lines: readonly string[], [start, endExclusive]: [number, number]): string {
  let end = Math.max(start, endExclusive - 1);
  // Loose list items and blocks before a blank line include it in their map; GitLab's do not.
  while (end > start && (lines[end] ?? '').trim() === '') end--;
  const first = lines[start] ?? '';
  const last = lines[end] ?? '';
  const startColumn = first.length - first.trimStart().length + 1;
  const endColumn = Math.max(1, last.trimEnd().length);
  return `${start + 1}:${startColumn}-${end + 1}:${endColumn}`;
}
