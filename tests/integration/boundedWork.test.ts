import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

/**
 * Issue 13, "Bounded work": no single request may ask for work without bound. Every refusal is a
 * clear 4xx and changes nothing.
 */

const EPICS_SEARCH = `query($search: String) { group(fullPath: "acme") { epics(search: $search) { nodes { iid } } } }`;
const EPICS_BY_LABELS = `query($labels: [String], $not: [String]) {
  group(fullPath: "workshop") { epics(labelName: $labels, not: { labelName: $not }) { nodes { title } } }
}`;

const names = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix} ${i}`);

async function labelCount(server: TestServer): Promise<number> {
  const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM labels`.execute(server.db);
  return rows[0]?.count ?? 0;
}

describe.each(BACKENDS)('requests cannot ask for unbounded work (%s)', (backend) => {
  let server: TestServer;
  let anonymous: HttpClient;
  let owner: HttpClient;
  let reporter: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    anonymous = new HttpClient(server.baseUrl);
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    reporter = HttpClient.withToken(server.baseUrl, await server.tokenFor('reporter'));
  });
  afterAll(() => server?.close());

  it('caps free-text search arguments at 255 characters and 64 terms, in GraphQL as in REST', async () => {
    const ok = await anonymous.graphql(EPICS_SEARCH, { search: 'x'.repeat(255) });
    expect(ok.status).toBe(200);
    expect(ok.body.errors).toBeUndefined();

    const long = await anonymous.graphql(EPICS_SEARCH, { search: 'x'.repeat(100_000) });
    expect(long.status).toBe(400);
    expect(long.body.errors?.[0]?.message).toBe('search is too long (maximum is 255 characters)');

    const terms = await anonymous.graphql(EPICS_SEARCH, { search: Array(65).fill('a').join(' ') });
    expect(terms.status).toBe(400);
    expect(terms.body.errors?.[0]?.message).toBe('search has too many search terms (maximum is 64)');

    const rest = await anonymous.get(`/api/v4/groups/acme/epics?search=${'a+'.repeat(70)}`);
    expect(rest.status).toBe(400);
    expect(await rest.json()).toEqual({ error: 'search has too many search terms (maximum is 64)' });
  });

  it('applies the same caps to every searchable field: labels, milestones and the pages JSON', async () => {
    const megabyte = 'y'.repeat(1024 * 1024);
    for (const query of [
      `query($s: String) { group(fullPath: "acme") { labels(searchTerm: $s) { nodes { title } } } }`,
      `query($s: String) { group(fullPath: "acme") { milestones(searchTitle: $s) { nodes { title } } } }`,
      `query($s: String) { group(fullPath: "acme") { projects(search: $s) { nodes { name } } } }`,
    ]) {
      const answer = await anonymous.graphql(query, { s: megabyte });
      expect(answer.status, query).toBe(400);
      expect(answer.body.errors?.[0]?.message, query).toMatch(/is too long \(maximum is 255 characters\)/);
      expect(JSON.stringify(answer.body), query).not.toMatch(/select|where/i);
    }
    for (const path of [
      `/groups/acme/-/labels.json?search=${'z'.repeat(300)}`,
      `/groups/acme/-/milestones.json?search_title=${'z'.repeat(300)}`,
    ]) {
      const response = await anonymous.get(path);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({
        error: expect.stringMatching(/is too long \(maximum is 255 characters\)/),
      });
    }
  });

  it('caps per_page of the pages JSON endpoints at 100, as the REST API does', async () => {
    const workshop = await sql<{ id: number; root_namespace_id: number }>`
      SELECT id, root_namespace_id FROM namespaces WHERE full_path = 'workshop'`.execute(server.db);
    const group = workshop.rows[0]!;
    await server.db
      .insertInto('labels')
      .values(
        names(130, 'Paged').map((title) => ({
          root_namespace_id: group.root_namespace_id,
          group_id: group.id,
          project_id: null,
          title,
          color: '#336699',
        })),
      )
      .execute();
    const response = await anonymous.json<unknown[]>('/groups/workshop/-/labels.json?per_page=1000000');
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(100);
  });

  it('refuses batches of more than 10 GraphQL queries, and counts complexity over the whole batch', async () => {
    const cheap = { query: '{ currentUser { username } }' };
    const ten = await anonymous.request('POST', '/api/graphql', { json: Array(10).fill(cheap) });
    expect(ten.status).toBe(200);
    expect(await ten.json()).toHaveLength(10);

    const refusal = {
      data: null,
      errors: [{ message: 'Batch has 500 queries, which exceeds max batch size of 10' }],
    };
    const many = await anonymous.request('POST', '/api/graphql', { json: Array(500).fill(cheap) });
    expect(many.status).toBe(400);
    expect(await many.json()).toEqual(refusal);
    // The router serves GraphQL at /api/graphql/ too: the cap holds there as well.
    const slashed = await anonymous.request('POST', '/api/graphql/', { json: Array(500).fill(cheap) });
    expect(slashed.status).toBe(400);
    expect(await slashed.json()).toEqual(refusal);

    // Each of these fits the anonymous limit of 200 alone (about 60 points); ten of them do not.
    const fields = Array.from({ length: 30 }, (_, i) => `g${i}: group(fullPath: "acme") { name }`);
    const costly = { query: `{ ${fields.join(' ')} queryComplexity { score } }` };
    const single = await anonymous.request('POST', '/api/graphql', { json: costly });
    const alone = await single.json();
    expect(alone.errors).toBeUndefined();
    expect(alone.data.queryComplexity.score).toBeGreaterThan(20);
    const batch = await anonymous.request('POST', '/api/graphql', { json: Array(10).fill(costly) });
    const answers = (await batch.json()) as { errors?: { message: string }[] }[];
    const refused = answers.filter((answer) =>
      answer.errors?.some((error) =>
        /^Batch has complexity of \d+, which exceeds max complexity of 200$/.test(error.message),
      ),
    );
    expect(refused.length).toBeGreaterThan(0);
  });

  it('caps list arguments at 100 items: label names, negated label names, issue labels and iids', async () => {
    const tooMany = names(101, 'Label');
    const answers = [
      await anonymous.graphql(EPICS_BY_LABELS, { labels: tooMany }),
      await anonymous.graphql(EPICS_BY_LABELS, { not: tooMany }),
      await anonymous.graphql(
        `query($l: [String]) { group(fullPath: "acme") { issues(labelName: $l) { nodes { iid } } } }`,
        { l: names(101, 'Label') },
      ),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.message).toMatch(
        /^Variable \$(labels|not|l) has too many values \(maximum is 100\)$/,
      );
    }
    const iids = await anonymous.graphql(
      `query($iids: [ID!]) { group(fullPath: "acme") { epics(iids: $iids) { nodes { iid } } } }`,
      { iids: Array.from({ length: 2_000 }, (_, i) => String(i + 1)) },
    );
    expect(iids.status).toBe(400);
    expect(iids.body.errors?.[0]?.message).toBe('Variable $iids has too many values (maximum is 100)');
    const literal = await anonymous.graphql(
      `{ group(fullPath: "acme") { epics(labelName: [${tooMany.map((name) => JSON.stringify(name)).join(',')}]) { nodes { iid } } } }`,
    );
    expect(literal.status).toBe(400);
    expect(literal.body.errors?.[0]?.message).toBe('labelName has too many values (maximum is 100)');

    const rest = await anonymous.get(
      `/api/v4/groups/acme/epics?labels=${encodeURIComponent(tooMany.join(','))}`,
    );
    expect(rest.status).toBe(400);
    expect(await rest.json()).toEqual({ error: 'labels has too many values (maximum is 100)' });
  });

  it('refuses a body of too many values by its shape, before parsing it: 300,000 iids, 20,000 form fields', async () => {
    const before = server.statementCount();
    const iids = await anonymous.graphql(
      `query($iids: [ID!]) { group(fullPath: "acme") { epics(iids: $iids) { nodes { iid } } } }`,
      { iids: Array.from({ length: 300_000 }, (_, i) => String(i + 1)) },
    );
    expect(iids.status).toBe(400);
    expect(iids.body.errors?.[0]?.message).toBe('The request body has too many values (maximum is 10000)');
    const fields = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`f${i}`, '1']));
    const form = await owner.request('POST', '/api/v4/groups/workshop/epics', {
      form: { title: 'Fields', ...fields },
    });
    expect(form.status).toBe(400);
    expect(await form.json()).toEqual({ error: 'Form data has too many fields (maximum is 10000)' });
    // The bodies were refused before any handler ran: no statement, so nothing written.
    expect(server.statementCount()).toBe(before);
  });

  it('filters by 100 label names as it does by one: all of them, or none of them', async () => {
    const created = await owner.request('POST', '/api/v4/groups/workshop/epics', {
      json: { title: 'Carries two labels', labels: 'Filter A,Filter B' },
    });
    expect(created.status).toBe(201);
    const others = names(98, 'Absent');
    const find = async (labels: string[] | null, not: string[] | null) => {
      const answer = await anonymous.graphql<{ group: { epics: { nodes: { title: string }[] } } }>(
        EPICS_BY_LABELS,
        { labels, not },
      );
      expect(answer.body.errors).toBeUndefined();
      return answer.body.data?.group.epics.nodes.map((node) => node.title) ?? [];
    };
    expect(await find(['Filter A'], null)).toContain('Carries two labels');
    expect(await find(['Filter A', 'Filter B'], null)).toEqual(['Carries two labels']);
    expect(await find(['Filter B', 'Filter A', 'Filter A'], null)).toEqual(['Carries two labels']);
    expect(await find(['Filter A', ...others], null)).toEqual([]);
    expect(await find(['Filter A', 'Filter B', ...others].slice(0, 100), null)).toEqual([]);
    expect(await find(['Filter A'], ['Filter B', ...others])).toEqual([]);
    expect(await find(null, others)).toContain('Carries two labels');
  });

  it('creates at most 100 new labels in one request, in one statement, and refuses more', async () => {
    const before = await labelCount(server);
    const refused = await reporter.request('POST', '/api/v4/groups/workshop/epics', {
      json: { title: 'Fan out', labels: names(10_000, 'Fan').join(',') },
    });
    expect(refused.status).toBe(400);
    expect(await labelCount(server)).toBe(before);

    const statements = server.statementCount();
    const accepted = await reporter.request('POST', '/api/v4/groups/workshop/epics', {
      json: { title: 'Fan out', labels: names(100, 'Fan').join(',') },
    });
    expect(accepted.status).toBe(201);
    expect(await labelCount(server)).toBe(before + 100);
    // One statement per label before; now the request's statements do not grow with its labels.
    expect(server.statementCount() - statements).toBeLessThan(40);
  });
});
