import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay, parseDay } from '../../src/core/time/epochDay.ts';
import { calendarDateOf } from '../../src/core/time/formatting.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

/**
 * GitLab's application settings: administrators read and change them at run time, and each change
 * takes effect at once: the API's rate limits, how long a new session lasts, how long a trial runs.
 */
describe.each(BACKENDS)('application settings (%s)', (backend) => {
  let server: TestServer;
  let admin: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 5, issues: 10 });
    admin = HttpClient.withToken(server.baseUrl, await server.tokenFor('admin'));
  });
  afterAll(() => closeCheckingRollups(server));

  const put = (client: HttpClient, json: unknown) =>
    client.request('PUT', '/api/v4/application/settings', { json });
  const settings = async () =>
    (await admin.json<Record<string, unknown>>('/api/v4/application/settings')).body;

  it('are an administrator’s to read and change, by GitLab’s names', async () => {
    expect(await settings()).toMatchObject({
      session_expire_delay: 10_080,
      throttle_authenticated_api_enabled: true,
      throttle_unauthenticated_api_period_in_seconds: 60,
      trial_duration_days: 30,
    });
    const owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    expect((await owner.get('/api/v4/application/settings')).status).toBe(403);
    expect((await put(owner, { trial_duration_days: 14 })).status).toBe(403);
    expect((await new HttpClient(server.baseUrl).get('/api/v4/application/settings')).status).toBe(401);
  });

  it('refuses a bad value, naming it, and changes nothing', async () => {
    const refused = await put(admin, {
      trial_duration_days: 0,
      session_expire_delay: 'soon',
      unknown_thing: 1,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      message: {
        session_expire_delay: ['must be a whole number'],
        trial_duration_days: ['must be between 1 and 365'],
      },
    });
    expect((await put(admin, { throttle_authenticated_api_enabled: 'maybe' })).status).toBe(400);
    expect(await settings()).toMatchObject({ session_expire_delay: 10_080, trial_duration_days: 30 });
  });

  it('gives the next trial the length set, and says so on its form', async () => {
    const changed = await put(admin, { trial_duration_days: '14' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ trial_duration_days: 14, session_expire_delay: 10_080 });

    const owner = new HttpClient(server.baseUrl);
    await owner.signIn('owner', TEST_PASSWORD);
    const form = await owner.get('/-/trials/new');
    expect((await mountData(form))['trial-days']).toBe('14');
    const sandbox = await server.db
      .selectFrom('namespaces')
      .select('id')
      .where('full_path', '=', 'sandbox')
      .executeTakeFirstOrThrow();
    await owner.loadCsrfToken('/-/trials/new');
    const started = await owner.request('POST', '/-/trials', {
      form: { namespace_id: String(sandbox.id), authenticity_token: owner.csrfToken },
    });
    expect(started.status).toBe(303);
    const today = calendarDateOf(new Date());
    const namespace = await admin.json<Record<string, unknown>>('/api/v4/namespaces/sandbox');
    expect(namespace.body.trial_ends_on).toBe(formatDay(parseDay(today) + 14));
  });

  it('hands the roadmap its epics limit, 10,000 unless changed, and refuses one below a page', async () => {
    const roadmapLimit = async () =>
      (await mountData(await new HttpClient(server.baseUrl).get('/groups/acme/-/roadmap')))['epics-limit'];
    expect(await roadmapLimit()).toBe('10000');
    const refused = await put(admin, { roadmap_epics_limit: 10 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      message: { roadmap_epics_limit: ['must be between 50 and 100,000'] },
    });
    expect((await put(admin, { roadmap_epics_limit: 1000 })).status).toBe(200);
    try {
      expect(await roadmapLimit()).toBe('1000');
    } finally {
      await put(admin, { roadmap_epics_limit: 10_000 });
    }
  });

  it('makes sessions started after a change last as long as it says', async () => {
    expect((await put(admin, { session_expire_delay: 90 })).status).toBe(200);
    const before = Date.now();
    const reporter = new HttpClient(server.baseUrl);
    await reporter.signIn('reporter', TEST_PASSWORD);
    const session = await server.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.expires_at')
      .where('users.username', '=', 'reporter')
      .orderBy('sessions.created_at', 'desc')
      .executeTakeFirstOrThrow();
    const lifetime = new Date(session.expires_at).getTime() - before;
    expect(lifetime).toBeGreaterThan(89 * 60_000);
    expect(lifetime).toBeLessThan(91 * 60_000);
  });

  it('applies a changed API rate limit at once, and none when it is turned off', async () => {
    const anonymous = new HttpClient(server.baseUrl);
    const statuses = async (count: number) => {
      const seen: number[] = [];
      for (let index = 0; index < count; index++)
        seen.push((await anonymous.get('/api/v4/groups/acme')).status);
      return seen;
    };
    expect(
      (
        await put(admin, {
          throttle_unauthenticated_api_requests_per_period: 3,
          throttle_unauthenticated_api_period_in_seconds: 3600,
        })
      ).status,
    ).toBe(200);
    expect(await statuses(4)).toEqual([200, 200, 200, 429]);
    expect((await put(admin, { throttle_unauthenticated_api_enabled: false })).status).toBe(200);
    expect(await statuses(2)).toEqual([200, 200]);
  });
});
