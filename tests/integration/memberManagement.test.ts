import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_ERRORS } from '../../src/core/domain/memberRules.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const STORAGE = encodeURIComponent('acme/platform/backend/storage');
const API_PROJECT = encodeURIComponent('acme/platform/backend/api');
const SECURITY = encodeURIComponent('acme/security');
const VAULT = encodeURIComponent('acme/security/vault-audit');

/**
 * Managing members through GitLab's API: adding, changing and removing members, invitations by
 * email, sharing with groups and access requests, with GitLab's refusals, and access that follows
 * at once.
 */
describe.each(BACKENDS)('member management (%s)', (backend) => {
  let server: TestServer;
  let anonymous: HttpClient;
  let owner: HttpClient;
  let maintainer: HttpClient;
  let outsider: HttpClient;
  let admin: HttpClient;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 5, issues: 10 });
    anonymous = new HttpClient(server.baseUrl);
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    maintainer = HttpClient.withToken(server.baseUrl, await server.tokenFor('maintainer'));
    outsider = HttpClient.withToken(server.baseUrl, await server.tokenFor('outsider'));
    admin = HttpClient.withToken(server.baseUrl, await server.tokenFor('admin'));
    for (const user of await server.db.selectFrom('users').select(['id', 'username']).execute()) {
      ids.set(user.username, user.id);
    }
  });
  afterAll(() => closeCheckingRollups(server));

  const idOf = (username: string) => {
    const id = ids.get(username);
    if (id === undefined) throw new Error(`no user ${username}`);
    return id;
  };
  const send = async (client: HttpClient, method: string, path: string, json?: unknown) => {
    const response = await client.request(method, path, json === undefined ? {} : { json });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  };

  it('adds a member, refuses a second time, and refuses to anyone who does not manage members', async () => {
    const added = await send(owner, 'POST', `/api/v4/groups/${STORAGE}/members`, {
      user_id: idOf('outsider'),
      access_level: 30,
      expires_at: '2099-12-31',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ username: 'outsider', access_level: 30, expires_at: '2099-12-31' });

    const again = await send(owner, 'POST', `/api/v4/groups/${STORAGE}/members`, {
      user_id: idOf('outsider'),
      access_level: 30,
    });
    expect(again).toEqual({ status: 409, body: { message: MEMBER_ERRORS.alreadyMember } });

    // A group's members are managed by its owners only; a maintainer is refused.
    const byMaintainer = await send(maintainer, 'POST', `/api/v4/groups/${STORAGE}/members`, {
      user_id: idOf('admin'),
      access_level: 10,
    });
    expect(byMaintainer.status).toBe(403);
    expect(
      (await send(anonymous, 'POST', `/api/v4/groups/${STORAGE}/members`, { user_id: 1, access_level: 10 }))
        .status,
    ).toBe(401);

    const direct = await outsider.json<{ username: string }[]>(`/api/v4/groups/${STORAGE}/members`);
    expect(direct.body.map((member) => member.username)).toContain('outsider');
  });

  it('refuses bad levels and dates with GitLab’s 400s, and changes nothing', async () => {
    const path = `/api/v4/groups/${STORAGE}/members`;
    expect(await send(owner, 'POST', path, { user_id: idOf('admin'), access_level: 35 })).toEqual({
      status: 400,
      body: { error: 'access_level does not have a valid value' },
    });
    expect(
      await send(owner, 'POST', path, { user_id: idOf('admin'), access_level: 10, expires_at: '2020-01-01' }),
    ).toEqual({
      status: 400,
      body: { message: { expires_at: [MEMBER_ERRORS.pastExpiry] } },
    });
    expect((await send(owner, 'POST', path, { access_level: 10 })).status).toBe(400);
    const members = await owner.json<{ username: string }[]>(`${path}?per_page=100`);
    expect(members.body.map((member) => member.username)).not.toContain('admin');
  });

  it('lets a project’s maintainer add members up to their own level, never above', async () => {
    const path = `/api/v4/projects/${API_PROJECT}/members`;
    const above = await send(maintainer, 'POST', path, { user_id: idOf('outsider'), access_level: 50 });
    expect(above).toEqual({
      status: 400,
      body: { message: { access_level: [MEMBER_ERRORS.higherThanOwn] } },
    });
    const same = await send(maintainer, 'POST', path, { username: 'outsider', access_level: 40 });
    expect(same.status).toBe(201);
    // A direct membership may not be lower than one inherited from a group above.
    const lower = await send(owner, 'POST', path, { user_id: idOf('developer'), access_level: 10 });
    expect(lower.status).toBe(400);
    expect(lower.body).toEqual({
      message: {
        access_level: [
          'should be greater than or equal to Developer inherited membership from group Acme Corp',
        ],
      },
    });
    // Several users at once: each one's refusal, keyed by username, the others added.
    const several = await send(owner, 'POST', path, {
      username: 'outsider,hlamarr,nobody-here',
      access_level: 20,
    });
    expect(several).toEqual({
      status: 201,
      body: {
        status: 'error',
        message: { outsider: MEMBER_ERRORS.alreadyMember, 'nobody-here': 'User not found' },
      },
    });
  });

  it('changes a member’s role and expiry, never a group’s last owner', async () => {
    const path = `/api/v4/groups/${STORAGE}/members/${idOf('outsider')}`;
    const changed = await send(owner, 'PUT', path, { access_level: 20, expires_at: '' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ access_level: 20, expires_at: null });
    expect((await send(owner, 'PUT', path, { access_level: 20, expires_at: '2020-01-01' })).status).toBe(400);
    expect(
      (await send(owner, 'PUT', `/api/v4/groups/${STORAGE}/members/${idOf('admin')}`, { access_level: 20 }))
        .status,
    ).toBe(404);

    const lastOwner = await send(owner, 'PUT', `/api/v4/groups/initech/members/${idOf('owner')}`, {
      access_level: 40,
    });
    expect(lastOwner).toEqual({
      status: 403,
      body: { message: `403 Forbidden - ${MEMBER_ERRORS.lastOwner}` },
    });
    const leaveLast = await send(owner, 'DELETE', `/api/v4/groups/initech/members/${idOf('owner')}`);
    expect(leaveLast.status).toBe(403);
  });

  it('removes a member, who then loses access to a private group at once; members may leave', async () => {
    const added = await send(owner, 'POST', `/api/v4/groups/${SECURITY}/members`, {
      user_id: idOf('outsider'),
      access_level: 20,
    });
    expect(added.status).toBe(201);
    expect((await outsider.get(`/api/v4/groups/${SECURITY}`)).status).toBe(200);
    expect(
      (
        await send(
          owner,
          'DELETE',
          `/api/v4/groups/${SECURITY}/members/${idOf('outsider')}?unassign_issuables=true`,
        )
      ).status,
    ).toBe(204);
    expect((await outsider.get(`/api/v4/groups/${SECURITY}`)).status).toBe(404);

    await send(owner, 'POST', `/api/v4/groups/${SECURITY}/members`, {
      user_id: idOf('outsider'),
      access_level: 20,
    });
    expect(
      (await send(outsider, 'DELETE', `/api/v4/groups/${SECURITY}/members/${idOf('outsider')}`)).status,
    ).toBe(204);
    expect((await outsider.get(`/api/v4/groups/${SECURITY}`)).status).toBe(404);
  });

  it('gives no access once a membership’s day of expiry has come', async () => {
    await send(owner, 'POST', `/api/v4/groups/${SECURITY}/members`, {
      user_id: idOf('outsider'),
      access_level: 20,
    });
    expect((await outsider.get(`/api/v4/groups/${SECURITY}`)).status).toBe(200);
    await server.db
      .updateTable('members')
      .set({ expires_at: '2020-01-01' })
      .where('user_id', '=', idOf('outsider'))
      .where('source_type', '=', 'Namespace')
      .execute();
    expect((await outsider.get(`/api/v4/groups/${SECURITY}`)).status).toBe(404);
    await server.db.deleteFrom('members').where('user_id', '=', idOf('outsider')).execute();
  });

  it('invites by email, adds known users at once, and reports each refusal', async () => {
    const path = `/api/v4/groups/${STORAGE}/invitations`;
    const invited = await send(owner, 'POST', path, {
      email: 'new.person@example.org,not-an-address,alovelace@example.com',
      access_level: 30,
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      status: 'error',
      message: { 'not-an-address': MEMBER_ERRORS.invalidEmail },
    });
    const again = await send(owner, 'POST', path, { email: 'new.person@example.org', access_level: 30 });
    expect(again.body).toEqual({
      status: 'error',
      message: { 'new.person@example.org': MEMBER_ERRORS.alreadyInvited },
    });

    const list =
      await owner.json<{ invite_email: string; access_level: number; created_by_name: string }[]>(path);
    expect(list.body).toEqual([
      expect.objectContaining({
        invite_email: 'new.person@example.org',
        access_level: 30,
        created_by_name: 'Olivia Owens',
      }),
    ]);
    expect((await maintainer.get(path)).status).toBe(403);

    const mail = await server.db
      .selectFrom('mailbox_messages')
      .selectAll()
      .where('to_address', '=', 'new.person@example.org')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Olivia Owens invited you to join the Storage group');
    expect(mail[0]?.text_body).toMatch(/\/-\/invites\/[\w-]{20,}/);

    const updated = await send(owner, 'PUT', `${path}/new.person@example.org`, {
      access_level: 40,
      expires_at: '2099-01-01T00:00:00Z',
    });
    expect(updated).toEqual({ status: 200, body: { access_level: 40, expires_at: '2099-01-01' } });
    expect((await send(owner, 'PUT', `${path}/nobody@example.org`, { access_level: 40 })).status).toBe(404);
    expect((await send(owner, 'POST', `${path}/new.person@example.org/resend`)).status).toBe(204);
    expect(
      await server.db
        .selectFrom('mailbox_messages')
        .selectAll()
        .where('to_address', '=', 'new.person@example.org')
        .execute(),
    ).toHaveLength(2);
    expect((await send(owner, 'DELETE', `${path}/new.person@example.org`)).status).toBe(204);
    expect((await send(owner, 'DELETE', `${path}/new.person@example.org`)).status).toBe(404);
  });

  it('shares a private group and a private project with a group: its members see them until unshared', async () => {
    await send(owner, 'POST', `/api/v4/groups/initech/members`, {
      user_id: idOf('outsider'),
      access_level: 30,
    });
    const initechId = (await owner.json<{ id: number }>('/api/v4/groups/initech')).body.id;
    expect((await outsider.get(`/api/v4/groups/${SECURITY}`)).status).toBe(404);

    const shared = await send(owner, 'POST', `/api/v4/groups/${SECURITY}/share`, {
      group_id: initechId,
      group_access: 20,
    });
    expect(shared.status).toBe(201);
    expect(shared.body?.shared_with_groups).toEqual([
      expect.objectContaining({ group_id: initechId, group_access_level: 20, group_full_path: 'initech' }),
    ]);
    expect((await outsider.get(`/api/v4/groups/${SECURITY}`)).status).toBe(200);
    expect(
      (
        await send(owner, 'POST', `/api/v4/groups/${SECURITY}/share`, {
          group_id: initechId,
          group_access: 20,
        })
      ).status,
    ).toBe(409);
    // The level given may not be above the sharer's own, nor may a group share with its own hierarchy.
    expect(
      (
        await send(maintainer, 'POST', `/api/v4/groups/${SECURITY}/share`, {
          group_id: initechId,
          group_access: 20,
        })
      ).status,
    ).toBe(403);
    const acmeId = (await owner.json<{ id: number }>('/api/v4/groups/acme')).body.id;
    expect(
      (await send(owner, 'POST', `/api/v4/groups/${SECURITY}/share`, { group_id: acmeId, group_access: 20 }))
        .status,
    ).toBe(400);

    expect((await send(owner, 'DELETE', `/api/v4/groups/${SECURITY}/share/${initechId}`)).status).toBe(204);
    expect((await outsider.get(`/api/v4/groups/${SECURITY}`)).status).toBe(404);
    expect((await send(owner, 'DELETE', `/api/v4/groups/${SECURITY}/share/${initechId}`)).status).toBe(404);

    expect((await outsider.get(`/api/v4/projects/${VAULT}`)).status).toBe(404);
    expect(
      (
        await send(owner, 'POST', `/api/v4/projects/${VAULT}/share`, {
          group_id: initechId,
          group_access: 30,
        })
      ).status,
    ).toBe(201);
    expect((await outsider.get(`/api/v4/projects/${VAULT}`)).status).toBe(200);
    expect((await send(owner, 'DELETE', `/api/v4/projects/${VAULT}/share/${initechId}`)).status).toBe(204);
    expect((await outsider.get(`/api/v4/projects/${VAULT}`)).status).toBe(404);
  });

  it('takes access requests, which managers approve or deny', async () => {
    const path = '/api/v4/groups/workshop/access_requests';
    expect((await send(anonymous, 'POST', path)).status).toBe(401);
    const requested = await send(outsider, 'POST', path);
    expect(requested.status).toBe(201);
    expect(requested.body).toMatchObject({ username: 'outsider', requested_at: expect.any(String) });
    expect((await send(maintainer, 'POST', path)).status).toBe(400);
    expect((await maintainer.get(path)).status).toBe(403);
    const list = await owner.json<{ username: string }[]>(path);
    expect(list.body.map((request) => request.username)).toEqual(['outsider']);

    const approved = await send(owner, 'PUT', `${path}/${idOf('outsider')}/approve`, { access_level: 20 });
    expect(approved).toMatchObject({ status: 200, body: { username: 'outsider', access_level: 20 } });
    expect((await owner.json<unknown[]>(path)).body).toEqual([]);

    const adminRequest = await send(admin, 'POST', '/api/v4/groups/initech/access_requests');
    expect(adminRequest.status).toBe(201);
    expect(
      (await send(owner, 'DELETE', `/api/v4/groups/initech/access_requests/${idOf('admin')}`)).status,
    ).toBe(204);
    expect(
      (await send(owner, 'DELETE', `/api/v4/groups/initech/access_requests/${idOf('admin')}`)).status,
    ).toBe(404);
  });

  it('pages a members list as JSON for its window, with what the viewer may do to each', async () => {
    type Page = {
      members: { user: { username: string }; can_update: boolean; is_direct_member: boolean }[];
      total: number;
      page: number;
      per_page: number;
    };
    const first = await owner.json<Page>('/groups/acme/-/group_members.json');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, per_page: 50 });
    expect(first.body.members.length).toBe(Math.min(first.body.total, 50));
    const names = first.body.members.map((member) => member.user.username);
    expect(names).toContain('maintainer');
    expect(first.body.members.find((member) => member.user.username === 'maintainer')?.can_update).toBe(true);
    // Past the end: an empty page of the same list.
    const past = await owner.json<Page>('/groups/acme/-/group_members.json?page=99');
    expect(past.body).toMatchObject({ members: [], total: first.body.total, page: 99 });
    // A search narrows the whole list; a reader may change nobody.
    const searched = await anonymous.json<Page>('/groups/acme/-/group_members.json?search=lovelace');
    expect(searched.body.members.map((member) => [member.user.username, member.can_update])).toEqual([
      ['alovelace', false],
    ]);
    const project = await anonymous.json<Page>('/acme/platform/backend/api/-/project_members.json');
    expect(project.body.members.some((member) => member.user.username === 'maintainer')).toBe(true);
    // A private group's members are as hidden as the group.
    expect((await outsider.request('GET', '/groups/acme/security/-/group_members.json')).status).toBe(404);
  });

  it("gives a request's approvers a to-do that leads to it, done once the request is answered", async () => {
    const requester = HttpClient.withToken(server.baseUrl, await server.tokenFor('dvaughan'));
    const developer = HttpClient.withToken(server.baseUrl, await server.tokenFor('developer'));
    type TodoJson = {
      action_name: string;
      target_type: string;
      body: string;
      target_url: string;
      author: { username: string };
      target: { path_with_namespace?: string; full_path?: string };
    };
    const todos = async (client: HttpClient, state: 'pending' | 'done') =>
      (await client.json<TodoJson[]>(`/api/v4/todos?action=member_access_requested&state=${state}`)).body;

    const projectRequests = `/api/v4/projects/${API_PROJECT}/access_requests`;
    expect((await send(requester, 'POST', projectRequests)).status).toBe(201);
    // A project's maintainers and owners answer its requests; a developer does not.
    for (const approver of [owner, maintainer]) {
      expect(await todos(approver, 'pending')).toEqual([
        expect.objectContaining({
          action_name: 'member_access_requested',
          target_type: 'Project',
          body: 'acme/platform/backend/api',
          target_url: `http://localhost/acme/platform/backend/api/-/project_members?tab=access_requests`,
          author: expect.objectContaining({ username: 'dvaughan' }),
          target: expect.objectContaining({ path_with_namespace: 'acme/platform/backend/api' }),
        }),
      ]);
    }
    expect(await todos(developer, 'pending')).toEqual([]);
    const graphql = await owner.graphql<{
      currentUser: {
        todos: {
          nodes: { targetType: string; body: string; targetUrl: string; target: Record<string, string> }[];
        };
      };
    }>(
      `{ currentUser { todos(action: [member_access_requested], state: [pending]) { nodes { targetType body targetUrl
          target { __typename webUrl ... on Project { nameWithNamespace } } } } } }`,
    );
    expect(graphql.body.data?.currentUser.todos.nodes).toEqual([
      {
        targetType: 'PROJECT',
        body: 'acme/platform/backend/api',
        targetUrl: `http://localhost/acme/platform/backend/api/-/project_members?tab=access_requests`,
        target: {
          __typename: 'Project',
          webUrl: `http://localhost/acme/platform/backend/api`,
          nameWithNamespace: 'Acme Corp / Platform / Backend / API',
        },
      },
    ]);
    // One approver's answer closes everyone's to-do.
    expect((await send(maintainer, 'DELETE', `${projectRequests}/${idOf('dvaughan')}`)).status).toBe(204);
    expect(await todos(owner, 'pending')).toEqual([]);
    expect(await todos(owner, 'done')).toContainEqual(
      expect.objectContaining({
        body: 'acme/platform/backend/api',
        author: expect.objectContaining({ username: 'dvaughan' }),
      }),
    );

    // A group's requests go to its owners only.
    const groupRequests = '/api/v4/groups/acme%2Fplatform/access_requests';
    expect((await send(requester, 'POST', groupRequests)).status).toBe(201);
    expect(await todos(owner, 'pending')).toEqual([
      expect.objectContaining({
        target_type: 'Namespace',
        body: 'acme/platform',
        target_url: `http://localhost/groups/acme/platform/-/group_members?tab=access_requests`,
        target: expect.objectContaining({ full_path: 'acme/platform' }),
      }),
    ]);
    expect(await todos(maintainer, 'pending')).toEqual([]);
    expect(
      (await send(owner, 'PUT', `${groupRequests}/${idOf('dvaughan')}/approve`, { access_level: 20 })).status,
    ).toBe(200);
    expect(await todos(owner, 'pending')).toEqual([]);
  });

  it('answers Group.groupMembers and Project.projectMembers, each user once at their highest level', async () => {
    const direct = await anonymous.graphql<{
      group: {
        groupMembers: {
          count: number;
          nodes: { accessLevel: { integerValue: number; stringValue: string }; user: { username: string } }[];
        };
      };
    }>(
      `{ group(fullPath: "acme/platform/backend/storage") {
          groupMembers(relations: [DIRECT]) { count nodes { accessLevel { integerValue stringValue } user { username } } } } }`,
    );
    expect(direct.body.data?.group.groupMembers.nodes).toContainEqual({
      accessLevel: { integerValue: 30, stringValue: 'DEVELOPER' },
      user: { username: 'enoether' },
    });
    const all = await anonymous.graphql<{ group: { groupMembers: { count: number } } }>(
      '{ group(fullPath: "acme/platform/backend/storage") { groupMembers { count } } }',
    );
    expect(all.body.data?.group.groupMembers.count).toBeGreaterThan(
      direct.body.data?.group.groupMembers.count ?? 0,
    );

    const project = await anonymous.graphql<{
      project: {
        projectMembers: { nodes: { __typename: string; id: string; user: { username: string } }[] };
      };
    }>(
      `{ project(fullPath: "acme/platform/backend/api") {
          projectMembers(search: "owner") { nodes { __typename id user { username } } } } }`,
    );
    expect(project.body.data?.project.projectMembers.nodes).toEqual([
      {
        __typename: 'GroupMember',
        id: expect.stringMatching(/^gid:\/\/gitlab\/GroupMember\/\d+$/),
        user: { username: 'owner' },
      },
    ]);
    // A private project's members stay hidden with it.
    const hidden = await outsider.graphql<{ project: unknown }>(
      '{ project(fullPath: "acme/security/vault-audit") { projectMembers { count } } }',
    );
    expect(hidden.body.data?.project).toBeNull();
  });

  it("lists a project's groups, and with with_shared the groups it is shared with", async () => {
    const initechId = (await owner.json<{ id: number }>('/api/v4/groups/initech')).body.id;
    const securityId = (await owner.json<{ id: number }>(`/api/v4/groups/${SECURITY}`)).body.id;
    await send(owner, 'POST', `/api/v4/projects/${VAULT}/share`, { group_id: initechId, group_access: 20 });
    const paths = async (query: string) =>
      (await owner.json<{ full_path: string }[]>(`/api/v4/projects/${VAULT}/groups${query}`)).body.map(
        (group) => group.full_path,
      );
    expect(await paths('')).toEqual(['acme/security', 'acme']);
    expect(await paths('?with_shared=true')).toEqual(['acme/security', 'acme', 'initech']);
    expect(await paths('?with_shared=true&search=init')).toEqual(['initech']);
    expect(await paths(`?skip_groups=${securityId}`)).toEqual(['acme']);
    expect((await anonymous.get(`/api/v4/projects/${VAULT}/groups`)).status).toBe(404);
    await send(owner, 'DELETE', `/api/v4/projects/${VAULT}/share/${initechId}`);
  });
});
