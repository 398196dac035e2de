import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { newEpic, sendJson } from './epicLinksFixtures.ts';

interface Suggestion {
  iid: number;
  title: string;
  reference: string;
  confidential: boolean;
  state: string;
}

/** The reference input's suggestions: GitLab's group autocomplete_sources for epics and issues. */
describe.each(BACKENDS)('autocomplete sources of the link forms (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  const suggest = (person: Person | 'anonymous', group: string, kind: 'epics' | 'issues', query: string) =>
    sendJson<Suggestion[]>(as(person), 'GET', `/groups/${group}/-/autocomplete_sources/${kind}?${query}`);

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60 });
    clients = await signedInClients(server);
    await newEpic(as('owner'), 'workshop', { title: 'Autocomplete public comet' });
    await newEpic(as('owner'), 'workshop', { title: 'Autocomplete secret comet', confidential: true });
    await newEpic(as('owner'), 'acme/product', { title: 'Autocomplete product comet' });
  });
  afterAll(() => server?.close());

  it('suggests the epics the viewer may read by title, confidential ones only from Reporters up', async () => {
    const asReporter = await suggest('reporter', 'workshop', 'epics', 'search=comet');
    expect(asReporter.status).toBe(200);
    expect(asReporter.body.map((epic) => epic.title).sort()).toEqual([
      'Autocomplete public comet',
      'Autocomplete secret comet',
    ]);
    const secret = asReporter.body.find((epic) => epic.confidential)!;
    expect(secret).toMatchObject({ reference: `&${secret.iid}`, state: 'opened' });
    for (const person of ['guest', 'anonymous'] as const) {
      const shown = await suggest(person, 'workshop', 'epics', 'search=comet');
      expect(
        shown.body.map((epic) => epic.title),
        person,
      ).toEqual(['Autocomplete public comet']);
    }
    const onlySecret = await suggest('reporter', 'workshop', 'epics', 'search=comet&confidential_only=true');
    expect(onlySecret.body.map((epic) => epic.title)).toEqual(['Autocomplete secret comet']);
    expect((await suggest('guest', 'workshop', 'epics', 'search=comet&confidential_only=true')).body).toEqual(
      [],
    );
  });

  it("names a subgroup's epics by path from the group, and finds an epic by its iid", async () => {
    const found = await suggest('guest', 'acme', 'epics', 'search=product%20comet');
    expect(found.body).toHaveLength(1);
    expect(found.body[0]?.reference).toBe(`acme/product&${found.body[0]?.iid}`);
    const byIid = await suggest('guest', 'acme/product', 'epics', `search=%26${found.body[0]?.iid}`);
    expect(byIid.body.map((epic) => epic.iid)).toContain(found.body[0]?.iid);
  });

  it("suggests the group's issues with full references, hiding confidential ones from Guests", async () => {
    const asReporter = await suggest('reporter', 'workshop', 'issues', 'search=credentials');
    expect(asReporter.body).toEqual([
      {
        id: expect.any(Number),
        iid: 4,
        title: 'Rotate the workshop credentials',
        reference: 'workshop/playground#4',
        confidential: true,
        state: 'opened',
      },
    ]);
    expect((await suggest('guest', 'workshop', 'issues', 'search=credentials')).body).toEqual([]);
    const onlyConfidential = await suggest('reporter', 'workshop', 'issues', 'confidential_only=true');
    expect(onlyConfidential.body.map((issue) => issue.iid).sort()).toEqual([4, 5]);
    const byIid = await suggest('guest', 'workshop', 'issues', 'search=%232');
    expect(byIid.body.map((issue) => issue.reference)).toContain('workshop/playground#2');
  });

  it('answers 404 for a group the viewer cannot see, and 400 for a bad parameter', async () => {
    expect(await suggest('outsider', 'acme/security', 'epics', 'search=a')).toMatchObject({
      status: 404,
      body: { message: '404 Group Not Found' },
    });
    expect((await suggest('outsider', 'acme/security', 'issues', 'search=a')).status).toBe(404);
    const acme = await suggest('outsider', 'acme', 'issues', 'search=');
    expect(acme.status).toBe(200);
    expect(acme.body.every((issue) => !issue.reference.startsWith('acme/security/'))).toBe(true);
    expect((await suggest('guest', 'workshop', 'epics', 'confidential_only=maybe')).status).toBe(400);
  });
});
