import type { FastifyInstance, FastifyReply } from 'fastify';
import { todoDonePath } from '../../core/domain/webPaths.ts';
import type { ServerDeps } from '../serverDeps.ts';
import { findReadableEpic } from '../services/epics/epicQueries.ts';
import { NotFoundError, UnauthorizedError } from '../services/errors.ts';
import { findReadableGroupOrNull } from '../services/groupService.ts';
import { addEpicTodo, doneTodoCount, markOwnTodoDone, pendingTodoCount } from '../services/todoService.ts';
import { optionalInteger, optionalString, ParamError, type Params } from './api/params.ts';
import { groupPathOf, groupScopedPatterns } from './groupScopedRoutes.ts';

/** GitLab's body for something missing or hidden from the caller (the two look the same). */
const notFound = (reply: FastifyReply) => reply.code(404).send({ message: '404 Not Found' });

/**
 * The to-do toggle of the epic sidebar, at GitLab's page endpoints (not API v4): add with
 * `POST /groups/:group/-/todos` (`issuable_id`, `issuable_type=epic`) → `{ count, delete_path }`, mark
 * done with `DELETE /dashboard/todos/:id` → `{ count, done_count }`. `count` is the caller's pending
 * to-dos, for the navigation badge. Session callers need the CSRF token (http/auth.ts).
 */
export function registerTodoRoutes(app: FastifyInstance, { db, now }: ServerDeps): void {
  for (const pattern of groupScopedPatterns('todos')) {
    app.post(pattern, async (request, reply) => {
      if (!request.actor.user) throw new UnauthorizedError();
      const body = { ...(request.query as Params), ...((request.body ?? {}) as Params) };
      const issuableId = optionalInteger(body, 'issuable_id', 1);
      if (issuableId === undefined) throw new ParamError('issuable_id is missing');
      const issuableType = optionalString(body, 'issuable_type', 32);
      const group = await findReadableGroupOrNull(db, request.access, groupPathOf(request.params));
      // Epics are the only items with a group-level to-do endpoint.
      if (!group || issuableType !== 'epic') return notFound(reply);
      try {
        const found = await findReadableEpic(db, request.access, { id: issuableId });
        // GitLab looks the epic up among this group's own epics.
        if (found.epic.group_id !== group.id) return notFound(reply);
        const { todo } = await addEpicTodo(db, request.access, group, found.epic, now());
        return { count: await pendingTodoCount(db, request.actor), delete_path: todoDonePath(todo.id) };
      } catch (error) {
        if (error instanceof NotFoundError) return notFound(reply);
        throw error;
      }
    });
  }

  app.delete('/dashboard/todos/:id', async (request, reply) => {
    if (!request.actor.user) throw new UnauthorizedError();
    const id = (request.params as { id: string }).id;
    if (!/^\d{1,15}$/.test(id)) return notFound(reply);
    try {
      await markOwnTodoDone(db, request.access, Number(id), now());
    } catch (error) {
      if (error instanceof NotFoundError) return notFound(reply);
      throw error;
    }
    const [count, doneCount] = await Promise.all([
      pendingTodoCount(db, request.actor),
      doneTodoCount(db, request.actor),
    ]);
    return { count, done_count: doneCount };
  });
}
