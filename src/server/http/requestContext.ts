import type { FastifyRequest } from 'fastify';
import type { AccessContext } from '../services/access.ts';
import type { Actor } from '../services/actor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
    access: AccessContext;
    /** The CSRF token the browser must echo on state-changing requests (session's, or the anonymous cookie's). */
    csrfToken: string;
    /** Raw session id from the cookie, when a live session was found. */
    sessionId: string | null;
  }
}

export type { FastifyRequest };
