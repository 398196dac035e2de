import type { Kysely } from 'kysely';
import { TODO_ACTION_MARKED } from '../../core/domain/todos.ts';
import type { Executor } from '../db/executor.ts';
import {
  countTodosOfUser,
  findPendingTodo,
  findReadableTodoOfUser,
  insertTodo,
  listTodosOfUser,
  lockTodosOfUser,
  markAllTodosDone,
  markTodoDone,
  restoreTodo,
  type TodoListFilter,
} from '../db/repositories/todoRepository.ts';
import type { Database, EpicRow, NamespaceRow, TodoRow, UserRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import type { Actor } from './actor.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from './errors.ts';
import type { IssueInProject } from './issueService.ts';
import type { MergeRequestInProject } from './mergeRequests/mergeRequestQueries.ts';

/** The kinds of item a to-do can be about: what the to-do list filters by, as the row stores them. */
export type TodoTargetType = TodoRow['target_type'];

const viewerOf = (user: UserRow) => ({ userId: user.id, isAdmin: user.is_admin });

function requireUser(access: AccessContext) {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  return user;
}

/** A to-do asked for, and whether this call created it (false: one was pending already). */
export interface AddedTodo {
  readonly todo: TodoRow;
  readonly created: boolean;
}

/**
 * Adds the actor's own to-do on an epic ("Add a to-do"), or returns the one already pending: a user
 * has at most one pending to-do per item, however often they click.
 */
export async function addEpicTodo(
  db: Kysely<Database>,
  access: AccessContext,
  group: NamespaceRow,
  epic: EpicRow,
  now: Date,
): Promise<AddedTodo> {
  const user = requireUser(access);
  if (!(await access.canInNamespace('create_todo', group, { confidential: epic.confidential }))) {
    throw new ForbiddenError();
  }
  return addOwnTodo(db, user, now, {
    root_namespace_id: epic.root_namespace_id,
    target_type: 'Epic',
    target_id: epic.id,
    group_id: epic.group_id,
    project_id: null,
  });
}

/** The same for an issue ("Add a to-do" on the issue page, GitLab's todoCreate on an issue). */
export async function addIssueTodo(
  db: Kysely<Database>,
  access: AccessContext,
  { project, namespace, issue }: IssueInProject,
  now: Date,
): Promise<AddedTodo> {
  const user = requireUser(access);
  const confidential = { confidential: issue.confidential, isAuthor: issue.author_id === user.id };
  if (!(await access.canInProject('create_todo', project, namespace, confidential))) {
    throw new ForbiddenError();
  }
  return addOwnTodo(db, user, now, {
    root_namespace_id: issue.root_namespace_id,
    target_type: 'Issue',
    target_id: issue.id,
    group_id: null,
    project_id: project.id,
  });
}

/** The same for a merge request the actor may read (GitLab's todoCreate on a merge request). */
export async function addMergeRequestTodo(
  db: Kysely<Database>,
  access: AccessContext,
  { project, namespace, mergeRequest }: MergeRequestInProject,
  now: Date,
): Promise<AddedTodo> {
  const user = requireUser(access);
  if (!(await access.canInProject('create_todo', project, namespace))) throw new ForbiddenError();
  return addOwnTodo(db, user, now, {
    root_namespace_id: mergeRequest.root_namespace_id,
    target_type: 'MergeRequest',
    target_id: mergeRequest.id,
    group_id: null,
    project_id: project.id,
  });
}

/** Inserts the user's own "marked" to-do on a target, unless one is pending already. */
function addOwnTodo(
  db: Kysely<Database>,
  user: UserRow,
  now: Date,
  target: Pick<TodoRow, 'root_namespace_id' | 'target_type' | 'target_id' | 'group_id' | 'project_id'>,
): Promise<AddedTodo> {
  return db.transaction().execute(async (trx) => {
    await lockTodosOfUser(trx, user.id);
    const pending = await findPendingTodo(trx, user.id, { type: target.target_type, id: target.target_id });
    if (pending) return { todo: pending, created: false };
    const todo = await insertTodo(trx, {
      ...target,
      user_id: user.id,
      author_id: user.id,
      action: TODO_ACTION_MARKED,
      state: 'pending',
      created_at: now,
      updated_at: now,
    });
    return { todo, created: true };
  });
}

/**
 * The actor's to-do, while they may still read its target (GitLab's read_todo and update_todo):
 * someone else's to-do, or one on a target hidden from them, is as missing as one that does not exist.
 */
async function findOwnTodo(db: Executor, access: AccessContext, todoId: number): Promise<TodoRow> {
  const user = requireUser(access);
  const todo = await findReadableTodoOfUser(db, viewerOf(user), todoId);
  if (!todo) throw new NotFoundError('Todo');
  return todo;
}

/** Marks one of the actor's to-dos done; marking a done one again changes nothing. */
export async function markOwnTodoDone(
  db: Kysely<Database>,
  access: AccessContext,
  todoId: number,
  now: Date,
): Promise<TodoRow> {
  const todo = await findOwnTodo(db, access, todoId);
  const done = await markTodoDone(db, todo.id, now);
  if (!done) throw new NotFoundError('Todo');
  return done;
}

/** Brings one of the actor's done to-dos back to pending (GitLab's todoRestore, the list's Undo). */
export async function restoreOwnTodo(
  db: Kysely<Database>,
  access: AccessContext,
  todoId: number,
  now: Date,
): Promise<TodoRow> {
  const todo = await findOwnTodo(db, access, todoId);
  const restored = await restoreTodo(db, todo.id, now);
  if (!restored) throw new NotFoundError('Todo');
  return restored;
}

/**
 * Marks done all the actor's pending to-dos they can see (GitLab's "Mark all as done"), or only
 * those on one item the caller has already found readable; answers those changed.
 */
export function markAllOwnTodosDone(
  db: Kysely<Database>,
  access: AccessContext,
  now: Date,
  target?: { type: TodoTargetType; id: number },
): Promise<TodoRow[]> {
  return markAllTodosDone(db, viewerOf(requireUser(access)), now, target);
}

/** The actor's pending to-do on an item, if any; never one for an anonymous visitor. */
export async function findPendingTodoOf(
  db: Executor,
  actor: Actor,
  target: { type: TodoTargetType; id: number },
): Promise<TodoRow | undefined> {
  return actor.user ? findPendingTodo(db, actor.user.id, target) : undefined;
}

/** The to-do count of the navigation badge: the actor's pending to-dos (0 when signed out). */
export function pendingTodoCount(db: Executor, actor: Actor): Promise<number> {
  return actor.user ? countTodosOfUser(db, viewerOf(actor.user), 'pending') : Promise.resolve(0);
}

export function doneTodoCount(db: Executor, actor: Actor): Promise<number> {
  return actor.user ? countTodosOfUser(db, viewerOf(actor.user), 'done') : Promise.resolve(0);
}

/** What the to-do list filters by (GitLab's `GET /todos` and `currentUser.todos` arguments). */
export type TodoFilter = Omit<TodoListFilter, 'user'>;

/** The actor's to-dos on targets they may still read, newest first; none for an anonymous visitor. */
export function listOwnTodos(
  db: Executor,
  actor: Actor,
  filter: TodoFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: TodoRow[]; total: number }> {
  if (!actor.user) return Promise.resolve({ rows: [], total: 0 });
  return listTodosOfUser(db, { ...filter, user: viewerOf(actor.user) }, page);
}
