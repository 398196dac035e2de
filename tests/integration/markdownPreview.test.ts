import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { createEpic, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

interface PreviewJson {
  body: string;
  references: { users: unknown[]; commands: string };
}

describe.each(BACKENDS)('the markdown preview (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  let confidentialIid: string;

  const preview = (person: Person | 'anonymous', group: string, body: Record<string, unknown>, query = '') =>
    as(person).request('POST', `/groups/${group}/-/preview_markdown${query}`, {
      json: body,
      headers: { 'x-csrf-token': as(person).csrfToken },
    });

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 40, issues: 120 });
    clients = await signedInClients(server);
    confidentialIid = (await createEpic(as('owner'), 'acme', { title: 'Hidden', confidential: true })).iid;
  });
  afterAll(() => server?.close());

  it('renders the text as the description would be, with empty references', async () => {
    const response = await preview('guest', 'acme', { text: '**Plan**\n\n- [ ] one\n- [x] two' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as PreviewJson;
    expect(body.references).toEqual({ users: [], commands: '' });
    expect(body.body).toContain('<strong>Plan</strong>');
    expect(body.body).toContain('<li class="task-list-item" data-sourcepos="3:1-3:9">');
    expect(body.body).toContain('disabled checked');
  });

  it('takes a form body and the target in the query, as GitLab editors send them', async () => {
    const response = await as('reporter').request(
      'POST',
      `/groups/acme/-/preview_markdown?target_type=Epic&target_id=${confidentialIid}`,
      { form: { text: '_hi_', authenticity_token: as('reporter').csrfToken } },
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as PreviewJson).body).toBe(
      '<p data-sourcepos="1:1-1:4"><em>hi</em></p>\n',
    );
  });

  it('renders an empty text as an empty body', async () => {
    const response = await preview('owner', 'acme/security', { text: '' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as PreviewJson).body).toBe('');
  });

  it.each([
    ['owner', 'acme', 200],
    ['reporter', 'acme', 200],
    ['guest', 'acme', 200],
    ['outsider', 'acme', 200],
    ['anonymous', 'acme', 401],
    ['guest', 'acme/security', 200],
    ['outsider', 'acme/security', 404],
    ['anonymous', 'acme/security', 401],
  ] as const)('%s previewing in %s gets %i', async (person, group, status) => {
    const response = await preview(person, group, { text: 'hello' });
    expect(response.status).toBe(status);
    if (status !== 200) expect(await response.json()).toEqual({ errors: [expect.any(String)] });
  });

  it('hides a target epic the reader may not see', async () => {
    const target = { text: 'x', target_type: 'Epic', target_id: confidentialIid };
    expect((await preview('guest', 'acme', target)).status).toBe(404);
    expect((await preview('reporter', 'acme', target)).status).toBe(200);
    expect((await preview('reporter', 'acme', { ...target, target_id: 999999 })).status).toBe(404);
  });

  it.each([
    ['no text', {}, 'text is missing'],
    ['a text that is not text', { text: { a: 1 } }, 'text is invalid'],
    [
      'a text over the description limit',
      { text: 'x'.repeat(1_048_577) },
      'text is too long (maximum is 1048576 characters)',
    ],
    [
      'an unknown target_type',
      { text: 'x', target_type: 'Pipeline' },
      'target_type does not have a valid value',
    ],
    ['a malformed target_id', { text: 'x', target_type: 'Epic', target_id: 'abc' }, 'target_id is invalid'],
  ])('refuses %s with 400', async (_case, body, message) => {
    const response = await preview('owner', 'acme', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [message] });
  });

  it('needs the CSRF token from a browser session', async () => {
    const response = await as('owner').request('POST', '/groups/acme/-/preview_markdown', {
      json: { text: 'x' },
    });
    expect(response.status).toBe(422);
  });
});
