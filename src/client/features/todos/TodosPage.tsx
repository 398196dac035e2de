import { useCallback, useId, useMemo, useState } from 'react';
import { PageHeader } from '../../components/navigation/index.ts';
import {
  type TodoItemView,
  type TodoListFilters,
  type TodoListView,
  useTodoFilterOptions,
  useTodoList,
  useTodoListActions,
} from '../../data/index.ts';
import { useLocationSearch, usePushToast } from '../../state/index.ts';
import {
  Alert,
  Button,
  EmptyState,
  Loading,
  Pagination,
  Tabs,
  tabId,
  useDocumentTitle,
} from '../../ui/index.ts';
import { TodoFilters } from './TodoFilters.tsx';
import { TodoRow } from './TodoRow.tsx';
import {
  hasTodoFilters,
  parseTodoListQuery,
  serializeTodoListQuery,
  type TodoListQuery,
  todoPageLinks,
  withTodoFilters,
} from './todoListQuery.ts';
import { TODO_TEXT } from './todoTexts.ts';

/** GitLab's empty states: filters that match nothing, nothing done yet, all done, or never any. */
function emptyText(query: TodoListQuery, list: TodoListView) {
  if (hasTodoFilters(query)) return TODO_TEXT.empty.filtered;
  if (query.state === 'done') return TODO_TEXT.empty.done;
  return list.doneCount > 0 ? TODO_TEXT.empty.allDone : TODO_TEXT.empty.none;
}

/**
 * GitLab's To-Do List (`/dashboard/todos`): To Do and Done tabs with counts, filters, one row per
 * to-do with Mark as done or Undo, and Mark all as done. Filters and page live in the URL.
 */
export function TodosPage() {
  const [search, navigate] = useLocationSearch();
  const query = useMemo(() => parseTodoListQuery(search), [search]);
  const cursor = useMemo(() => ({ after: query.after, before: query.before }), [query.after, query.before]);
  const filters: TodoListFilters = useMemo(
    () => ({
      state: query.state,
      groupId: query.groupId,
      projectId: query.projectId,
      authorId: query.authorId,
      action: query.action,
      type: query.type,
    }),
    [query.state, query.groupId, query.projectId, query.authorId, query.action, query.type],
  );
  const { data, loading, error } = useTodoList(filters, cursor);
  const options = useTodoFilterOptions();
  const actions = useTodoListActions();
  const pushToast = usePushToast();
  const [busy, setBusy] = useState(false);
  const panelId = useId();
  useDocumentTitle(TODO_TEXT.title);

  const run = useCallback(
    async (action: () => ReturnType<typeof actions.markAllDone>) => {
      setBusy(true);
      const result = await action();
      setBusy(false);
      if (!result.ok) pushToast(result.error ?? TODO_TEXT.actionError, 'danger');
    },
    [pushToast],
  );
  const onMarkDone = (todo: TodoItemView) => void run(() => actions.markDone(todo.id));
  const onRestore = (todo: TodoItemView) => void run(() => actions.restore(todo.id));
  const go = (next: TodoListQuery) => navigate(serializeTodoListQuery(next));
  const links = data ? todoPageLinks(query, data.pageInfo) : { previous: null, next: null };

  const markAll =
    query.state === 'pending' && data && data.pendingCount > 0 ? (
      <Button onClick={() => void run(actions.markAllDone)} disabled={busy} data-testid="todo-mark-all-done">
        {TODO_TEXT.markAllDone}
      </Button>
    ) : null;
  return (
    <>
      <PageHeader title={TODO_TEXT.title} actions={markAll} />
      <div className="todos-page">
        <Tabs
          label={TODO_TEXT.tabsLabel}
          panelId={panelId}
          onNavigate={navigate}
          items={(['pending', 'done'] as const).map((state) => ({
            id: state,
            label: TODO_TEXT.tabs[state],
            count: state === 'pending' ? data?.pendingCount : data?.doneCount,
            search: serializeTodoListQuery(withTodoFilters(query, { state })),
            selected: query.state === state,
            testId: `todo-tab-${state}`,
          }))}
        />
        <TodoFilters
          filters={filters}
          options={options}
          onChange={(change) => go(withTodoFilters(query, change))}
        />
        <div
          id={panelId}
          role="tabpanel"
          aria-labelledby={tabId(panelId, query.state)}
          aria-busy={loading || busy}
          className="list-panel"
        >
          {error ? <Alert variant="danger">{TODO_TEXT.fetchError}</Alert> : null}
          {!data ? (
            loading ? (
              <Loading label="Loading to-do items" />
            ) : null
          ) : data.items.length === 0 ? (
            <EmptyState {...emptyText(query, data)} />
          ) : (
            <ul className="todo-list" aria-label={TODO_TEXT.title} data-testid="todo-list">
              {data.items.map((todo) => (
                <TodoRow
                  key={todo.id}
                  todo={todo}
                  busy={busy}
                  onMarkDone={onMarkDone}
                  onRestore={onRestore}
                />
              ))}
            </ul>
          )}
        </div>
        <Pagination
          previous={links.previous ? serializeTodoListQuery(links.previous) : null}
          next={links.next ? serializeTodoListQuery(links.next) : null}
          onNavigate={navigate}
        />
      </div>
    </>
  );
}
