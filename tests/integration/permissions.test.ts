import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PEOPLE = [
  'anonymous',
  'outsider',
  'guest',
  'reporter',
  'developer',
  'maintainer',
  'owner',
  'admin',
] as const;
type Person = (typeof PEOPLE)[number];

/** What each kind of user may do in the demo organisation, as GitLab grants it. */
const EXPECTED: Record<
  Person,
  {
    privateGroup: number;
    internalGroup: number;
    confidentialEpic: number;
    createEpic: number;
    deleteEpic: number;
  }
> = {
  anonymous: {
    privateGroup: 404,
    internalGroup: 404,
    confidentialEpic: 404,
    createEpic: 401,
    deleteEpic: 401,
  },
  outsider: {
    privateGroup: 404,
    internalGroup: 200,
    confidentialEpic: 404,
    createEpic: 403,
    deleteEpic: 403,
  },
  guest: { privateGroup: 200, internalGroup: 200, confidentialEpic: 404, createEpic: 403, deleteEpic: 403 },
  reporter: {
    privateGroup: 200,
    internalGroup: 200,
    confidentialEpic: 200,
    createEpic: 201,
    deleteEpic: 403,
  },
  developer: {
    privateGroup: 200,
    internalGroup: 200,
    confidentialEpic: 200,
    createEpic: 201,
    deleteEpic: 403,
  },
  maintainer: {
    privateGroup: 200,
    internalGroup: 200,
    confidentialEpic: 200,
    createEpic: 201,
    deleteEpic: 403,
  },
  owner: { privateGroup: 200, internalGroup: 200, confidentialEpic: 200, createEpic: 201, deleteEpic: 204 },
  admin: { privateGroup: 200, internalGroup: 200, confidentialEpic: 200, createEpic: 201, deleteEpic: 204 },
};

describe.each(BACKENDS)('who may see and do what, through the API (%s)', (backend) => {
  let server: TestServer;
  const clients = new Map<Person, HttpClient>();
  let confidentialIid: number;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    for (const person of PEOPLE) {
      clients.set(
        person,
        person === 'anonymous'
          ? new HttpClient(server.baseUrl)
          : HttpClient.withToken(server.baseUrl, await server.tokenFor(person)),
      );
    }
    const row = await sql<{ iid: number }>`
      SELECT e.iid FROM epics e JOIN namespaces n ON n.id = e.group_id
      WHERE n.full_path = 'acme' AND e.confidential ORDER BY e.iid LIMIT 1`.execute(server.db);
    confidentialIid = row.rows[0]!.iid;
  });
  afterAll(() => server?.close());

  const client = (person: Person) => clients.get(person)!;

  it.each(PEOPLE)('%s sees the private subgroup only with a membership', async (person) => {
    expect((await client(person).get('/api/v4/groups/acme%2Fsecurity')).status).toBe(
      EXPECTED[person].privateGroup,
    );
    expect((await client(person).get('/api/v4/groups/acme%2Fsecurity/epics')).status).toBe(
      EXPECTED[person].privateGroup,
    );
  });

  it.each(PEOPLE)('%s sees the internal subgroup only when signed in', async (person) => {
    expect((await client(person).get('/api/v4/groups/acme%2Fplatform%2Finfrastructure')).status).toBe(
      EXPECTED[person].internalGroup,
    );
  });

  it.each(PEOPLE)('%s sees a confidential epic only as Reporter or above', async (person) => {
    const response = await client(person).get(`/api/v4/groups/acme/epics/${confidentialIid}`);
    expect(response.status).toBe(EXPECTED[person].confidentialEpic);
    if (response.status === 404) expect(await response.json()).toEqual({ message: '404 Epic Not Found' });
  });

  it.each(PEOPLE)('%s gets epic lists with no hidden epic in them or in their counts', async (person) => {
    const response = await client(person).get(
      '/api/v4/groups/acme/epics?per_page=100&include_descendant_groups=true',
    );
    const total = Number(response.headers.get('x-total'));
    const seesPrivate = EXPECTED[person].privateGroup === 200;
    const seesInternal = EXPECTED[person].internalGroup === 200;
    const seesConfidential = EXPECTED[person].confidentialEpic === 200;
    const expected = await sql<{ count: number }>`
      SELECT count(*)::integer AS count FROM epics e JOIN namespaces n ON n.id = e.group_id
      WHERE (n.visibility_level = 20 OR (n.visibility_level = 10 AND ${seesInternal}) OR ${seesPrivate})
        AND (NOT e.confidential OR ${seesConfidential})`.execute(server.db);
    expect(total).toBe(expected.rows[0]!.count);
    const pages = Math.ceil(total / 100);
    const seen: { confidential: boolean; web_url: string }[] = [];
    for (let page = 1; page <= pages; page++) {
      seen.push(
        ...((await (
          await client(person).get(`/api/v4/groups/acme/epics?per_page=100&page=${page}`)
        ).json()) as typeof seen),
      );
    }
    if (!seesConfidential) expect(seen.some((epic) => epic.confidential)).toBe(false);
    if (!seesPrivate)
      expect(seen.some((epic) => epic.web_url.includes('/groups/acme/security/'))).toBe(false);
  });

  it.each(PEOPLE)('%s may create and delete epics as their role allows', async (person) => {
    const created = await client(person).request('POST', '/api/v4/groups/acme/epics', {
      json: { title: `By ${person}` },
    });
    expect(created.status).toBe(EXPECTED[person].createEpic);
    const target = (await (
      await client('owner').request('POST', '/api/v4/groups/acme/epics', { json: { title: 'To delete' } })
    ).json()) as {
      iid: number;
    };
    const deleted = await client(person).request('DELETE', `/api/v4/groups/acme/epics/${target.iid}`);
    expect(deleted.status).toBe(EXPECTED[person].deleteEpic);
  });

  it('shows the same private group to GraphQL as null, exactly like a missing one', async () => {
    const query =
      '{ group(fullPath: "acme/security") { id name } missing: group(fullPath: "acme/nope") { id } }';
    const anonymous = await client('anonymous').graphql<{ group: unknown; missing: unknown }>(query);
    expect(anonymous.body.data).toEqual({ group: null, missing: null });
    const member = await client('guest').graphql<{ group: { name: string } }>(query);
    expect(member.body.data?.group.name).toBe('Security');
  });
});
