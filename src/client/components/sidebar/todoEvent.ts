/**
 * The document-level event a to-do toggle fires (spec, "To-do"; GitLab's `todo:toggle`), so a
 * to-do count elsewhere on the page can follow without asking the server again.
 */
export const TODO_TOGGLE_EVENT = 'todo:toggle';

export interface TodoToggleDetail {
  /** The viewer's pending to-dos after the toggle; never below 0. */
  readonly count: number;
  /** +1 when a to-do was added, -1 when one was marked done. */
  readonly delta: 1 | -1;
}

export function todoToggleEvent(detail: TodoToggleDetail): CustomEvent<TodoToggleDetail> {
  return new CustomEvent(TODO_TOGGLE_EVENT, {
    detail: { count: Math.max(0, detail.count), delta: detail.delta },
  });
}
