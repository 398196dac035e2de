import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

/**
 * Making groups and projects (GitLab's POST /groups and POST /projects, and their forms): anyone
 * signed in makes a top-level group and owns it; Maintainers make subgroups and Developers projects;
 * nothing is more visible than its group, and levels the instance restricts are for administrators.
 */
describe.each(BACKENDS)('creating groups and projects (%s)', (backend) => {
  let server: TestServer;
  const clients = new Map<string, HttpClient>();
  const as = (who: string) => clients.get(who)!;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 5, issues: 10 });
    for (const who of ['admin', 'outsider', 'developer', 'guest', 'reporter']) {
      clients.set(who, HttpClient.withToken(server.baseUrl, await server.tokenFor(who)));
    }
  });
  afterAll(() => server.close());

  const post = async (who: string, path: string, json: object) => {
    const response = await as(who).request('POST', path, { json });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const idOf = async (fullPath: string) =>
    (
      await server.db
        .selectFrom('namespaces')
        .select('id')
        .where('full_path', '=', fullPath)
        .executeTakeFirstOrThrow()
    ).id;

  it('makes a private top-level group by default, owned by whoever made it, with a path from its name', async () => {
    const made = await post('outsider', '/api/v4/groups', { name: 'Outsider Labs' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Outsider Labs',
      path: 'outsider-labs',
      full_path: 'outsider-labs',
      visibility: 'private',
    });
    const members = await as('outsider').json<{ username: string; access_level: number }[]>(
      `/api/v4/groups/${made.body.id}/members`,
    );
    expect(members.body).toEqual([expect.objectContaining({ username: 'outsider', access_level: 50 })]);
    // Its own partition: the new group is the root of what it will hold.
    const row = await server.db
      .selectFrom('namespaces')
      .selectAll()
      .where('id', '=', made.body.id as number)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ root_namespace_id: row.id, traversal_ids: [row.id], parent_id: null });
  });

  it('keeps a subgroup and a project within their group’s visibility, and paths unique', async () => {
    const parent = await idOf('outsider-labs');
    const tooOpen = await post('outsider', '/api/v4/groups', {
      name: 'Open',
      path: 'open',
      parent_id: parent,
      visibility: 'public',
    });
    expect(tooOpen.status).toBe(400);
    expect(tooOpen.body).toEqual({
      message: { visibility_level: ['public is not allowed in a private group.'] },
    });
    const sub = await post('outsider', '/api/v4/groups', { name: 'Tools', path: 'tools', parent_id: parent });
    expect(sub.status).toBe(201);
    expect(sub.body).toMatchObject({
      full_path: 'outsider-labs/tools',
      parent_id: parent,
      visibility: 'private',
    });

    const project = await post('outsider', '/api/v4/projects', {
      name: 'First Project',
      namespace_id: parent,
    });
    expect(project.status).toBe(201);
    expect(project.body).toMatchObject({
      path_with_namespace: 'outsider-labs/first-project',
      visibility: 'private',
    });
    const again = await post('outsider', '/api/v4/projects', { name: 'First Project', namespace_id: parent });
    expect(again.body).toEqual({ message: { path: ['has already been taken'] } });
    const besideSubgroup = await post('outsider', '/api/v4/projects', {
      name: 'Tools',
      namespace_id: parent,
    });
    expect(besideSubgroup.body).toEqual({ message: { path: ['has already been taken'] } });
    // The new project is found where a project is found.
    expect((await as('outsider').get('/outsider-labs/first-project')).status).toBe(200);
  });

  it('refuses taken, reserved and malformed top-level paths by field', async () => {
    expect((await post('outsider', '/api/v4/groups', { name: 'Owner', path: 'owner' })).body).toEqual({
      message: { path: ['has already been taken'] },
    });
    expect((await post('outsider', '/api/v4/groups', { name: 'Groups', path: 'groups' })).body).toEqual({
      message: { path: ['has already been taken'] },
    });
    const bad = await post('outsider', '/api/v4/groups', { name: '', path: '-bad.' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.message as object).sort()).toEqual(['name', 'path']);
    expect(
      (await new HttpClient(server.baseUrl).request('POST', '/api/v4/groups', { json: { name: 'x' } }))
        .status,
    ).toBe(401);
  });

  it('lets Developers make projects in a group and Maintainers subgroups, and no one less', async () => {
    const acme = await idOf('acme');
    expect(
      (await post('guest', '/api/v4/projects', { name: 'Guest Project', namespace_id: acme })).status,
    ).toBe(403);
    expect((await post('developer', '/api/v4/groups', { name: 'Dev Sub', parent_id: acme })).status).toBe(
      403,
    );
    const made = await post('developer', '/api/v4/projects', {
      name: 'Dev Project',
      namespace_id: acme,
      visibility: 'public',
    });
    expect(made.status).toBe(201);
    const members = await as('developer').json<{ username: string; access_level: number }[]>(
      `/api/v4/projects/${made.body.id}/members`,
    );
    // A Developer of the group is made Maintainer of the project they made.
    expect(members.body).toContainEqual(expect.objectContaining({ username: 'developer', access_level: 40 }));
  });

  it('keeps restricted levels to administrators, and refuses a restricted default', async () => {
    const settings = '/api/v4/application/settings';
    const conflict = await as('admin').request('PUT', settings, {
      json: { restricted_visibility_levels: ['public'], default_group_visibility: 'public' },
    });
    expect(conflict.status).toBe(400);
    expect(await conflict.json()).toEqual({
      message: { default_group_visibility: ['cannot be set to a restricted visibility level'] },
    });
    expect(
      (await as('admin').request('PUT', settings, { json: { restricted_visibility_levels: 'public' } }))
        .status,
    ).toBe(200);
    try {
      const refused = await post('reporter', '/api/v4/groups', { name: 'Loud', visibility: 'public' });
      expect(refused.body).toEqual({
        message: { visibility_level: ['public has been restricted by your GitLab administrator'] },
      });
      expect(
        (await post('admin', '/api/v4/groups', { name: 'Admin Public', visibility: 'public' })).status,
      ).toBe(201);
      const browser = new HttpClient(server.baseUrl);
      await browser.signIn('reporter', TEST_PASSWORD);
      const form = await mountData(await browser.get('/groups/new'));
      expect(JSON.parse(form.visibility ?? '{}')).toEqual({
        levels: [
          { level: 'private', problem: null },
          { level: 'internal', problem: null },
          { level: 'public', problem: 'public has been restricted by your GitLab administrator' },
        ],
        start: 'private',
      });
    } finally {
      await as('admin').request('PUT', settings, { json: { restricted_visibility_levels: [] } });
    }
  });

  it('offers the new-project form the groups one may create in, each with its levels', async () => {
    const browser = new HttpClient(server.baseUrl);
    await browser.signIn('outsider', TEST_PASSWORD);
    const form = await mountData(await browser.get('/projects/new'));
    const groups = JSON.parse(form.groups ?? '[]') as { fullPath: string; visibility: { start: string } }[];
    expect(groups.map((group) => group.fullPath)).toEqual(['outsider-labs', 'outsider-labs/tools']);
    expect(groups[0]?.visibility.start).toBe('private');
    expect((await new HttpClient(server.baseUrl).get('/projects/new')).status).toBe(302);
    const subgroupForm = await browser.get(`/groups/new?parent_id=${await idOf('acme')}`);
    expect(subgroupForm.status).toBe(404);
  });
});
