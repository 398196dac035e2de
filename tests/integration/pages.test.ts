import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

/** The mount element's data attributes, as the client reads them. */
async function mountData(response: Response): Promise<Record<string, string>> {
  const html = await response.text();
  const element = /<div id="app"([^>]*)>/.exec(html)?.[1] ?? '';
  const data: Record<string, string> = {};
  for (const match of element.matchAll(/data-([a-z-]+)="([^"]*)"/g)) {
    data[match[1]!] = match[2]!
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#39;/g, "'");
  }
  return data;
}

describe.each(BACKENDS)('page shells (%s)', (backend) => {
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

  it('serves the group page with what the client needs up front, and a strict CSP', async () => {
    const response = await anonymous.get('/groups/acme');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const data = await mountData(response);
    expect(data).toMatchObject({
      page: 'group',
      'full-path': 'acme',
      'group-name': 'Acme Corp',
      'can-create-epic': 'false',
    });
    expect(data['current-user']).toBeUndefined();
    expect(data['sign-in-path']).toBe('/users/sign_in?redirect_to=%2Fgroups%2Facme');
  });

  it('tells the client who is signed in and what they may do', async () => {
    const data = await mountData(await reporter.get('/groups/acme/-/epics'));
    expect(data.page).toBe('group-epics');
    expect(data['can-create-epic']).toBe('true');
    expect(JSON.parse(data['current-user']!)).toMatchObject({ username: 'reporter', admin: false });
  });

  it('serves the new-epic form to those who may create epics, returning only to paths on this site', async () => {
    const form = await reporter.get(
      '/groups/acme/-/epics/new?return_to=%2Fgroups%2Facme%2F-%2Froadmap%3Flayout%3DWEEKS',
    );
    expect(form.status).toBe(200);
    expect(await mountData(form)).toMatchObject({
      page: 'epic-new',
      'full-path': 'acme',
      'return-to': '/groups/acme/-/roadmap?layout=WEEKS',
    });
    const offsite = await mountData(
      await reporter.get('/groups/acme/-/epics/new?return_to=https%3A%2F%2Fevil.example'),
    );
    expect(offsite['return-to']).toBe('/');
    expect((await mountData(await reporter.get('/groups/acme/-/epics/new')))['return-to']).toBe('');

    const guest = new HttpClient(server.baseUrl);
    await guest.signIn('guest', TEST_PASSWORD);
    expect((await guest.get('/groups/acme/-/epics/new')).status).toBe(404);
    const signedOut = await anonymous.get('/groups/acme/-/epics/new');
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe(
      '/users/sign_in?redirect_to=%2Fgroups%2Facme%2F-%2Fepics%2Fnew',
    );
  });

  it('serves the roadmap shell with GitLab roadmap attributes, validating the URL', async () => {
    const plain = await mountData(await anonymous.get('/groups/acme/-/roadmap'));
    expect(plain).toMatchObject({
      page: 'group-roadmap',
      'timeframe-range-type': 'CURRENT_QUARTER',
      'preset-type': 'WEEKS',
      'epics-state': 'all',
      'sorted-by': 'start_date_asc',
      'has-filters-applied': 'false',
      'allow-sub-epics': 'true',
    });
    const chosen = await mountData(
      await anonymous.get(
        '/groups/acme/-/roadmap?timeframe_range_type=THREE_YEARS&layout=MONTHS&state=opened&sort=end_date_asc&label_name[]=frontend',
      ),
    );
    expect(chosen).toMatchObject({
      'timeframe-range-type': 'THREE_YEARS',
      'preset-type': 'MONTHS',
      'epics-state': 'opened',
      'sorted-by': 'end_date_asc',
      'has-filters-applied': 'true',
    });
    const invalid = await mountData(
      await anonymous.get('/groups/acme/-/roadmap?timeframe_range_type=FOREVER&layout=DAYS&sort=title'),
    );
    expect(invalid).toMatchObject({
      'timeframe-range-type': 'CURRENT_QUARTER',
      'preset-type': 'WEEKS',
      'sorted-by': 'start_date_asc',
    });
  });

  it('serves epic, project and issue pages, and 404 for what a visitor may not see', async () => {
    const epic = await mountData(await reporter.get('/groups/acme/-/epics/1'));
    expect(epic).toMatchObject({ page: 'epic', iid: '1', 'can-update': 'true', 'can-destroy': 'false' });
    const confidential = await sql<{ iid: number }>`
      SELECT e.iid FROM epics e JOIN namespaces n ON n.id = e.group_id WHERE n.full_path = 'acme' AND e.confidential LIMIT 1`.execute(
      server.db,
    );
    expect((await anonymous.get(`/groups/acme/-/epics/${confidential.rows[0]!.iid}`)).status).toBe(404);
    expect((await reporter.get(`/groups/acme/-/epics/${confidential.rows[0]!.iid}`)).status).toBe(200);
    expect((await anonymous.get('/groups/acme/security')).status).toBe(404);
    expect((await reporter.get('/groups/acme/security')).status).toBe(200);
    const project = await mountData(await anonymous.get('/acme/platform/backend/api/-/issues'));
    expect(project).toMatchObject({ page: 'project-issues', 'full-path': 'acme/platform/backend/api' });
    const issue = await mountData(await anonymous.get('/acme/platform/backend/api/-/issues/1'));
    expect(issue.page).toBe('issue');
    const missing = await anonymous.get('/acme/nothing/here');
    expect(missing.status).toBe(404);
    expect((await mountData(missing)).page).toBe('not-found');
  });

  it('names the milestones an epic inherits its dates from, so "Inherited" can say which', async () => {
    const found = await sql<{ iid: number; full_path: string; start: string; due: string | null }>`
      SELECT e.iid, n.full_path, ms.title AS start, md.title AS due
      FROM epics e JOIN namespaces n ON n.id = e.group_id
      JOIN milestones ms ON ms.id = e.start_date_sourcing_milestone_id
      LEFT JOIN milestones md ON md.id = e.due_date_sourcing_milestone_id
      WHERE NOT e.confidential AND n.visibility_level = 20 ORDER BY e.id LIMIT 1`.execute(server.db);
    const epic = found.rows[0]!;
    const data = await mountData(await anonymous.get(`/groups/${epic.full_path}/-/epics/${epic.iid}`));
    expect(data['start-date-sourcing-milestone-title']).toBe(epic.start);
    expect(data['due-date-sourcing-milestone-title']).toBe(epic.due ?? '');
    const fixed = await sql<{ iid: number; full_path: string }>`
      SELECT e.iid, n.full_path FROM epics e JOIN namespaces n ON n.id = e.group_id
      WHERE NOT e.confidential AND n.visibility_level = 20 AND e.start_date_sourcing_milestone_id IS NULL
        AND e.due_date_sourcing_milestone_id IS NULL ORDER BY e.id LIMIT 1`.execute(server.db);
    const plain = await mountData(
      await anonymous.get(`/groups/${fixed.rows[0]!.full_path}/-/epics/${fixed.rows[0]!.iid}`),
    );
    expect(plain['start-date-sourcing-milestone-title']).toBe('');
  });
  it('shows the sign-in flash once after signing in', async () => {
    const browser = new HttpClient(server.baseUrl);
    await browser.loadCsrfToken();
    await browser.request('POST', '/users/sign_in', {
      form: {
        'user[login]': 'guest',
        'user[password]': TEST_PASSWORD,
        authenticity_token: browser.csrfToken,
      },
    });
    expect((await mountData(await browser.get('/'))).flash).toBe('Signed in successfully.');
    expect((await mountData(await browser.get('/'))).flash).toBeUndefined();
  });
});
