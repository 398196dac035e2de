import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { createEpic } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';

/**
 * GitLab's user bans: an administrator bans an account, which can no longer sign in or use its
 * tokens, and whose issues are hidden from everyone but administrators, wherever issues are read.
 */
describe.each(BACKENDS)('banned authors and hidden issues (%s)', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let owner: HttpClient;
  let developer: HttpClient;
  let projectId: number;
  let developerId: number;

  const issueQuery = (iid: number) =>
    `{ project(fullPath: "${PROJECT}") { issue(iid: "${iid}") { iid hidden } } }`;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60 });
    admin = HttpClient.withToken(server.baseUrl, await server.tokenFor('admin'));
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    developer = HttpClient.withToken(server.baseUrl, await server.tokenFor('developer'));
    projectId = await projectIdOf(server, PROJECT);
    developerId = (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'developer')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => closeCheckingRollups(server));

  it('lets only an administrator ban and unban, with GitLab’s answers', async () => {
    const target = (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'guest')
        .executeTakeFirstOrThrow()
    ).id;
    const adminId = (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const post = (client: HttpClient, path: string) => client.request('POST', `/api/v4/users/${path}`);
    expect((await post(owner, `${target}/ban`)).status).toBe(403);
    expect((await new HttpClient(server.baseUrl).request('POST', `/api/v4/users/${target}/ban`)).status).toBe(
      401,
    );
    expect((await post(admin, '99999999/ban')).status).toBe(404);
    expect((await post(admin, 'me/ban')).status).toBe(400);
    expect((await post(admin, `${adminId}/ban`)).status).toBe(403);
    expect((await post(admin, `${target}/unban`)).status).toBe(403);
    const state = async () =>
      (await server.db.selectFrom('users').select('state').where('id', '=', target).executeTakeFirstOrThrow())
        .state;
    expect(await state()).toBe('active');

    const banned = await post(admin, `${target}/ban`);
    expect(banned.status).toBe(201);
    expect(await banned.json()).toBe(true);
    expect(await state()).toBe('banned');
    expect((await post(admin, `${target}/ban`)).status).toBe(403);
    expect((await post(admin, `${target}/unban`)).status).toBe(201);
    expect(await state()).toBe('active');
  });

  it('hides a banned author’s issues from everyone but administrators, and shows them again after unbanning', async () => {
    const created = await developer.request('POST', `/api/v4/projects/${projectId}/issues`, {
      json: { title: 'Spam from a soon-banned account' },
    });
    expect(created.status).toBe(201);
    const issue = (await created.json()) as { id: number; iid: number };
    const epic = await createEpic(owner, 'acme', { title: 'Holds a spam issue' });
    expect(
      (await owner.request('POST', `/api/v4/groups/acme/epics/${epic.iid}/issues/${issue.id}`)).status,
    ).toBe(201);
    const other = (await (
      await owner.request('POST', `/api/v4/projects/${projectId}/issues`, {
        json: { title: 'Links to spam' },
      })
    ).json()) as { iid: number };
    const linked = await owner.request('POST', `/api/v4/projects/${projectId}/issues/${other.iid}/links`, {
      json: { target_project_id: projectId, target_issue_iid: issue.iid },
    });
    expect(linked.status).toBe(201);

    const seen = async (client: HttpClient) => {
      const single = await client.get(`/api/v4/projects/${projectId}/issues/${issue.iid}`);
      const list = (await (
        await client.get(`/api/v4/projects/${projectId}/issues?iids[]=${issue.iid}&state=all`)
      ).json()) as unknown[];
      const graphql = await client.graphql<{ project: { issue: { hidden: boolean } | null } }>(
        issueQuery(issue.iid),
      );
      const children = await client.graphql<{ group: { epic: { issues: { nodes: { iid: string }[] } } } }>(
        `{ group(fullPath: "acme") { epic(iid: "${epic.iid}") { issues { nodes { iid } } } } }`,
      );
      const links = (await (
        await client.get(`/api/v4/projects/${projectId}/issues/${other.iid}/links`)
      ).json()) as { iid: number }[];
      return {
        single: single.status,
        listed: list.length,
        hidden: graphql.body.data?.project.issue?.hidden ?? null,
        inEpic: children.body.data?.group.epic.issues.nodes.length ?? 0,
        linked: links.filter((link) => link.iid === issue.iid).length,
      };
    };
    const visible = { single: 200, listed: 1, hidden: false, inEpic: 1, linked: 1 };
    expect(await seen(owner)).toEqual(visible);

    expect((await admin.request('POST', `/api/v4/users/${developerId}/ban`)).status).toBe(201);
    // The banned account's token stops working at once.
    expect((await developer.get('/api/v4/user')).status).toBe(401);
    expect(await seen(owner)).toEqual({ single: 404, listed: 0, hidden: null, inEpic: 0, linked: 0 });
    expect(await seen(admin)).toEqual({ ...visible, hidden: true });
    const page = await new HttpClient(server.baseUrl).get(`/${PROJECT}/-/issues/${issue.iid}`);
    expect(page.status).toBe(404);

    expect((await admin.request('POST', `/api/v4/users/${developerId}/unban`)).status).toBe(201);
    expect(await seen(owner)).toEqual(visible);
    expect((await developer.get('/api/v4/user')).status).toBe(200);
  });
});
