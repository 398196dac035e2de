import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

interface EpicNode {
  id: string;
  iid: string;
  title: string;
  startDate: string | null;
  confidential: boolean;
  reference: string;
  author: { username: string };
  group: { fullPath: string };
  labels: { nodes: { title: string; color: string; textColor: string }[] };
}

interface EpicPage {
  group: {
    epics: { count: number; pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: EpicNode[] };
  };
}

describe.each(BACKENDS)('GraphQL API (%s)', (backend) => {
  let server: TestServer;
  let developer: HttpClient;
  let anonymous: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    developer = new HttpClient(server.baseUrl, {
      authorization: `Bearer ${await server.tokenFor('developer')}`,
    });
    anonymous = new HttpClient(server.baseUrl);
  });
  afterAll(() => server?.close());

  it('answers currentUser for a token and null for an anonymous visitor', async () => {
    const query = '{ currentUser { id username name } }';
    const signedIn = await developer.graphql<{ currentUser: { id: string; username: string } }>(query);
    expect(signedIn.body.data?.currentUser.username).toBe('developer');
    expect(signedIn.body.data?.currentUser.id).toMatch(/^gid:\/\/gitlab\/User\/\d+$/);
    expect((await anonymous.graphql(query)).body.data).toEqual({ currentUser: null });
  });

  it('pages through group epics with cursors, without gaps or repeats', async () => {
    const query = `query ($after: String) {
      group(fullPath: "acme") {
        epics(first: 40, after: $after, sort: start_date_asc, state: opened) {
          count
          pageInfo { hasNextPage endCursor }
          nodes { id iid title startDate confidential reference(full: true) author { username } group { fullPath } labels { nodes { title color textColor } } }
        }
      }
    }`;
    const seen: EpicNode[] = [];
    let after: string | null = null;
    let count = 0;
    for (let page = 0; page < 50; page++) {
      const response: { body: { data?: EpicPage; errors?: { message: string }[] } } =
        await developer.graphql<EpicPage>(query, { after });
      expect(response.body.errors).toBeUndefined();
      const epics: EpicPage['group']['epics'] = response.body.data!.group.epics;
      count = epics.count;
      seen.push(...epics.nodes);
      if (!epics.pageInfo.hasNextPage) break;
      after = epics.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(count);
    expect(new Set(seen.map((epic) => epic.id)).size).toBe(count);
    const dated = seen.filter((epic) => epic.startDate !== null).map((epic) => epic.startDate!);
    expect(dated).toEqual([...dated].sort());
    // GitLab puts undated epics last.
    expect(seen.findIndex((epic) => epic.startDate === null)).toBeGreaterThanOrEqual(dated.length);
    expect(seen[0]!.id).toMatch(/^gid:\/\/gitlab\/Epic\/\d+$/);
    expect(seen[0]!.reference).toMatch(/^acme(\/[a-z-]+)*&\d+$/);
    const decoded = JSON.parse(Buffer.from(after ?? '', 'base64').toString('utf8'));
    expect(Object.keys(decoded).sort()).toEqual(['id', 'start_date']);
  });

  it('reads an epic with its counts, permissions and relations', async () => {
    const response = await developer.graphql<{
      group: {
        epic: {
          title: string;
          hasChildren: boolean;
          descendantCounts: Record<string, number>;
          descendantWeightSum: Record<string, number>;
          userPermissions: Record<string, boolean>;
          children: { nodes: { iid: string }[] };
        };
      };
    }>(`{ group(fullPath: "acme") { epic(iid: "1") {
        title hasChildren webPath
        descendantCounts { openedEpics closedEpics openedIssues closedIssues }
        descendantWeightSum { openedIssues closedIssues }
        userPermissions { readEpic updateEpic destroyEpic adminEpic createEpic }
        children(first: 5) { nodes { iid } }
    } } }`);
    expect(response.body.errors).toBeUndefined();
    const epic = response.body.data!.group.epic;
    expect(epic.userPermissions).toEqual({
      readEpic: true,
      updateEpic: true,
      destroyEpic: false,
      adminEpic: true,
      createEpic: true,
    });
    expect(epic.descendantCounts.openedIssues).toBeGreaterThanOrEqual(0);
    expect(epic.hasChildren).toBe(epic.children.nodes.length > 0);
  });

  it('creates and updates an epic with GitLab mutations, returning errors in the payload', async () => {
    const browser = new HttpClient(server.baseUrl);
    await browser.signIn('reporter', TEST_PASSWORD);
    const created = await browser.graphql<{
      createEpic: { epic: { iid: string; title: string }; errors: string[] };
    }>(
      'mutation { createEpic(input: { groupPath: "acme", title: "Made in GraphQL", startDateFixed: "2026-07-01", startDateIsFixed: true }) { epic { iid title startDate } errors } }',
    );
    expect(created.body.data?.createEpic.errors).toEqual([]);
    const iid = created.body.data!.createEpic.epic.iid;
    const invalid = await browser.graphql<{ updateEpic: { errors: string[]; epic: unknown } }>(
      `mutation { updateEpic(input: { groupPath: "acme", iid: "${iid}", title: "" }) { epic { title } errors } }`,
    );
    expect(invalid.body.data?.updateEpic.errors.length).toBeGreaterThan(0);
    const empty = await browser.graphql(
      `mutation { updateEpic(input: { groupPath: "acme", iid: "${iid}" }) { errors } }`,
    );
    expect(empty.body.errors?.[0]?.message).toBe('The list of epic attributes is empty');
    const closed = await browser.graphql<{ updateEpic: { epic: { state: string } } }>(
      `mutation { updateEpic(input: { groupPath: "acme", iid: "${iid}", stateEvent: CLOSE }) { epic { state } errors } }`,
    );
    expect(closed.body.data?.updateEpic.epic.state).toBe('closed');
  });

  it('refuses mutations from anonymous visitors and over GET', async () => {
    const refused = await anonymous.graphql(
      'mutation { createEpic(input: { groupPath: "acme", title: "x" }) { errors } }',
    );
    expect(refused.body.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
    const overGet = await anonymous.get(
      `/api/graphql?query=${encodeURIComponent('mutation { createEpic(input: { groupPath: "acme", title: "x" }) { errors } }')}`,
    );
    expect(overGet.status).toBeGreaterThanOrEqual(400);
    expect(overGet.status).toBeLessThan(500);
  });

  it('refuses mutations from a read_api token and changes nothing, but runs them for an api token', async () => {
    const epicCount = async () =>
      Number(
        (
          await server.db
            .selectFrom('epics')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await epicCount();
    const readOnly = HttpClient.withToken(server.baseUrl, await server.tokenFor('developer', ['read_api']));
    const refused = await readOnly.graphql<{ createEpic: unknown }>(
      'mutation { createEpic(input: { groupPath: "acme", title: "read_api write" }) { epic { iid } errors } }',
    );
    expect(refused.body.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
    expect(refused.body.data?.createEpic ?? null).toBeNull();
    expect(await epicCount()).toBe(before);
    // The same token still reads, through a POST with the token in the query string too.
    const read = await new HttpClient(server.baseUrl).request(
      'POST',
      `/api/graphql?private_token=${await server.tokenFor('developer', ['read_api'])}`,
      { json: { query: '{ currentUser { username } }' } },
    );
    expect(await read.json()).toEqual({ data: { currentUser: { username: 'developer' } } });

    const writer = HttpClient.withToken(server.baseUrl, await server.tokenFor('developer', ['api']));
    const created = await writer.graphql<{ createEpic: { epic: { iid: string }; errors: string[] } }>(
      'mutation { createEpic(input: { groupPath: "acme", title: "api write" }) { epic { iid } errors } }',
    );
    expect(created.body.data?.createEpic.errors).toEqual([]);
    expect(await epicCount()).toBe(before + 1);
  });

  it('enforces GitLab query size, depth and complexity limits', async () => {
    const tooLarge = await anonymous.graphql(`{ currentUser { username } } # ${'x'.repeat(10_001)}`);
    expect(tooLarge.body.errors?.[0]?.message).toBe('Query too large');
    let deep = 'id';
    for (let level = 0; level < 16; level++) deep = `parent { ${deep} }`;
    const tooDeep = await anonymous.graphql(`{ group(fullPath: "acme") { epic(iid: "1") { ${deep} } } }`);
    expect(tooDeep.body.errors?.[0]?.message).toMatch(
      /^Query has depth of \d+, which exceeds max depth of 15$/,
    );
    const fields = Array.from({ length: 210 }, (_, index) => `f${index}: name`).join(' ');
    const tooComplex = await anonymous.graphql(`{ group(fullPath: "acme") { ${fields} } }`);
    expect(tooComplex.body.errors?.[0]?.message).toMatch(/exceeds max complexity of 200$/);
    const fine = await developer.graphql<{ queryComplexity: { limit: number } }>(
      '{ queryComplexity { score limit } }',
    );
    expect(fine.body.data?.queryComplexity.limit).toBe(250);
  });

  it('refuses nested fragment spreads that double at every level, quickly and with a clear error', async () => {
    const fragments = ['fragment F0 on Group { name }'];
    for (let level = 1; level <= 30; level++) {
      fragments.push(`fragment F${level} on Group { ...F${level - 1} ...F${level - 1} }`);
    }
    const started = Date.now();
    const response = await anonymous.graphql(`{ group(fullPath: "acme") { ...F30 } } ${fragments.join(' ')}`);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.message).toMatch(
      /^Query has complexity of \d+, which exceeds max complexity of 200$/,
    );
    // The server is still answering.
    expect((await anonymous.graphql('{ currentUser { id } }')).body.data).toEqual({ currentUser: null });
  });

  it('refuses documents with more fragments than the cap', async () => {
    const fragments = Array.from({ length: 101 }, (_, index) => `fragment F${index} on Group { name }`);
    const spreads = fragments.map((_, index) => `...F${index}`).join(' ');
    const response = await developer.graphql(
      `{ group(fullPath: "acme") { ${spreads} } } ${fragments.join(' ')}`,
    );
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.message).toBe(
      'Query has 101 fragments, which exceeds max fragments of 100',
    );
  });

  it('counts a connection by the page it asks for: first: 100 costs more than first: 1', async () => {
    const scoreFor = async (first: number) => {
      const response = await developer.graphql<{ queryComplexity: { score: number } }>(
        `query ($first: Int) { queryComplexity { score } group(fullPath: "acme") { projects(first: $first) { nodes { id name } } } }`,
        { first },
      );
      return response.body.data!.queryComplexity.score;
    };
    const small = await scoreFor(1);
    const full = await scoreFor(100);
    expect(full).toBeGreaterThan(small);
    // GitLab's multiplier: a full page of 100 doubles the connection's own cost (4 points here).
    expect(full - small).toBe(4);
  });

  it('applies the limits of the caller to a query the server has already seen', async () => {
    const fields = Array.from({ length: 220 }, (_, index) => `f${index}: name`).join(' ');
    const query = `{ group(fullPath: "acme") { ${fields} } }`;
    const admin = new HttpClient(server.baseUrl, {
      authorization: `Bearer ${await server.tokenFor('admin')}`,
    });
    expect((await admin.graphql(query)).body.errors).toBeUndefined();
    const refused = await anonymous.graphql(query);
    expect(refused.body.errors?.[0]?.message).toMatch(/exceeds max complexity of 200$/);
  });

  it('caps connections at 100 nodes, except group epics (1,000, for big roadmaps)', async () => {
    const issues = await developer.graphql<{ project: { issues: { nodes: unknown[] } } }>(
      '{ project(fullPath: "acme/platform/backend/api") { issues(first: 500) { nodes { id } } } }',
    );
    expect(issues.body.data?.project.issues.nodes).toHaveLength(100);
    const epics = await developer.graphql<{ group: { epics: { count: number; nodes: unknown[] } } }>(
      '{ group(fullPath: "acme") { epics(first: 5000) { count nodes { id } } } }',
    );
    const { count, nodes } = epics.body.data!.group.epics;
    expect(nodes).toHaveLength(Math.min(count, 1000));
    expect(nodes.length).toBeGreaterThan(100);
  });

  it('lists projects and issues with labels and assignees', async () => {
    const response = await developer.graphql<{
      project: {
        issues: {
          count: number;
          nodes: { iid: string; reference: string; assignees: { nodes: { username: string }[] } }[];
        };
      };
    }>(
      '{ project(fullPath: "acme/platform/backend/api") { name issues(first: 10, state: opened) { count nodes { iid reference assignees { nodes { username } } labels { nodes { title } } } } } }',
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data?.project.issues.nodes).toHaveLength(10);
    expect(response.body.data?.project.issues.nodes[0]?.reference).toMatch(/^#\d+$/);
  });

  it("counts every listed project's open issues in one statement, hiding confidential ones from those who may not see them", async () => {
    const query = `{ group(fullPath: "acme") { projects(includeSubgroups: true, first: 100) {
      nodes { fullPath openIssuesCount } } } }`;
    type Answer = { group: { projects: { nodes: { fullPath: string; openIssuesCount: number }[] } } };
    const counted = async (client: HttpClient) => {
      const response = await client.graphql<Answer>(query);
      expect(response.body.errors).toBeUndefined();
      return new Map(
        response.body.data!.group.projects.nodes.map((node) => [node.fullPath, node.openIssuesCount]),
      );
    };
    const withSmallerPage = query.replace('first: 100', 'first: 2');
    const before = server.statementCount();
    const asDeveloper = await counted(developer);
    const statements = server.statementCount() - before;
    expect(asDeveloper.size).toBeGreaterThan(2);
    const beforeSmall = server.statementCount();
    await developer.graphql(withSmallerPage);
    expect(server.statementCount() - beforeSmall).toBe(statements);

    const asAnonymous = await counted(anonymous);
    const expected = await sql<{ full_path: string; open: number; public_open: number }>`
      SELECT p.full_path, count(*)::integer AS open, (count(*) FILTER (WHERE NOT i.confidential))::integer AS public_open
      FROM issues i JOIN projects p ON p.id = i.project_id
      WHERE i.state = 'opened' AND i.issue_type <> 'task' GROUP BY p.full_path`.execute(server.db);
    for (const row of expected.rows) {
      if (asDeveloper.has(row.full_path)) expect(asDeveloper.get(row.full_path)).toBe(row.open);
      if (asAnonymous.has(row.full_path)) expect(asAnonymous.get(row.full_path)).toBe(row.public_open);
    }
  });
});
