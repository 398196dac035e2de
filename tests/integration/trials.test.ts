import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_TEXTS, trialDays } from '../../src/core/domain/trials.ts';
import { calendarDateOf } from '../../src/core/time/formatting.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

/**
 * GitLab's free trial: the owner of a top-level group on Free starts 30 days of Ultimate once, from
 * the form at /-/trials/new; the group's pages then carry the trial, and it ends on its last day.
 */
describe.each(BACKENDS)('free trials (%s)', (backend) => {
  let server: TestServer;
  let admin: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 5, issues: 10 });
    admin = HttpClient.withToken(server.baseUrl, await server.tokenFor('admin'));
  });
  afterAll(() => closeCheckingRollups(server));

  const browserOf = async (username: string) => {
    const client = new HttpClient(server.baseUrl);
    await client.signIn(username, TEST_PASSWORD);
    return client;
  };
  const postTrial = async (client: HttpClient, namespaceId: string) => {
    await client.loadCsrfToken('/-/trials/new');
    return client.request('POST', '/-/trials', {
      form: { namespace_id: namespaceId, authenticity_token: client.csrfToken },
    });
  };
  const groupId = async (fullPath: string) =>
    (
      await server.db
        .selectFrom('namespaces')
        .select('id')
        .where('full_path', '=', fullPath)
        .executeTakeFirstOrThrow()
    ).id;

  it('offers the owner their Free groups, starts 30 days of Ultimate once, and refuses the rest', async () => {
    const owner = await browserOf('owner');
    const form = await owner.get('/-/trials/new');
    expect(form.status).toBe(200);
    const groups = JSON.parse((await mountData(form)).groups ?? '[]') as { full_path: string }[];
    expect(groups.map((group) => group.full_path)).toEqual(['sandbox']);

    const developer = await browserOf('developer');
    const refused = await postTrial(developer, String(await groupId('sandbox')));
    expect(refused.status).toBe(422);
    expect((await mountData(refused)).error).toBe('Only the owner of a top-level group can start its trial.');
    const paid = await postTrial(owner, String(await groupId('initech')));
    expect((await mountData(paid)).error).toBe('This group is already on a paid plan.');

    const started = await postTrial(owner, String(await groupId('sandbox')));
    expect(started.status).toBe(303);
    expect(started.headers.get('location')).toBe('/groups/sandbox/-/billings');
    const today = calendarDateOf(new Date());
    const subscription = await admin.json<{
      plan: Record<string, unknown>;
      billing: Record<string, unknown>;
    }>('/api/v4/namespaces/sandbox/gitlab_subscription');
    expect(subscription.body.plan).toMatchObject({ code: 'ultimate', trial: true });
    expect(subscription.body.billing.trial_ends_on).not.toBeNull();

    const again = await postTrial(owner, String(await groupId('sandbox')));
    expect((await mountData(again)).error).toBe('This group has already had a trial.');

    // Every group page tells the owner where the trial stands; a developer is told nothing.
    const status = JSON.parse(
      (await mountData(await owner.get('/groups/sandbox/-/epics')))['trial-status'] ?? '',
    );
    expect(status).toMatchObject({ state: 'running', plan: 'ultimate', starts_on: today, today });
    expect((await mountData(await developer.get('/groups/sandbox/-/epics')))['trial-status'] ?? '').toBe('');
    expect(TRIAL_TEXTS.activated).toBe('Congratulations, your free trial is activated.');
  });

  it('puts the group back on Free once its last day has begun, and says so to the owner', async () => {
    const owner = await browserOf('owner');
    const ended = await admin.request('PUT', '/api/v4/namespaces/sandbox/gitlab_subscription', {
      json: { trial_starts_on: '2026-01-01', trial_ends_on: '2026-01-31' },
    });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ plan: { code: 'free', trial: false } });
    const namespace = await admin.json<Record<string, unknown>>('/api/v4/namespaces/sandbox');
    expect(namespace.body).toMatchObject({ plan: 'free', trial: false, trial_ends_on: '2026-01-31' });
    const status = JSON.parse((await mountData(await owner.get('/groups/sandbox')))['trial-status'] ?? '');
    expect(status).toMatchObject({ state: 'ended', plan: 'ultimate', ends_on: '2026-01-31' });
    const billing = JSON.parse(
      (await mountData(await owner.get('/groups/sandbox/-/billings'))).billing ?? '',
    );
    expect(billing).toMatchObject({ plan: 'free', trial_available: false, ended_trial_plan: 'ultimate' });
  });
});

/**
 * The trial on the server's clock: fixed here and moved on, as the days pass for a real trial. The
 * widget counts 'Day {used}/{duration}' from what each page says; on its end day the group is on
 * Free again.
 */
describe.each(BACKENDS)('a trial on a fixed clock (%s)', (backend) => {
  let clock = new Date('2027-03-01T09:00:00Z');
  let server: TestServer;
  let admin: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 5, issues: 10, now: () => clock });
    admin = HttpClient.withToken(server.baseUrl, await server.tokenFor('admin'));
  });
  afterAll(() => closeCheckingRollups(server));

  /** The owner's view of the trial on a sandbox page, signed in afresh on the day the clock says. */
  const trialStatus = async () => {
    const owner = new HttpClient(server.baseUrl);
    await owner.signIn('owner', TEST_PASSWORD);
    const text = (await mountData(await owner.get('/groups/sandbox')))['trial-status'] ?? '';
    return { owner, status: JSON.parse(text || 'null') as Record<string, string> | null };
  };
  const onDay = (day: string) => {
    clock = new Date(`${day}T09:00:00Z`);
  };

  it('counts its days from the first to the thirtieth, then puts the group back on Free', async () => {
    const { owner } = await trialStatus();
    await owner.loadCsrfToken('/-/trials/new');
    const sandbox = await server.db
      .selectFrom('namespaces')
      .select('id')
      .where('full_path', '=', 'sandbox')
      .executeTakeFirstOrThrow();
    const started = await owner.request('POST', '/-/trials', {
      form: { namespace_id: String(sandbox.id), authenticity_token: owner.csrfToken },
    });
    expect(started.status).toBe(303);

    const days = (status: Record<string, string> | null) =>
      status ? trialDays(status.starts_on ?? '', status.ends_on ?? '', status.today ?? '') : null;
    const first = (await trialStatus()).status;
    expect(first).toMatchObject({ state: 'running', starts_on: '2027-03-01', ends_on: '2027-03-31' });
    expect(days(first)).toEqual({ used: 1, duration: 30 });

    onDay('2027-03-16');
    expect(days((await trialStatus()).status)).toEqual({ used: 16, duration: 30 });
    onDay('2027-03-30');
    const last = (await trialStatus()).status;
    expect(last?.state).toBe('running');
    expect(days(last)).toEqual({ used: 30, duration: 30 });
    expect((await admin.json<Record<string, unknown>>('/api/v4/namespaces/sandbox')).body).toMatchObject({
      plan: 'ultimate',
      trial: true,
    });

    onDay('2027-03-31');
    expect((await trialStatus()).status).toMatchObject({ state: 'ended', today: '2027-03-31' });
    expect((await admin.json<Record<string, unknown>>('/api/v4/namespaces/sandbox')).body).toMatchObject({
      plan: 'free',
      trial: false,
      trial_ends_on: '2027-03-31',
    });
  });
});
