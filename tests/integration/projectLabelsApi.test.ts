import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

interface LabelJson {
  id: number;
  name: string;
  color: string;
  priority: number | null;
  is_project_label: boolean;
  subscribed: boolean;
  open_issues_count?: number;
  closed_issues_count?: number;
  open_merge_requests_count?: number;
}

/**
 * GitLab's project labels API and label subscriptions: the project's labels with its groups', its
 * own managed by Reporters and up, priorities, and subscribe / unsubscribe on projects and groups.
 */
describe.each(BACKENDS)('project labels API (%s)', (backend) => {
  let server: TestServer;
  let projectId: number;
  const as: Record<string, HttpClient> = {};
  const project = 'workshop/playground';

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 20 });
    for (const name of ['owner', 'reporter', 'guest']) {
      as[name] = HttpClient.withToken(server.baseUrl, await server.tokenFor(name));
    }
    as.anonymous = new HttpClient(server.baseUrl);
    projectId = await projectIdOf(server, project);
  });
  afterAll(() => closeCheckingRollups(server));

  const base = () => `/api/v4/projects/${projectId}/labels`;
  const list = async (who: string, query = '') =>
    (await (await as[who]!.get(`${base()}${query}`)).json()) as LabelJson[];
  const send = (who: string, method: string, path: string, json?: Record<string, unknown>) =>
    as[who]!.request(method, path, json === undefined ? {} : { json });
  const labelCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('labels')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('lists the project’s labels with its groups’, marked, searchable and counted', async () => {
    const created = await send('reporter', 'POST', base(), { name: 'area::docs', color: '#009966' });
    expect(created.status).toBe(201);
    const all = await list('guest');
    const docs = all.find((label) => label.name === 'area::docs');
    expect(docs).toMatchObject({ is_project_label: true, priority: null, subscribed: false });
    expect(docs).not.toHaveProperty('open_issues_count');
    const groupLabel = all.find((label) => label.name === 'backend');
    expect(groupLabel).toMatchObject({ is_project_label: false });

    const own = await list('guest', '?include_ancestor_groups=false');
    expect(own.map((label) => label.name)).toEqual(['area::docs']);
    expect((await list('guest', '?search=DOCS')).map((label) => label.name)).toEqual(['area::docs']);

    const issue = (await (
      await send('owner', 'POST', `/api/v4/projects/${projectId}/issues`, {
        title: 'Counted',
        labels: 'area::docs',
      })
    ).json()) as { iid: number; labels: string[] };
    expect(issue.labels).toEqual(['area::docs']);
    const counted = (await list('guest', '?with_counts=true&search=area')).find(
      (label) => label.name === 'area::docs',
    );
    expect(counted).toMatchObject({
      open_issues_count: 1,
      closed_issues_count: 0,
      open_merge_requests_count: 0,
    });
    expect((await as.guest!.get(`${base()}?with_counts=maybe`)).status).toBe(400);
  });

  it('creates project labels for Reporters and up, refusing bad input and taken titles unchanged', async () => {
    const before = await labelCount();
    expect((await send('anonymous', 'POST', base(), { name: 'x', color: '#fff' })).status).toBe(401);
    expect((await send('guest', 'POST', base(), { name: 'x', color: '#fff' })).status).toBe(403);
    expect((await send('reporter', 'POST', base(), { color: '#fff' })).status).toBe(400);
    expect((await send('reporter', 'POST', base(), { name: 'x' })).status).toBe(400);
    expect((await send('reporter', 'POST', base(), { name: 'x', color: 'blue' })).status).toBe(400);
    expect((await send('reporter', 'POST', base(), { name: 'x', color: '#fff', priority: -1 })).status).toBe(
      400,
    );
    // `backend` is a label of the project's group, `AREA::DOCS` the project's own in another case.
    expect((await send('reporter', 'POST', base(), { name: 'backend', color: '#fff' })).status).toBe(409);
    expect((await send('reporter', 'POST', base(), { name: 'AREA::DOCS', color: '#fff' })).status).toBe(409);
    expect(await labelCount()).toBe(before);

    const created = await send('reporter', 'POST', base(), {
      name: 'starred',
      color: '#dc143c',
      priority: 3,
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: 'starred', priority: 3, is_project_label: true });
  });

  it('edits, prioritises and deletes only the project’s own labels', async () => {
    const label = (await (
      await send('reporter', 'POST', base(), { name: 'to-edit', color: '#808080' })
    ).json()) as LabelJson;
    const put = (who: string, key: string | number, json: Record<string, unknown>) =>
      send(who, 'PUT', `${base()}/${encodeURIComponent(String(key))}`, json);
    expect((await put('guest', label.id, { priority: 1 })).status).toBe(403);
    expect((await put('reporter', label.id, {})).status).toBe(400);
    expect((await put('reporter', 'backend', { color: '#000000' })).status).toBe(404);
    const clash = await put('reporter', label.id, { new_name: 'backend' });
    expect(clash.status).toBe(400);
    expect(JSON.stringify(await clash.json())).toContain('already exists at group level');

    const prioritised = await put('reporter', 'to-edit', { new_name: 'edited', priority: 0 });
    expect(prioritised.status).toBe(200);
    expect(await prioritised.json()).toMatchObject({ id: label.id, name: 'edited', priority: 0 });
    const cleared = await put('reporter', label.id, { priority: null });
    expect(await cleared.json()).toMatchObject({ priority: null });

    expect((await send('guest', 'DELETE', `${base()}/${label.id}`)).status).toBe(403);
    expect((await send('reporter', 'DELETE', `${base()}/backend`)).status).toBe(404);
    expect((await send('reporter', 'DELETE', `${base()}/${label.id}`)).status).toBe(204);
    expect((await as.guest!.get(`${base()}/${label.id}`)).status).toBe(404);
    // A group's label reads through the project, by id or by title.
    expect((await as.guest!.get(`${base()}/backend`)).status).toBe(200);
  });

  it('subscribes and unsubscribes on projects and groups, 304 when nothing changes', async () => {
    const groupLabels = (await (await as.guest!.get('/api/v4/groups/workshop/labels')).json()) as LabelJson[];
    const frontend = groupLabels.find((label) => label.name === 'frontend')!;
    const sub = (who: string, place: string, action: 'subscribe' | 'unsubscribe') =>
      send(who, 'POST', `${place}/${frontend.id}/${action}`);
    const projectLabels = base();
    const groupLabelsPath = '/api/v4/groups/workshop/labels';
    expect((await sub('anonymous', projectLabels, 'subscribe')).status).toBe(401);
    expect((await send('guest', 'POST', `${projectLabels}/999999/subscribe`)).status).toBe(404);

    const subscribed = await sub('guest', projectLabels, 'subscribe');
    expect(subscribed.status).toBe(201);
    expect(await subscribed.json()).toMatchObject({ id: frontend.id, subscribed: true });
    expect((await sub('guest', groupLabelsPath, 'subscribe')).status).toBe(304);
    expect((await list('guest')).find((label) => label.id === frontend.id)?.subscribed).toBe(true);
    const inGroup = (await (await as.guest!.get(groupLabelsPath)).json()) as LabelJson[];
    expect(inGroup.find((label) => label.id === frontend.id)?.subscribed).toBe(true);
    // Someone else's choice is their own.
    expect((await list('reporter')).find((label) => label.id === frontend.id)?.subscribed).toBe(false);

    const unsubscribed = await sub('guest', groupLabelsPath, 'unsubscribe');
    expect(unsubscribed.status).toBe(201);
    expect(await unsubscribed.json()).toMatchObject({ subscribed: false });
    expect((await sub('guest', projectLabels, 'unsubscribe')).status).toBe(304);
  });

  it('orders prioritised labels from the labels page, for Reporters and up only', async () => {
    const page = (who: string) => {
      const client = new HttpClient(server.baseUrl);
      return client.signIn(who, TEST_PASSWORD).then(() => client);
    };
    const reporter = await page('reporter');
    const guest = await page('guest');
    const labels = await list('guest');
    const [first, second] = [
      labels.find((l) => l.name === 'bug')!,
      labels.find((l) => l.name === 'starred')!,
    ];
    const order = (client: HttpClient, json: unknown) =>
      client.request('POST', `/${project}/-/labels/set_priorities`, {
        json,
        headers: { 'x-csrf-token': client.csrfToken },
      });
    expect((await order(guest, { label_ids: [first.id, second.id] })).status).toBe(403);
    expect((await order(reporter, {})).status).toBe(400);
    expect((await order(reporter, { label_ids: ['x'] })).status).toBe(400);
    const answer = await order(reporter, { label_ids: [first.id, second.id, 999999] });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ message: 'success' });
    const after = await list('guest');
    expect(after.find((l) => l.id === first.id)?.priority).toBe(0);
    expect(after.find((l) => l.id === second.id)?.priority).toBe(1);
    // The group's label is prioritised for this project only: the group does not report it.
    const inGroup = (await (await as.guest!.get('/api/v4/groups/workshop/labels')).json()) as LabelJson[];
    expect(inGroup.find((l) => l.id === first.id)?.priority).toBeNull();

    // The star takes a group label's priority away too (the API's PUT only edits the project's own).
    const unstar = (client: HttpClient, key: string | number) =>
      client.request('DELETE', `/${project}/-/labels/${key}/remove_priority`, {
        headers: { 'x-csrf-token': client.csrfToken },
      });
    expect((await unstar(guest, first.id)).status).toBe(403);
    expect((await unstar(reporter, 999999)).status).toBe(404);
    expect((await unstar(reporter, first.id)).status).toBe(200);
    const unstarred = await list('guest');
    expect(unstarred.find((l) => l.id === first.id)?.priority).toBeNull();
    expect(unstarred.find((l) => l.id === second.id)?.priority).toBe(1);
  });

  it('lets an issue of the project carry the project’s own labels by id', async () => {
    const label = (await list('guest')).find((l) => l.name === 'starred')!;
    const issue = (await (
      await send('owner', 'POST', `/api/v4/projects/${projectId}/issues`, { title: 'By id' })
    ).json()) as { iid: number };
    const updated = await as.owner!.graphql<{ updateIssue: { errors: string[] } }>(
      `mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { errors } }`,
      {
        input: {
          projectPath: project,
          iid: String(issue.iid),
          addLabelIds: [`gid://gitlab/Label/${label.id}`],
        },
      },
    );
    expect(updated.body.errors).toBeUndefined();
    expect(updated.body.data?.updateIssue.errors).toEqual([]);
    const read = (await (
      await as.owner!.get(`/api/v4/projects/${projectId}/issues/${issue.iid}`)
    ).json()) as { labels: string[] };
    expect(read.labels).toEqual(['starred']);
  });
});
