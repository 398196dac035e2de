import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isGraphQLRequest } from '../requestPath.ts';
import type { RateCounter } from './rateCounter.ts';

/** One kind of caller's limit: off, or so many requests per window. */
export interface ApiRateLimit {
  readonly enabled: boolean;
  readonly max: number;
  readonly windowMs: number;
}

export interface ApiRateLimits {
  /** Per user (GitLab.com: 2,000 a minute). */
  readonly authenticated: ApiRateLimit;
  /** Per address without a user (GitLab.com: 500 a minute). */
  readonly unauthenticated: ApiRateLimit;
}

const API_PREFIXES = ['/api/', '/oauth/'];

/**
 * What a request counts for: each query of a GraphQL batch is a request of its own, so a batch of
 * ten spends ten (the hook runs after the body is parsed and the batch size capped).
 */
function requestWeight(request: FastifyRequest): number {
  const batch = isGraphQLRequest(request) && Array.isArray(request.body);
  return batch ? Math.max(1, (request.body as unknown[]).length) : 1;
}

/**
 * GitLab's API rate limits: per user when signed in, per address otherwise, over `/api` (REST and
 * GraphQL) and `/oauth`. Over the limit the answer is GitLab's `429 Retry later` with Retry-After.
 * Runs after authentication (it needs the user) and before any handler. When the counter's store
 * fails (Redis down), requests pass: the limits protect availability, they must not end it.
 */
export function registerApiRateLimit(
  app: FastifyInstance,
  counter: RateCounter,
  /** The limits in force, read per request: an administrator may change them at any time. */
  limits: () => Promise<ApiRateLimits>,
): void {
  let lastWarning = 0;
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!API_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    // A Geo secondary's requests are counted by none (GitLab's Rack::Attack skips Geo JWT requests):
    // its route answers an unsigned one 401 after one HMAC.
    if (request.url.startsWith('/api/v4/geo/') && request.headers.authorization?.startsWith('GL-Geo '))
      return;
    const user = request.actor?.user;
    const key = user ? `user:${user.id}` : `ip:${request.ip}`;
    const inForce = await limits();
    const { enabled, max, windowMs } = user ? inForce.authenticated : inForce.unauthenticated;
    if (!enabled) return;
    let window: Awaited<ReturnType<RateCounter['hit']>>;
    try {
      // The window's length is in the key: a changed period starts counting afresh.
      window = await counter.hit(`api:${windowMs}:${key}`, windowMs, requestWeight(request), max);
    } catch (error) {
      // Elapsed time, not the time of day: the monotonic clock.
      if (performance.now() - lastWarning > 60_000) {
        lastWarning = performance.now();
        request.log.warn({ err: error }, 'rate-limit store unavailable: requests are not counted');
      }
      return;
    }
    if (window.count <= max) return;
    return reply
      .code(429)
      .header('retry-after', String(Math.max(1, Math.ceil(window.resetInMs / 1000))))
      .header('ratelimit-limit', String(max))
      .header('ratelimit-remaining', '0')
      .type('text/plain; charset=utf-8')
      .send('Retry later');
  });
}
