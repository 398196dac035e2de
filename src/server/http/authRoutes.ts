import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGN_UP_TEXTS } from '../../core/domain/signUpRules.ts';
import { REGISTRATIONS_PATH, SIGN_UP_PATH } from '../../core/domain/webPaths.ts';
import type { ServerDeps } from '../serverDeps.ts';
import {
  authenticate,
  createOAuthToken,
  endSession,
  OAUTH_TOKEN_TTL_SECONDS,
} from '../services/auth/authService.ts';
import { register, signUpEnabled } from '../services/auth/registrationService.ts';
import { NotFoundError, UnauthorizedError, ValidationError } from '../services/errors.ts';
import { currentUserJson } from './api/presenters.ts';
import { SESSION_COOKIE, startBrowserSession } from './auth.ts';
import type { ClientAssets } from './pages/clientAssets.ts';
import { setFlash } from './pages/flash.ts';
import { sendNotFoundPage, sendPage } from './pages/pageRoutes.ts';
import { safeRedirectPath } from './redirectPath.ts';

/** GitLab's (Devise's) texts. */
export const SIGN_IN_MESSAGES = {
  invalid: 'Invalid login or password.',
  signedIn: 'Signed in successfully.',
  signedOut: 'Signed out successfully.',
} as const;

/** A field of a Rails-style form (`user[login]`), flat or nested as the body parser left it. */
export function formField(body: unknown, nestedKey: [string, string]): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const flat = record[`${nestedKey[0]}[${nestedKey[1]}]`];
  const nested = record[nestedKey[0]];
  const value =
    flat ??
    (nested && typeof nested === 'object' ? (nested as Record<string, unknown>)[nestedKey[1]] : undefined);
  return typeof value === 'string' ? value : undefined;
}

export function registerAuthRoutes(
  app: FastifyInstance,
  { db, config, now, settings }: ServerDeps,
  assets: ClientAssets,
  signInRateLimit: { max: number; timeWindow: string },
): void {
  const renderSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    error?: string,
    login?: string,
  ) => {
    const query = request.query as Record<string, unknown>;
    const body = (request.body ?? {}) as Record<string, unknown>;
    return sendPage(request, reply, assets, {
      title: 'Sign in',
      mount: {
        page: 'sign-in',
        error,
        login,
        redirectTo: safeRedirectPath(body.redirect_to ?? query.redirect_to),
        signUpPath: (await signUpEnabled(settings)) ? SIGN_UP_PATH : '',
      },
    });
  };

  const renderSignUp = (
    request: FastifyRequest,
    reply: FastifyReply,
    typed: { name: string; username: string; email: string } = { name: '', username: '', email: '' },
    errors?: Readonly<Record<string, readonly string[]>>,
  ) =>
    sendPage(request, reply, assets, {
      title: SIGN_UP_TEXTS.register,
      mount: { page: 'sign-up', ...typed, errors: errors ? JSON.stringify(errors) : '' },
      status: errors ? 422 : 200,
    });

  // GitLab's registration: the page and its form while sign-up is enabled, a 404 page otherwise.
  app.get(SIGN_UP_PATH, async (request, reply) => {
    if (request.actor.user) return reply.redirect('/');
    if (!(await signUpEnabled(settings))) return sendNotFoundPage(request, reply, assets);
    return renderSignUp(request, reply);
  });

  app.post(REGISTRATIONS_PATH, { config: { rateLimit: signInRateLimit } }, async (request, reply) => {
    const field = (name: string) => (formField(request.body, ['user', name]) ?? '').slice(0, 1000);
    const input = {
      name: field('name'),
      username: field('username'),
      email: field('email'),
      password: field('password'),
    };
    try {
      const user = await register(db, settings, input, now());
      await startBrowserSession(request, reply, { db, now, settings, config }, user);
      setFlash(reply, SIGN_UP_TEXTS.welcome);
      return reply.redirect('/', 302);
    } catch (error) {
      if (error instanceof ValidationError) {
        const typed = {
          name: input.name.slice(0, 255),
          username: input.username.slice(0, 255),
          email: input.email.slice(0, 255),
        };
        return renderSignUp(request, reply, typed, error.fieldErrors);
      }
      if (error instanceof NotFoundError) return sendNotFoundPage(request, reply, assets);
      throw error;
    }
  });

  app.get('/users/sign_in', (request, reply) => {
    if (request.actor.user)
      return reply.redirect(safeRedirectPath((request.query as Record<string, unknown>).redirect_to));
    return renderSignIn(request, reply);
  });

  app.post('/users/sign_in', { config: { rateLimit: signInRateLimit } }, async (request, reply) => {
    const login = formField(request.body, ['user', 'login']) ?? '';
    const password = formField(request.body, ['user', 'password']) ?? '';
    const user = login && password ? await authenticate(db, login, password) : undefined;
    if (!user) return renderSignIn(request, reply, SIGN_IN_MESSAGES.invalid, login.slice(0, 255));
    // The browser's earlier session (another user's, or the same user's) ends here: the cookie
    // is replaced, and a copy of it elsewhere must not stay signed in for its remaining days.
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await endSession(db, previous);
    await startBrowserSession(request, reply, { db, now, settings, config }, user);
    setFlash(reply, SIGN_IN_MESSAGES.signedIn);
    return reply.redirect(safeRedirectPath((request.body as Record<string, unknown>).redirect_to), 302);
  });

  app.post('/users/sign_out', async (request, reply) => {
    if (request.sessionId) await endSession(db, request.sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    setFlash(reply, SIGN_IN_MESSAGES.signedOut);
    return reply.redirect('/', 302);
  });

  // OAuth 2 resource owner password grant, as GitLab's Doorkeeper answers it.
  app.post('/oauth/token', { config: { rateLimit: signInRateLimit } }, async (request, reply) => {
    const body = {
      ...(request.query as Record<string, unknown>),
      ...((request.body ?? {}) as Record<string, unknown>),
    };
    if (body.grant_type !== 'password') {
      return reply.code(400).send({
        error: 'unsupported_grant_type',
        error_description: 'The authorization grant type is not supported by the authorization server.',
      });
    }
    const user =
      typeof body.username === 'string' && typeof body.password === 'string'
        ? await authenticate(db, body.username, body.password)
        : undefined;
    if (!user) {
      return reply.code(400).send({
        error: 'invalid_grant',
        error_description:
          'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
      });
    }
    const issuedAt = now();
    const token = await createOAuthToken(db, user, issuedAt);
    return {
      access_token: token,
      token_type: 'Bearer',
      expires_in: OAUTH_TOKEN_TTL_SECONDS,
      scope: 'api',
      created_at: Math.floor(issuedAt.getTime() / 1000),
    };
  });

  app.get('/api/v4/user', async (request) => {
    if (!request.actor.user) throw new UnauthorizedError();
    return currentUserJson(request.actor.user, config.externalUrl);
  });
}
