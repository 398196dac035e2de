import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown, renderTitleHtml } from '../../src/server/services/markdown/markdownRenderer.ts';
import { XSS_CORPUS } from '../fixtures/xss/corpus.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { createEpic, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import { DESCRIPTION_ALLOWLIST, TITLE_ALLOWLIST, unsafeHtmlProblems } from '../helpers/htmlSafety.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

/**
 * Every hostile input of the corpus, rendered by the server wherever markdown is shown: as a
 * description, as a title and as a preview. Each output is parsed as a browser would parse it and
 * must hold no element, attribute or URL scheme outside the allowlists (helpers/htmlSafety.ts).
 */

it('the corpus holds more than a hundred distinct cases that each fit a title', () => {
  expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(100);
  expect(new Set(XSS_CORPUS.map((entry) => entry.name)).size).toBe(XSS_CORPUS.length);
  expect(XSS_CORPUS.every((entry) => entry.source.length <= 255)).toBe(true);
});

describe('the renderer, in process', () => {
  it.each(XSS_CORPUS)('renders "$name" safely', ({ source }) => {
    expect(unsafeHtmlProblems(renderMarkdown(source).html, DESCRIPTION_ALLOWLIST)).toEqual([]);
    expect(unsafeHtmlProblems(renderTitleHtml(source), TITLE_ALLOWLIST)).toEqual([]);
  });

  it('still flags unsafe markup, so the checks above can fail', () => {
    expect(unsafeHtmlProblems('<img src=x onerror=alert(1)>', DESCRIPTION_ALLOWLIST)).toContain(
      '<img onerror> is an event handler',
    );
    expect(
      unsafeHtmlProblems(
        '<a href="&#106;avascript:x" rel="noopener noreferrer nofollow">',
        DESCRIPTION_ALLOWLIST,
      ),
    ).toEqual(['<a href="javascript:x">']);
    expect(unsafeHtmlProblems('<svg><a></a></svg>', DESCRIPTION_ALLOWLIST)).toContain(
      'element <svg> is not allowed',
    );
    expect(unsafeHtmlProblems('<p style="x">', DESCRIPTION_ALLOWLIST)).toEqual(['<p style> is not allowed']);
    expect(unsafeHtmlProblems('<p>x</p>', TITLE_ALLOWLIST)).toEqual(['element <p> is not allowed']);
  });
});

describe.each(BACKENDS)('the server endpoints (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  let epicIid: string;
  const owner = () => clients.get('owner')!;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60 });
    clients = await signedInClients(server);
    epicIid = (await createEpic(owner(), 'acme', { title: 'XSS target' })).iid;
  });
  afterAll(() => server?.close());

  it.each(XSS_CORPUS)('previews "$name" safely', async ({ source }) => {
    const response = await owner().request('POST', '/groups/acme/-/preview_markdown', {
      json: { text: source, target_type: 'Epic', target_id: epicIid },
      headers: { 'x-csrf-token': owner().csrfToken },
    });
    if (source.includes('\u0000')) {
      // No parameter may hold NUL (issue 13): refused where input enters, so nothing is rendered.
      expect(response.status).toBe(400);
      return;
    }
    expect(response.status).toBe(200);
    const { body } = (await response.json()) as { body: string };
    expect(unsafeHtmlProblems(body, DESCRIPTION_ALLOWLIST)).toEqual([]);
  });

  it.each(XSS_CORPUS)('saves and shows "$name" safely as title and description', async ({ source }) => {
    const response = await owner().request('PUT', `/groups/acme/-/epics/${epicIid}.json`, {
      json: { epic: { title: source, description: source } },
      headers: { 'x-csrf-token': owner().csrfToken },
    });
    if (source.includes('\u0000')) {
      // PostgreSQL text cannot store NUL: refused where input enters, so there is nothing to render.
      expect(response.status).toBe(400);
      return;
    }
    expect(response.status).toBe(200);
    const saved = (await response.json()) as { title: string; description: string };
    expect(unsafeHtmlProblems(saved.title, TITLE_ALLOWLIST)).toEqual([]);
    expect(unsafeHtmlProblems(saved.description, DESCRIPTION_ALLOWLIST)).toEqual([]);
    // The GraphQL fields read what was stored, through the same renderer.
    const result = await owner().graphql<{ group: { epic: { titleHtml: string; descriptionHtml: string } } }>(
      'query ($iid: ID) { group(fullPath: "acme") { epic(iid: $iid) { titleHtml descriptionHtml } } }',
      { iid: epicIid },
    );
    const epic = result.body.data!.group.epic;
    expect(unsafeHtmlProblems(epic.titleHtml, TITLE_ALLOWLIST)).toEqual([]);
    expect(unsafeHtmlProblems(epic.descriptionHtml, DESCRIPTION_ALLOWLIST)).toEqual([]);
  });

  it('renders label descriptions of the whole corpus safely in the labels API', async () => {
    // No endpoint writes label descriptions yet; they come from the database as an import would.
    const storable = XSS_CORPUS.filter((entry) => !entry.source.includes('\u0000'));
    await sql`INSERT INTO labels (root_namespace_id, group_id, project_id, title, color, description, created_at)
      SELECT n.root_namespace_id, n.id, NULL, 'xss ' || t.ord, '#ff0000', t.source, now()
      FROM namespaces n, unnest(${storable.map((entry) => entry.source)}::text[]) WITH ORDINALITY AS t(source, ord)
      WHERE n.full_path = 'acme'`.execute(server.db);
    const response = await owner().get('/api/v4/groups/acme/labels?search=xss&per_page=100');
    const more = await owner().get('/api/v4/groups/acme/labels?search=xss&per_page=100&page=2');
    const labels = [
      ...((await response.json()) as { name: string; description: string; description_html: string }[]),
      ...((await more.json()) as { name: string; description: string; description_html: string }[]),
    ].filter((label) => label.name.startsWith('xss '));
    expect(labels).toHaveLength(storable.length);
    for (const label of labels) {
      expect(unsafeHtmlProblems(label.description_html, TITLE_ALLOWLIST), label.description).toEqual([]);
    }
  });
});
