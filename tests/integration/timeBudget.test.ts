import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

/**
 * Issue 13: "a per-request time budget on the server (statement timeout on PostgreSQL, an abort on
 * PGlite's queue) so that no single request can hold the database for seconds".
 */
describe.each(BACKENDS)(
  'a request that cannot get its database time in budget gets a 503 (%s)',
  (backend) => {
    let server: TestServer;
    let client: HttpClient;

    beforeAll(async () => {
      server = await startTestServer({ backend, env: { DB_STATEMENT_TIMEOUT_MS: '300' } });
      client = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    });
    afterAll(() => server?.close());

    /** Holds the database (PGlite's session, or PostgreSQL's epics table) until the returned function is called. */
    async function holdDatabase(): Promise<() => Promise<void>> {
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started!: () => void;
      const holding = new Promise<void>((resolve) => {
        started = resolve;
      });
      const transaction = server.db.transaction().execute(async (trx) => {
        if (backend === 'postgres') await sql`LOCK TABLE epics IN ACCESS EXCLUSIVE MODE`.execute(trx);
        started();
        await released;
      });
      await holding;
      return async () => {
        release();
        await transaction;
      };
    }

    it('answers REST and GraphQL with 503 and Retry-After, without SQL, instead of waiting', async () => {
      const release = await holdDatabase();
      try {
        const rest = await client.get('/api/v4/groups/acme/epics');
        expect(rest.status).toBe(503);
        expect(rest.headers.get('retry-after')).toBe('1');
        expect(await rest.json()).toEqual({ message: '503 Service Unavailable' });
        const graphql = await client.graphql(
          '{ group(fullPath: "acme") { epics(first: 5) { nodes { iid } } } }',
        );
        expect(graphql.status).toBe(503);
        expect(graphql.body).toEqual({
          data: null,
          errors: [{ message: 'The server is busy; try again shortly' }],
        });
      } finally {
        await release();
      }
      const after = await client.get('/api/v4/groups/acme/epics');
      expect(after.status).toBe(200);
    });
  },
);
