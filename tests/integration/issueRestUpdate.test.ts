import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { type Person, signedInClients } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';

interface RestIssue {
  iid: number;
  title: string;
  state: string;
  confidential: boolean;
  discussion_locked?: boolean;
  weight: number | null;
  due_date: string | null;
  labels: string[];
  assignees: { username: string }[];
  milestone: { id: number; title: string } | null;
}

describe.each(BACKENDS)('PUT /api/v4/projects/:id/issues/:issue_iid (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  let projectId: number;
  let milestone: { id: number; title: string };
  const as = (person: Person | 'anonymous') => clients.get(person)!;

  const put = (person: Person | 'anonymous', iid: number, body: Record<string, unknown>) =>
    as(person).request('PUT', `/api/v4/projects/${projectId}/issues/${iid}`, {
      json: body,
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
  const create = async (person: Person, title: string): Promise<RestIssue> => {
    const response = await as(person).request('POST', `/api/v4/projects/${projectId}/issues`, {
      json: { title },
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
    expect(response.status).toBe(201);
    return (await response.json()) as RestIssue;
  };
  const row = (iid: number) =>
    server.db
      .selectFrom('issues')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('iid', '=', iid)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60 });
    clients = await signedInClients(server);
    const project = await server.db
      .selectFrom('projects')
      .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
      .select(['projects.id', 'namespaces.traversal_ids'])
      .where('projects.full_path', '=', PROJECT)
      .executeTakeFirstOrThrow();
    projectId = project.id;
    milestone = await server.db
      .selectFrom('milestones')
      .select(['id', 'title'])
      .where('group_id', 'in', project.traversal_ids as number[])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
  });
  afterAll(() => closeCheckingRollups(server));

  it('edits every field GitLab’s edit takes, and answers the Issue', async () => {
    const issue = await create('owner', 'Edited over REST');
    const response = await put('reporter', issue.iid, {
      title: 'Edited over REST, twice',
      description: 'Now with a description',
      labels: 'backend,needs-review',
      assignee_ids: [await userId('developer')],
      milestone_id: milestone.id,
      weight: 2,
      due_date: '2026-09-30',
      confidential: true,
      discussion_locked: true,
      state_event: 'close',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as RestIssue;
    expect(body).toMatchObject({
      iid: issue.iid,
      title: 'Edited over REST, twice',
      state: 'closed',
      confidential: true,
      weight: 2,
      due_date: '2026-09-30',
      milestone: { id: milestone.id, title: milestone.title },
      assignees: [{ username: 'developer' }],
    });
    expect([...body.labels].sort()).toEqual(['backend', 'needs-review']);
    expect(await row(issue.iid)).toMatchObject({ discussion_locked: true, state: 'closed' });

    const cleared = (await (
      await put('reporter', issue.iid, { labels: '', assignee_ids: [0], milestone_id: 0, weight: '' })
    ).json()) as RestIssue;
    expect(cleared).toMatchObject({ labels: [], assignees: [], milestone: null, weight: null });
  });

  it('adds and removes labels by name', async () => {
    const issue = await create('owner', 'Labelled over REST');
    await put('developer', issue.iid, { add_labels: 'backend,frontend' });
    const body = (await (
      await put('developer', issue.iid, { remove_labels: 'backend' })
    ).json()) as RestIssue;
    expect(body.labels).toEqual(['frontend']);
  });

  // GitLab's REST answers invalid values 400 with `{ message: { field: [...] } }`, as for bad parameters.
  it.each([
    ['nothing to change', 400, {}],
    ['a negative weight', 400, { weight: -1 }],
    ['a state_event GitLab does not have', 400, { state_event: 'archive' }],
    ['a blank title', 400, { title: '  ' }],
    ['a milestone of no project here', 400, { milestone_id: 999_999 }],
    ['a stale lock_version', 409, { title: 'Late', lock_version: 99 }],
  ] as const)('answers %s with %i and changes nothing', async (_case, status, body) => {
    const issue = await create('owner', 'Left alone');
    const before = await row(issue.iid);
    const response = await put('owner', issue.iid, body);
    expect(response.status).toBe(status);
    expect(await row(issue.iid)).toEqual(before);
  });

  it('lets the author change the text, not the metadata, and nobody else anything', async () => {
    const own = await create('guest', 'A guest’s own');
    expect((await put('guest', own.iid, { title: 'A guest’s own, edited' })).status).toBe(200);
    expect((await put('guest', own.iid, { weight: 5 })).status).toBe(403);
    const other = await create('owner', 'The owner’s');
    expect((await put('guest', other.iid, { title: 'Mine now' })).status).toBe(403);
    expect((await put('outsider', other.iid, { title: 'Mine now' })).status).toBe(403);
    expect((await put('anonymous', other.iid, { title: 'Mine now' })).status).toBe(401);
    expect((await row(other.iid)).title).toBe('The owner’s');
  });

  it('takes a personal access token as GitLab clients send it, and refuses a read_api one', async () => {
    const issue = await create('owner', 'Edited by a client');
    const path = `/api/v4/projects/${projectId}/issues/${issue.iid}`;
    const writer = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner', ['api']));
    const edited = await writer.request('PUT', path, { json: { title: 'Edited by a GitLab client' } });
    expect(edited.status).toBe(200);
    const reader = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner', ['read_api']));
    expect((await reader.request('PUT', path, { json: { title: 'Not with this token' } })).status).toBe(403);
    expect((await row(issue.iid)).title).toBe('Edited by a GitLab client');
  });

  async function userId(username: string): Promise<number> {
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return user.id;
  }
});
