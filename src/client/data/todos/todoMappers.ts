/** Pure mappers from the to-do query's answer to the to-do block's view model. */
import type { EpicSidebarTodoQuery } from '../generated/graphql.ts';
import { compact } from '../mappers.ts';
import type { EpicTodoView } from './todoTypes.ts';

type TodoAnswer = EpicSidebarTodoQuery;

/** Null when the epic is not visible (the page then shows its not-found state). */
export function toEpicTodo(answer: TodoAnswer): EpicTodoView | null {
  const epic = answer.workspace?.issuable;
  if (!epic) return null;
  return {
    epicId: epic.id,
    todoId: compact(epic.currentUserTodos.nodes)[0]?.id ?? null,
    pendingCount: answer.currentUser?.todos?.count ?? 0,
  };
}

/** The pending count after adding (+1) or finishing (-1) a to-do; it never goes below 0 (spec). */
export function pendingCountAfter(count: number, delta: 1 | -1): number {
  return Math.max(0, count + delta);
}
