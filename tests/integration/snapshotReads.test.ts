import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { GITLAB_QUERIES } from '../helpers/gitlabQueries.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const ROADMAP_VARIABLES = {
  fullPath: 'acme',
  state: 'all',
  sort: 'start_date_asc',
  timeframe: { start: '2026-01-01', end: '2026-12-31' },
  first: 20,
  topLevelHierarchyOnly: true,
};

const GROUP_EPICS = `query { group(fullPath: "acme") { name epics(first: 1) { nodes { title } } } }`;

interface GroupEpics {
  group: { name: string; epics: { nodes: { title: string }[] } | null } | null;
}

describe.each(BACKENDS)(
  'Queries at one data version share their lookups of groups and plans (%s)',
  (backend) => {
    let server: TestServer;
    let reporter: HttpClient;
    let guest: HttpClient;

    beforeAll(async () => {
      // The response cache would answer the repeated requests before any lookup runs.
      server = await startTestServer({ backend, env: { GRAPHQL_RESPONSE_CACHE: 'off' } });
      reporter = HttpClient.withToken(server.baseUrl, await server.tokenFor('reporter'));
      guest = HttpClient.withToken(server.baseUrl, await server.tokenFor('guest'));
    });
    afterAll(() => server?.close());

    /** The answer's text and how many SQL statements it cost. */
    const ask = async (query: string, variables: Record<string, unknown> = {}, client = reporter) => {
      const before = server.statementCount();
      const response = await client.request('POST', '/api/graphql', { json: { query, variables } });
      const text = await response.text();
      expect(response.status).toBe(200);
      return { text, statements: server.statementCount() - before };
    };

    const groupEpics = async () =>
      (JSON.parse((await ask(GROUP_EPICS)).text) as { data: GroupEpics }).data.group;

    it('reads the group, its projects and its plan once for every roadmap page at one data version', async () => {
      await ask(GITLAB_QUERIES.roadmapGroupEpics, ROADMAP_VARIABLES);
      // A new data version: the first page below looks everything up afresh.
      await sql`UPDATE data_version SET version = version + 1`.execute(server.db);
      const first = await ask(GITLAB_QUERIES.roadmapGroupEpics, ROADMAP_VARIABLES);
      const second = await ask(GITLAB_QUERIES.roadmapGroupEpics, ROADMAP_VARIABLES);
      expect(second.text).toBe(first.text);
      // The group by its path, the groups and projects of its hierarchy, and its plan.
      expect(second.statements).toBe(first.statements - 3);
    });

    it('shows a group renamed straight in the database on the very next request', async () => {
      expect((await groupEpics())?.name).toBe('Acme Corp');
      await sql`UPDATE namespaces SET name = 'Acme Renamed' WHERE full_path = 'acme'`.execute(server.db);
      try {
        expect((await groupEpics())?.name).toBe('Acme Renamed');
      } finally {
        await sql`UPDATE namespaces SET name = 'Acme Corp' WHERE full_path = 'acme'`.execute(server.db);
      }
      expect((await groupEpics())?.name).toBe('Acme Corp');
    });

    it('stops listing epics as soon as the group loses the plan that includes them', async () => {
      expect((await groupEpics())?.epics?.nodes).toHaveLength(1);
      const plan = await sql<{ plan_code: string }>`SELECT plan_code FROM gitlab_subscriptions
      WHERE namespace_id = (SELECT id FROM namespaces WHERE full_path = 'acme')`.execute(server.db);
      await sql`UPDATE gitlab_subscriptions SET plan_code = 'free', trial = false
      WHERE namespace_id = (SELECT id FROM namespaces WHERE full_path = 'acme')`.execute(server.db);
      try {
        expect((await groupEpics())?.epics?.nodes).toEqual([]);
      } finally {
        await sql`UPDATE gitlab_subscriptions SET plan_code = ${plan.rows[0]!.plan_code}
        WHERE namespace_id = (SELECT id FROM namespaces WHERE full_path = 'acme')`.execute(server.db);
      }
      expect((await groupEpics())?.epics?.nodes).toHaveLength(1);
    });

    it('counts below each epic what the asking viewer may see, whoever asked first at the version', async () => {
      /** Epics counted below the page's epics: a guest does not see confidential ones. */
      const countedEpics = async (client: HttpClient) => {
        const { text } = await ask(GITLAB_QUERIES.roadmapGroupEpics, ROADMAP_VARIABLES, client);
        const page = JSON.parse(text) as {
          data: {
            group: {
              epics: {
                edges: { node: { descendantCounts: { openedEpics: number; closedEpics: number } } }[];
              };
            };
          };
        };
        return page.data.group.epics.edges
          .map(({ node }) => node.descendantCounts.openedEpics + node.descendantCounts.closedEpics)
          .reduce((sum, count) => sum + count, 0);
      };
      const newVersion = () => sql`UPDATE data_version SET version = version + 1`.execute(server.db);
      // A confidential child below the page's first epic with children.
      const child = await sql<{ id: number; confidential: boolean }>`
        SELECT child.id, child.confidential FROM epics child
        JOIN epics parent ON parent.id = child.parent_id
        JOIN namespaces n ON n.id = parent.group_id
        WHERE n.full_path = 'acme' AND parent.parent_id IS NULL AND NOT child.confidential
        ORDER BY parent.start_date NULLS LAST, parent.id LIMIT 1`.execute(server.db);
      const childId = child.rows[0]!.id;
      await sql`UPDATE epics SET confidential = true WHERE id = ${childId}`.execute(server.db);
      try {
        await newVersion();
        const reporterAlone = await countedEpics(reporter);
        await newVersion();
        const guestAlone = await countedEpics(guest);
        expect(guestAlone).toBeLessThan(reporterAlone);

        await newVersion();
        expect(await countedEpics(reporter)).toBe(reporterAlone);
        expect(await countedEpics(guest)).toBe(guestAlone);
        await newVersion();
        expect(await countedEpics(guest)).toBe(guestAlone);
        expect(await countedEpics(reporter)).toBe(reporterAlone);
      } finally {
        await sql`UPDATE epics SET confidential = false WHERE id = ${childId}`.execute(server.db);
      }
    });

    it('lists the epics the asking viewer may read, whoever asked first at the version', async () => {
      const CONFIDENTIAL_EPICS = `query { group(fullPath: "acme") {
        epics(first: 100, confidential: true, includeDescendantGroups: false) { nodes { id } } } }`;
      const listed = async (client: HttpClient) => {
        const { text } = await ask(CONFIDENTIAL_EPICS, {}, client);
        return (JSON.parse(text) as { data: { group: { epics: { nodes: unknown[] } } } }).data.group.epics
          .nodes.length;
      };
      const epic = await sql<{ id: number }>`SELECT e.id FROM epics e JOIN namespaces n ON n.id = e.group_id
        WHERE n.full_path = 'acme' AND NOT e.confidential ORDER BY e.id LIMIT 1`.execute(server.db);
      const epicId = epic.rows[0]!.id;
      await sql`UPDATE epics SET confidential = true WHERE id = ${epicId}`.execute(server.db);
      try {
        const reporterSees = await listed(reporter);
        expect(reporterSees).toBeGreaterThan(0);
        expect(await listed(guest)).toBe(0);
        await sql`UPDATE data_version SET version = version + 1`.execute(server.db);
        expect(await listed(guest)).toBe(0);
        expect(await listed(reporter)).toBe(reporterSees);
      } finally {
        await sql`UPDATE epics SET confidential = false WHERE id = ${epicId}`.execute(server.db);
      }
    });
  },
);
