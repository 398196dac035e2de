import '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.ts';
import type { ServerDeps } from '../serverDeps.ts';
import { AccessContext } from '../services/access.ts';
import { type Actor, ANONYMOUS, mayReadApi, mayReadUser, mayWrite, sessionActor } from '../services/actor.ts';
import { actorFromToken, resumeSession, startSession } from '../services/auth/authService.ts';
import { randomSecret, safeEqual } from '../services/auth/secrets.ts';
import './requestContext.ts';
import { isGraphQLRequest, requestPath } from './requestPath.ts';

/** GitLab's cookie names. */
export const SESSION_COOKIE = '_gitlab_session';
export const ANONYMOUS_CSRF_COOKIE = '_csrf_token';

/**
 * Signs the browser in as `user`: a new session, as long as the instance's session_expire_delay
 * (minutes) says, and its cookie.
 */
export async function startBrowserSession(
  request: FastifyRequest,
  reply: FastifyReply,
  { db, now, settings, config }: Pick<ServerDeps, 'db' | 'now' | 'settings' | 'config'>,
  user: UserRow,
): Promise<void> {
  const client = { userAgent: request.headers['user-agent'] ?? '', ipAddress: request.ip };
  const lifetimeMs = (await settings.current()).session_expire_delay * 60_000;
  const session = await startSession(db, user, now(), client, lifetimeMs);
  setSessionCookie(reply, session, config.externalUrl);
}

/** Signs the browser in: the session's cookie, for as long as the session lives. */
export function setSessionCookie(
  reply: FastifyReply,
  session: { readonly sessionId: string; readonly expiresAt: Date },
  externalUrl: string,
): void {
  reply.setCookie(SESSION_COOKIE, session.sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: externalUrl.startsWith('https:'),
    expires: session.expiresAt,
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function bearerToken(request: FastifyRequest): string | undefined {
  const privateToken = request.headers['private-token'];
  if (typeof privateToken === 'string' && privateToken) return privateToken;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim();
  const query = request.query as Record<string, unknown> | undefined;
  for (const name of ['private_token', 'access_token']) {
    const value = query?.[name];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

export class InvalidTokenError extends Error {}

/** A token used beyond its scopes (GitLab answers 403 insufficient_scope, naming the scopes needed). */
export class InsufficientScopeError extends Error {
  constructor(readonly scope: string) {
    super('insufficient_scope');
  }
}

/**
 * The user endpoints, which a `read_user` token may read: the caller and their status, the users
 * directory and a user's status.
 */
const USER_ENDPOINTS = /^\/api\/v4\/(?:user(?:\/status)?|users(?:\/\d+)?|users\/[^/]+\/status)$/;

/** What any token may do with itself, whatever its scopes (GitLab allows every scope there). */
const TOKEN_SELF_ENDPOINT = '/api/v4/personal_access_tokens/self';

/** The scopes a token needs for this request, or undefined when its scopes are enough. */
function missingScope(actor: Actor, request: FastifyRequest): string | undefined {
  const path = requestPath(request);
  if (path === TOKEN_SELF_ENDPOINT) return undefined;
  // GraphQL queries arrive by POST too; its mutations check the write rule in their resolvers.
  if (!SAFE_METHODS.has(request.method) && !isGraphQLRequest(request)) {
    return mayWrite(actor) ? undefined : 'api';
  }
  if (USER_ENDPOINTS.test(path)) return mayReadUser(actor) ? undefined : 'api read_api read_user';
  return mayReadApi(actor) ? undefined : 'api read_api';
}

/**
 * Works out who is calling on every request: a token (API clients, no CSRF), a session cookie
 * (browser, CSRF enforced on state changes) or nobody.
 */
export function registerAuthentication(
  app: FastifyInstance,
  db: Kysely<Database>,
  now: () => Date,
  /**
   * Paths where a token this database does not know is left for the route to check elsewhere (a Geo
   * secondary asks its primary about administrators' tokens) instead of being refused here.
   */
  tokensCheckedElsewhere?: (path: string) => boolean,
): void {
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('access', null as unknown as AccessContext);
  app.decorateRequest('csrfToken', '');
  app.decorateRequest('sessionId', null);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    let actor: Actor = ANONYMOUS;
    if (token !== undefined) {
      const tokenActor = await actorFromToken(db, token, now());
      if (!tokenActor && tokensCheckedElsewhere?.(requestPath(request))) {
        request.actor = ANONYMOUS;
        request.access = new AccessContext(db, ANONYMOUS, now);
        return;
      }
      if (!tokenActor) throw new InvalidTokenError('Invalid token');
      const scope = missingScope(tokenActor, request);
      if (scope !== undefined) throw new InsufficientScopeError(scope);
      actor = tokenActor;
    } else {
      const sessionId = request.cookies[SESSION_COOKIE];
      const session = sessionId ? await resumeSession(db, sessionId, now()) : undefined;
      if (session && sessionId) {
        actor = sessionActor(session.user, session.snapshot);
        request.csrfToken = session.csrfToken;
        request.sessionId = sessionId;
      } else {
        request.csrfToken = request.cookies[ANONYMOUS_CSRF_COOKIE] ?? '';
        if (!request.csrfToken && SAFE_METHODS.has(request.method)) {
          request.csrfToken = randomSecret();
          reply.setCookie(ANONYMOUS_CSRF_COOKIE, request.csrfToken, {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
          });
        }
      }
      // Browser sessions and HTML forms must prove they come from our pages; anonymous API clients
      // carry no ambient credentials, so there is nothing to forge.
      const needsCsrf = request.sessionId !== null || !isApiPath(request.url);
      if (needsCsrf && !SAFE_METHODS.has(request.method) && !csrfTokenMatches(request)) throw new CsrfError();
    }
    request.actor = actor;
    request.access = new AccessContext(db, actor, now);
  });
}

function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/oauth/');
}

export class CsrfError extends Error {
  constructor() {
    super("Can't verify CSRF token authenticity.");
  }
}

function csrfTokenMatches(request: FastifyRequest): boolean {
  const expected = request.csrfToken;
  if (!expected) return false;
  const header = request.headers['x-csrf-token'];
  const body = request.body as Record<string, unknown> | undefined;
  const field = body && typeof body === 'object' ? body.authenticity_token : undefined;
  const presented = typeof header === 'string' ? header : typeof field === 'string' ? field : '';
  return presented.length > 0 && safeEqual(presented, expected);
}
