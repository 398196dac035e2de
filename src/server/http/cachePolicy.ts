import type { FastifyInstance } from 'fastify';

/**
 * JSON answers carry what this viewer may read (private groups, confidential epics, to-dos), so no
 * cache, shared or the browser's own, may keep them: `no-store` unless a route chose a policy of its
 * own (the polled realtime_changes revalidates with its ETag). GitLab sends the same for its API.
 */
export function registerCachePolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (/^application\/(?:[\w.+-]+\+)?json/i.test(type) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
