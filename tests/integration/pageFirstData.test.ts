import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { FAKE_HASHED_SCRIPT } from '../helpers/fakeClientBundle.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

const ROADMAP_DOCUMENT = readFileSync(
  new URL('../../src/core/graphql/roadmap.graphql', import.meta.url),
  'utf8',
);

interface Embedded {
  readonly operationName: string;
  readonly variables: Record<string, unknown>;
  readonly data: { group: { epics?: { count: number; nodes: { id: string; title: string }[] } } };
}

/** The query answers the page carries in its HTML, as the client reads them. */
function embeddedAnswers(html: string): Embedded[] {
  const json = /<script type="application\/json" id="preloaded-queries">(.*?)<\/script>/s.exec(html)?.[1];
  return json ? (JSON.parse(json) as Embedded[]) : [];
}

/**
 * What /api/graphql answers the same operation with, for the same viewer (without `__typename`s),
 * sent in the document that holds all three operations, as a client may.
 */
async function askedAnswer(client: HttpClient, embedded: Embedded) {
  const headers: Record<string, string> = client.csrfToken ? { 'x-csrf-token': client.csrfToken } : {};
  const response = await client.request('POST', '/api/graphql', {
    json: { query: ROADMAP_DOCUMENT, variables: embedded.variables, operationName: embedded.operationName },
    headers,
  });
  const body = (await response.json()) as { data: unknown; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

const withoutTypenames = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, member: unknown) => (key === '__typename' ? undefined : member)));

describe.each(BACKENDS)('a page’s first data comes with its HTML (%s)', (backend) => {
  let server: TestServer;
  let anonymous: HttpClient;
  let reporter: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    anonymous = new HttpClient(server.baseUrl);
    reporter = new HttpClient(server.baseUrl);
    await reporter.signIn('reporter', TEST_PASSWORD);
  });
  afterAll(() => server?.close());

  it('embeds the roadmap’s first epics and milestones, the same answers each viewer would get by asking', async () => {
    for (const viewer of [anonymous, reporter]) {
      const html = await (await viewer.get('/groups/acme/-/roadmap')).text();
      const answers = embeddedAnswers(html);
      expect(answers.map((answer) => answer.operationName)).toEqual(['RoadmapEpics', 'RoadmapMilestones']);
      for (const answer of answers) {
        expect(withoutTypenames(answer.data)).toEqual(await askedAnswer(viewer, answer));
      }
      expect(answers[0]!.variables).toMatchObject({ fullPath: 'acme', first: 50, endCursor: null });
    }
  });

  it('asks with the URL’s settings and filters, and leaves the milestones out when they are hidden', async () => {
    const html = await (
      await reporter.get(
        '/groups/acme/-/roadmap?state=closed&sort=end_date_asc&show_milestones=false&search=a',
      )
    ).text();
    const answers = embeddedAnswers(html);
    expect(answers.map((answer) => answer.operationName)).toEqual(['RoadmapEpics']);
    expect(answers[0]!.variables).toMatchObject({ state: 'closed', sort: 'end_date_asc', search: 'a' });
  });

  it('keeps a title that closes the script element inside its JSON', async () => {
    const title = '</script><script>alert(1)</script> roadmap\u2028title';
    const created = await reporter.graphql<{ createEpic: { errors: string[] } }>(
      `mutation ($title: String!) {
        createEpic(input: {
          groupPath: "acme", title: $title,
          startDateFixed: "2000-01-01", startDateIsFixed: true, dueDateFixed: "2099-12-31", dueDateIsFixed: true
        }) { errors }
      }`,
      { title },
    );
    expect(created.body.data?.createEpic.errors).toEqual([]);
    const html = await (await reporter.get('/groups/acme/-/roadmap?search=roadmap')).text();
    expect(html).not.toContain('<script>alert(1)');
    const titles = embeddedAnswers(html)[0]!.data.group.epics!.nodes.map((epic) => epic.title);
    expect(titles).toContain(title);
  });

  it('serves hashed assets compressed and cacheable for a year, other files for an hour', async () => {
    const hashed = await fetch(`${server.baseUrl}/assets/page-Ab3_x9Zq.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(hashed.headers.get('content-encoding')).toBe('gzip');
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await hashed.text()).toBe(FAKE_HASHED_SCRIPT);
    const plain = await fetch(`${server.baseUrl}/robots.txt`);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});
