import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCESS_TOKENS_PATH,
  ACTIVE_SESSIONS_JSON_PATH,
  ACTIVE_SESSIONS_PATH,
  LEGACY_SETTINGS_PATHS,
  PASSWORD_EDIT_PATH,
  PASSWORD_PATH,
  PREFERENCES_PATH,
  PROFILE_SETTINGS_PATH,
} from '../../../core/domain/settingsPaths.ts';
import {
  CLEAR_STATUS_AFTER,
  type ClearStatusAfter,
  COLOR_MODES,
  isWeekStartDay,
  PASSWORD_TEXT,
} from '../../../core/domain/userSettings.ts';
import { signInPath } from '../../../core/domain/webPaths.ts';
import type { PageMountInput } from '../../../core/pages/pageMount.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import type { UserRow } from '../../db/schema.ts';
import { listActiveSessions, revokeActiveSession } from '../../services/activeSessionService.ts';
import { UnauthorizedError } from '../../services/errors.ts';
import { createPersonalToken } from '../../services/personalAccessTokenService.ts';
import {
  changePassword,
  PREFERENCES_SAVED,
  PROFILE_UPDATED,
  updatePreferences,
  updateProfile,
} from '../../services/profileSettingsService.ts';
import { readUserStatus } from '../../services/userStatusService.ts';
import { optionalEnum, optionalList, optionalString, ParamError, type Params } from '../api/params.ts';
import { SESSION_COOKIE } from '../auth.ts';
import { formField } from '../authRoutes.ts';
import { setFlash } from './flash.ts';
import { type PageDeps, sendPage } from './pageRoutes.ts';

const CLEAR_AFTER_VALUES = Object.keys(CLEAR_STATUS_AFTER) as ClearStatusAfter[];

/** The `user` object of a JSON settings save (`{ user: { name, … } }`, as GitLab's forms send). */
function userParams(request: FastifyRequest): Params {
  const body = request.body && typeof request.body === 'object' ? (request.body as Params) : {};
  const user = body.user;
  if (!user || typeof user !== 'object' || Array.isArray(user)) throw new ParamError('user is missing');
  return user as Params;
}

function objectParam(params: Params, name: string): Params | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw new ParamError(`${name} is invalid`);
  return value as Params;
}

/**
 * GitLab's User settings, for the signed-in user only (anyone else is sent to sign in and back):
 *
 * GET  /-/user_settings/profile                  name and status; PUT it (JSON `{ user: { name,
 *      status: { emoji, message, availability, clear_status_after } } }`) → `{ message }`
 * GET  /-/profile/preferences                    colour mode and first day of the week; PUT it
 *      (JSON `{ user: { color_mode, first_day_of_week } }`) → `{ message }`
 * GET  /-/user_settings/password/edit            the password form, which POSTs to
 *      /-/user_settings/password (`user[password]`, `user[new_password]`, `user[password_confirmation]`)
 * GET  /-/user_settings/personal_access_tokens   the tokens page; POST it (JSON `{ personal_access_token:
 *      { name, expires_at, scopes } }`) → `{ token }`, or 422 `{ errors }`
 * GET  /-/user_settings/active_sessions          the sessions page; `.json` lists them; DELETE
 *      `/-/user_settings/active_sessions/:id` signs another browser out (204)
 * GET  /-/profile, /-/profile/password/edit, …    GitLab's older paths: 301 to the current ones
 */
export function registerProfilePages(
  app: FastifyInstance,
  deps: PageDeps,
  passwordRateLimit: { max: number; timeWindow: string },
): void {
  const { db, assets, now } = deps;

  /** The signed-in user, or a redirect to sign in and back (undefined: the reply is sent). */
  const signedIn = (request: FastifyRequest, reply: FastifyReply): UserRow | undefined => {
    const user = request.actor.user;
    if (!user) void reply.redirect(signInPath(request.url));
    return user ?? undefined;
  };
  const userOf = (request: FastifyRequest): UserRow => {
    const user = request.actor.user;
    if (!user) throw new UnauthorizedError();
    return user;
  };
  const page = (request: FastifyRequest, reply: FastifyReply, title: string, mount: PageMountInput) =>
    sendPage(request, reply, assets, { title: `${title} · User settings`, mount });

  for (const [legacy, current] of Object.entries(LEGACY_SETTINGS_PATHS)) {
    app.get(legacy, (_request, reply) => reply.redirect(current, 301));
  }

  app.get(PROFILE_SETTINGS_PATH, async (request, reply) => {
    const user = signedIn(request, reply);
    if (!user) return reply;
    const status = await readUserStatus(db, user.id, now());
    return page(request, reply, 'Edit Profile', {
      page: 'profile-settings',
      username: user.username,
      name: user.name,
      statusEmoji: status?.emoji ?? '',
      statusMessage: status?.message ?? '',
      statusBusy: status?.availability === 'busy',
      statusClearAt: status?.clearStatusAt ?? '',
    });
  });

  app.put(PROFILE_SETTINGS_PATH, async (request) => {
    const user = userOf(request);
    const params = userParams(request);
    const status = objectParam(params, 'status');
    await updateProfile(
      db,
      user,
      {
        name: optionalString(params, 'name', 1024),
        status: status && {
          emoji: optionalString(status, 'emoji', 128) ?? '',
          message: optionalString(status, 'message', 1024) ?? '',
          availability: optionalEnum(status, 'availability', ['not_set', 'busy'] as const) ?? 'not_set',
          clearStatusAfter: optionalEnum(status, 'clear_status_after', CLEAR_AFTER_VALUES) ?? null,
        },
      },
      now(),
    );
    return { message: PROFILE_UPDATED };
  });

  app.get(PREFERENCES_PATH, (request, reply) => {
    const user = signedIn(request, reply);
    if (!user) return reply;
    return page(request, reply, 'Preferences', {
      page: 'profile-preferences',
      colorMode:
        user.color_mode === 'light' || user.color_mode === 'dark' || user.color_mode === 'auto'
          ? user.color_mode
          : 'unset',
      firstDayOfWeek: user.first_day_of_week ?? '',
    });
  });

  app.put(PREFERENCES_PATH, async (request) => {
    const user = userOf(request);
    const params = userParams(request);
    const day = optionalString(params, 'first_day_of_week', 8);
    const firstDayOfWeek = day === undefined ? undefined : day === '' ? null : Number(day);
    if (firstDayOfWeek !== undefined && firstDayOfWeek !== null && !isWeekStartDay(firstDayOfWeek)) {
      throw new ParamError('first_day_of_week does not have a valid value');
    }
    await updatePreferences(db, user, {
      colorMode: optionalEnum(params, 'color_mode', COLOR_MODES),
      firstDayOfWeek,
    });
    return { message: PREFERENCES_SAVED };
  });

  app.get(PASSWORD_EDIT_PATH, (request, reply) => {
    if (!signedIn(request, reply)) return reply;
    return page(request, reply, 'Password', { page: 'profile-password', errors: '' });
  });

  app.post(PASSWORD_PATH, { config: { rateLimit: passwordRateLimit } }, async (request, reply) => {
    const user = signedIn(request, reply);
    if (!user) return reply;
    const problems = await changePassword(db, user, {
      current: formField(request.body, ['user', 'password']) ?? '',
      password: formField(request.body, ['user', 'new_password']) ?? '',
      confirmation: formField(request.body, ['user', 'password_confirmation']) ?? '',
    });
    if (problems.length > 0) {
      return page(request, reply, 'Password', { page: 'profile-password', errors: problems.join('\n') });
    }
    // Every session of the user ended with the change, this one too: sign in again.
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    setFlash(reply, PASSWORD_TEXT.updated);
    return reply.redirect(signInPath(), 303);
  });

  app.get(ACCESS_TOKENS_PATH, (request, reply) => {
    if (!signedIn(request, reply)) return reply;
    const query = request.query as Params;
    return page(request, reply, 'Personal access tokens', {
      page: 'profile-access-tokens',
      today: calendarDateOf(now()),
      prefillName: optionalString(query, 'name', 255) ?? '',
      prefillScopes: (optionalList(query, 'scopes') ?? []).join(','),
    });
  });

  app.post(ACCESS_TOKENS_PATH, async (request, reply) => {
    const body = request.body && typeof request.body === 'object' ? (request.body as Params) : {};
    const token = objectParam(body, 'personal_access_token') ?? {};
    const result = await createPersonalToken(
      db,
      request.actor,
      userOf(request).id,
      {
        name: optionalString(token, 'name', 1024) ?? '',
        scopes: optionalList(token, 'scopes') ?? [],
        expiresAt: optionalString(token, 'expires_at', 32) ?? '',
      },
      now(),
    );
    if (!result.ok) return reply.code(422).send({ errors: result.errors });
    return { token: result.token };
  });

  app.get(ACTIVE_SESSIONS_PATH, (request, reply) => {
    if (!signedIn(request, reply)) return reply;
    return page(request, reply, 'Active sessions', { page: 'profile-active-sessions' });
  });

  app.get(ACTIVE_SESSIONS_JSON_PATH, async (request) =>
    listActiveSessions(db, userOf(request).id, request.sessionId, now()),
  );

  app.delete(`${ACTIVE_SESSIONS_PATH}/:id`, async (request, reply) => {
    const user = userOf(request);
    const { id } = request.params as { id: string };
    if (!/^\d{1,10}$/.test(id)) throw new ParamError('id is invalid');
    await revokeActiveSession(db, user.id, Number(id), request.sessionId, now());
    return reply.code(204).send();
  });
}
