import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CLEAR_STATUS_AFTER,
  type ClearStatusAfter,
  type UserStatus,
} from '../../../core/domain/userSettings.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { NotFoundError, UnauthorizedError } from '../../services/errors.ts';
import { renderTitleHtml } from '../../services/markdown/markdownRenderer.ts';
import { findVisibleUser, findVisibleUserByUsername } from '../../services/userDirectoryService.ts';
import { readUserStatus, type StatusInput, setUserStatus } from '../../services/userStatusService.ts';
import { bodyParams, optionalEnum, optionalString, type Params } from './params.ts';

const CLEAR_AFTER_VALUES = Object.keys(CLEAR_STATUS_AFTER) as ClearStatusAfter[];

/** GitLab's UserStatus entity; every field null for a user without a status. */
export function userStatusJson(status: UserStatus | null) {
  return {
    emoji: status?.emoji ?? null,
    availability: status?.availability ?? null,
    message: status?.message ?? null,
    message_html: status ? renderTitleHtml(status.message) : null,
    clear_status_at: status?.clearStatusAt ?? null,
  };
}

function statusInput(params: Params): StatusInput {
  return {
    emoji: optionalString(params, 'emoji', 128),
    message: optionalString(params, 'message', 1024),
    availability: optionalEnum(params, 'availability', ['not_set', 'busy'] as const),
    clearStatusAfter: optionalEnum(params, 'clear_status_after', CLEAR_AFTER_VALUES),
  };
}

/**
 * GitLab's user status API:
 *
 * GET   /api/v4/user/status              the caller's status (`read_user` is enough)
 * PUT   /api/v4/user/status              sets it: `emoji`, `message`, `availability` (busy|not_set),
 *       `clear_status_after` (30_minutes … 30_days); absent fields are emptied, and with no emoji,
 *       message nor 'Busy' the status is cleared
 * PATCH /api/v4/user/status              the same, changing only the fields given
 * GET   /api/v4/users/:id_or_username/status   anyone's, for anyone who may see the user
 */
export function registerUserStatusRoutes(app: FastifyInstance, { db, now }: ServerDeps): void {
  const currentUserId = (request: FastifyRequest): number => {
    const user = request.actor.user;
    if (!user) throw new UnauthorizedError();
    return user.id;
  };

  app.get('/api/v4/user/status', async (request) =>
    userStatusJson(await readUserStatus(db, currentUserId(request), now())),
  );

  for (const [method, mode] of [
    ['PUT', 'replace'],
    ['PATCH', 'merge'],
  ] as const) {
    app.route({
      method,
      url: '/api/v4/user/status',
      handler: async (request) => {
        const status = await setUserStatus(
          db,
          currentUserId(request),
          statusInput(bodyParams(request)),
          mode,
          now(),
        );
        return userStatusJson(status);
      },
    });
  }

  app.get('/api/v4/users/:id/status', async (request) => {
    const { id } = request.params as { id: string };
    const user = /^\d{1,10}$/.test(id)
      ? await findVisibleUser(db, request.access, Number(id))
      : await findVisibleUserByUsername(db, request.access, id);
    if (!user) throw new NotFoundError('User');
    return userStatusJson(await readUserStatus(db, user.id, now()));
  });
}
