import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_DELETED_NOTICE } from '../../src/core/domain/issuableTexts.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { createEpic, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';

interface RestIssue {
  id: number;
  iid: number;
  title: string;
  subscribed?: boolean;
}

describe.each(BACKENDS)('deleting issues and their REST sub-resources (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  let projectId: number;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  const api = (person: Person | 'anonymous', method: string, path: string, json?: unknown) =>
    as(person).request(method, `/api/v4/projects/${projectId}/issues${path}`, {
      ...(json === undefined ? {} : { json }),
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
  const create = async (title: string, fields: Record<string, unknown> = {}): Promise<RestIssue> => {
    const response = await api('owner', 'POST', '', { title, ...fields });
    expect(response.status).toBe(201);
    return (await response.json()) as RestIssue;
  };
  const exists = async (id: number) =>
    (await server.db.selectFrom('issues').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60 });
    clients = await signedInClients(server);
    projectId = await projectIdOf(server, PROJECT);
  });
  afterAll(() => closeCheckingRollups(server));

  it('lets only the project owner delete an issue over REST; the epic loses it in its counts', async () => {
    const epic = await createEpic(as('owner'), 'acme', { title: 'Loses an issue' });
    const issue = await create('Delete me', { epic_id: epic.numericId });
    await api('owner', 'POST', `/${issue.iid}/todo`);
    const openedIssues = async () =>
      (
        await as('owner').graphql<{ group: { epic: { descendantCounts: { openedIssues: number } } } }>(
          'query ($iid: ID) { group(fullPath: "acme") { epic(iid: $iid) { descendantCounts { openedIssues } } } }',
          { iid: epic.iid },
        )
      ).body.data?.group.epic.descendantCounts.openedIssues;
    expect(await openedIssues()).toBe(1);

    for (const [person, status] of [
      ['anonymous', 401],
      ['guest', 403],
      ['reporter', 403],
      ['developer', 403],
    ] as const) {
      expect((await api(person, 'DELETE', `/${issue.iid}`)).status, person).toBe(status);
      expect(await exists(issue.id)).toBe(true);
    }
    const deleted = await api('owner', 'DELETE', `/${issue.iid}`);
    expect(deleted.status).toBe(204);
    expect(await exists(issue.id)).toBe(false);
    expect(await openedIssues()).toBe(0);
    const todos = await server.db
      .selectFrom('todos')
      .select('id')
      .where('target_type', '=', 'Issue')
      .where('target_id', '=', issue.id)
      .execute();
    expect(todos).toEqual([]);
    expect((await api('owner', 'GET', `/${issue.iid}`)).status).toBe(404);
    expect((await api('owner', 'DELETE', `/${issue.iid}`)).status).toBe(404);
    expect((await api('owner', 'DELETE', '/not-an-iid')).status).toBe(400);
  });

  it('subscribes and unsubscribes, answering 304 when nothing changes', async () => {
    const issue = await create('Watch me');
    const subscribe = await api('developer', 'POST', `/${issue.iid}/subscribe`);
    expect(subscribe.status).toBe(201);
    expect(((await subscribe.json()) as RestIssue).subscribed).toBe(true);
    expect((await api('developer', 'POST', `/${issue.iid}/subscribe`)).status).toBe(304);
    const unsubscribe = await api('developer', 'POST', `/${issue.iid}/unsubscribe`);
    expect(((await unsubscribe.json()) as RestIssue).subscribed).toBe(false);
    expect((await api('developer', 'POST', `/${issue.iid}/unsubscribe`)).status).toBe(304);
    expect((await api('anonymous', 'POST', `/${issue.iid}/subscribe`)).status).toBe(401);
    const single = await api('developer', 'GET', `/${issue.iid}`);
    expect(((await single.json()) as RestIssue).subscribed).toBe(false);
  });

  it('adds a to-do once (304 after), and hides confidential issues from guests', async () => {
    const issue = await create('Remind me');
    const first = await api('guest', 'POST', `/${issue.iid}/todo`);
    expect(first.status).toBe(201);
    const todo = (await first.json()) as {
      action_name: string;
      target_type: string;
      target: { iid: number };
      body: string;
      state: string;
      project: { path_with_namespace: string };
      author: { username: string };
    };
    expect(todo).toMatchObject({
      action_name: 'marked',
      target_type: 'Issue',
      target: { iid: issue.iid },
      body: 'Remind me',
      state: 'pending',
      project: { path_with_namespace: PROJECT },
      author: { username: 'guest' },
    });
    expect((await api('guest', 'POST', `/${issue.iid}/todo`)).status).toBe(304);
    const secret = await create('Secret', { confidential: true });
    expect((await api('guest', 'POST', `/${secret.iid}/todo`)).status).toBe(404);
    expect((await api('guest', 'GET', `/${secret.iid}/participants`)).status).toBe(404);
  });

  it('lists participants: the author, then assignees', async () => {
    const issue = await create('Who takes part');
    const developerId = await server.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'developer')
      .executeTakeFirstOrThrow();
    expect((await api('owner', 'PUT', `/${issue.iid}`, { assignee_ids: [developerId.id] })).status).toBe(200);
    const response = await api('anonymous', 'GET', `/${issue.iid}/participants`);
    expect(response.status).toBe(200);
    const users = (await response.json()) as { username: string; web_url: string; state: string }[];
    expect(users.map((user) => user.username)).toEqual(['owner', 'developer']);
    expect(users[0]!.web_url).toMatch(/\/owner$/);
  });

  it('relates issues through the links API, with clear refusals that change nothing', async () => {
    const source = await create('Links from here');
    const target = await create('Links to here');
    const links = () =>
      server.db.selectFrom('issue_links').selectAll().where('source_id', '=', source.id).execute();
    for (const [body, status] of [
      [{}, 400],
      [{ target_project_id: projectId }, 400],
      [{ target_project_id: projectId, target_issue_iid: target.iid, link_type: 'duplicates' }, 400],
      [{ target_project_id: projectId, target_issue_iid: 999999 }, 404],
      [{ target_project_id: 'no/such/project', target_issue_iid: target.iid }, 404],
    ] as const) {
      expect((await api('reporter', 'POST', `/${source.iid}/links`, body)).status, JSON.stringify(body)).toBe(
        status,
      );
    }
    const body = { target_project_id: PROJECT, target_issue_iid: target.iid, link_type: 'is_blocked_by' };
    expect((await api('guest', 'POST', `/${source.iid}/links`, body)).status).toBe(403);
    expect(await links()).toEqual([]);

    const created = await api('reporter', 'POST', `/${source.iid}/links`, body);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      source_issue: { iid: source.iid },
      target_issue: { iid: target.iid },
      link_type: 'is_blocked_by',
    });
    expect((await api('reporter', 'POST', `/${source.iid}/links`, body)).status).toBe(409);

    const fromTarget = (await (await api('guest', 'GET', `/${target.iid}/links`)).json()) as {
      iid: number;
      link_type: string;
      issue_link_id: number;
    }[];
    expect(fromTarget.map((issue) => [issue.iid, issue.link_type])).toEqual([[source.iid, 'blocks']]);
    const linkId = fromTarget[0]!.issue_link_id;
    expect((await api('guest', 'GET', `/${target.iid}/links/${linkId}`)).status).toBe(200);
    expect((await api('guest', 'DELETE', `/${target.iid}/links/${linkId}`)).status).toBe(403);
    expect((await api('reporter', 'DELETE', `/${target.iid}/links/${linkId}`)).status).toBe(200);
    expect((await api('reporter', 'GET', `/${target.iid}/links/${linkId}`)).status).toBe(404);
    expect(await links()).toEqual([]);
  });

  it("deletes from the issue page's form and its JSON delete, with GitLab's flash", async () => {
    const owner = as('owner');
    const viaForm = await create('Deleted from the page');
    const form = (person: Person, iid: number, fields: Record<string, string> = {}) =>
      as(person).request('POST', `/${PROJECT}/-/issues/${iid}`, {
        form: {
          _method: 'delete',
          authenticity_token: as(person).csrfToken,
          destroy_confirm: 'true',
          ...fields,
        },
      });
    expect((await form('owner', viaForm.iid, { destroy_confirm: '' })).status).toBe(422);
    expect((await form('developer', viaForm.iid)).status).toBe(403);
    expect((await form('owner', viaForm.iid, { authenticity_token: 'forged' })).status).toBe(422);
    expect(await exists(viaForm.id)).toBe(true);
    const response = await form('owner', viaForm.iid);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/${PROJECT}/-/issues`);
    expect(decodeURIComponent(owner.cookie('flash_notice') ?? '')).toBe(ISSUE_DELETED_NOTICE);
    expect(await exists(viaForm.id)).toBe(false);
    expect(await (await owner.get(`/${PROJECT}/-/issues`)).text()).toContain(ISSUE_DELETED_NOTICE);

    const viaJson = await create('Deleted by the JSON endpoint');
    const jsonDelete = (query: string) =>
      owner.request('DELETE', `/${PROJECT}/-/issues/${viaJson.iid}.json${query}`, {
        headers: { 'x-csrf-token': owner.csrfToken },
      });
    const unconfirmed = await jsonDelete('');
    expect(unconfirmed.status).toBe(422);
    expect(await unconfirmed.json()).toEqual({ errors: ['Destroy confirmation not provided for issue'] });
    const confirmed = await jsonDelete('?destroy_confirm=true');
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ web_url: `/${PROJECT}/-/issues` });
    expect(await exists(viaJson.id)).toBe(false);
  });
});
