import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

const BROWSER_A =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const BROWSER_B = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5; rv:127.0) Gecko/20100101 Firefox/127.0';

/** The top bar's user, as every page's mount carries it. */
async function currentUserOf(client: HttpClient, path = '/') {
  const data = await mountData(await client.get(path));
  return JSON.parse(data['current-user'] ?? 'null') as {
    name: string;
    status: { emoji: string; message: string; busy: boolean } | null;
    firstDayOfWeek: number;
  } | null;
}

/** The signed-in browser's JSON writes to the settings pages, with its CSRF token. */
const write = (client: HttpClient, method: string, path: string, json?: unknown) =>
  client.request(method, path, { json, headers: { 'x-csrf-token': client.csrfToken } });

/** GitLab's User settings: profile and status, preferences, password, access tokens, active sessions. */
describe.each(BACKENDS)('user settings (%s)', (backend) => {
  let server: TestServer;
  const browser = async (username: string, userAgent = BROWSER_A, password = TEST_PASSWORD) => {
    const client = new HttpClient(server.baseUrl, { 'user-agent': userAgent });
    await client.signIn(username, password);
    return client;
  };

  beforeAll(async () => {
    // Many sign-ins from one address: the sign-in limit is not what this suite tests.
    server = await startTestServer({ backend, epics: 10, issues: 20, env: { SIGN_IN_RATE_LIMIT: '1000' } });
  });
  afterAll(() => server?.close());

  it('sends anonymous visitors to sign in and back, and redirects GitLab’s older paths', async () => {
    const anonymous = new HttpClient(server.baseUrl);
    for (const path of [
      '/-/user_settings/profile',
      '/-/profile/preferences',
      '/-/user_settings/password/edit',
      '/-/user_settings/personal_access_tokens',
      '/-/user_settings/active_sessions',
    ]) {
      const response = await anonymous.get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location')).toBe(`/users/sign_in?redirect_to=${encodeURIComponent(path)}`);
    }
    // No session, no CSRF token: refused before anything is read.
    expect((await anonymous.request('PUT', '/-/user_settings/profile', { json: { user: {} } })).status).toBe(
      422,
    );
    expect((await anonymous.get('/-/user_settings/active_sessions.json')).status).toBe(401);
    const legacy = await anonymous.get('/-/profile');
    expect(legacy.status).toBe(301);
    expect(legacy.headers.get('location')).toBe('/-/user_settings/profile');
    expect((await anonymous.get('/-/profile/password/edit')).headers.get('location')).toBe(
      '/-/user_settings/password/edit',
    );
  });

  it('saves the name and a busy status, shown in the top bar, the profile and the status API', async () => {
    const client = await browser('kjohnson');
    const page = await mountData(await client.get('/-/user_settings/profile'));
    expect(page).toMatchObject({ page: 'profile-settings', username: 'kjohnson', 'status-busy': 'false' });

    const saved = await write(client, 'PUT', '/-/user_settings/profile', {
      user: {
        name: 'Katherine G. Johnson',
        status: {
          emoji: 'rocket',
          message: 'Computing trajectories',
          availability: 'busy',
          clear_status_after: '3_hours',
        },
      },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ message: 'Profile was successfully updated' });
    expect(await currentUserOf(client)).toMatchObject({
      name: 'Katherine G. Johnson',
      status: { emoji: 'rocket', message: 'Computing trajectories', busy: true },
    });
    expect(await mountData(await client.get('/-/user_settings/profile'))).toMatchObject({
      name: 'Katherine G. Johnson',
      'status-emoji': 'rocket',
      'status-busy': 'true',
    });

    const token = await server.tokenFor('kjohnson', ['read_user']);
    const api = HttpClient.withToken(server.baseUrl, token);
    const status = await api.json<Record<string, unknown>>('/api/v4/user/status');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      emoji: 'rocket',
      availability: 'busy',
      message: 'Computing trajectories',
    });
    const clearAt = Date.parse(String(status.body.clear_status_at));
    expect(clearAt - Date.now()).toBeGreaterThan(2.9 * 3600_000);
    expect(clearAt - Date.now()).toBeLessThan(3.1 * 3600_000);
    const anonymous = new HttpClient(server.baseUrl);
    expect((await anonymous.json('/api/v4/users/kjohnson/status')).body).toMatchObject({
      availability: 'busy',
    });
    // read_user reads the status but may not change it.
    expect((await api.request('PUT', '/api/v4/user/status', { json: { message: 'x' } })).status).toBe(403);

    // GraphQL's users carry it too (GitLab's UserStatus), for lists of people such as assignees.
    const graphql = HttpClient.withToken(server.baseUrl, await server.tokenFor('kjohnson'));
    const answer = await graphql.graphql<{ currentUser: { status: Record<string, unknown> } }>(
      '{ currentUser { name status { availability emoji message messageHtml clearStatusAt } } }',
    );
    expect(answer.body.data?.currentUser.status).toMatchObject({
      availability: 'BUSY',
      emoji: 'rocket',
      message: 'Computing trajectories',
      messageHtml: expect.stringContaining('Computing trajectories'),
    });

    // A status past its clear time is gone everywhere.
    await sql`UPDATE user_statuses SET clear_status_at = now() - interval '1 minute'`.execute(server.db);
    expect((await anonymous.json('/api/v4/users/kjohnson/status')).body).toMatchObject({
      availability: null,
    });
    expect((await currentUserOf(client))?.status).toBeNull();
  });

  it('refuses a blank name, a long message and an unknown emoji, changing nothing', async () => {
    const client = await browser('edijkstra');
    const attempts: [unknown, unknown][] = [
      [{ name: '  ' }, { message: { name: ["can't be blank"] } }],
      [
        { status: { message: 'x'.repeat(101) } },
        { message: { message: ['is too long (maximum is 100 characters)'] } },
      ],
      [
        { status: { emoji: 'not_an_emoji', message: 'hi' } },
        { message: { emoji: ['is not a valid emoji name'] } },
      ],
      [
        { status: { message: 'hi', clear_status_after: '2_weeks' } },
        { error: 'clear_status_after does not have a valid value' },
      ],
    ];
    for (const [user, answer] of attempts) {
      const response = await write(client, 'PUT', '/-/user_settings/profile', { user });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(answer);
    }
    expect(await currentUserOf(client)).toMatchObject({ name: 'Edsger Dijkstra', status: null });
    // Without the page's CSRF token a browser session changes nothing.
    const forged = await client.request('PUT', '/-/user_settings/profile', {
      json: { user: { name: 'Forged' } },
    });
    expect(forged.status).toBe(422);
  });

  it('sets, patches and clears the status over REST as GitLab does', async () => {
    const api = HttpClient.withToken(server.baseUrl, await server.tokenFor('hlamarr'));
    const set = await api.request('PUT', '/api/v4/user/status', {
      json: { emoji: 'coffee', message: 'I crave coffee', availability: 'busy' },
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({
      emoji: 'coffee',
      message: 'I crave coffee',
      availability: 'busy',
      clear_status_at: null,
    });
    const patched = await api.request('PATCH', '/api/v4/user/status', { json: { message: 'Still coffee' } });
    expect(await patched.json()).toMatchObject({
      emoji: 'coffee',
      message: 'Still coffee',
      availability: 'busy',
    });
    // PUT replaces: no emoji, no message, not busy clears it.
    const cleared = await api.request('PUT', '/api/v4/user/status', { json: {} });
    expect(await cleared.json()).toEqual({
      emoji: null,
      availability: null,
      message: null,
      message_html: null,
      clear_status_at: null,
    });
    const defaultEmoji = await api.request('PUT', '/api/v4/user/status', {
      json: { message: 'Just a message' },
    });
    expect(await defaultEmoji.json()).toMatchObject({ emoji: 'speech_balloon', availability: 'not_set' });
    expect((await api.get('/api/v4/users/99999999/status')).status).toBe(404);
  });

  it('shows a busy assignee as busy among the issue’s assignees in GraphQL', async () => {
    const { rows } = await sql<{ username: string; full_path: string; iid: number }>`
      SELECT u.username, p.full_path, i.iid FROM issue_assignees a
      JOIN users u ON u.id = a.user_id JOIN issues i ON i.id = a.issue_id JOIN projects p ON p.id = i.project_id
      WHERE u.username NOT IN ('admin') ORDER BY i.id LIMIT 1`.execute(server.db);
    const assigned = rows[0];
    if (!assigned) throw new Error('The demo data should assign some issue');
    const assignee = HttpClient.withToken(server.baseUrl, await server.tokenFor(assigned.username));
    expect(
      (await assignee.request('PUT', '/api/v4/user/status', { json: { availability: 'busy' } })).status,
    ).toBe(200);
    const admin = HttpClient.withToken(server.baseUrl, await server.tokenFor('admin'));
    type Answer = {
      project: {
        issue: { assignees: { nodes: { username: string; status: { availability: string } | null }[] } };
      };
    };
    const answer = await admin.graphql<Answer>(
      `query($path: ID!, $iid: String!) { project(fullPath: $path) { issue(iid: $iid) {
        assignees { nodes { username status { availability } } } } } }`,
      { path: assigned.full_path, iid: String(assigned.iid) },
    );
    const nodes = answer.body.data!.project.issue.assignees.nodes;
    expect(nodes.find((node) => node.username === assigned.username)?.status).toEqual({
      availability: 'BUSY',
    });
    expect((await assignee.request('PUT', '/api/v4/user/status', { json: {} })).status).toBe(200);
  });

  it('stores the colour mode and first day of the week, applied before the first paint of every page', async () => {
    const client = await browser('aturing');
    expect(await mountData(await client.get('/-/profile/preferences'))).toMatchObject({
      page: 'profile-preferences',
      'color-mode': 'unset',
      'first-day-of-week': '',
    });
    expect(await (await client.get('/')).text()).toMatch(/<html lang="en">/);
    const saved = await write(client, 'PUT', '/-/profile/preferences', {
      user: { color_mode: 'dark', first_day_of_week: '1' },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ message: 'Preferences saved.' });
    expect(await (await client.get('/groups/acme')).text()).toMatch(
      /<html lang="en" data-color-mode="dark">/,
    );
    expect((await currentUserOf(client))?.firstDayOfWeek).toBe(1);
    expect(await mountData(await client.get('/-/profile/preferences'))).toMatchObject({
      'color-mode': 'dark',
      'first-day-of-week': '1',
    });
    // Back to the system's choices; bad values change nothing.
    expect(
      (
        await write(client, 'PUT', '/-/profile/preferences', {
          user: { color_mode: 'auto', first_day_of_week: '' },
        })
      ).status,
    ).toBe(200);
    expect((await currentUserOf(client))?.firstDayOfWeek).toBe(0);
    expect(
      (await write(client, 'PUT', '/-/profile/preferences', { user: { color_mode: 'sepia' } })).status,
    ).toBe(400);
    expect(
      (await write(client, 'PUT', '/-/profile/preferences', { user: { first_day_of_week: '3' } })).status,
    ).toBe(400);
    expect(await (await client.get('/')).text()).toMatch(/<html lang="en" data-color-mode="auto">/);
  });

  it('changes the password only with the current one and GitLab’s rules, then signs every browser out', async () => {
    const client = await browser('cshannon');
    const other = await browser('cshannon', BROWSER_B);
    const token = HttpClient.withToken(server.baseUrl, await server.tokenFor('cshannon'));
    const post = (fields: Record<string, string>) =>
      client.request('POST', '/-/user_settings/password', {
        form: { ...fields, authenticity_token: client.csrfToken, _method: 'put' },
      });
    const attempt = async (current: string, password: string, confirmation: string) => {
      const response = await post({
        'user[password]': current,
        'user[new_password]': password,
        'user[password_confirmation]': confirmation,
      });
      expect(response.status).toBe(200);
      return (await mountData(response)).errors;
    };
    expect(await attempt('wrong-password', 'new-password-1', 'new-password-1')).toBe(
      'You must provide a valid current password.',
    );
    expect(await attempt(TEST_PASSWORD, 'short', 'shorter')).toBe(
      "Password confirmation doesn't match Password\nPassword is too short (minimum is 8 characters)",
    );
    const changed = await post({
      'user[password]': TEST_PASSWORD,
      'user[new_password]': 'new-password-1',
      'user[password_confirmation]': 'new-password-1',
    });
    expect(changed.status).toBe(303);
    expect(changed.headers.get('location')).toBe('/users/sign_in');
    expect(await currentUserOf(client, '/users/sign_in')).toBeNull();
    expect(await currentUserOf(other)).toBeNull();
    // Tokens are not sessions: they keep working.
    expect((await token.get('/api/v4/user')).status).toBe(200);
    expect((await new HttpClient(server.baseUrl).signIn('cshannon', TEST_PASSWORD)).status).toBe(200);
    const again = new HttpClient(server.baseUrl);
    expect((await again.signIn('cshannon', 'new-password-1')).status).toBe(302);
  });

  it('creates a token shown once, which works with its scopes only, lists it and revokes it', async () => {
    const client = await browser('dvaughan');
    const page = await mountData(
      await client.get('/-/user_settings/personal_access_tokens?name=CI&scopes=api,read_user'),
    );
    expect(page).toMatchObject({
      page: 'profile-access-tokens',
      'prefill-name': 'CI',
      'prefill-scopes': 'api,read_user',
    });
    const today = page.today!;
    const inDays = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const create = (token: Record<string, unknown>) =>
      write(client, 'POST', '/-/user_settings/personal_access_tokens', { personal_access_token: token });

    const refused = await create({ name: ' ', scopes: [], expires_at: inDays(366) });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      errors: ["Name can't be blank", "Scopes can't be blank", `Expires at must be before ${inDays(365)}`],
    });
    expect(await (await create({ name: 'x', scopes: ['sudo'], expires_at: today })).json()).toEqual({
      errors: ['Scopes can only contain available scopes', `Expires at must be after ${today}`],
    });
    expect(await (await create({ name: 'x', scopes: ['api'] })).json()).toEqual({
      errors: ["Expires at can't be blank"],
    });

    const readApi = await create({ name: 'Reader', scopes: ['read_api'], expires_at: inDays(30) });
    expect(readApi.status).toBe(200);
    const { token: readToken } = (await readApi.json()) as { token: string };
    expect(readToken).toMatch(/^glpat-/);
    const reader = HttpClient.withToken(server.baseUrl, readToken);
    expect((await reader.get('/api/v4/groups/acme/epics')).status).toBe(200);
    const writeAttempt = await reader.request('POST', '/api/v4/groups/workshop/epics', {
      json: { title: 'No' },
    });
    expect(writeAttempt.status).toBe(403);
    expect(await writeAttempt.json()).toMatchObject({ error: 'insufficient_scope', scope: 'api' });

    const full = await create({ name: 'Writer', scopes: ['api', 'read_user'], expires_at: inDays(365) });
    const writer = HttpClient.withToken(server.baseUrl, ((await full.json()) as { token: string }).token);
    const setStatus = (client: HttpClient) =>
      client.request('PUT', '/api/v4/user/status', { json: { message: 'Testing tokens' } });
    expect((await setStatus(reader)).status).toBe(403);
    expect((await setStatus(writer)).status).toBe(200);

    const listed = await client.json<Record<string, unknown>[]>(
      '/api/v4/personal_access_tokens?state=active',
    );
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-total')).toBe('2');
    expect(listed.body.map((token) => [token.name, token.scopes, token.expires_at, token.active])).toEqual([
      ['Writer', ['read_user', 'api'], inDays(365), true],
      ['Reader', ['read_api'], inDays(30), true],
    ]);
    expect(listed.body[1]!.last_used_at).not.toBeNull();

    const self = await reader.json<{ id: number; name: string; scopes: string[] }>(
      '/api/v4/personal_access_tokens/self',
    );
    expect(self.body).toMatchObject({ name: 'Reader', scopes: ['read_api'] });
    expect((await client.get('/api/v4/personal_access_tokens/self')).status).toBe(400);

    // Someone else's token is not theirs to revoke; their own is, after which it stops working.
    const stranger = HttpClient.withToken(server.baseUrl, await server.tokenFor('enoether'));
    expect((await stranger.request('DELETE', `/api/v4/personal_access_tokens/${self.body.id}`)).status).toBe(
      400,
    );
    expect((await stranger.get(`/api/v4/personal_access_tokens/${self.body.id}`)).status).toBe(404);
    expect((await stranger.get('/api/v4/personal_access_tokens?user_id=1')).status).toBe(401);
    const revoked = await write(client, 'DELETE', `/api/v4/personal_access_tokens/${self.body.id}`);
    expect(revoked.status).toBe(204);
    expect((await reader.get('/api/v4/groups/acme/epics')).status).toBe(401);
    const active = await client.json<{ name: string }[]>('/api/v4/personal_access_tokens?state=active');
    expect(active.body.map((token) => token.name)).toEqual(['Writer']);
    const inactive = await client.json<{ name: string; revoked: boolean }[]>(
      '/api/v4/personal_access_tokens?state=inactive',
    );
    expect(inactive.body).toMatchObject([{ name: 'Reader', revoked: true }]);

    // A token revokes itself whatever its scopes.
    expect((await writer.request('DELETE', '/api/v4/personal_access_tokens/self')).status).toBe(204);
    expect((await writer.get('/api/v4/user')).status).toBe(401);
  });

  it('limits the self-service token API to k8s_proxy, and lets administrators make anyone’s', async () => {
    const api = HttpClient.withToken(server.baseUrl, await server.tokenFor('mjackson'));
    const stronger = await api.request('POST', '/api/v4/user/personal_access_tokens', {
      json: { name: 'escalate', scopes: ['api'] },
    });
    expect(stronger.status).toBe(400);
    expect(await stronger.json()).toEqual({ error: 'scopes does not have a valid value' });
    const limited = await api.request('POST', '/api/v4/user/personal_access_tokens', {
      json: { name: 'agent', scopes: ['k8s_proxy'] },
    });
    expect(limited.status).toBe(201);
    const k8s = (await limited.json()) as { token: string; scopes: string[]; active: boolean };
    expect(k8s).toMatchObject({ scopes: ['k8s_proxy'], active: true });
    const agent = HttpClient.withToken(server.baseUrl, k8s.token);
    expect((await agent.get('/api/v4/groups')).status).toBe(403);
    expect((await agent.get('/api/v4/personal_access_tokens/self')).status).toBe(200);

    const [user] = (await api.json<{ id: number }[]>('/api/v4/users?username=mjackson')).body;
    const create = (client: HttpClient) =>
      client.request('POST', `/api/v4/users/${user!.id}/personal_access_tokens`, {
        json: { name: 'by admin', scopes: ['read_api'], expires_at: '2999-01-01' },
      });
    expect((await create(api)).status).toBe(403);
    const admin = HttpClient.withToken(server.baseUrl, await server.tokenFor('admin'));
    expect((await create(admin)).status).toBe(400);
  });

  it('lists the browsers signed in, marks this one, and signs another out', async () => {
    const first = await browser('rfranklin', BROWSER_A);
    const second = await browser('rfranklin', BROWSER_B);
    type Session = {
      id: number;
      browser: string;
      os: string;
      ipAddress: string;
      current: boolean;
      lastActivityAt: string;
    };
    const listed = await first.json<Session[]>('/-/user_settings/active_sessions.json');
    expect(listed.status).toBe(200);
    expect(listed.body.map((session) => [session.browser, session.os, session.current])).toEqual([
      ['Chrome', 'GNU/Linux', true],
      ['Firefox', 'Mac', false],
    ]);
    expect(listed.body[0]!.ipAddress).toBe('127.0.0.1');
    const [mine, theirs] = listed.body as [Session, Session];

    // Activity is written at most once a minute.
    await sql`UPDATE sessions SET last_activity_at = now() - interval '5 minutes'`.execute(server.db);
    await second.get('/');
    await second.get('/');
    const after = (await first.json<Session[]>('/-/user_settings/active_sessions.json')).body;
    const seen = after.find((session) => session.id === theirs.id)!;
    expect(Date.now() - Date.parse(seen.lastActivityAt)).toBeLessThan(60_000);

    // This browser's own session is not revoked here, nor is another user's.
    expect((await write(first, 'DELETE', `/-/user_settings/active_sessions/${mine.id}`)).status).toBe(404);
    const stranger = await browser('jvonneumann');
    expect((await write(stranger, 'DELETE', `/-/user_settings/active_sessions/${theirs.id}`)).status).toBe(
      404,
    );
    expect(await currentUserOf(second)).not.toBeNull();
    expect((await write(first, 'DELETE', `/-/user_settings/active_sessions/${theirs.id}`)).status).toBe(204);
    expect(await currentUserOf(second)).toBeNull();
    expect(await currentUserOf(first)).not.toBeNull();
    expect((await first.json<Session[]>('/-/user_settings/active_sessions.json')).body).toHaveLength(1);
  });
});
