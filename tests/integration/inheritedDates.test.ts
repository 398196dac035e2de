import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

interface EpicJson {
  id: number;
  iid: number;
  start_date: string | null;
  due_date: string | null;
  start_date_is_fixed: boolean;
}

describe.each(BACKENDS)('inherited epic dates stay right (%s)', (backend) => {
  let server: TestServer;
  let owner: HttpClient;
  const epic = async (iid: number, group = 'acme') =>
    (await owner.json<EpicJson>(`/api/v4/groups/${encodeURIComponent(group)}/epics/${iid}`)).body;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
  });
  afterAll(() => server?.close());

  it('follows a child epic: created, moved, re-dated and removed', async () => {
    const create = async (body: Record<string, unknown>) =>
      (await (await owner.request('POST', '/api/v4/groups/acme/epics', { json: body })).json()) as EpicJson;
    const grandparent = await create({ title: 'Grandparent with inherited dates' });
    const parent = await create({ title: 'Parent with inherited dates', parent_id: grandparent.id });
    expect(parent.start_date).toBeNull();
    const child = await create({
      title: 'Child with fixed dates',
      parent_id: parent.id,
      start_date_fixed: '2026-07-01',
      start_date_is_fixed: true,
      due_date_fixed: '2026-08-15',
      due_date_is_fixed: true,
    });
    expect(await epic(parent.iid)).toMatchObject({
      start_date: '2026-07-01',
      due_date: '2026-08-15',
      start_date_is_fixed: false,
    });
    expect(await epic(grandparent.iid)).toMatchObject({ start_date: '2026-07-01', due_date: '2026-08-15' });

    await owner.request('PUT', `/api/v4/groups/acme/epics/${child.iid}`, {
      json: { due_date_fixed: '2026-12-31' },
    });
    expect((await epic(grandparent.iid)).due_date).toBe('2026-12-31');

    await owner.request('PUT', `/api/v4/groups/acme/epics/${child.iid}`, { json: { parent_id: null } });
    expect(await epic(parent.iid)).toMatchObject({ start_date: null, due_date: null });
    expect(await epic(grandparent.iid)).toMatchObject({ start_date: null, due_date: null });

    await owner.request('PUT', `/api/v4/groups/acme/epics/${child.iid}`, { json: { parent_id: parent.id } });
    expect((await epic(grandparent.iid)).start_date).toBe('2026-07-01');
    expect((await owner.request('DELETE', `/api/v4/groups/acme/epics/${child.iid}`)).status).toBe(204);
    expect((await epic(grandparent.iid)).start_date).toBeNull();
  });

  it('reports what a fixed-date epic would inherit from its child epics (REST and GraphQL)', async () => {
    const create = async (body: Record<string, unknown>) =>
      (await (await owner.request('POST', '/api/v4/groups/acme/epics', { json: body })).json()) as EpicJson;
    const parent = await create({
      title: 'Fixed parent over a dated child',
      start_date_fixed: '2026-01-05',
      start_date_is_fixed: true,
    });
    await create({
      title: 'Dated child of a fixed parent',
      parent_id: parent.id,
      start_date_fixed: '2026-03-02',
      start_date_is_fixed: true,
      due_date_fixed: '2026-04-30',
      due_date_is_fixed: true,
    });
    const rest = (await owner.json<Record<string, unknown>>(`/api/v4/groups/acme/epics/${parent.iid}`)).body;
    expect(rest).toMatchObject({
      start_date: '2026-01-05',
      start_date_from_inherited_source: '2026-03-02',
      due_date: '2026-04-30',
      due_date_from_inherited_source: '2026-04-30',
    });
    const graphql = await owner.graphql<{
      group: { epic: { startDateFromInheritedSource: string; dueDateFromInheritedSource: string } };
    }>(`{ group(fullPath: "acme") { epic(iid: "${parent.iid}") {
      startDateFromInheritedSource dueDateFromInheritedSource } } }`);
    expect(graphql.body.data?.group.epic).toEqual({
      startDateFromInheritedSource: '2026-03-02',
      dueDateFromInheritedSource: '2026-04-30',
    });
  });

  it('follows a milestone whose dates change', async () => {
    const source = await sql<{
      iid: number;
      group_path: string;
      milestone_id: number;
      milestone_group_id: number;
    }>`
      SELECT e.iid, n.full_path AS group_path, m.id AS milestone_id, m.group_id AS milestone_group_id
      FROM epics e
      JOIN namespaces n ON n.id = e.group_id
      JOIN milestones m ON m.id = e.start_date_sourcing_milestone_id
      WHERE NOT e.start_date_is_fixed AND m.group_id IS NOT NULL AND n.visibility_level = 20
      LIMIT 1`.execute(server.db);
    expect(source.rows.length).toBe(1);
    const { iid, group_path, milestone_id, milestone_group_id } = source.rows[0]!;
    const earlier = '2024-01-02';
    const response = await owner.request(
      'PUT',
      `/api/v4/groups/${milestone_group_id}/milestones/${milestone_id}`,
      {
        json: { start_date: earlier },
      },
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { start_date: string }).start_date).toBe(earlier);
    expect((await epic(iid, group_path)).start_date).toBe(earlier);
  });

  it('refuses a milestone ending before it starts, and a reporter-less edit', async () => {
    const milestone = await sql<{ id: number; group_id: number }>`
      SELECT id, group_id FROM milestones WHERE group_id IS NOT NULL LIMIT 1`.execute(server.db);
    const { id, group_id } = milestone.rows[0]!;
    const bad = await owner.request('PUT', `/api/v4/groups/${group_id}/milestones/${id}`, {
      json: { start_date: '2026-05-01', due_date: '2026-04-01' },
    });
    expect(bad.status).toBe(400);
    const guest = HttpClient.withToken(server.baseUrl, await server.tokenFor('guest'));
    expect(
      (await guest.request('PUT', `/api/v4/groups/${group_id}/milestones/${id}`, { json: { title: 'x' } }))
        .status,
    ).toBe(403);
  });
});
