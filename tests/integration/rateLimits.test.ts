import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

/**
 * Issue 13: "rate limits per user and per address on the API (GitLab's defaults: authenticated and
 * unauthenticated API limits per minute, configurable), answered 429 with Retry-After".
 */
describe.each(BACKENDS)('API rate limits (%s)', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      env: { API_RATE_LIMIT_UNAUTHENTICATED: '5', API_RATE_LIMIT_AUTHENTICATED: '8' },
    });
  });
  afterAll(() => server?.close());

  async function expectRetryLater(response: Response): Promise<void> {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await response.text()).toBe('Retry later');
  }

  it('limits anonymous callers per address, REST and GraphQL together, and leaves pages alone', async () => {
    const anonymous = new HttpClient(server.baseUrl);
    for (let i = 0; i < 3; i++) expect((await anonymous.get('/api/v4/groups/acme')).status).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await anonymous.graphql('{ currentUser { username } }')).status).toBe(200);
    await expectRetryLater(await anonymous.get('/api/v4/groups/acme'));
    await expectRetryLater(
      await anonymous.request('POST', '/api/graphql', { json: { query: '{ currentUser { username } }' } }),
    );
    expect((await anonymous.get('/users/sign_in')).status).toBe(200);
  });

  it('counts each query of a GraphQL batch against the limit', async () => {
    const developer = HttpClient.withToken(server.baseUrl, await server.tokenFor('developer'));
    const query = { query: '{ currentUser { username } }' };
    const batch = await developer.request('POST', '/api/graphql', { json: Array(6).fill(query) });
    expect(batch.status).toBe(200);
    // 6 of the 8 spent: a batch of 3 more goes over the limit.
    await expectRetryLater(await developer.request('POST', '/api/graphql', { json: Array(3).fill(query) }));
  });

  it('limits signed-in callers per user, each user with a budget of their own', async () => {
    const owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    const reporter = HttpClient.withToken(server.baseUrl, await server.tokenFor('reporter'));
    for (let i = 0; i < 8; i++) expect((await owner.get('/api/v4/user')).status).toBe(200);
    await expectRetryLater(await owner.get('/api/v4/user'));
    // Same address, another user: counted apart (and apart from the anonymous callers above).
    expect((await reporter.get('/api/v4/user')).status).toBe(200);
  });
});
