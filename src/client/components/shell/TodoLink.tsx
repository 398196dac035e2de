import { useEffect } from 'react';
import { DASHBOARD_TODOS_PATH } from '../../../core/domain/webPaths.ts';
import { usePendingTodoCount } from '../../data/index.ts';
import { Icon } from '../../ui/index.ts';
import { TODO_TOGGLE_EVENT, type TodoToggleDetail } from '../sidebar/todoEvent.ts';
import { todoBadgeText } from './todoBadge.ts';

/**
 * The top bar's To-Do List link with GitLab's pending-count badge: read on page load, then kept
 * current by the sidebars' `todo:toggle` events (and by the To-Do List's own refetches).
 */
export function TodoLink() {
  const { count, set } = usePendingTodoCount(true);
  useEffect(() => {
    const follow = (event: Event) => set((event as CustomEvent<TodoToggleDetail>).detail.count);
    document.addEventListener(TODO_TOGGLE_EVENT, follow);
    return () => document.removeEventListener(TODO_TOGGLE_EVENT, follow);
  }, [set]);
  const badge = count === null ? null : todoBadgeText(count);
  const label = count ? `To-Do List, ${count} pending` : 'To-Do List';
  return (
    <a
      className="btn btn-tertiary top-bar-todos"
      href={DASHBOARD_TODOS_PATH}
      aria-label={label}
      title="To-Do List"
      data-testid="todos-link"
    >
      <Icon name="todoDone" />
      {badge ? (
        <span className="top-bar-todos-count" aria-hidden="true" data-testid="todos-count">
          {badge}
        </span>
      ) : null}
    </a>
  );
}
