import type { Env, MarkdownIt, StateCore, Token } from 'markdown-it';
import type { TaskSummary } from '../../../core/domain/taskStatus.ts';

/** Where the task-list rule leaves its count for the caller (markdown-it's per-render `env`). */
export interface TaskListEnv extends Env {
  taskSummary?: TaskSummary;
}

/** `[ ]`, `[x]` or `[X]` and then whitespace, at the start of a list item (GitLab's ITEM_PATTERN). */
const CHECKBOX = /^\[([ xX])\][ \t]/;

/**
 * GitLab task lists: a list item starting with `[ ]` or `[x]` gets a disabled checkbox and the
 * `task-list-item` class, its list gets `contains-task-list`. The checkbox stays disabled in the
 * rendered HTML; the client enables it for people who may update and maps it back to its source
 * line through the item's `data-sourcepos`.
 */
export function taskListsPlugin(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'gitlab_task_lists', (state: StateCore) => {
    if (state.inlineMode) return;
    let completed = 0;
    let total = 0;
    const tokens = state.tokens;
    for (let index = 2; index < tokens.length; index++) {
      const inline = tokens[index]!;
      if (
        inline.type !== 'inline' ||
        tokens[index - 1]!.type !== 'paragraph_open' ||
        tokens[index - 2]!.type !== 'list_item_open'
      ) {
        continue;
      }
      const checked = stripCheckbox(inline);
      if (checked === null) continue;
      total++;
      if (checked) completed++;
      addClass(tokens[index - 2]!, 'task-list-item');
      const list = listOf(tokens, index - 2);
      if (list) addClass(list, 'contains-task-list');
      const checkbox = new state.Token('task_list_checkbox', 'input', 0);
      checkbox.meta = { checked };
      inline.children?.unshift(checkbox);
    }
    (state.env as TaskListEnv).taskSummary = { completed, total };
  });

  md.renderer.rules.task_list_checkbox = (tokens, index) => {
    const checked = tokens[index]?.meta?.checked === true;
    return `<input type="checkbox" class="task-list-item-checkbox" disabled${checked ? ' checked' : ''}> `;
  };
}

/** Removes the `[ ] ` marker from the item's first text; whether it was ticked, or null if none. */
function stripCheckbox(inline: Token): boolean | null {
  const children = inline.children ?? [];
  const first = children[0];
  if (first?.type !== 'text') return null;
  const match = CHECKBOX.exec(first.content);
  if (!match) return null;
  // GitLab needs some content after the marker: a bare `- [ ]` is a plain item.
  const rest = first.content.slice(match[0].length);
  if (rest.trim() === '' && children.length === 1) return null;
  first.content = rest;
  inline.content = inline.content.slice(match[0].length);
  return match[1] !== ' ';
}

function addClass(token: Token, name: string): void {
  const classes = String(token.attrGet('class') ?? '').split(' ');
  if (!classes.includes(name)) token.attrJoin('class', name);
}

/** The list (`ul` or `ol`) that holds the list item at `itemIndex`. */
function listOf(tokens: readonly Token[], itemIndex: number): Token | undefined {
  const level = tokens[itemIndex]!.level - 1;
  for (let index = itemIndex - 1; index >= 0; index--) {
    const token = tokens[index]!;
    if (token.level === level && (token.type === 'bullet_list_open' || token.type === 'ordered_list_open')) {
      return token;
    }
  }
  return undefined;
}
