import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { currentDatabaseClient } from '../db/databaseClients.ts';
import { registerDatabaseTurns } from './databaseTurns.ts';

describe('registerDatabaseTurns', () => {
  it('makes each request, body and all, one database client from validation to its answer', async () => {
    const app = Fastify();
    registerDatabaseTurns(app);
    const seen: (symbol | undefined)[][] = [];
    app.post('/work', async () => {
      const first = currentDatabaseClient();
      await new Promise((resolve) => setImmediate(resolve));
      const afterWaiting = await Promise.all([0, 1].map(async () => currentDatabaseClient()));
      seen.push([first, ...afterWaiting]);
      return {};
    });
    // Over a real socket, with a body large enough to arrive in several chunks.
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${base}/work`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ large: 'x'.repeat(1_000_000) }),
      });
      expect(answer.status).toBe(200);
    }
    const [one, two] = seen;
    expect(one?.[0]).toBeTypeOf('symbol');
    expect(new Set(one).size).toBe(1);
    expect(new Set(two).size).toBe(1);
    expect(two?.[0]).not.toBe(one?.[0]);
    expect(currentDatabaseClient()).toBeUndefined();
    await app.close();
  });
});
