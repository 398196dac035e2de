import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay, parseDay } from '../../src/core/time/epochDay.ts';
import { calendarDateOf } from '../../src/core/time/formatting.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

/**
 * GitLab's namespaces and subscription API: each top-level group's plan, seats and dates, read by
 * its owners and administrators and set by administrators, with GitLab's shapes and refusals.
 */
describe.each(BACKENDS)('namespaces and subscriptions (%s)', (backend) => {
  let server: TestServer;
  let anonymous: HttpClient;
  let owner: HttpClient;
  let developer: HttpClient;
  let admin: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 5, issues: 10 });
    anonymous = new HttpClient(server.baseUrl);
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    developer = HttpClient.withToken(server.baseUrl, await server.tokenFor('developer'));
    admin = HttpClient.withToken(server.baseUrl, await server.tokenFor('admin'));
  });
  afterAll(() => closeCheckingRollups(server));

  const send = async (client: HttpClient, method: string, path: string, json?: unknown) => {
    const response = await client.request(method, path, json === undefined ? {} : { json });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  };

  it("tells a group's owner its plan and billable members; others see the namespace only", async () => {
    const acme = await owner.json<Record<string, unknown>>('/api/v4/namespaces/acme');
    expect(acme.status).toBe(200);
    expect(acme.body).toMatchObject({
      kind: 'group',
      full_path: 'acme',
      parent_id: null,
      plan: 'ultimate',
      trial: false,
      trial_ends_on: null,
      billable_members_count: expect.any(Number),
    });
    // A subgroup is on its top-level group's plan.
    const storage = await owner.json<Record<string, unknown>>(
      `/api/v4/namespaces/${encodeURIComponent('acme/platform/backend/storage')}`,
    );
    expect(storage.body).toMatchObject({
      plan: 'ultimate',
      billable_members_count: acme.body.billable_members_count,
    });
    const asDeveloper = await developer.json<Record<string, unknown>>('/api/v4/namespaces/acme');
    expect(asDeveloper.body).toMatchObject({ full_path: 'acme' });
    expect(asDeveloper.body).not.toHaveProperty('plan');
    expect((await anonymous.get('/api/v4/namespaces/acme%2Fsecurity')).status).toBe(404);

    const mine = await owner.json<{ full_path: string }[]>('/api/v4/namespaces?top_level_only=true');
    expect(mine.body.map((namespace) => namespace.full_path).sort()).toEqual([
      'acme',
      'initech',
      'sandbox',
      'workshop',
    ]);
  });

  it('answers the subscription in GitLab’s shape, Free for a group without one', async () => {
    const acme = await owner.json<Record<string, Record<string, unknown>>>(
      '/api/v4/namespaces/acme/gitlab_subscription',
    );
    expect(acme.status).toBe(200);
    expect(acme.body.plan).toEqual({
      code: 'ultimate',
      name: 'ultimate',
      trial: false,
      auto_renew: true,
      upgradable: false,
      exclude_guests: true,
    });
    expect(acme.body.usage).toMatchObject({ seats_in_subscription: 25, seats_owed: 0 });
    expect(acme.body.billing).toMatchObject({
      subscription_start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      trial_ends_on: null,
    });
    const sandbox = await owner.json<Record<string, Record<string, unknown>>>(
      '/api/v4/namespaces/sandbox/gitlab_subscription',
    );
    expect(sandbox.body.plan).toMatchObject({ code: 'free', upgradable: true, exclude_guests: false });
    expect(sandbox.body.usage).toMatchObject({ seats_in_subscription: 0, seats_owed: 0 });
    expect(sandbox.body.usage?.seats_in_use).toBeGreaterThan(0);
    expect((await developer.get('/api/v4/namespaces/acme/gitlab_subscription')).status).toBe(403);
    expect((await anonymous.get('/api/v4/namespaces/acme/gitlab_subscription')).status).toBe(401);
  });

  it('lets administrators set a plan; seats used beyond those paid are owed', async () => {
    const path = '/api/v4/namespaces/sandbox/gitlab_subscription';
    expect((await send(owner, 'POST', path, { plan_code: 'premium', start_date: '2026-01-01' })).status).toBe(
      403,
    );
    expect((await send(admin, 'POST', path, { plan_code: 'premium' })).status).toBe(400);
    expect((await send(admin, 'POST', path, { plan_code: 'gold', start_date: '2026-01-01' })).status).toBe(
      400,
    );
    expect(
      (
        await send(admin, 'POST', path, {
          plan_code: 'premium',
          start_date: '2026-01-01',
          end_date: '2025-01-01',
        })
      ).status,
    ).toBe(400);
    const created = await send(admin, 'POST', path, {
      plan_code: 'premium',
      seats: 1,
      start_date: '2026-01-01',
      end_date: '2027-01-01',
    });
    expect(created.status).toBe(201);
    const usage = created.body?.usage as {
      seats_in_subscription: number;
      max_seats_used: number;
      seats_owed: number;
    };
    expect(usage.seats_in_subscription).toBe(1);
    expect(usage.seats_owed).toBe(usage.max_seats_used - 1);
    expect(usage.seats_owed).toBeGreaterThan(0);
    expect((await send(admin, 'POST', path, { plan_code: 'premium', start_date: '2026-01-01' })).status).toBe(
      400,
    );

    // A trial needs its dates, and a paid plan. It runs from days ago to weeks ahead, whatever today is.
    const today = parseDay(calendarDateOf(new Date()));
    const [trialStart, trialEnd] = [formatDay(today - 5), formatDay(today + 25)];
    expect((await send(admin, 'PUT', path, { trial: true })).status).toBe(400);
    const trial = await send(admin, 'PUT', path, {
      plan_code: 'ultimate',
      trial: true,
      trial_starts_on: trialStart,
      trial_ends_on: trialEnd,
    });
    expect(trial.status).toBe(200);
    expect(trial.body).toMatchObject({
      plan: { code: 'ultimate', trial: true },
      usage: { seats_owed: 0 },
      billing: { trial_ends_on: trialEnd },
    });
    const namespace = await owner.json<Record<string, unknown>>('/api/v4/namespaces/sandbox');
    expect(namespace.body).toMatchObject({ plan: 'ultimate', trial: true, trial_ends_on: trialEnd });

    // Only a top-level group holds a subscription; one without any has none to change.
    expect(
      (
        await send(
          admin,
          'POST',
          `/api/v4/namespaces/${encodeURIComponent('acme/platform')}/gitlab_subscription`,
          {
            start_date: '2026-01-01',
          },
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await send(
          admin,
          'PUT',
          `/api/v4/namespaces/${encodeURIComponent('acme/platform')}/gitlab_subscription`,
          {
            seats: 3,
          },
        )
      ).status,
    ).toBe(400);
  });

  it('keeps seats used beyond those paid for owed, even after the member has gone', async () => {
    const path = '/api/v4/namespaces/initech/gitlab_subscription';
    type Usage = {
      seats_in_subscription: number;
      seats_in_use: number;
      max_seats_used: number;
      seats_owed: number;
    };
    const usage = async () => (await owner.json<{ usage: Usage }>(path)).body.usage;
    const before = await usage();
    expect(before.seats_in_subscription).toBe(5);
    const ids = await server.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', 'in', ['alovelace', 'ghopper', 'aturing', 'kjohnson', 'edijkstra'])
      .execute();
    for (const user of ids) {
      const added = await send(owner, 'POST', '/api/v4/groups/initech/members', {
        user_id: user.id,
        access_level: 30,
      });
      expect(added.status).toBe(201);
    }
    const full = await usage();
    expect(full.seats_in_use).toBe(before.seats_in_use + 5);
    expect(full.max_seats_used).toBe(full.seats_in_use);
    expect(full.seats_owed).toBe(full.seats_in_use - 5);
    expect(full.seats_owed).toBeGreaterThan(0);

    const gone = ids[0]?.id ?? 0;
    expect((await send(owner, 'DELETE', `/api/v4/groups/initech/members/${gone}`)).status).toBe(204);
    const after = await usage();
    expect(after.seats_in_use).toBe(full.seats_in_use - 1);
    expect(after).toMatchObject({ max_seats_used: full.max_seats_used, seats_owed: full.seats_owed });
  });
});
