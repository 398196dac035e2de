import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

interface UserJson {
  id: number;
  username: string;
  name: string;
  state: string;
  web_url: string;
  created_at?: string;
  bio?: string;
}

/** GitLab's users directory: who a client finds by username or search, and one user by id. */
describe.each(BACKENDS)('GET /api/v4/users (%s)', (backend) => {
  let server: TestServer;
  let anonymous: HttpClient;
  let admin: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 20 });
    anonymous = new HttpClient(server.baseUrl);
    admin = HttpClient.withToken(server.baseUrl, await server.tokenFor('admin'));
  });
  afterAll(() => closeCheckingRollups(server));

  const users = async (client: HttpClient, query: string) => {
    const response = await client.get(`/api/v4/users${query}`);
    expect(response.status, query).toBe(200);
    return { body: (await response.json()) as UserJson[], total: Number(response.headers.get('x-total')) };
  };

  it('finds a user by exact username (any case) and by a part of the name, for anyone', async () => {
    const [developer] = (await users(anonymous, '?username=DEVELOPER')).body;
    expect(developer).toMatchObject({ username: 'developer', state: 'active' });
    expect(developer!.web_url).toMatch(/\/developer$/);
    expect((await users(anonymous, '?username=nobody-here')).body).toEqual([]);
    const searched = (await users(anonymous, `?search=${encodeURIComponent(developer!.name.split(' ')[0]!)}`))
      .body;
    expect(searched.map((user) => user.username)).toContain('developer');
  });

  it('pages by id with GitLab’s headers', async () => {
    const all = await users(anonymous, '?per_page=100');
    const first = await users(anonymous, '?per_page=2&page=1');
    const second = await users(anonymous, '?per_page=2&page=2');
    expect(first.total).toBe(all.total);
    expect([...first.body, ...second.body].map((user) => user.id)).toEqual(
      all.body.slice(0, 4).map((user) => user.id),
    );
  });

  it('answers one user by id, 404 for none, 400 for a malformed id', async () => {
    const [guest] = (await users(anonymous, '?username=guest')).body;
    const one = await anonymous.get(`/api/v4/users/${guest!.id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ id: guest!.id, username: 'guest', bio: expect.any(String) });
    expect((await anonymous.get('/api/v4/users/99999999')).status).toBe(404);
    expect((await anonymous.get('/api/v4/users/guest')).status).toBe(400);
  });

  it('lists banned accounts to administrators only, and takes a read_user token', async () => {
    const [reporter] = (await users(anonymous, '?username=reporter')).body;
    expect((await admin.request('POST', `/api/v4/users/${reporter!.id}/ban`)).status).toBe(201);
    expect((await users(anonymous, '?username=reporter')).body).toEqual([]);
    expect((await anonymous.get(`/api/v4/users/${reporter!.id}`)).status).toBe(404);
    expect((await users(admin, '?username=reporter')).body).toMatchObject([{ state: 'banned' }]);
    expect((await admin.get(`/api/v4/users/${reporter!.id}`)).status).toBe(200);
    expect((await admin.request('POST', `/api/v4/users/${reporter!.id}/unban`)).status).toBe(201);

    const readUser = HttpClient.withToken(server.baseUrl, await server.tokenFor('developer', ['read_user']));
    expect((await readUser.get('/api/v4/users?username=reporter')).status).toBe(200);
    expect((await readUser.get(`/api/v4/users/${reporter!.id}`)).status).toBe(200);
    expect((await readUser.get('/api/v4/groups')).status).toBe(403);
  });

  it('serves a profile page at /:username, and the not-found page for no one', async () => {
    const page = await anonymous.get('/developer');
    expect(page.status).toBe(200);
    expect(await mountData(page)).toMatchObject({
      page: 'user',
      username: 'developer',
      'signed-in': 'false',
    });
    expect((await anonymous.get('/no-such-person')).status).toBe(404);
    expect((await anonymous.get('/developer/-/issues')).status).toBe(404);
  });
});
