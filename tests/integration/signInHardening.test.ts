import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe.each(BACKENDS)('sign-in does not reveal accounts and sweeps old sessions (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, env: { SIGN_IN_RATE_LIMIT: '100' } });
  });
  afterAll(() => server?.close());

  /** Milliseconds for one refused password grant. */
  const refusedGrantTime = async (username: string) => {
    const started = performance.now();
    const response = await new HttpClient(server.baseUrl).request('POST', '/oauth/token', {
      json: { grant_type: 'password', username, password: 'not the password' },
    });
    const elapsed = performance.now() - started;
    expect(response.status).toBe(400);
    return elapsed;
  };

  it('takes as long to refuse an unknown login as a wrong password for a real one', async () => {
    // The first refusal of an unknown login also makes the dummy hash; keep it out of the sample.
    await refusedGrantTime('nobody-warm-up');
    const unknown: number[] = [];
    const known: number[] = [];
    for (let round = 0; round < 7; round++) {
      unknown.push(await refusedGrantTime(`nobody-${round}`));
      known.push(await refusedGrantTime('developer'));
    }
    // Password hashing dominates a refusal that verifies; a lookup alone is many times faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('deletes an expired session row when someone signs in later', async () => {
    const earlier = new HttpClient(server.baseUrl);
    expect((await earlier.signIn('reporter', TEST_PASSWORD)).status).toBe(302);
    const expiredAt = new Date('2020-01-01T00:00:00Z');
    await server.db.updateTable('sessions').set({ expires_at: expiredAt }).execute();
    const expiredCount = async () =>
      (
        await server.db
          .selectFrom('sessions')
          .select('id_hash')
          .where('expires_at', '<=', expiredAt)
          .execute()
      ).length;
    expect(await expiredCount()).toBeGreaterThan(0);
    expect((await earlier.get('/api/v4/user')).status).toBe(401);

    const later = new HttpClient(server.baseUrl);
    expect((await later.signIn('guest', TEST_PASSWORD)).status).toBe(302);
    expect(await expiredCount()).toBe(0);
    expect((await later.get('/api/v4/user')).status).toBe(200);
  });
});
