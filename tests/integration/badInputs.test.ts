import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const cursorOf = (values: Record<string, unknown>) =>
  Buffer.from(JSON.stringify(values)).toString('base64').replace(/=+$/, '');

interface GraphQLAnswer {
  status: number;
  body: { data?: unknown; errors?: { message: string }[] };
}

/** A refusal a client can act on: a 4xx or a GraphQL error with a message, never a server fault. */
function expectClearRefusal(answer: GraphQLAnswer, message: RegExp): void {
  expect(answer.status).toBeLessThan(500);
  expect(answer.body.errors?.[0]?.message).toMatch(message);
}

describe.each(BACKENDS)('bad inputs get a clear 4xx and change nothing (%s)', (backend) => {
  let server: TestServer;
  let owner: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
  });
  afterAll(() => server?.close());

  it('answers 400 for iids and ids that are not numbers or are out of range', async () => {
    const epicCount = await owner.json<unknown[]>('/api/v4/groups/acme/epics?per_page=1');
    for (const path of [
      '/api/v4/groups/acme/epics/abc',
      '/api/v4/groups/acme/epics/1e3',
      '/api/v4/groups/acme/epics/-1',
      '/api/v4/groups/acme/milestones/abc',
    ]) {
      const response = await owner.get(path);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toHaveProperty('error');
    }
    const put = await owner.request('PUT', '/api/v4/groups/acme/epics/abc', { json: { title: 'x' } });
    expect(put.status).toBe(400);
    const del = await owner.request('DELETE', '/api/v4/groups/acme/epics/abc');
    expect(del.status).toBe(400);
    // Numbers past the columns' range are simply not found.
    for (const path of [
      '/api/v4/groups/99999999999999999999',
      '/api/v4/groups/999999999999',
      '/api/v4/groups/acme/epics/99999999999999999999',
      '/api/v4/groups/acme/epics/999999999999',
      '/api/v4/groups/acme/milestones/999999999999',
    ]) {
      expect((await owner.get(path)).status, path).toBe(404);
    }
    const after = await owner.json<unknown[]>('/api/v4/groups/acme/epics?per_page=1');
    expect(after.headers.get('x-total')).toBe(epicCount.headers.get('x-total'));
  });

  it('refuses forged cursors whose values have the wrong type', async () => {
    const query = `query ($after: String, $sort: EpicSort) {
      group(fullPath: "acme") { epics(first: 2, after: $after, sort: $sort) { nodes { iid } } }
    }`;
    const forged: [string, Record<string, unknown>][] = [
      ['start_date_asc', { start_date: 'not a date', id: '1' }],
      ['start_date_asc', { start_date: '2024-02-30', id: '1' }],
      ['start_date_asc', { start_date: 5, id: '1' }],
      ['CREATED_AT_DESC', { created_at: 'yesterday', id: '1' }],
      ['CREATED_AT_DESC', { created_at: '2024-01-01T00:00:00Z', id: '99999999999' }],
      ['CREATED_AT_DESC', { created_at: '2024-01-01T00:00:00Z', id: true }],
      ['TITLE_ASC', { title: { nested: true }, id: '1' }],
    ];
    for (const [sort, values] of forged) {
      const answer = await owner.graphql(query, { after: cursorOf(values), sort });
      expectClearRefusal(answer, /^Please provide a valid cursor$/);
    }
    const issues = await owner.graphql(
      `query ($after: String) { project(fullPath: "acme/platform/backend/api") {
        issues(first: 2, after: $after, sort: DUE_DATE_ASC) { nodes { iid } } } }`,
      { after: cursorOf({ due_date: 'soon', id: '1' }) },
    );
    expectClearRefusal(issues, /^Please provide a valid cursor$/);
  });

  it('refuses Time and Date values that are not real dates', async () => {
    for (const value of ['not a date', '2024-13-45', '2024-02-30T10:00:00Z', '2024-01-01T25:00:00Z', '']) {
      const answer = await owner.graphql(
        `{ group(fullPath: "acme") { epics(first: 1, createdAfter: ${JSON.stringify(value)}) { nodes { iid } } } }`,
      );
      expect(answer.status, value).toBe(400);
      expect(answer.body.errors?.[0]?.message, value).toMatch(/is not a valid ISO 8601 time/);
    }
    // Through a variable too (Mercurius may answer these 200 once it compiles the query, hence < 500).
    const variable = await owner.graphql(
      'query ($t: Time) { group(fullPath: "acme") { epics(first: 1, createdAfter: $t) { nodes { iid } } } }',
      { t: '2024-13-45' },
    );
    expectClearRefusal(variable, /got invalid value "2024-13-45"/);
    const literal = await owner.graphql(
      '{ group(fullPath: "acme") { epics(first: 1, timeframe: { start: "2024-13-45", end: "2024-12-31" }) { nodes { iid } } } }',
    );
    expect(literal.status).toBe(400);
    expect(literal.body.errors?.[0]?.message).toMatch(/is not a valid ISO 8601 date/);
    const fine = await owner.graphql<{ group: { epics: { nodes: unknown[] } } }>(
      '{ group(fullPath: "acme") { epics(first: 1, createdAfter: "2020-01-01T00:00:00Z", timeframe: { start: "2024-01-01", end: "2024-12-31" }) { nodes { iid } } } }',
    );
    expect(fine.body.errors).toBeUndefined();
  });

  it('refuses junk milestone timeframes and containing dates', async () => {
    for (const args of [
      'timeframe: { start: "junk", end: "2024-12-31" }',
      'timeframe: { start: "2024-01-01", end: "31/12/2024" }',
      'containingDate: "whenever"',
    ]) {
      const answer = await owner.graphql(
        `{ group(fullPath: "acme") { milestones(${args}) { nodes { title } } } }`,
      );
      expect(answer.status, args).toBe(400);
      expect(answer.body.errors?.[0]?.message, args).toMatch(/is not a valid ISO 8601 (date|time)/);
    }
    const reversed = await owner.graphql(
      '{ group(fullPath: "acme") { milestones(timeframe: { start: "2024-12-31", end: "2024-01-01" }) { nodes { title } } } }',
    );
    expectClearRefusal(reversed, /^start must be before end$/);
  });

  it('respects before when first is given too', async () => {
    const page = async (args: string) =>
      (
        await owner.graphql<{
          group: { epics: { nodes: { iid: string }[]; edges: { cursor: string }[] } };
        }>(
          `{ group(fullPath: "acme") { epics(${args}, sort: CREATED_AT_ASC) { nodes { iid } edges { cursor } } } }`,
        )
      ).body.data!.group.epics;
    const firstFive = await page('first: 5');
    const before = firstFive.edges[3]!.cursor;
    const window = await page(`first: 2, before: "${before}"`);
    expect(window.nodes).toEqual(firstFive.nodes.slice(0, 2));
    const all = await page(`first: 10, before: "${before}"`);
    expect(all.nodes).toEqual(firstFive.nodes.slice(0, 3));

    const projects = async (args: string) =>
      (
        await owner.graphql<{
          group: { projects: { nodes: { id: string }[]; edges: { cursor: string }[] } };
        }>(
          `{ group(fullPath: "acme") { projects(${args}, includeSubgroups: true) { nodes { id } edges { cursor } } } }`,
        )
      ).body.data!.group.projects;
    const firstFour = await projects('first: 4');
    const limited = await projects(`first: 2, before: "${firstFour.edges[3]!.cursor}"`);
    expect(limited.nodes).toEqual(firstFour.nodes.slice(0, 2));
  });
});
