/**
 * The sidebar's to-do block (spec, "To-do"): the viewer's pending to-do on the epic through
 * `currentUserTodos(state: pending)`, toggled with `todoCreate` / `todoMarkDone` (GitLab's epic mutations). After
 * a toggle the cached answer carries the new to-do and the viewer's pending count.
 */

import type { TypedDocumentNode } from '@apollo/client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { ok } from '../../../core/lib/result.ts';
import {
  EpicSidebarCreateTodoDocument,
  EpicSidebarMarkTodoDoneDocument,
  EpicSidebarTodoDocument,
  IssueSidebarTodoDocument,
  MergeRequestSidebarTodoDocument,
} from '../generated/graphql.ts';
import {
  blockState,
  type EpicSidebarScope,
  settle,
  useScopeVariables,
} from '../issuables/sidebarQuerySupport.ts';
import type { QueryState } from '../types.ts';
import { pendingCountAfter, type TodoAnswer, toEpicTodo } from './todoMappers.ts';
import type { EpicTodoView, TodoToggleResult } from './todoTypes.ts';

/** The viewer's to-do on an epic; only for signed-in viewers (the block is not shown to anonymous ones). */
export function useEpicTodo(scope: EpicSidebarScope): TodoState {
  return useTodo(EpicSidebarTodoDocument, scope);
}

/** The same on an issue. */
export function useIssueTodo(scope: EpicSidebarScope): TodoState {
  return useTodo(IssueSidebarTodoDocument, scope);
}

/** The same on a merge request. */
export function useMergeRequestTodo(scope: EpicSidebarScope): TodoState {
  return useTodo(MergeRequestSidebarTodoDocument, scope);
}

export type TodoState = QueryState<EpicTodoView | null> & {
  toggle(current: EpicTodoView): Promise<TodoToggleResult>;
};

/** Either sidebar's to-do query: the viewer's pending count and the item's pending to-do. */
function useTodo<Q extends TodoAnswer>(
  document: TypedDocumentNode<Q, { fullPath: string; iid: string }>,
  scope: EpicSidebarScope,
): TodoState {
  const client = useApolloClient();
  const variables = useScopeVariables(scope);
  const result = useQuery(document, { variables });
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
      client.cache.updateQuery({ query: document, variables }, (data) =>
        data ? withTodo(data, nextTodoId, count) : data,
      );
      return ok({ count, delta });
    },
    [client, document, variables],
  );
  return { ...blockState(result, result.data && toEpicTodo(result.data)), toggle };
}

/** The cached to-do answer after a toggle: the epic's pending to-do and the viewer's count. */
function withTodo<Q extends TodoAnswer>(data: Q, todoId: string | null, count: number): Q {
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
