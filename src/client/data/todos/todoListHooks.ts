/**
 * GitLab's To-Do List page: one page of the user's to-dos under the filters, the filters' choices,
 * the actions (mark done, undo, mark all done) and the navigation badge's pending count. After an
 * action the list and the badge's count are asked again, so tabs, rows and badge agree.
 */
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import {
  TodoCountDocument,
  TodoFilterOptionsDocument,
  TodoListDocument,
  TodoListMarkAllDoneDocument,
  TodoListMarkDoneDocument,
  TodoListRestoreDocument,
} from '../generated/graphql.ts';
import { usePageSettled } from '../idle.ts';
import { settle } from '../issuables/sidebarQuerySupport.ts';
import { type PageCursor, pageVariables } from '../paging.ts';
import type { QueryState } from '../types.ts';
import { toTodoFilterOptions, toTodoList } from './todoListMappers.ts';
import type { TodoFilterOptionsView, TodoListFilters, TodoListView } from './todoListTypes.ts';

const PAGE_SIZE = 20;
const listOf = <T>(value: T | null): T[] | null => (value === null ? null : [value]);

export function useTodoList(filters: TodoListFilters, cursor: PageCursor): QueryState<TodoListView | null> {
  const variables = useMemo(
    () => ({
      state: [filters.state],
      type: listOf(filters.type),
      action: listOf(filters.action),
      authorId: listOf(filters.authorId),
      projectId: listOf(filters.projectId),
      groupId: listOf(filters.groupId),
      ...pageVariables(cursor, PAGE_SIZE),
    }),
    [filters, cursor],
  );
  // An action refetches only the tab on screen; the other tab's cached page may be stale, so a
  // page shown again is asked for again.
  const result = useQuery(TodoListDocument, { variables, fetchPolicy: 'cache-and-network' });
  usePageSettled(!result.loading);
  return {
    data: result.data ? toTodoList(result.data) : undefined,
    loading: result.loading,
    error: result.error,
  };
}

export function useTodoFilterOptions(): TodoFilterOptionsView | undefined {
  const result = useQuery(TodoFilterOptionsDocument);
  return result.data ? toTodoFilterOptions(result.data) : undefined;
}

/** The badge's count: the user's pending to-dos; `set` takes a count another part of the page knows. */
export function usePendingTodoCount(signedIn: boolean): {
  count: number | null;
  set: (count: number) => void;
} {
  const client = useApolloClient();
  const result = useQuery(TodoCountDocument, { skip: !signedIn });
  const set = useCallback(
    (count: number) =>
      client.cache.updateQuery({ query: TodoCountDocument }, (data) =>
        data?.currentUser
          ? { ...data, currentUser: { ...data.currentUser, todos: { __typename: 'TodoConnection', count } } }
          : data,
      ),
    [client],
  );
  return { count: result.data?.currentUser?.todos?.count ?? null, set };
}

export type TodoActionResult = Awaited<ReturnType<typeof settle>>;

export interface TodoListActions {
  markDone(id: string): Promise<TodoActionResult>;
  restore(id: string): Promise<TodoActionResult>;
  markAllDone(): Promise<TodoActionResult>;
}

export function useTodoListActions(): TodoListActions {
  const client = useApolloClient();
  return useMemo(() => {
    const refetch = { refetchQueries: [TodoListDocument, TodoCountDocument], awaitRefetchQueries: true };
    return {
      markDone: (id) =>
        settle(async () => {
          const { data } = await client.mutate({
            mutation: TodoListMarkDoneDocument,
            variables: { input: { id } },
            ...refetch,
          });
          return data?.todoMutation;
        }),
      restore: (id) =>
        settle(async () => {
          const { data } = await client.mutate({
            mutation: TodoListRestoreDocument,
            variables: { input: { id } },
            ...refetch,
          });
          return data?.todoMutation;
        }),
      markAllDone: () =>
        settle(async () => {
          const { data } = await client.mutate({
            mutation: TodoListMarkAllDoneDocument,
            variables: { input: {} },
            ...refetch,
          });
          return data?.todoMutation;
        }),
    };
  }, [client]);
}
