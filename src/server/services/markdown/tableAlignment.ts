import type { MarkdownIt, StateCore, Token } from 'markdown-it';

const ALIGNMENT = /^text-align:(left|center|right)$/;

/**
 * markdown-it aligns table cells with `style="text-align:…"`, but rendered markdown carries no
 * style attributes at all; GitLab's renderer writes `align="…"`, which this rule does instead.
 */
export function tableAlignmentPlugin(md: MarkdownIt): void {
  md.core.ruler.push('gitlab_table_alignment', (state: StateCore) => {
    for (const token of state.tokens) {
      if (token.type === 'th_open' || token.type === 'td_open') alignWithAttribute(token);
    }
  });
}

function alignWithAttribute(cell: Token): void {
  const index = cell.attrIndex('style');
  if (index < 0 || !cell.attrs) return;
  const alignment = ALIGNMENT.exec(String(cell.attrs[index]?.[1] ?? ''))?.[1];
  cell.attrs.splice(index, 1);
  if (alignment) cell.attrSet('align', alignment);
}
