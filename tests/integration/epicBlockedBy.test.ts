import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

interface EpicRef {
  id: number;
  iid: number;
}

interface Blocks {
  blocked: boolean;
  blockedByCount: number;
  blockingCount: number;
  blockedByEpics: { count: number; nodes: { id: string; title: string }[] };
}

const FIELDS = 'blocked blockedByCount blockingCount blockedByEpics { count nodes { id title } }';

/**
 * `Epic.blockedByEpics` (the roadmap's dependency arrows) lists only the blockers the viewer may
 * read, and agrees with `blockedByCount`; `blockingCount` of a hidden blocker never shows through.
 */
describe.each(BACKENDS)('blockedByEpics and what the viewer may see (%s)', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let anonymous: HttpClient;
  let blocked: EpicRef;
  let publicBlocker: EpicRef;
  let confidentialBlocker: EpicRef;
  let privateBlocker: EpicRef;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 150, issues: 900 });
    admin = new HttpClient(server.baseUrl, { authorization: `Bearer ${await server.tokenFor('admin')}` });
    anonymous = new HttpClient(server.baseUrl);
    const insertEpic = async (path: string, title: string, confidential = false) => {
      const inserted = await sql<EpicRef>`
        INSERT INTO epics (root_namespace_id, group_id, iid, author_id, title, confidential)
        SELECT n.root_namespace_id, n.id, coalesce((SELECT max(iid) FROM epics WHERE group_id = n.id), 0) + 1,
          (SELECT id FROM users WHERE username = 'admin'), ${title}, ${confidential}
        FROM namespaces n WHERE n.full_path = ${path}
        RETURNING id, iid`.execute(server.db);
      if (!inserted.rows[0]) throw new Error(`No group ${path}`);
      return inserted.rows[0];
    };
    blocked = await insertEpic('acme', 'Blocked three ways');
    publicBlocker = await insertEpic('acme', 'Public blocker');
    confidentialBlocker = await insertEpic('acme', 'Confidential blocker', true);
    privateBlocker = await insertEpic('acme/security', 'Private blocker');
    for (const blocker of [publicBlocker, confidentialBlocker, privateBlocker]) {
      await sql`
        INSERT INTO related_epic_links (root_namespace_id, source_id, target_id, link_type)
        SELECT root_namespace_id, ${blocker.id}, ${blocked.id}, 'blocks' FROM epics WHERE id = ${blocked.id}`.execute(
        server.db,
      );
    }
  });
  afterAll(() => server?.close());

  const blocksOf = async (client: HttpClient, iid: number, path = 'acme') => {
    const response = await client.graphql<{ group: { epic: Blocks | null } }>(
      `query ($iid: ID, $path: ID!) { group(fullPath: $path) { epic(iid: $iid) { ${FIELDS} } } }`,
      { iid: String(iid), path },
    );
    expect(response.body.errors).toBeUndefined();
    return response.body.data!.group.epic;
  };
  const titles = (epic: Blocks | null) => epic?.blockedByEpics.nodes.map((node) => node.title).sort();

  it('lists every blocker to a viewer who may read them all, as many as blockedByCount says', async () => {
    const epic = await blocksOf(admin, blocked.iid);
    expect(titles(epic)).toEqual(['Confidential blocker', 'Private blocker', 'Public blocker']);
    expect(epic).toMatchObject({ blocked: true, blockedByCount: 3, blockedByEpics: { count: 3 } });
    expect(epic?.blockedByEpics.nodes.map((node) => node.id)).toContain(
      `gid://gitlab/Epic/${privateBlocker.id}`,
    );
  });

  it('leaves out confidential and private blockers, in the list and in every count', async () => {
    const epic = await blocksOf(anonymous, blocked.iid);
    expect(titles(epic)).toEqual(['Public blocker']);
    expect(epic).toMatchObject({ blocked: true, blockedByCount: 1, blockedByEpics: { count: 1 } });
  });

  it("counts the blocked epic in each blocker's blockingCount only for who may read the blocker", async () => {
    expect((await blocksOf(anonymous, publicBlocker.iid))?.blockingCount).toBe(1);
    expect((await blocksOf(admin, confidentialBlocker.iid))?.blockingCount).toBe(1);
    expect(await blocksOf(anonymous, confidentialBlocker.iid)).toBeNull();
  });

  it('answers a whole roadmap page of epics with their blockers, each filtered alike', async () => {
    const query = `query { group(fullPath: "acme") { epics(first: 100, search: "blocker", includeDescendantGroups: true) {
      nodes { title ${FIELDS} } } } }`;
    type Answer = { group: { epics: { nodes: (Blocks & { title: string })[] } } };
    const listed = await anonymous.graphql<Answer>(query);
    expect(listed.body.errors).toBeUndefined();
    const byTitle = new Map(listed.body.data!.group.epics.nodes.map((node) => [node.title, node]));
    expect([...byTitle.keys()]).not.toContain('Private blocker');
    expect([...byTitle.keys()]).not.toContain('Confidential blocker');
    const all = await anonymous.graphql<Answer>(
      `query { group(fullPath: "acme") { epics(first: 100, search: "Blocked three ways") { nodes { title ${FIELDS} } } } }`,
    );
    const row = all.body.data!.group.epics.nodes[0];
    expect(row?.blockedByEpics.nodes.map((node) => node.title)).toEqual(['Public blocker']);
    expect(row?.blockedByCount).toBe(1);
  });

  it('reads the blockers of a whole page in a fixed number of statements, not one per epic', async () => {
    const page = async (first: number) => {
      const before = server.statementCount();
      const response = await admin.graphql<{ group: { epics: { nodes: unknown[] } } }>(
        `query ($first: Int) { group(fullPath: "acme") { epics(first: $first) { nodes { id ${FIELDS} } } } }`,
        { first },
      );
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data!.group.epics.nodes.length).toBe(first);
      return server.statementCount() - before;
    };
    // Each size once: an identical query again would come from the response cache.
    await page(3);
    const few = await page(10);
    expect(await page(60)).toBeLessThanOrEqual(few + 2);
  });
});
