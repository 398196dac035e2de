import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

/**
 * GitLab's open registration: while `signup_enabled`, anyone makes an account at /users/sign_up and
 * is signed in with it; the form's refusals come back by field and nothing is made; turned off, the
 * page and its form are not found and the sign-in page stops offering them.
 */
describe.each(BACKENDS)('registration (%s)', (backend) => {
  let server: TestServer;
  let admin: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 5, issues: 10 });
    admin = HttpClient.withToken(server.baseUrl, await server.tokenFor('admin'));
  });
  afterAll(() => server.close());

  const register = async (user: Record<string, string>) => {
    const visitor = new HttpClient(server.baseUrl);
    await visitor.loadCsrfToken('/users/sign_up');
    const response = await visitor.request('POST', '/users', {
      form: {
        authenticity_token: visitor.csrfToken,
        ...Object.fromEntries(Object.entries(user).map(([key, value]) => [`user[${key}]`, value])),
      },
    });
    return { visitor, response };
  };
  const usersNamed = (username: string) =>
    server.db.selectFrom('users').select('id').where('username', '=', username).execute();

  it('makes the account, signs it in and leads home', async () => {
    const signIn = await mountData(await new HttpClient(server.baseUrl).get('/users/sign_in'));
    expect(signIn['sign-up-path']).toBe('/users/sign_up');
    const { visitor, response } = await register({
      name: 'Nadia Novak',
      username: 'nadia.novak',
      email: 'nadia@example.org',
      password: 'a long enough secret',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    const me = await visitor.json<{ username: string; name: string; email: string }>('/api/v4/user');
    expect(me.body).toMatchObject({
      username: 'nadia.novak',
      name: 'Nadia Novak',
      email: 'nadia@example.org',
    });
    // Signed in, the registration page leads home.
    expect((await visitor.get('/users/sign_up')).headers.get('location')).toBe('/');
  });

  it('refuses taken names and addresses and bad fields by field, keeping what was typed', async () => {
    const { response } = await register({
      name: '',
      username: 'owner',
      email: 'not-an-address',
      password: 'short',
    });
    expect(response.status).toBe(422);
    const mount = await mountData(response);
    expect(mount).toMatchObject({ page: 'sign-up', username: 'owner', email: 'not-an-address' });
    expect(JSON.parse(mount.errors ?? '{}')).toEqual({
      name: ["can't be blank"],
      username: ['has already been taken'],
      email: ['is invalid'],
      password: ['is too short (minimum is 8 characters)'],
    });
    const taken = await register({
      name: 'Somebody',
      username: 'acme',
      email: 'owner@example.com',
      password: 'a long enough secret',
    });
    const owner = await server.db
      .selectFrom('users')
      .select('email')
      .where('username', '=', 'owner')
      .executeTakeFirstOrThrow();
    const again = await register({
      name: 'Somebody',
      username: 'somebody',
      email: owner.email,
      password: 'a long enough secret',
    });
    expect(JSON.parse((await mountData(again.response)).errors ?? '{}')).toEqual({
      email: ['has already been taken'],
    });
    expect(JSON.parse((await mountData(taken.response)).errors ?? '{}').username).toEqual([
      'has already been taken',
    ]);
    expect(await usersNamed('somebody')).toEqual([]);
  });

  it('is not found while an administrator has turned sign-up off', async () => {
    const settings = '/api/v4/application/settings';
    expect((await admin.request('PUT', settings, { json: { signup_enabled: false } })).status).toBe(200);
    try {
      const visitor = new HttpClient(server.baseUrl);
      expect((await visitor.get('/users/sign_up')).status).toBe(404);
      expect((await mountData(await visitor.get('/users/sign_in')))['sign-up-path']).toBe('');
      await visitor.loadCsrfToken('/users/sign_in');
      const refused = await visitor.request('POST', '/users', {
        form: {
          authenticity_token: visitor.csrfToken,
          'user[name]': 'Late Comer',
          'user[username]': 'late.comer',
          'user[email]': 'late@example.org',
          'user[password]': 'a long enough secret',
        },
      });
      expect(refused.status).toBe(404);
      expect(await usersNamed('late.comer')).toEqual([]);
    } finally {
      await admin.request('PUT', settings, { json: { signup_enabled: true } });
    }
  });
});
