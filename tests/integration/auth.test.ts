import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

describe.each(BACKENDS)('signing in and authenticating (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, env: { SIGN_IN_RATE_LIMIT: '8' } });
  });
  afterAll(() => server?.close());

  it('signs in with a username and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const browser = new HttpClient(server.baseUrl);
    await browser.loadCsrfToken();
    const response = await browser.request('POST', '/users/sign_in', {
      form: {
        'user[login]': 'developer',
        'user[password]': TEST_PASSWORD,
        authenticity_token: browser.csrfToken,
        redirect_to: '/groups/acme',
      },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/groups/acme');
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('_gitlab_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await browser.json<{ username: string }>('/api/v4/user');
    expect(me.body.username).toBe('developer');
  });

  it('signs in with an email too, and refuses a wrong password with the Devise message', async () => {
    const browser = new HttpClient(server.baseUrl);
    expect((await browser.signIn('Reporter@Example.com', TEST_PASSWORD)).status).toBe(302);
    const stranger = new HttpClient(server.baseUrl);
    const refused = await stranger.signIn('developer', 'wrong');
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain('data-error="Invalid login or password."');
    expect((await stranger.get('/api/v4/user')).status).toBe(401);
  });

  it('never redirects off-site after sign-in', async () => {
    const browser = new HttpClient(server.baseUrl);
    await browser.loadCsrfToken();
    const response = await browser.request('POST', '/users/sign_in', {
      form: {
        'user[login]': 'guest',
        'user[password]': TEST_PASSWORD,
        authenticity_token: browser.csrfToken,
        redirect_to: '//evil.example/',
      },
    });
    expect(response.headers.get('location')).toBe('/');
  });

  it('refuses a form post without the CSRF token', async () => {
    const browser = new HttpClient(server.baseUrl);
    await browser.loadCsrfToken();
    const response = await browser.request('POST', '/users/sign_in', {
      form: { 'user[login]': 'developer', 'user[password]': TEST_PASSWORD },
    });
    expect(response.status).toBe(422);
  });

  it('refuses state changes from a browser session without X-CSRF-Token, and accepts them with it', async () => {
    const browser = new HttpClient(server.baseUrl);
    await browser.signIn('owner', TEST_PASSWORD);
    const before = await browser.json<unknown[]>('/api/v4/groups/acme/epics?per_page=1');
    const forged = await browser.request('POST', '/api/v4/groups/acme/epics', { json: { title: 'Forged' } });
    expect(forged.status).toBe(422);
    const after = await browser.json<unknown[]>('/api/v4/groups/acme/epics?per_page=1');
    expect(after.headers.get('x-total')).toBe(before.headers.get('x-total'));
    const genuine = await browser.request('POST', '/api/v4/groups/acme/epics', {
      json: { title: 'From the page' },
      headers: { 'X-CSRF-Token': browser.csrfToken },
    });
    expect(genuine.status).toBe(201);
  });

  it('signs out, ending the session in the database', async () => {
    const browser = new HttpClient(server.baseUrl);
    await browser.signIn('maintainer', TEST_PASSWORD);
    const session = browser.cookie('_gitlab_session');
    const out = await browser.request('POST', '/users/sign_out', {
      form: { authenticity_token: browser.csrfToken },
    });
    expect(out.status).toBe(302);
    const replay = new HttpClient(server.baseUrl, { cookie: `_gitlab_session=${session}` });
    expect((await replay.get('/api/v4/user')).status).toBe(401);
  });

  it('authenticates API clients by PRIVATE-TOKEN and by Bearer, and rejects a bad token', async () => {
    const token = await server.tokenFor('reporter');
    expect(
      (await HttpClient.withToken(server.baseUrl, token).json<{ username: string }>('/api/v4/user')).body
        .username,
    ).toBe('reporter');
    const bearer = new HttpClient(server.baseUrl, { authorization: `Bearer ${token}` });
    expect((await bearer.json<{ username: string }>('/api/v4/user')).body.username).toBe('reporter');
    const bad = await HttpClient.withToken(server.baseUrl, 'glpat-nope').json<{ message: string }>(
      '/api/v4/user',
    );
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe('401 Unauthorized');
    const badGraphQL = await new HttpClient(server.baseUrl, { authorization: 'Bearer nope' }).graphql(
      '{ currentUser { username } }',
    );
    expect(badGraphQL.status).toBe(401);
    expect(badGraphQL.body.errors?.[0]?.message).toBe('Invalid token');
    // GraphQL's answer at the other URL the router serves it from, too.
    const slashed = await new HttpClient(server.baseUrl, { authorization: 'Bearer nope' }).request(
      'POST',
      '/api/graphql/',
      { json: { query: '{ currentUser { username } }' } },
    );
    expect(slashed.status).toBe(401);
    expect(await slashed.json()).toEqual({ errors: [{ message: 'Invalid token' }] });
  });

  it('does not let a read_api token write', async () => {
    const token = await server.tokenFor('owner', ['read_api']);
    const client = HttpClient.withToken(server.baseUrl, token);
    expect((await client.get('/api/v4/groups/acme/epics')).status).toBe(200);
    const write = await client.request('POST', '/api/v4/groups/acme/epics', { json: { title: 'Nope' } });
    expect(write.status).toBe(403);
    expect(((await write.json()) as { error: string }).error).toBe('insufficient_scope');
  });

  it('issues an OAuth bearer token for the password grant', async () => {
    const client = new HttpClient(server.baseUrl);
    const response = await client.request('POST', '/oauth/token', {
      form: { grant_type: 'password', username: 'developer', password: TEST_PASSWORD },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(7200);
    const api = new HttpClient(server.baseUrl, { authorization: `Bearer ${body.access_token}` });
    expect((await api.json<{ username: string }>('/api/v4/user')).body.username).toBe('developer');
    const wrong = await client.request('POST', '/oauth/token', {
      form: { grant_type: 'password', username: 'developer', password: 'nope' },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('rate limits sign-in attempts with 429 and Retry-After', async () => {
    const client = new HttpClient(server.baseUrl);
    await client.loadCsrfToken();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await client.request('POST', '/oauth/token', {
        form: { grant_type: 'password', username: 'guest', password: 'wrong' },
      });
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
