import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

interface LabelJson {
  id: number;
  name: string;
  color: string;
  description: string | null;
}

/** GitLab's group label management: create, read, rename, recolour and delete, for Reporters and up. */
describe.each(BACKENDS)('group labels API (%s)', (backend) => {
  let server: TestServer;
  const as: Record<string, HttpClient> = {};
  const group = 'workshop';

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 20 });
    for (const name of ['owner', 'reporter', 'guest']) {
      as[name] = HttpClient.withToken(server.baseUrl, await server.tokenFor(name));
    }
    as.anonymous = new HttpClient(server.baseUrl);
  });
  afterAll(() => closeCheckingRollups(server));

  const labelCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('labels')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('creates a label for Reporters and up, refusing everyone else and bad input without a change', async () => {
    const before = await labelCount();
    const create = (who: string, json: Record<string, unknown>) =>
      as[who]!.request('POST', `/api/v4/groups/${group}/labels`, { json });
    expect((await create('anonymous', { name: 'triage', color: '#FF0000' })).status).toBe(401);
    expect((await create('guest', { name: 'triage', color: '#FF0000' })).status).toBe(403);
    expect((await create('reporter', { color: '#FF0000' })).status).toBe(400);
    expect((await create('reporter', { name: 'triage' })).status).toBe(400);
    expect((await create('reporter', { name: 'triage', color: 'reddish' })).status).toBe(400);
    expect((await create('reporter', { name: '   ', color: '#f00' })).status).toBe(400);
    expect(await labelCount()).toBe(before);

    const created = await create('reporter', {
      name: 'triage',
      color: '#ff0000',
      description: 'Needs a look',
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      name: 'triage',
      color: '#ff0000',
      description: 'Needs a look',
    });
    expect((await create('owner', { name: 'TRIAGE', color: '#00ff00' })).status).toBe(409);
    expect(await labelCount()).toBe(before + 1);
  });

  it('reads a label by id or by name, renames and recolours it, and deletes it with its links', async () => {
    const created = (await (
      await as.reporter!.request('POST', `/api/v4/groups/${group}/labels`, {
        json: { name: 'stale', color: '#888' },
      })
    ).json()) as LabelJson;
    expect(
      ((await (await as.guest!.get(`/api/v4/groups/${group}/labels/stale`)).json()) as LabelJson).id,
    ).toBe(created.id);
    expect((await as.guest!.get(`/api/v4/groups/${group}/labels/${created.id}`)).status).toBe(200);
    expect((await as.guest!.get(`/api/v4/groups/${group}/labels/nothing-like-it`)).status).toBe(404);

    const put = (who: string, json: Record<string, unknown>) =>
      as[who]!.request('PUT', `/api/v4/groups/${group}/labels/${created.id}`, { json });
    expect((await put('guest', { new_name: 'fresh' })).status).toBe(403);
    expect((await put('reporter', {})).status).toBe(400);
    expect((await put('reporter', { new_name: 'triage' })).status).toBe(409);
    const renamed = await put('reporter', { new_name: 'fresh', color: '#00AA00' });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: created.id, name: 'fresh', color: '#00AA00' });

    // Label an issue of the group with it, then delete: the issue loses the label.
    const project = await server.db
      .selectFrom('projects')
      .select('id')
      .where('full_path', '=', 'workshop/playground')
      .executeTakeFirstOrThrow();
    const issue = (await (
      await as.owner!.request('POST', `/api/v4/projects/${project.id}/issues`, {
        json: { title: 'Labelled' },
      })
    ).json()) as { iid: number };
    const labelled = await as.owner!.request('PUT', `/api/v4/projects/${project.id}/issues/${issue.iid}`, {
      json: { add_labels: 'fresh' },
    });
    expect(((await labelled.json()) as { labels: string[] }).labels).toEqual(['fresh']);
    expect((await as.guest!.request('DELETE', `/api/v4/groups/${group}/labels/fresh`)).status).toBe(403);
    expect((await as.reporter!.request('DELETE', `/api/v4/groups/${group}/labels/fresh`)).status).toBe(204);
    expect((await as.guest!.get(`/api/v4/groups/${group}/labels/${created.id}`)).status).toBe(404);
    const after = (await (
      await as.owner!.get(`/api/v4/projects/${project.id}/issues/${issue.iid}`)
    ).json()) as {
      labels: string[];
    };
    expect(after.labels).toEqual([]);
  });
});
