/** Pure mappers from the to-do query's answer to the to-do block's view model. */
import { compact } from '../mappers.ts';
import type { EpicTodoView } from './todoTypes.ts';

/** What both sidebars' to-do queries answer: the viewer's pending count and the item's to-do. */
export interface TodoAnswer {
  readonly currentUser?: { readonly id: string; readonly todos?: { readonly count: number } | null } | null;
  readonly workspace?: {
    readonly id: string;
    readonly issuable?: {
      readonly id: string;
      readonly currentUserTodos: { readonly nodes?: readonly ({ readonly id: string } | null)[] | null };
    } | null;
  } | null;
}

/** Null when the epic or issue is not visible (the page then shows its not-found state). */
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
