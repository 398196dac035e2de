import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const EPIC_TITLE = `query($iid: ID) { group(fullPath: "workshop") { epic(iid: $iid) { title } } }`;

/**
 * README: "any number of app servers can run behind a load balancer against one PostgreSQL". Two
 * app servers on one database and one Redis: limits count across both, sessions and writes are
 * seen by both at once.
 */
describe.runIf(BACKENDS.includes('postgres'))('two app servers on one PostgreSQL', () => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    const env = {
      REDIS_URL,
      // A key space of this run's own, so that runs and suites never share counters.
      REDIS_KEY_PREFIX: `plantrack-test:${randomUUID()}:`,
      API_RATE_LIMIT_UNAUTHENTICATED: '6',
    };
    first = await startTestServer({ backend: 'postgres', env });
    second = await startTestServer({ backend: 'postgres', env, databaseUrl: first.databaseUrl! });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('counts one rate limit across both servers', async () => {
    const viaFirst = new HttpClient(first.baseUrl);
    const viaSecond = new HttpClient(second.baseUrl);
    for (let i = 0; i < 3; i++) {
      expect((await viaFirst.get('/api/v4/groups/acme')).status).toBe(200);
      expect((await viaSecond.get('/api/v4/groups/acme')).status).toBe(200);
    }
    expect((await viaFirst.get('/api/v4/groups/acme')).status).toBe(429);
    expect((await viaSecond.get('/api/v4/groups/acme')).status).toBe(429);
  });

  it('accepts on one server a session made on the other', async () => {
    const browser = new HttpClient(first.baseUrl);
    const signedIn = await browser.signIn('owner', TEST_PASSWORD);
    expect(signedIn.status).toBe(302);
    const session = browser.cookie('_gitlab_session');
    expect(session).toBeDefined();
    const elsewhere = new HttpClient(second.baseUrl, { cookie: `_gitlab_session=${session}` });
    const user = await elsewhere.json<{ username: string }>('/api/v4/user');
    expect(user.status).toBe(200);
    expect(user.body.username).toBe('owner');
  });

  it('shows a write through one server at once through the other, past its response cache', async () => {
    const writer = HttpClient.withToken(first.baseUrl, await first.tokenFor('owner'));
    const reader = HttpClient.withToken(second.baseUrl, await second.tokenFor('owner'));
    const created = await writer.request('POST', '/api/v4/groups/workshop/epics', {
      json: { title: 'Shared' },
    });
    const { iid } = (await created.json()) as { iid: number };
    const title = async () =>
      (await reader.graphql<{ group: { epic: { title: string } } }>(EPIC_TITLE, { iid: String(iid) })).body
        .data?.group.epic.title;
    const before = await title();
    expect(before).toBe('Shared');
    expect(await title()).toBe(before); // now answered from the second server's cache
    const renamed = `Renamed through the first server ${randomUUID()}`;
    const update = await writer.request('PUT', `/api/v4/groups/workshop/epics/${iid}`, {
      json: { title: renamed },
    });
    expect(update.status).toBe(200);
    expect(await title()).toBe(renamed);
  });
});
