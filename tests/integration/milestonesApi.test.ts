import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

interface MilestoneJson {
  id: number;
  iid: number;
  project_id?: number;
  group_id?: number;
  title: string;
  description: string;
  state: 'active' | 'closed';
  start_date: string | null;
  due_date: string | null;
  web_url: string;
}

const PROJECT = encodeURIComponent('workshop/playground');

/** GitLab's milestone REST writes for projects and groups: who may, what is refused, what changes. */
describe.each(BACKENDS)('milestones API (%s)', (backend) => {
  let server: TestServer;
  const as: Record<string, HttpClient> = {};

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 20 });
    for (const name of ['owner', 'reporter', 'guest', 'outsider']) {
      as[name] = HttpClient.withToken(server.baseUrl, await server.tokenFor(name));
    }
    as.anonymous = new HttpClient(server.baseUrl);
  });
  afterAll(() => closeCheckingRollups(server));

  const count = async () =>
    Number(
      (
        await server.db
          .selectFrom('milestones')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  for (const scope of ['projects', 'groups'] as const) {
    const owner = scope === 'projects' ? PROJECT : 'workshop';
    const base = `/api/v4/${scope}/${owner}/milestones`;

    it(`creates a ${scope} milestone for Reporters and up, refusing others and bad input unchanged`, async () => {
      const before = await count();
      const create = (who: string, json: Record<string, unknown>) => as[who]!.request('POST', base, { json });
      expect((await create('anonymous', { title: 'Q3' })).status).toBe(401);
      expect((await create('guest', { title: 'Q3' })).status).toBe(403);
      expect((await create('outsider', { title: 'Q3' })).status).toBe(403);
      const missing = await create('reporter', { description: 'no title' });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({ error: 'title is missing' });
      const backwards = await create('reporter', {
        title: 'Q3',
        start_date: '2026-07-10',
        due_date: '2026-07-01',
      });
      expect(backwards.status).toBe(400);
      expect(await backwards.json()).toEqual({ message: { due_date: ['must be greater than start date'] } });
      expect(await count()).toBe(before);

      const created = await create('reporter', {
        title: ' Q3 ',
        description: 'Ship *it*',
        start_date: '2026-07-01',
        due_date: '2026-09-30',
      });
      expect(created.status).toBe(201);
      const body = (await created.json()) as MilestoneJson;
      expect(body).toMatchObject({
        title: 'Q3',
        description: 'Ship *it*',
        state: 'active',
        start_date: '2026-07-01',
        due_date: '2026-09-30',
      });
      expect(body.web_url).toMatch(/\/-\/milestones\/\d+$/);
      expect(body[scope === 'projects' ? 'project_id' : 'group_id']).toEqual(expect.any(Number));

      const again = await create('owner', { title: 'Q3' });
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({ message: { title: ['has already been taken'] } });
      const read = await as.guest!.json<MilestoneJson>(`${base}/${body.id}`);
      expect(read.body.title).toBe('Q3');
    });

    it(`edits, closes, reopens and deletes a ${scope} milestone`, async () => {
      const created = (await (
        await as.owner!.request('POST', base, { json: { title: `Edit me ${scope}` } })
      ).json()) as MilestoneJson;
      const one = `${base}/${created.id}`;
      expect((await as.guest!.request('PUT', one, { json: { title: 'x' } })).status).toBe(403);
      expect((await as.guest!.request('PUT', `${base}/999999`, { json: { title: 'x' } })).status).toBe(403);
      expect((await as.reporter!.request('PUT', `${base}/999999`, { json: { title: 'x' } })).status).toBe(
        404,
      );
      const renamed = await as.reporter!.request('PUT', one, {
        json: { title: `Renamed ${scope}`, due_date: '2026-12-31' },
      });
      expect(renamed.status).toBe(200);
      expect(await renamed.json()).toMatchObject({ title: `Renamed ${scope}`, due_date: '2026-12-31' });
      const closed = await as.reporter!.request('PUT', one, { json: { state_event: 'close' } });
      expect(await closed.json()).toMatchObject({ state: 'closed' });
      const reopened = await as.reporter!.request('PUT', one, { json: { state_event: 'activate' } });
      expect(await reopened.json()).toMatchObject({ state: 'active' });
      expect((await as.reporter!.request('PUT', one, { json: { state_event: 'open' } })).status).toBe(400);
      const cleared = await as.reporter!.request('PUT', one, { json: { due_date: null } });
      expect(await cleared.json()).toMatchObject({ due_date: null });

      expect((await as.guest!.request('DELETE', one)).status).toBe(403);
      expect((await as.anonymous!.request('DELETE', one)).status).toBe(401);
      expect((await as.reporter!.request('DELETE', one)).status).toBe(204);
      expect((await as.reporter!.request('GET', one)).status).toBe(404);
      expect((await as.reporter!.request('DELETE', one)).status).toBe(404);
    });
  }

  it("lists a project's milestones, its groups' too when asked, by state and search", async () => {
    await as.owner!.request('POST', `/api/v4/projects/${PROJECT}/milestones`, {
      json: { title: 'Listed one' },
    });
    const own = await as.guest!.json<MilestoneJson[]>(`/api/v4/projects/${PROJECT}/milestones?per_page=100`);
    expect(own.body.every((milestone) => milestone.project_id !== undefined)).toBe(true);
    expect(own.body.map((milestone) => milestone.title)).toContain('Listed one');
    const withParents = await as.guest!.json<MilestoneJson[]>(
      `/api/v4/projects/${PROJECT}/milestones?include_ancestors=true&per_page=100`,
    );
    expect(withParents.body.some((milestone) => milestone.group_id !== undefined)).toBe(true);
    const searched = await as.guest!.json<MilestoneJson[]>(
      `/api/v4/projects/${PROJECT}/milestones?search=listed&state=active`,
    );
    expect(searched.body.map((milestone) => milestone.title)).toEqual(['Listed one']);
    expect(searched.headers.get('x-total')).toBe('1');
  });

  it("lists a milestone's issues the caller may read, confidential ones for the team only", async () => {
    const milestone = await server.db
      .selectFrom('milestones')
      .selectAll()
      .where('title', '=', 'Playground launch')
      .executeTakeFirstOrThrow();
    const issues = await server.db
      .selectFrom('issues')
      .select(['id', 'confidential'])
      .where('project_id', '=', milestone.project_id)
      .orderBy('id')
      .execute();
    await server.db
      .updateTable('issues')
      .set({ milestone_id: milestone.id })
      .where(
        'id',
        'in',
        issues.map((issue) => issue.id),
      )
      .execute();
    const path = `/api/v4/projects/${PROJECT}/milestones/${milestone.id}/issues`;
    const forOwner = await as.owner!.json<{ iid: number; milestone: { id: number } }[]>(path);
    expect(forOwner.body).toHaveLength(issues.length);
    expect(forOwner.body.every((issue) => issue.milestone.id === milestone.id)).toBe(true);
    const confidential = issues.filter((issue) => issue.confidential).length;
    expect(confidential).toBeGreaterThan(0);
    const forOutsider = await as.outsider!.json<unknown[]>(path);
    expect(forOutsider.body).toHaveLength(issues.length - confidential);
    expect(forOutsider.headers.get('x-total')).toBe(String(issues.length - confidential));
  });
});
