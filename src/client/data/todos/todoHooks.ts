/**
 * The sidebar's to-do block (spec, "To-do"): the viewer's pending to-do on the epic through
 * `currentUserTodos(state: pending)`, toggled with `todoCreate` / `todoMarkDone` (GitLab's epic mutations). After
 * a toggle the cached answer carries the new to-do and the viewer's pending count.
 */
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { ok } from '../../../core/lib/result.ts';
import {
  EpicSidebarCreateTodoDocument,
  EpicSidebarMarkTodoDoneDocument,
  EpicSidebarTodoDocument,
  type EpicSidebarTodoQuery,
} from '../generated/graphql.ts';
import {
  blockState,
  type EpicSidebarScope,
  settle,
  useScopeVariables,
} from '../issuables/sidebarQuerySupport.ts';
import type { QueryState } from '../types.ts';
import { pendingCountAfter, toEpicTodo } from './todoMappers.ts';
import type { EpicTodoView, TodoToggleResult } from './todoTypes.ts';

/** The viewer's to-do; only for signed-in viewers (the block is not shown to anonymous ones). */
export function useEpicTodo(
  scope: EpicSidebarScope,
): QueryState<EpicTodoView | null> & { toggle(current: EpicTodoView): Promise<TodoToggleResult> } {
  const client = useApolloClient();
  const variables = useScopeVariables(scope);
  const result = useQuery(EpicSidebarTodoDocument, { variables });
  const toggle = useCallback(
    async (current: EpicTodoView): Promise<TodoToggleResult> => {
      let nextTodoId: string | null = null;
      const outcome = await settle(async () => {
        if (current.todoId) {
          const { data } = await client.mutate({
            mutation: EpicSidebarMarkTodoDoneDocument,
            variables: { input: { id: current.todoId } },
          });
          return data?.todoMutation;
        }
        const { data } = await client.mutate({
          mutation: EpicSidebarCreateTodoDocument,
          variables: { input: { targetId: current.epicId } },
        });
        nextTodoId = data?.todoMutation?.todo?.id ?? null;
        return data?.todoMutation;
      });
      if (!outcome.ok) return outcome;
      const delta = current.todoId ? -1 : 1;
      const count = pendingCountAfter(current.pendingCount, delta);
      client.cache.updateQuery({ query: EpicSidebarTodoDocument, variables }, (data) =>
        data ? withTodo(data, nextTodoId, count) : data,
      );
      return ok({ count, delta });
    },
    [client, variables],
  );
  return { ...blockState(result, result.data && toEpicTodo(result.data)), toggle };
}

/** The cached to-do answer after a toggle: the epic's pending to-do and the viewer's count. */
function withTodo(data: EpicSidebarTodoQuery, todoId: string | null, count: number): EpicSidebarTodoQuery {
  const epic = data.workspace?.issuable;
  if (!data.workspace || !epic) return data;
  // The cache normalises the new to-do by its type and id.
  const node = { __typename: 'Todo' as const, id: todoId ?? '' };
  return {
    ...data,
    currentUser: data.currentUser && {
      ...data.currentUser,
      todos: data.currentUser.todos && { ...data.currentUser.todos, count },
    },
    workspace: {
      ...data.workspace,
      issuable: { ...epic, currentUserTodos: { ...epic.currentUserTodos, nodes: todoId ? [node] : [] } },
    },
  };
}
