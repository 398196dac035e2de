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
  first: 50,
  topLevelHierarchyOnly: true,
};

const EPIC_TITLE = `query ($iid: ID!) { group(fullPath: "acme") { epic(iid: $iid) { title confidential } } }`;

interface EpicTitle {
  group: { epic: { title: string; confidential: boolean } | null };
}

describe.each(BACKENDS)('GraphQL answers repeated queries from memory until data changes (%s)', (backend) => {
  let server: TestServer;
  let owner: HttpClient;
  let guest: HttpClient;
  let epic: { iid: number; confidential_iid: number };

  beforeAll(async () => {
    server = await startTestServer({ backend });
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    guest = HttpClient.withToken(server.baseUrl, await server.tokenFor('guest'));
    const rows = await sql<{ iid: number; confidential: boolean }>`
      SELECT DISTINCT ON (e.confidential) e.iid, e.confidential
      FROM epics e JOIN namespaces n ON n.id = e.group_id WHERE n.full_path = 'acme'
      ORDER BY e.confidential, e.iid`.execute(server.db);
    const open = rows.rows.find((row) => !row.confidential);
    const secret = rows.rows.find((row) => row.confidential);
    if (!open || !secret) throw new Error('The demo data should have plain and confidential epics in acme');
    epic = { iid: open.iid, confidential_iid: secret.iid };
  });
  afterAll(() => server?.close());

  /** The answer's text and how many SQL statements it cost. */
  const ask = async (client: HttpClient, query: string, variables: Record<string, unknown>) => {
    const before = server.statementCount();
    const response = await client.request('POST', '/api/graphql', { json: { query, variables } });
    const text = await response.text();
    return { status: response.status, text, statements: server.statementCount() - before };
  };

  it('answers the roadmap page again with the same body for the cost of reading one version number', async () => {
    const first = await ask(owner, GITLAB_QUERIES.roadmapGroupEpics, ROADMAP_VARIABLES);
    const second = await ask(owner, GITLAB_QUERIES.roadmapGroupEpics, ROADMAP_VARIABLES);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text).data.group.epics.edges.length).toBeGreaterThan(0);
    expect(second.text).toBe(first.text);
    // One statement: the token lookup, which reads the data version with the user; the first answer
    // needed the whole page of statements.
    expect(second.statements).toBe(1);
    expect(first.statements).toBeGreaterThan(second.statements);
  });

  it('answers afresh once anything shown has changed, through the API or straight in the database', async () => {
    const title = async () =>
      (JSON.parse((await ask(owner, EPIC_TITLE, { iid: String(epic.iid) })).text) as { data: EpicTitle }).data
        .group.epic?.title;
    await title();
    const renamed = await owner.request('PUT', `/api/v4/groups/acme/epics/${epic.iid}`, {
      json: { title: 'Renamed while cached' },
    });
    expect(renamed.status).toBe(200);
    expect(await title()).toBe('Renamed while cached');
    await sql`UPDATE epics SET title = 'Renamed in SQL' WHERE iid = ${epic.iid}
      AND group_id = (SELECT id FROM namespaces WHERE full_path = 'acme')`.execute(server.db);
    expect(await title()).toBe('Renamed in SQL');
  });

  it('never gives one viewer the answer computed for another', async () => {
    const variables = { iid: String(epic.confidential_iid) };
    const asOwner = async () =>
      JSON.parse((await ask(owner, EPIC_TITLE, variables)).text) as { data: EpicTitle };
    const asGuest = async () =>
      JSON.parse((await ask(guest, EPIC_TITLE, variables)).text) as { data: EpicTitle };
    const anonymous = new HttpClient(server.baseUrl);
    expect((await asOwner()).data.group.epic?.confidential).toBe(true);
    expect((await asGuest()).data.group.epic).toBeNull();
    expect((await asOwner()).data.group.epic?.confidential).toBe(true);
    expect((await asGuest()).data.group.epic).toBeNull();
    const anonymousAnswer = await ask(anonymous, EPIC_TITLE, variables);
    expect((JSON.parse(anonymousAnswer.text) as { data: EpicTitle }).data.group.epic).toBeNull();
  });

  it('stops showing a confidential epic as soon as the viewer loses their membership', async () => {
    const reporter = HttpClient.withToken(server.baseUrl, await server.tokenFor('reporter'));
    const variables = { iid: String(epic.confidential_iid) };
    const confidentialSeen = async () =>
      (JSON.parse((await ask(reporter, EPIC_TITLE, variables)).text) as { data: EpicTitle }).data.group
        .epic !== null;
    expect(await confidentialSeen()).toBe(true);
    expect(await confidentialSeen()).toBe(true);
    await sql`DELETE FROM members WHERE user_id = (SELECT id FROM users WHERE username = 'reporter')`.execute(
      server.db,
    );
    expect(await confidentialSeen()).toBe(false);
  });

  it('never keeps a mutation or an answer with errors', async () => {
    // The labels are read from the database whatever the data version: a kept answer would cost
    // only the token lookup.
    const failing = `{ group(fullPath: "acme") {
      labels(first: 1) { nodes { title } }
      epics(timeframe: { start: "2026-12-31", end: "2026-01-01" }) { count } } }`;
    const first = await ask(owner, failing, {});
    const again = await ask(owner, failing, {});
    expect(JSON.parse(first.text).errors).toBeDefined();
    expect(JSON.parse(again.text).data.group.labels.nodes).toHaveLength(1);
    expect(again.statements).toBeGreaterThan(1);

    const create = `mutation ($title: String!) { createEpic(input: { groupPath: "acme", title: $title }) { epic { iid } errors } }`;
    const one = JSON.parse((await ask(owner, create, { title: 'Made twice' })).text);
    const two = JSON.parse((await ask(owner, create, { title: 'Made twice' })).text);
    expect(one.data.createEpic.epic.iid).not.toBe(two.data.createEpic.epic.iid);
  });
});
