import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const CONFIDENTIAL_PARENT = 'A non-confidential epic cannot be assigned to a confidential parent epic';

interface EpicJson {
  id: number;
  iid: number;
  parent_id: number | null;
  confidential: boolean;
  title: string;
  labels: string[];
}

/** Rules that must hold however requests interleave. */
describe.each(BACKENDS)('epic integrity under concurrent and conflicting writes (%s)', (backend) => {
  let server: TestServer;
  let owner: HttpClient;
  let api: HttpClient;

  const createEpic = async (body: Record<string, unknown>): Promise<EpicJson> => {
    const response = await owner.request('POST', '/api/v4/groups/acme/epics', { json: body });
    expect(response.status).toBe(201);
    return (await response.json()) as EpicJson;
  };
  const putEpic = (iid: number, body: Record<string, unknown>) =>
    owner.request('PUT', `/api/v4/groups/acme/epics/${iid}`, { json: body });
  const readEpic = async (iid: number) =>
    (await owner.json<EpicJson>(`/api/v4/groups/acme/epics/${iid}`)).body;
  const lockVersionOf = async (id: number) =>
    (
      await server.db
        .selectFrom('epics')
        .select('lock_version')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).lock_version;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 40 });
    const token = await server.tokenFor('owner');
    owner = HttpClient.withToken(server.baseUrl, token);
    api = new HttpClient(server.baseUrl, { authorization: `Bearer ${token}` });
  });
  afterAll(() => server?.close());

  it('lets only one of two crossing re-parentings win, so no cycle is ever formed', async () => {
    // Several rounds: without serialisation each request validates against the other's stale state.
    for (let round = 0; round < 5; round++) {
      const a = await createEpic({ title: `Cycle A ${round}` });
      const b = await createEpic({ title: `Cycle B ${round}` });
      const responses = await Promise.all([
        putEpic(a.iid, { parent_id: b.id }),
        putEpic(b.iid, { parent_id: a.id }),
      ]);
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses[0]).toBe(200);
      expect(statuses[1]).toBeGreaterThanOrEqual(400);
      expect(statuses[1]).toBeLessThan(500);
      const [afterA, afterB] = await Promise.all([readEpic(a.iid), readEpic(b.iid)]);
      expect(afterA.parent_id === b.id && afterB.parent_id === a.id).toBe(false);
      expect([afterA.parent_id, afterB.parent_id].filter((id) => id !== null)).toHaveLength(1);
    }
  });

  it('refuses making a child public under a confidential parent, through REST', async () => {
    const parent = await createEpic({ title: 'Secret parent', confidential: true });
    const child = await createEpic({ title: 'Secret child', confidential: true, parent_id: parent.id });
    const refused = await putEpic(child.iid, { confidential: false });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: CONFIDENTIAL_PARENT });
    expect((await readEpic(child.iid)).confidential).toBe(true);
    // Other edits of the child are still fine, and so is leaving the confidential parent.
    expect((await putEpic(child.iid, { title: 'Renamed secret child' })).status).toBe(200);
    const moved = await putEpic(child.iid, { confidential: false, parent_id: null });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ confidential: false, parent_id: null });
  });

  it('refuses a public epic under a confidential parent, through GraphQL', async () => {
    const parent = await createEpic({ title: 'GraphQL secret parent', confidential: true });
    const child = await createEpic({
      title: 'GraphQL secret child',
      confidential: true,
      parent_id: parent.id,
    });
    const update = await api.graphql<{ updateEpic: { epic: unknown; errors: string[] } }>(
      `mutation { updateEpic(input: { groupPath: "acme", iid: "${child.iid}", confidential: false }) { epic { confidential } errors } }`,
    );
    expect(update.body.data?.updateEpic).toEqual({ epic: null, errors: [CONFIDENTIAL_PARENT] });
    expect((await readEpic(child.iid)).confidential).toBe(true);
    const create = await api.graphql<{ createEpic: { epic: unknown; errors: string[] } }>(
      `mutation { createEpic(input: { groupPath: "acme", title: "Public child", parentId: "gid://gitlab/Epic/${parent.id}" }) { epic { id } errors } }`,
    );
    expect(create.body.data?.createEpic).toEqual({ epic: null, errors: [CONFIDENTIAL_PARENT] });
  });

  it('refuses an update carrying a stale lock_version with a 409 and changes nothing', async () => {
    const epic = await createEpic({ title: 'Locked epic' });
    const first = await lockVersionOf(epic.id);
    const fresh = await putEpic(epic.iid, { title: 'First edit', lock_version: first });
    expect(fresh.status).toBe(200);
    expect(await lockVersionOf(epic.id)).toBe(first + 1);

    const stale = await putEpic(epic.iid, { title: 'Lost edit', add_labels: 'stale', lock_version: first });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toMatch(/at the same time/);
    const after = await readEpic(epic.iid);
    expect(after).toMatchObject({ title: 'First edit', labels: [] });
    expect(await lockVersionOf(epic.id)).toBe(first + 1);

    expect((await putEpic(epic.iid, { title: 'x', lock_version: 'abc' })).status).toBe(400);
    expect((await putEpic(epic.iid, { lock_version: first + 1 })).status).toBe(400);
  });

  it('bumps lock_version on every update, labels-only ones included', async () => {
    const epic = await createEpic({ title: 'Versioned epic' });
    const before = await lockVersionOf(epic.id);
    expect((await putEpic(epic.iid, { add_labels: 'versioned' })).status).toBe(200);
    expect((await putEpic(epic.iid, { state_event: 'close' })).status).toBe(200);
    expect(await lockVersionOf(epic.id)).toBe(before + 2);
  });
});
