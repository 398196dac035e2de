import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYGROUND_TEMPLATES } from '../../src/server/db/seed/issueTemplates.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';
import { sendJson } from './epicLinksFixtures.ts';

const TEMPLATES = '/api/v4/projects/workshop%2Fplayground/templates/issues';
const template = (name: string) => `${TEMPLATES}/${encodeURIComponent(name)}`;

/** GitLab's project templates API for issue templates, and Plantrack's writes on the same resource. */
describe.each(BACKENDS)('issue description templates (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous' | 'maintainer', HttpClient>;
  const as = (person: Person | 'anonymous' | 'maintainer') => clients.get(person)!;
  const rows = () =>
    server.db
      .selectFrom('issue_templates')
      .select(['project_id', 'name', 'content', 'updated_at'])
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 30 });
    clients = await signedInClients(server);
    const maintainer = new HttpClient(server.baseUrl);
    await maintainer.signIn('maintainer', TEST_PASSWORD);
    clients.set('maintainer', maintainer);
  });
  afterAll(() => server?.close());

  it("lists the project's templates as GitLab's { key, name }, by name, to anyone who reads its issues", async () => {
    const names = PLAYGROUND_TEMPLATES.map((one) => one.name).sort();
    for (const person of ['anonymous', 'guest', 'developer'] as const) {
      const answer = await sendJson<{ key: string; name: string }[]>(as(person), 'GET', TEMPLATES);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(names.map((name) => ({ key: name, name })));
    }
    const paged = await as('guest').request('GET', `${TEMPLATES}?per_page=1&page=2`);
    expect(paged.headers.get('x-total')).toBe(String(names.length));
    expect(await paged.json()).toEqual([{ key: names[1], name: names[1] }]);
  });

  it('answers one template as { name, content }, and 404 for an unknown name or an unreadable project', async () => {
    const bug = PLAYGROUND_TEMPLATES.find((one) => one.name === 'Bug')!;
    expect(await sendJson(as('guest'), 'GET', template('Bug'))).toEqual({
      status: 200,
      body: { name: 'Bug', content: bug.content },
    });
    expect(await sendJson(as('guest'), 'GET', template('Feature proposal'))).toMatchObject({ status: 200 });
    expect(await sendJson(as('guest'), 'GET', template('bug'))).toEqual({
      status: 404,
      body: { message: '404 Template Not Found' },
    });
    const vault = '/api/v4/projects/acme%2Fsecurity%2Fvault-audit/templates/issues';
    expect(await sendJson(as('outsider'), 'GET', vault)).toEqual({
      status: 404,
      body: { message: '404 Project Not Found' },
    });
    expect((await sendJson(as('owner'), 'GET', vault)).body).toEqual([]);
  });

  it('lets a Maintainer create, rename, rewrite and delete a template', async () => {
    const created = await sendJson(as('maintainer'), 'POST', TEMPLATES, {
      name: '  Incident review ',
      content: '## Timeline',
    });
    expect(created).toEqual({ status: 201, body: { name: 'Incident review', content: '## Timeline' } });
    expect((await sendJson(as('guest'), 'GET', template('Incident review'))).status).toBe(200);

    const renamed = await sendJson(as('owner'), 'PUT', template('Incident review'), { name: 'Postmortem' });
    expect(renamed).toEqual({ status: 200, body: { name: 'Postmortem', content: '## Timeline' } });
    const rewritten = await sendJson(as('maintainer'), 'PUT', template('Postmortem'), { content: '' });
    expect(rewritten.body).toEqual({ name: 'Postmortem', content: '' });
    expect((await sendJson(as('guest'), 'GET', template('Incident review'))).status).toBe(404);

    expect((await sendJson(as('maintainer'), 'DELETE', template('Postmortem'))).status).toBe(204);
    expect((await sendJson(as('guest'), 'GET', template('Postmortem'))).status).toBe(404);
    expect(await sendJson(as('maintainer'), 'DELETE', template('Postmortem'))).toEqual({
      status: 404,
      body: { message: '404 Template Not Found' },
    });
  });

  it('round-trips a name with spaces, punctuation and characters outside ASCII through the URL', async () => {
    const name = 'Bug – 緊急 🚑 100% sure? #1 & more';
    expect((await sendJson(as('maintainer'), 'POST', TEMPLATES, { name, content: 'x' })).status).toBe(201);
    expect(await sendJson(as('guest'), 'GET', template(name))).toEqual({
      status: 200,
      body: { name, content: 'x' },
    });
    expect((await sendJson(as('maintainer'), 'DELETE', template(name))).status).toBe(204);
  });

  it('refuses bad names and content with a 400 naming the field, and changes nothing', async () => {
    const before = await rows();
    const post = (body: unknown) => sendJson(as('maintainer'), 'POST', TEMPLATES, body);
    expect(await post({ content: 'x' })).toEqual({ status: 400, body: { error: 'name is missing' } });
    expect(await post({ name: '   ' })).toEqual({
      status: 400,
      body: { message: { name: ["can't be blank"] } },
    });
    expect(await post({ name: 'x'.repeat(101) })).toEqual({
      status: 400,
      body: { message: { name: ['is too long (maximum is 100 characters)'] } },
    });
    expect(await post({ name: 'bugs/new' })).toEqual({
      status: 400,
      body: { message: { name: ["can't contain '/'"] } },
    });
    expect(await post({ name: 'Bug', content: 'again' })).toEqual({
      status: 400,
      body: { message: { name: ['has already been taken'] } },
    });
    expect((await post({ name: 'Huge', content: 'x'.repeat(1_048_577) })).status).toBe(400);
    expect((await post({ name: ['a', { b: 1 }] })).status).toBe(400);
    expect(await sendJson(as('maintainer'), 'PUT', template('Bug'), {})).toEqual({
      status: 400,
      body: { error: 'name, content are missing, at least one parameter must be provided' },
    });
    expect(await sendJson(as('maintainer'), 'PUT', template('Bug'), { name: 'Feature proposal' })).toEqual({
      status: 400,
      body: { message: { name: ['has already been taken'] } },
    });
    expect((await sendJson(as('maintainer'), 'PUT', template('Nope'), { content: 'x' })).status).toBe(404);
    expect(await rows()).toEqual(before);
  });

  it('refuses writes to anyone below Maintainer, and to anonymous callers or bad tokens', async () => {
    const before = await rows();
    for (const person of ['guest', 'reporter', 'developer'] as const) {
      expect(await sendJson(as(person), 'POST', TEMPLATES, { name: 'Mine', content: 'x' })).toEqual({
        status: 403,
        body: { message: '403 Forbidden' },
      });
      expect((await sendJson(as(person), 'PUT', template('Bug'), { content: 'x' })).status).toBe(403);
      expect((await sendJson(as(person), 'DELETE', template('Bug'))).status).toBe(403);
    }
    expect((await sendJson(as('anonymous'), 'POST', TEMPLATES, { name: 'Mine' })).status).toBe(401);
    expect((await sendJson(as('anonymous'), 'DELETE', template('Bug'))).status).toBe(401);
    expect((await sendJson(as('owner'), 'DELETE', template('Bug'), undefined, {})).status).toBe(422);
    expect(await rows()).toEqual(before);
  });

  it('serves the New issue page with what the form needs, and the templates page to Maintainers', async () => {
    const page = '/workshop/playground/-/issues/new';
    const developer = await mountData(await as('developer').get(`${page}?issuable_template=Bug`));
    expect(developer).toMatchObject({
      page: 'issue-new',
      'full-path': 'workshop/playground',
      'can-admin': 'true',
      'can-create-incident': 'true',
      'issuable-template': 'Bug',
      'markdown-preview-path': '/workshop/playground/-/preview_markdown',
    });
    const guest = await mountData(await as('guest').get(page));
    expect(guest).toMatchObject({ 'can-admin': 'false', 'can-create-incident': 'false' });
    const signedOut = await as('anonymous').get(page);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe(
      '/users/sign_in?redirect_to=%2Fworkshop%2Fplayground%2F-%2Fissues%2Fnew',
    );
    expect((await as('outsider').get('/acme/security/vault-audit/-/issues/new')).status).toBe(404);

    const list = await mountData(await as('guest').get('/workshop/playground/-/issues'));
    expect(list['can-create-issue']).toBe('true');
    expect(
      (await mountData(await as('anonymous').get('/workshop/playground/-/issues')))['can-create-issue'],
    ).toBe('false');

    const templatesPage = '/workshop/playground/-/issue_templates';
    expect((await mountData(await as('maintainer').get(templatesPage))).page).toBe('issue-templates');
    expect((await as('developer').get(templatesPage)).status).toBe(404);
    expect(
      (await mountData(await as('owner').get('/workshop/playground')))['can-manage-issue-templates'],
    ).toBe('true');
    expect(
      (await mountData(await as('developer').get('/workshop/playground')))['can-manage-issue-templates'],
    ).toBe('false');
  });
});
