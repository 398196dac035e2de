import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../../src/core/domain/gid.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

/** Issue 13, "No existence oracles, no stale access": what a user may no longer read stays hidden. */
describe.each(BACKENDS)('no existence oracles and no stale access (%s)', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 40, issues: 80 });
  });
  afterAll(() => server?.close());

  const withToken = async (username: string, scopes?: string[]) =>
    HttpClient.withToken(server.baseUrl, await server.tokenFor(username, scopes));

  /** An open, non-confidential child epic of acme with a non-confidential parent in acme. */
  async function childWithVisibleParent() {
    const row = await server.db
      .selectFrom('epics as child')
      .innerJoin('epics as parent', 'parent.id', 'child.parent_id')
      .innerJoin('namespaces', 'namespaces.id', 'child.group_id')
      .select(['child.id as childId', 'child.iid as childIid', 'parent.id as parentId'])
      .where('namespaces.full_path', '=', 'acme')
      .where('child.confidential', '=', false)
      .where('parent.confidential', '=', false)
      .where('parent.group_id', '=', (eb) => eb.ref('child.group_id'))
      .orderBy('child.id')
      .executeTakeFirstOrThrow();
    return row;
  }

  it('says an epic has no parent when its parent is hidden from the viewer', async () => {
    const { childIid, parentId } = await childWithVisibleParent();
    const guest = await withToken('guest');
    const read = async () =>
      (
        await guest.graphql<{ group: { epic: { hasParent: boolean; parent: { id: string } | null } } }>(
          `{ group(fullPath: "acme") { epic(iid: "${childIid}") { hasParent parent { id } } } }`,
        )
      ).body.data?.group.epic;
    expect(await read()).toEqual({ hasParent: true, parent: { id: toGlobalId('Epic', parentId) } });
    await server.db.updateTable('epics').set({ confidential: true }).where('id', '=', parentId).execute();
    try {
      expect(await read()).toEqual({ hasParent: false, parent: null });
    } finally {
      await server.db.updateTable('epics').set({ confidential: false }).where('id', '=', parentId).execute();
    }
  });

  it('neither lists nor counts to-dos on targets the user can no longer read', async () => {
    const { childId } = await childWithVisibleParent();
    const guest = await withToken('guest');
    const created = await guest.graphql<{ todoCreate: { errors: string[] } }>(
      `mutation { todoCreate(input: { targetId: "${toGlobalId('Epic', childId)}" }) { errors } }`,
    );
    expect(created.body.data?.todoCreate.errors).toEqual([]);
    const todos = async () =>
      (
        await guest.graphql<{ currentUser: { todos: { count: number; nodes: { targetType: string }[] } } }>(
          '{ currentUser { todos(state: [pending]) { count nodes { targetType } } } }',
        )
      ).body.data?.currentUser.todos;
    const before = await todos();
    expect(before?.count).toBeGreaterThan(0);
    await server.db.updateTable('epics').set({ confidential: true }).where('id', '=', childId).execute();
    try {
      const after = await todos();
      expect(after?.count).toBe((before?.count ?? 0) - 1);
      expect(after?.nodes).toHaveLength((before?.nodes.length ?? 0) - 1);
    } finally {
      await server.db.updateTable('epics').set({ confidential: false }).where('id', '=', childId).execute();
    }
  });

  it('needs read_api or api for API reads, and takes read_user only on the user endpoint', async () => {
    const readUser = await withToken('developer', ['read_user']);
    const noScope = await withToken('developer', []);
    const readApi = await withToken('developer', ['read_api']);
    for (const client of [readUser, noScope]) {
      const groups = await client.get('/api/v4/groups');
      expect(groups.status).toBe(403);
      expect(await groups.json()).toMatchObject({ error: 'insufficient_scope', scope: 'api read_api' });
      expect((await client.get('/api/v4/groups/acme/epics')).status).toBe(403);
      expect((await client.graphql('{ group(fullPath: "acme") { id } }')).status).toBe(403);
    }
    expect((await readUser.get('/api/v4/user')).status).toBe(200);
    expect((await noScope.get('/api/v4/user')).status).toBe(403);
    expect((await readApi.get('/api/v4/groups')).status).toBe(200);
    expect((await readApi.get('/api/v4/user')).status).toBe(200);
    const query = await readApi.graphql<{ group: { id: string } }>('{ group(fullPath: "acme") { id } }');
    expect(query.body.data?.group.id).toMatch(/^gid:\/\/gitlab\/Group\//);
  });

  it('ends the session a browser held when someone signs in on it', async () => {
    const browser = new HttpClient(server.baseUrl);
    await browser.signIn('developer', TEST_PASSWORD);
    const first = browser.cookie('_gitlab_session');
    expect(first).toBeDefined();
    const copy = new HttpClient(server.baseUrl, { cookie: `_gitlab_session=${first}` });
    expect((await copy.get('/api/v4/user')).status).toBe(200);
    // Signing in again from a page of the signed-in session (its CSRF token), as a browser would.
    await browser.loadCsrfToken('/');
    const again = await browser.request('POST', '/users/sign_in', {
      form: {
        'user[login]': 'reporter',
        'user[password]': TEST_PASSWORD,
        authenticity_token: browser.csrfToken,
      },
    });
    expect(again.status).toBe(302);
    expect(browser.cookie('_gitlab_session')).not.toBe(first);
    expect((await copy.get('/api/v4/user')).status).toBe(401);
    const current = await browser.json<{ username: string }>('/api/v4/user');
    expect(current.body.username).toBe('reporter');
  });

  it('sends Cache-Control: no-store with every JSON answer', async () => {
    const owner = await withToken('owner');
    const browser = new HttpClient(server.baseUrl);
    await browser.signIn('owner', TEST_PASSWORD);
    const { childIid } = await childWithVisibleParent();
    const answers = [
      await owner.get('/api/v4/user'),
      await owner.get('/api/v4/groups'),
      await owner.get('/api/v4/groups/acme'),
      await owner.get('/api/v4/groups/acme/epics?per_page=2'),
      await owner.get(`/api/v4/groups/acme/epics/${childIid}`),
      await owner.get('/api/v4/groups/acme/milestones'),
      await owner.get('/api/v4/groups/acme/labels'),
      await owner.get('/api/v4/projects'),
      await owner.get('/api/v4/groups/acme/epics/999999'),
      await owner.request('POST', '/api/graphql', { json: { query: '{ currentUser { username } }' } }),
      await browser.get('/-/autocomplete/users.json?search=a'),
      await browser.get(`/groups/acme/-/epics/${childIid}/issues`),
      await browser.get(`/groups/acme/-/epics/${childIid}/links`),
    ];
    for (const answer of answers) {
      expect(answer.headers.get('content-type'), answer.url).toMatch(/json/);
      expect(answer.headers.get('cache-control'), answer.url).toContain('no-store');
    }
  });
});
