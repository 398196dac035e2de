import type { FastifyInstance } from 'fastify';
import {
  TODO_ACTION_NAMES,
  TODO_TARGET_TYPES,
  type TodoActionName,
  todoActionOfName,
} from '../../../core/domain/todos.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { requireSignedIn } from '../../services/links/linkViews.ts';
import {
  listOwnTodos,
  markAllOwnTodosDone,
  markOwnTodoDone,
  type TodoFilter,
  type TodoTargetType,
} from '../../services/todoService.ts';
import { setPaginationHeaders } from './pagination.ts';
import { offsetPage, optionalEnum, optionalInteger, ParamError, type Params } from './params.ts';
import { presentTodos } from './todoJson.ts';

const ACTIONS = Object.values(TODO_ACTION_NAMES) as TodoActionName[];
/** The target types this app stores to-dos on; GitLab's other `type` values match nothing. */
const STORED_TYPES: readonly string[] = ['Issue', 'Epic', 'MergeRequest'] satisfies TodoTargetType[];

/** A single-valued filter as the service's list: undefined is "any", [] matches nothing. */
const listOf = <T>(value: T | undefined): T[] | undefined => (value === undefined ? undefined : [value]);

/** GitLab's `GET /todos` filters (doc/api/todos.md); a bad value is a 400 naming the parameter. */
function todoFilter(query: Params): TodoFilter {
  const action = optionalEnum(query, 'action', ACTIONS);
  const type = optionalEnum(query, 'type', TODO_TARGET_TYPES);
  return {
    // With no state the list is the pending one (GitLab's default).
    state: optionalEnum(query, 'state', ['pending', 'done'] as const) ?? 'pending',
    actions: listOf(action === undefined ? undefined : todoActionOfName(action)),
    authorIds: listOf(optionalInteger(query, 'author_id', 0)),
    projectIds: listOf(optionalInteger(query, 'project_id', 0)),
    groupIds: listOf(optionalInteger(query, 'group_id', 0)),
    types: type === undefined ? undefined : STORED_TYPES.includes(type) ? [type as TodoTargetType] : [],
  };
}

/** The to-do id of the path: GitLab's `requires :id, type: Integer`. */
function todoIdOf(params: unknown): number {
  const id = optionalInteger(params as Params, 'id', 1);
  if (id === undefined) throw new ParamError('id is missing');
  return id;
}

/**
 * GitLab's to-do REST API, for the signed-in caller's own to-dos (401 anonymous):
 *
 * GET  /todos                    the caller's to-dos on items they may still read, newest first,
 *                                pending unless `state` says done; offset-paged with GitLab's headers.
 * POST /todos/:id/mark_as_done   that to-do, now done; 404 for someone else's or a hidden one.
 * POST /todos/mark_as_done       every pending to-do done; 204.
 */
export function registerTodoApiRoutes(app: FastifyInstance, { db, config, now }: ServerDeps): void {
  app.get('/api/v4/todos', async (request, reply) => {
    requireSignedIn(request.access);
    const query = request.query as Params;
    const page = offsetPage(query);
    const filter = todoFilter(query);
    const { rows, total } = await listOwnTodos(db, request.actor, filter, {
      offset: page.offset,
      limit: page.perPage,
    });
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    return presentTodos(db, rows, { access: request.access, externalUrl: config.externalUrl, now: now() });
  });

  app.post('/api/v4/todos/:id/mark_as_done', async (request, reply) => {
    requireSignedIn(request.access);
    const todo = await markOwnTodoDone(db, request.access, todoIdOf(request.params), now());
    const [json] = await presentTodos(db, [todo], {
      access: request.access,
      externalUrl: config.externalUrl,
      now: now(),
    });
    if (!json) throw new Error(`todo ${todo.id} was not presented`);
    return reply.code(201).send(json);
  });

  app.post('/api/v4/todos/mark_as_done', async (request, reply) => {
    requireSignedIn(request.access);
    await markAllOwnTodosDone(db, request.access, now());
    return reply.code(204).send();
  });
}
