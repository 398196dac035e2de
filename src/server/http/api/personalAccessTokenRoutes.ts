import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokenMaxExpiry } from '../../../core/domain/userSettings.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { NotFoundError, UnauthorizedError } from '../../services/errors.ts';
import {
  createTokenForUser,
  expiryDay,
  expiryInstant,
  issueK8sProxyToken,
  isTokenActive,
  listTokensFor,
  readPersonalToken,
  revokePersonalToken,
  type TokenRow,
} from '../../services/personalAccessTokenService.ts';
import { setPaginationHeaders } from './pagination.ts';
import {
  bodyParams,
  offsetPage,
  optionalBoolean,
  optionalCalendarDate,
  optionalEnum,
  optionalInteger,
  optionalList,
  optionalString,
  ParamError,
  type Params,
  requiredString,
} from './params.ts';

/** GitLab's PersonalAccessToken entity. */
export function personalAccessTokenJson(row: TokenRow, now: Date) {
  return {
    id: row.id,
    name: row.name,
    revoked: row.revoked,
    created_at: row.created_at.toISOString(),
    description: null,
    scopes: row.scopes,
    user_id: row.user_id,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    active: isTokenActive(row, now),
    expires_at: expiryDay(row.expires_at),
  };
}

const idParam = (request: FastifyRequest): number => {
  const { id } = request.params as { id: string };
  if (!/^\d{1,10}$/.test(id)) throw new ParamError('id is invalid');
  return Number(id);
};

/** The token a request came with, when it is a personal access token (GitLab's `/self` routes). */
function selfTokenId(request: FastifyRequest): number | null {
  const token = request.actor.token;
  if (!request.actor.user) throw new UnauthorizedError();
  return token?.kind === 'personal' ? token.id : null;
}

const NOT_A_PERSONAL_TOKEN = {
  message: '400 Bad request - This endpoint requires token type to be a personal access token',
};

/**
 * GitLab's personal access tokens API:
 *
 * GET    /api/v4/personal_access_tokens        the caller's tokens (an administrator: `user_id`'s), with
 *        `state` (active|inactive), `revoked`, `search` and pagination headers
 * GET    /api/v4/personal_access_tokens/self   the token the request came with (any scope)
 * GET    /api/v4/personal_access_tokens/:id    one of the caller's tokens (an administrator: anyone's)
 * DELETE /api/v4/personal_access_tokens/self   revokes the token the request came with (any scope)
 * DELETE /api/v4/personal_access_tokens/:id    revokes one: 204, 400 when not the caller's
 * POST   /api/v4/user/personal_access_tokens   GitLab's limited self-service token: scope k8s_proxy only
 * POST   /api/v4/users/:user_id/personal_access_tokens   administrators, for any user
 */
export function registerPersonalAccessTokenRoutes(
  app: FastifyInstance,
  { db, config, now }: ServerDeps,
): void {
  app.get('/api/v4/personal_access_tokens', async (request, reply) => {
    const query = request.query as Params;
    const page = offsetPage(query);
    const at = now();
    const { rows, total } = await listTokensFor(
      db,
      request.actor,
      {
        userId: optionalInteger(query, 'user_id', 1),
        state: optionalEnum(query, 'state', ['active', 'inactive'] as const),
        revoked: optionalBoolean(query, 'revoked'),
        search: optionalString(query, 'search', 255),
      },
      at,
      { offset: page.offset, limit: page.perPage },
    );
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    return rows.map((row) => personalAccessTokenJson(row, at));
  });

  app.get('/api/v4/personal_access_tokens/self', async (request, reply) => {
    const id = selfTokenId(request);
    if (id === null) return reply.code(400).send(NOT_A_PERSONAL_TOKEN);
    const row = await readPersonalToken(db, id);
    if (!row) throw new NotFoundError('PersonalAccessToken');
    return personalAccessTokenJson(row, now());
  });

  app.delete('/api/v4/personal_access_tokens/self', async (request, reply) => {
    const id = selfTokenId(request);
    if (id === null) return reply.code(400).send(NOT_A_PERSONAL_TOKEN);
    await revokePersonalToken(db, request.actor, id);
    return reply.code(204).send();
  });

  app.get('/api/v4/personal_access_tokens/:id', async (request) => {
    const user = request.actor.user;
    if (!user) throw new UnauthorizedError();
    const row = await readPersonalToken(db, idParam(request));
    if (!row || (row.user_id !== user.id && !user.is_admin)) throw new NotFoundError('PersonalAccessToken');
    return personalAccessTokenJson(row, now());
  });

  app.delete('/api/v4/personal_access_tokens/:id', async (request, reply) => {
    const result = await revokePersonalToken(db, request.actor, idParam(request));
    if (result === 'not_permitted') return reply.code(400).send({ message: '400 Bad request' });
    return reply.code(204).send();
  });

  app.post('/api/v4/user/personal_access_tokens', async (request, reply) => {
    const user = request.actor.user;
    if (!user) throw new UnauthorizedError();
    const params = bodyParams(request);
    const name = requiredString(params, 'name', 255);
    const scopes = optionalList(params, 'scopes') ?? [];
    if (scopes.length === 0) throw new ParamError('scopes is missing');
    // GitLab allows this route the k8s_proxy scope only, so a token cannot mint a stronger one.
    if (scopes.some((scope) => scope !== 'k8s_proxy'))
      throw new ParamError('scopes does not have a valid value');
    const today = calendarDateOf(now());
    const day = optionalCalendarDate(params, 'expires_at');
    if (day !== undefined && (day <= today || day > tokenMaxExpiry(today))) {
      return reply.code(400).send({ message: { expires_at: [`must be before ${tokenMaxExpiry(today)}`] } });
    }
    // By default it lasts the rest of the day it was made on.
    const expiresAt = day ? expiryInstant(day) : new Date(`${today}T23:59:59.999Z`);
    const issued = await issueK8sProxyToken(db, user.id, name.trim(), expiresAt);
    return reply.code(201).send({ ...personalAccessTokenJson(issued.row, now()), token: issued.token });
  });

  app.post('/api/v4/users/:id/personal_access_tokens', async (request, reply) => {
    const params = bodyParams(request);
    const result = await createTokenForUser(
      db,
      request.actor,
      idParam(request),
      {
        name: requiredString(params, 'name', 255),
        scopes: optionalList(params, 'scopes') ?? [],
        expiresAt: optionalString(params, 'expires_at', 32) ?? '',
      },
      now(),
    );
    if (!result.ok) return reply.code(400).send({ message: result.errors.join(', ') });
    return reply.code(201).send({ ...personalAccessTokenJson(result.row, now()), token: result.token });
  });
}
