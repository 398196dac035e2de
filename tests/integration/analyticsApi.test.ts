/**
 * GitLab's analytics REST APIs on the recorded events: the deprecated project deployment frequency,
 * the DORA metrics of a project and a group, group activity and code review analytics. The suite
 * writes its own events at chosen instants (the server's clock is the suite's) in a private subgroup
 * of the workshop, and checks every number against a plain loop over the rows in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  doraExpectation,
  type Facts,
  readFacts,
  reviewExpectation,
} from '../helpers/analytics.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { SHA } from '../helpers/deployments.ts';
import { userId } from '../helpers/epicSidebar.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

type Who = 'owner' | 'maintainer' | 'developer' | 'reporter' | 'guest' | 'outsider' | 'anonymous';
const PEOPLE = ['owner', 'maintainer', 'developer', 'reporter', 'guest', 'outsider'] as const;

/** The instant the analytics are asked at, unless a test moves the clock. */
const ASKED_AT = '2026-06-15T12:00:00.000Z';

describe.each(BACKENDS)('GitLab’s analytics REST APIs (%s)', (backend) => {
  let server: TestServer;
  let clockMs = Date.parse(ASKED_AT);
  const tokens = new Map<Who, string>();
  const ids: Record<string, number> = {};
  /** The server's clock: strictly increasing milliseconds from the last instant set. */
  const setClock = (iso: string) => {
    clockMs = Date.parse(iso);
  };

  async function call(who: Who, method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {};
    const token = tokens.get(who);
    if (token) headers['private-token'] = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, server.baseUrl), {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }
  async function expectStatus<T>(who: Who, method: string, path: string, status: number, body?: unknown) {
    const answer = await call(who, method, path, body);
    expect({ method, path, status: answer.status, body: answer.body }).toMatchObject({ status });
    return answer.body as T;
  }
  const get = (who: Who, path: string) => call(who, 'GET', path);
  const expectError = async (who: Who, path: string, status: number, body: unknown) => {
    const answer = await get(who, path);
    expect({ status: answer.status, body: answer.body }).toEqual({ status, body });
  };

  const project = (path: string) => `/api/v4/projects/${encodeURIComponent(path)}`;
  const LAB = 'workshop/analytics-lab';
  const DELIVERY = `${LAB}/delivery`;
  let facts: Facts;

  let deployments = 0;
  async function deploy(environment: string, status: string, instant: string) {
    setClock(instant);
    // Each its own commit: reporting the environment's current deployment again answers that one.
    deployments++;
    return expectStatus<{ id: number }>('developer', 'POST', `${project(DELIVERY)}/deployments`, 201, {
      environment,
      sha: SHA(deployments.toString(16)),
      ref: 'main',
      tag: false,
      status,
    });
  }
  async function mergedMergeRequest(branch: string, openedAt: string, mergedAt: string) {
    setClock(openedAt);
    const mr = await openMergeRequest(branch, {});
    setClock(mergedAt);
    await expectStatus('developer', 'PUT', `${project(DELIVERY)}/merge_requests/${mr.iid}/merge`, 200);
  }
  const openMergeRequest = (branch: string, fields: Record<string, unknown>) =>
    expectStatus<{ id: number; iid: number }>(
      'developer',
      'POST',
      `${project(DELIVERY)}/merge_requests`,
      201,
      {
        title: `Analytics ${branch}`,
        source_branch: branch,
        target_branch: 'main',
        ...fields,
      },
    );
  async function incident(openedAt: string, closedAt: string | null) {
    setClock(openedAt);
    const created = await expectStatus<{ iid: number }>(
      'reporter',
      'POST',
      `${project(DELIVERY)}/issues`,
      201,
      {
        title: `Outage at ${openedAt}`,
        issue_type: 'incident',
      },
    );
    if (closedAt === null) return;
    setClock(closedAt);
    await expectStatus('reporter', 'PUT', `${project(DELIVERY)}/issues/${created.iid}`, 200, {
      state_event: 'close',
    });
  }
  /** A comment on the merge request, as its page posts one (the REST API has no merge request notes here). */
  async function comment(who: Who, iid: number, instant: string) {
    setClock(instant);
    await expectStatus(who, 'POST', `/${DELIVERY}/-/merge_requests/${iid}/notes`, 201, {
      note: { note: `Seen by ${who}` },
    });
  }

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60, now: () => new Date(clockMs++) });
    for (const person of PEOPLE) {
      tokens.set(person, await server.tokenFor(person));
      ids[person] = await userId(server, person);
    }
    for (const path of ['workshop', 'sandbox', 'initech']) {
      const group = await server.db
        .selectFrom('namespaces')
        .select('id')
        .where('full_path', '=', path)
        .executeTakeFirstOrThrow();
      ids[path] = group.id;
    }
    // A private subgroup and project of the workshop (on Ultimate), and projects on Free and Premium.
    setClock('2026-04-01T08:00:00.000Z');
    const lab = await expectStatus<{ id: number }>('owner', 'POST', '/api/v4/groups', 201, {
      name: 'Analytics Lab',
      path: 'analytics-lab',
      parent_id: ids.workshop,
      visibility: 'private',
    });
    ids.lab = lab.id;
    for (const [namespaceId, path] of [
      [lab.id, 'delivery'],
      [ids.sandbox, 'analytics-free'],
      [ids.initech, 'analytics-premium'],
    ] as const) {
      await expectStatus('owner', 'POST', '/api/v4/projects', 201, {
        name: path,
        path,
        namespace_id: namespaceId,
        visibility: path === 'delivery' ? 'private' : 'public',
      });
    }
    setClock('2026-04-02T08:00:00.000Z');
    await expectStatus('owner', 'POST', `/api/v4/groups/${lab.id}/members`, 201, {
      user_id: ids.outsider,
      access_level: 20,
    });

    // April 10: one merge, shipped to production (2 h) and to staging (4 h); a failed deployment.
    await mergedMergeRequest('ship-one', '2026-04-10T09:00:00.000Z', '2026-04-10T10:00:00.000Z');
    await deploy('production', 'success', '2026-04-10T12:00:00.000Z');
    await deploy('staging', 'success', '2026-04-10T14:00:00.000Z');
    await deploy('production', 'failed', '2026-04-10T15:00:00.000Z');
    // April 11: two merges shipped together (2 h and 1 h), a deployment that succeeds later that day,
    // and an incident open four hours.
    await mergedMergeRequest('ship-two', '2026-04-11T08:00:00.000Z', '2026-04-11T09:00:00.000Z');
    await mergedMergeRequest('ship-three', '2026-04-11T09:30:00.000Z', '2026-04-11T10:00:00.000Z');
    await deploy('production', 'success', '2026-04-11T11:00:00.000Z');
    const running = await deploy('production', 'running', '2026-04-11T13:00:00.000Z');
    await incident('2026-04-11T12:00:00.000Z', '2026-04-11T16:00:00.000Z');
    setClock('2026-04-11T18:00:00.000Z');
    await expectStatus('developer', 'PUT', `${project(DELIVERY)}/deployments/${running.id}`, 200, {
      status: 'success',
    });
    // May: an incident over midnight, one still open, a production deployment; June: staging only.
    await incident('2026-05-19T23:00:00.000Z', '2026-05-20T05:00:00.000Z');
    await incident('2026-05-20T06:00:00.000Z', null);
    await deploy('production', 'success', '2026-05-20T10:00:00.000Z');
    await deploy('staging', 'success', '2026-06-01T10:00:00.000Z');
    // A confidential issue, which group activity counts for those who may read it.
    setClock('2026-05-02T09:00:00.000Z');
    await expectStatus('developer', 'POST', `${project(DELIVERY)}/issues`, 201, {
      title: 'A confidential finding',
      confidential: true,
    });
    facts = await readFacts(server);
  });
  afterAll(() => server.close());

  describe('the deprecated project deployment frequency', () => {
    const frequency = (query: string) => `${project(DELIVERY)}/analytics/deployment_frequency?${query}`;
    const expected = (interval: 'all' | 'daily' | 'monthly', from: string, to: string) =>
      doraExpectation.legacy(facts, { projectPath: DELIVERY, environment: 'production', interval, from, to });

    it('counts successful deployments to the environment per day, per month and in all', async () => {
      setClock(ASKED_AT);
      const from = '2026-04-10T00:00:00.000Z';
      const to = '2026-05-31T00:00:00.000Z';
      const daily = await expectStatus<unknown[]>(
        'reporter',
        'GET',
        frequency(`environment=production&from=${from}&to=${to}&interval=daily`),
        200,
      );
      expect(daily).toEqual(expected('daily', from, to));
      expect(daily).toEqual([
        { value: 1, from: '2026-04-10', to: '2026-04-11' },
        { value: 2, from: '2026-04-11', to: '2026-04-12' },
        { value: 1, from: '2026-05-20', to: '2026-05-21' },
      ]);
      const monthly = await expectStatus(
        'reporter',
        'GET',
        frequency(`environment=production&from=${from}&to=${to}&interval=monthly`),
        200,
      );
      expect(monthly).toEqual(expected('monthly', from, to));
      const all = await expectStatus(
        'reporter',
        'GET',
        frequency(`environment=production&from=${from}&to=${to}`),
        200,
      );
      expect(all).toEqual([
        { value: 4, from: '2026-04-10T00:00:00.000+00:00', to: '2026-05-31T00:00:00.000+00:00' },
      ]);
    });

    it('includes `from`, excludes `to`, reads times without a zone as UTC and defaults `to` to now', async () => {
      setClock(ASKED_AT);
      const [first, second] = facts.deployments
        .filter(
          (row) =>
            row.projectId === facts.projectId(DELIVERY) &&
            row.environmentName === 'production' &&
            row.status === 'success',
        )
        .map((row) => row.finishedAt!)
        .sort((a, b) => a.getTime() - b.getTime());
      const count = async (from: Date | string, to: Date | string) => {
        const text = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());
        const query = `environment=production&from=${text(from)}&to=${text(to)}`;
        return (await expectStatus<{ value: number }[]>('reporter', 'GET', frequency(query), 200))[0]?.value;
      };
      expect(await count(first!, second!)).toBe(1);
      expect(await count(new Date(first!.getTime() + 1), new Date(second!.getTime() + 1))).toBe(1);
      expect(await count(first!, new Date(second!.getTime() + 1))).toBe(2);
      expect(await count('2026-04-10T11:59:59', '2026-04-10 12:30')).toBe(1);
      const toNow = await expectStatus<{ value: number; to: string }[]>(
        'reporter',
        'GET',
        frequency('environment=staging&from=2026-04-01'),
        200,
      );
      expect(toNow[0]?.value).toBe(2);
      expect(toNow[0]?.to.slice(0, 16)).toBe(ASKED_AT.slice(0, 16));
      const none = await expectStatus(
        'reporter',
        'GET',
        frequency('environment=nowhere&from=2026-04-01&interval=daily'),
        200,
      );
      expect(none).toEqual([]);
    });

    it('answers Grape’s and GitLab’s errors for every bad request', async () => {
      setClock(ASKED_AT);
      await expectError('reporter', frequency(''), 400, { error: 'environment is missing, from is missing' });
      await expectError('reporter', frequency('environment=production'), 400, { error: 'from is missing' });
      await expectError('reporter', frequency('environment=production&from=yesterday'), 400, {
        error: 'from is invalid',
      });
      await expectError('reporter', frequency('environment=production&from=2026-02-30'), 400, {
        error: 'from is invalid',
      });
      await expectError('reporter', frequency('environment=production&from=2026-04-01&to=soon'), 400, {
        error: 'to is invalid',
      });
      await expectError(
        'reporter',
        frequency('environment=production&from=2026-04-01&interval=weekly'),
        400,
        {
          error: 'interval does not have a valid value',
        },
      );
      await expectError('reporter', frequency('environment=production&from=2026-04-02&to=2026-04-01'), 400, {
        message: '400 Bad request - Parameter `to` is before the `from` date',
      });
      await expectError('reporter', frequency('environment=production&from=2026-01-01&to=2026-04-03'), 400, {
        message: '400 Bad request - Date range is greater than 91 days',
      });
      // 91 whole days and 23 hours are within the quarter.
      expect(
        (await get('reporter', frequency('environment=production&from=2026-01-01&to=2026-04-02T23:00:00Z')))
          .status,
      ).toBe(200);
      await expectError('anonymous', frequency('environment=production&from=2026-04-01'), 401, {
        message: '401 Unauthorized',
      });
      await expectError(
        'reporter',
        `${project('workshop/nothing-here')}/analytics/deployment_frequency?environment=p&from=2026-04-01`,
        404,
        {
          message: '404 Project Not Found',
        },
      );
    });

    it('is for Reporters and up on Ultimate', async () => {
      setClock(ASKED_AT);
      const query = 'environment=production&from=2026-04-01';
      await expectError('guest', frequency(query), 403, { message: '403 Forbidden' });
      await expectError(
        'outsider',
        `${project('workshop/playground')}/analytics/deployment_frequency?${query}`,
        403,
        {
          message: '403 Forbidden',
        },
      );
      await expectError(
        'reporter',
        `${project('initech/analytics-premium')}/analytics/deployment_frequency?${query}`,
        403,
        {
          message: '403 Forbidden',
        },
      );
      for (const who of ['reporter', 'developer', 'maintainer', 'owner'] as const) {
        expect((await get(who, frequency(query))).status).toBe(200);
      }
    });
  });

  describe('DORA metrics', () => {
    const metrics = (query: string, path = `${project(DELIVERY)}`) => `${path}/dora/metrics?${query}`;
    const groupMetrics = (query: string) =>
      metrics(query, `/api/v4/groups/${encodeURIComponent('workshop')}`);

    it.each([
      ['deployment_frequency', 'daily', '2026-04-09', '2026-04-12', ['production']],
      ['deployment_frequency', 'monthly', '2026-04-01', '2026-06-15', ['production']],
      ['deployment_frequency', 'monthly', '2026-04-01', '2026-06-15', ['production', 'staging']],
      ['lead_time_for_changes', 'daily', '2026-04-09', '2026-04-12', ['production']],
      ['lead_time_for_changes', 'all', '2026-04-01', '2026-05-31', ['production']],
      ['lead_time_for_changes', 'monthly', '2026-04-01', '2026-05-31', ['production', 'staging']],
      ['time_to_restore_service', 'monthly', '2026-04-01', '2026-05-31', ['production']],
      ['time_to_restore_service', 'daily', '2026-05-19', '2026-05-21', ['production']],
      ['change_failure_rate', 'all', '2026-04-01', '2026-05-31', ['production']],
      ['change_failure_rate', 'monthly', '2026-04-01', '2026-05-31', ['production']],
      ['change_failure_rate', 'monthly', '2026-04-01', '2026-05-31', ['staging']],
      ['time_to_restore_service', 'all', '2026-04-01', '2026-05-31', ['staging']],
    ] as const)(
      'gives %s by %s from %s to %s on %j as the rows say',
      async (metric, interval, start, end, tiers) => {
        setClock(ASKED_AT);
        const tierQuery = tiers.map((tier) => `environment_tiers[]=${tier}`).join('&');
        const answer = await expectStatus(
          'reporter',
          'GET',
          metrics(`metric=${metric}&interval=${interval}&start_date=${start}&end_date=${end}&${tierQuery}`),
          200,
        );
        expect(answer).toEqual(
          doraExpectation.points(facts, { projectPaths: [DELIVERY], metric, interval, start, end, tiers }),
        );
      },
    );

    it('matches the hand-counted values of the recorded events', async () => {
      setClock(ASKED_AT);
      const value = async (query: string) =>
        (
          await expectStatus<{ date: string | null; value: number | null }[]>(
            'reporter',
            'GET',
            metrics(query),
            200,
          )
        ).map((point) => point.value);
      // The suite's clock adds a millisecond a reading: durations are whole seconds give or take that.
      const seconds = async (query: string) =>
        (await value(query)).map((point) => (point === null ? null : Math.round(point)));
      const range = 'start_date=2026-04-01&end_date=2026-05-31';
      expect(await value(`metric=deployment_frequency&interval=monthly&${range}`)).toEqual([3, 1]);
      // Daily medians 7200 (April 10) and 5400 (April 11); with staging, 14400 too.
      expect(await seconds(`metric=lead_time_for_changes&interval=all&${range}`)).toEqual([6300]);
      expect(
        await seconds(
          `metric=lead_time_for_changes&interval=all&${range}&environment_tiers[]=production&environment_tiers[]=staging`,
        ),
      ).toEqual([7200]);
      expect(await seconds(`metric=time_to_restore_service&interval=monthly&${range}`)).toEqual([
        14400, 21600,
      ]);
      expect(await value(`metric=change_failure_rate&interval=monthly&${range}`)).toEqual([1 / 3, 2]);
      expect(
        await value(
          `metric=change_failure_rate&interval=all&${range}&environment_tier=staging&environment_tiers=staging`,
        ),
      ).toEqual([null]);
    });

    it('reads the last three months by day by default, and labels `all` with no date', async () => {
      setClock(ASKED_AT);
      const points = await expectStatus<{ date: string }[]>(
        'reporter',
        'GET',
        metrics('metric=deployment_frequency'),
        200,
      );
      expect(points).toHaveLength(93);
      expect([points[0]?.date, points.at(-1)?.date]).toEqual(['2026-03-15', '2026-06-15']);
      const all = await expectStatus(
        'reporter',
        'GET',
        metrics('metric=deployment_frequency&interval=all'),
        200,
      );
      expect(all).toEqual([{ date: null, value: 4 }]);
    });

    it('adds up a group’s projects in its subgroups', async () => {
      setClock(ASKED_AT);
      const paths = facts.projectPathsUnder('workshop');
      expect(paths).toContain(DELIVERY);
      for (const [metric, interval] of [
        ['deployment_frequency', 'monthly'],
        ['lead_time_for_changes', 'all'],
        ['change_failure_rate', 'monthly'],
      ] as const) {
        const answer = await expectStatus(
          'reporter',
          'GET',
          groupMetrics(`metric=${metric}&interval=${interval}&start_date=2026-04-01&end_date=2026-06-15`),
          200,
        );
        expect(answer).toEqual(
          doraExpectation.points(facts, {
            projectPaths: paths,
            metric,
            interval,
            start: '2026-04-01',
            end: '2026-06-15',
            tiers: ['production'],
          }),
        );
      }
    });

    it('answers every refusal with GitLab’s message', async () => {
      setClock(ASKED_AT);
      await expectError('reporter', metrics(''), 400, { error: 'metric is missing' });
      await expectError('reporter', metrics('metric=deployment_frequency&start_date=April'), 400, {
        error: 'start_date is invalid',
      });
      await expectError('reporter', metrics('metric=deployment_frequency&end_date=2026-02-30'), 400, {
        error: 'end_date is invalid',
      });
      const message = (text: string) => ({ message: text });
      await expectError(
        'reporter',
        metrics('metric=deployment_frequency&start_date=2026-01-01&end_date=2026-07-01'),
        400,
        message('Date range must be shorter than 180 days.'),
      );
      // January 1 to June 30 is 180 days.
      const longest = 'metric=deployment_frequency&start_date=2026-01-01&end_date=2026-06-30';
      expect((await get('reporter', metrics(longest))).status).toBe(200);
      await expectError(
        'reporter',
        metrics('metric=deployment_frequency&start_date=2026-04-01&end_date=2026-04-01'),
        400,
        message('The start date must be earlier than the end date.'),
      );
      await expectError(
        'reporter',
        metrics('metric=deployment_frequency&interval=weekly'),
        400,
        message('The interval must be one of all,monthly,daily.'),
      );
      await expectError(
        'reporter',
        metrics('metric=mean_time'),
        400,
        message(
          'The metric must be one of deployment_frequency,lead_time_for_changes,time_to_restore_service,change_failure_rate.',
        ),
      );
      await expectError(
        'reporter',
        metrics('metric=deployment_frequency&environment_tiers[]=moon'),
        400,
        message('The environment tiers must be from production, staging, testing, development, other.'),
      );
      await expectError(
        'reporter',
        metrics('metric=deployment_frequency', '/api/v4/groups/no-such-group'),
        404,
        { message: '404 Group Not Found' },
      );
      await expectError(
        'outsider',
        metrics('metric=deployment_frequency', project('workshop/missing')),
        404,
        { message: '404 Project Not Found' },
      );
    });

    it('is for Reporters and up on Ultimate, and answers 401 to the others as GitLab does', async () => {
      setClock(ASKED_AT);
      const refused = { message: 'You do not have permission to access dora metrics.' };
      await expectError('guest', metrics('metric=deployment_frequency'), 401, refused);
      await expectError('guest', groupMetrics('metric=deployment_frequency'), 401, refused);
      await expectError(
        'anonymous',
        metrics('metric=deployment_frequency', project('workshop/playground')),
        401,
        refused,
      );
      await expectError('outsider', groupMetrics('metric=deployment_frequency'), 401, refused);
      await expectError(
        'reporter',
        metrics('metric=deployment_frequency', project('initech/analytics-premium')),
        401,
        refused,
      );
      await expectError(
        'reporter',
        metrics('metric=deployment_frequency', '/api/v4/groups/initech'),
        401,
        refused,
      );
      // A private project is not there for someone who cannot see it.
      await expectError('anonymous', metrics('metric=deployment_frequency'), 404, {
        message: '404 Project Not Found',
      });
      expect((await get('owner', groupMetrics('metric=lead_time_for_changes'))).status).toBe(200);
    });
  });

  describe('group activity', () => {
    const activity = (count: string, path: string) =>
      `/api/v4/analytics/group_activity/${count}?group_path=${encodeURIComponent(path)}`;

    it('counts the last 90 days of the group and its subgroups as the caller sees them', async () => {
      for (const asked of [ASKED_AT, '2026-04-20T00:00:00.000Z', '2026-08-01T00:00:00.000Z']) {
        for (const count of ['issues_count', 'merge_requests_count', 'new_members_count'] as const) {
          setClock(asked);
          const answer = await expectStatus<Record<string, number>>(
            'reporter',
            'GET',
            activity(count, 'workshop'),
            200,
          );
          // The clock has moved on by a few milliseconds by the time the server reads it.
          const expected = await doraExpectation.activity(
            server,
            count,
            'workshop',
            new Date(Date.parse(asked)),
          );
          expect({ asked, answer }).toEqual({ asked, answer: { [count]: expected } });
        }
      }
      setClock(ASKED_AT);
      const lab = await expectStatus<Record<string, number>>(
        'owner',
        'GET',
        activity('new_members_count', LAB),
        200,
      );
      // The owner who made the subgroup, and the outsider added to it.
      expect(lab).toEqual({ new_members_count: 2 });
      // The outsider reports in the subgroup only: its counts, the confidential issue included.
      for (const count of ['issues_count', 'merge_requests_count'] as const) {
        setClock(ASKED_AT);
        const answer = await expectStatus('outsider', 'GET', activity(count, LAB), 200);
        const expected = await doraExpectation.activity(server, count, LAB, new Date(Date.parse(ASKED_AT)));
        expect(answer).toEqual({ [count]: expected });
        expect(expected).toBeGreaterThan(0);
      }
    });

    it('answers GitLab’s errors, and is for Reporters and up on Premium', async () => {
      setClock(ASKED_AT);
      await expectError('anonymous', activity('issues_count', 'workshop'), 401, {
        message: '401 Unauthorized',
      });
      await expectError('reporter', '/api/v4/analytics/group_activity/issues_count', 400, {
        error: 'group_path is missing',
      });
      await expectError('reporter', activity('issues_count', 'no-such-group'), 404, {
        message: '404 Group Not Found',
      });
      await expectError('reporter', activity('issues_count', String(ids.workshop)), 404, {
        message: '404 Group Not Found',
      });
      await expectError('guest', activity('issues_count', 'workshop'), 403, { message: '403 Forbidden' });
      await expectError('outsider', activity('merge_requests_count', 'workshop'), 403, {
        message: '403 Forbidden',
      });
      await expectError('owner', activity('new_members_count', 'sandbox'), 403, { message: '403 Forbidden' });
      expect((await get('reporter', activity('issues_count', 'initech'))).status).toBe(200);
      // The private subgroup is not there for someone outside it.
      await expectError('outsider', activity('issues_count', 'acme/security'), 404, {
        message: '404 Group Not Found',
      });
    });
  });

  describe('code review analytics', () => {
    const review = (query: string) => `/api/v4/analytics/code_review?${query}`;
    let projectId: number;
    const iids: Record<string, number> = {};

    beforeAll(async () => {
      projectId = facts.projectId(DELIVERY);
      setClock('2026-06-01T08:00:00.000Z');
      const milestone = await expectStatus<{ id: number }>(
        'owner',
        'POST',
        `${project(DELIVERY)}/milestones`,
        201,
        {
          title: 'Lab milestone',
        },
      );
      for (const name of ['approved', 'commented', 'labelled', 'untouched', 'closed']) {
        setClock(`2026-06-0${Object.keys(iids).length + 1}T09:00:00.000Z`);
        const fields = name === 'labelled' ? { labels: 'bug', milestone_id: milestone.id } : {};
        iids[name] = (await openMergeRequest(`review-${name}`, fields)).iid;
      }
      // The author's own comment is not review; the reporter's, later, is.
      await comment('developer', iids.commented!, '2026-06-02T09:30:00.000Z');
      await comment('reporter', iids.commented!, '2026-06-05T10:30:00.000Z');
      setClock('2026-06-04T10:30:00.000Z');
      await expectStatus(
        'maintainer',
        'POST',
        `${project(DELIVERY)}/merge_requests/${iids.approved}/approve`,
        201,
      );
      await comment('owner', iids.labelled!, '2026-06-10T10:30:00.000Z');
      setClock('2026-06-11T10:30:00.000Z');
      await expectStatus('developer', 'PUT', `${project(DELIVERY)}/merge_requests/${iids.closed}`, 200, {
        state_event: 'close',
      });
    });

    const listed = async (query: string) => {
      setClock(ASKED_AT);
      const answer = await get('reporter', review(`project_id=${projectId}&${query}`));
      expect(answer.status).toBe(200);
      return answer;
    };
    const iidsOf = (body: unknown) => (body as { iid: number }[]).map((entry) => entry.iid);

    it('lists the open merge requests longest in review first, with GitLab’s fields', async () => {
      const { body, headers } = await listed('');
      const expected = await reviewExpectation(server, projectId, new Date(Date.parse(ASKED_AT)));
      expect(iidsOf(body)).toEqual(expected.map((entry) => entry.iid));
      expect(iidsOf(body)).toEqual([iids.approved, iids.commented, iids.labelled, iids.untouched]);
      const entries = body as Record<string, unknown>[];
      expect(entries.map((entry) => entry.review_time)).toEqual(expected.map((entry) => entry.reviewTime));
      // Approved June 4 10:30, asked June 15 12:00: 265 whole hours.
      expect(entries[0]).toMatchObject({
        iid: iids.approved,
        project_id: projectId,
        state: 'opened',
        review_time: 265,
        approved_by: [{ id: ids.maintainer, username: 'maintainer' }],
        author: { id: ids.developer, username: 'developer' },
        milestone: null,
        notes_count: 0,
        diff_stats: { additions: 0, deletions: 0, commits_count: 0, total: 0 },
        web_url: `http://localhost/${DELIVERY}/-/merge_requests/${iids.approved}`,
      });
      expect(entries[1]).toMatchObject({ review_time: 241, notes_count: 2, approved_by: [] });
      expect(entries[2]).toMatchObject({ milestone: { title: 'Lab milestone' } });
      expect(entries[3]).toMatchObject({ review_time: null });
      expect(headers.get('x-total')).toBe('4');
    });

    it('pages as GitLab does', async () => {
      const first = await listed('per_page=3');
      expect(iidsOf(first.body)).toEqual([iids.approved, iids.commented, iids.labelled]);
      expect([first.headers.get('x-total-pages'), first.headers.get('x-next-page')]).toEqual(['2', '2']);
      const second = await listed('per_page=3&page=2');
      expect(iidsOf(second.body)).toEqual([iids.untouched]);
    });

    it.each([
      ['label_name=bug', ['labelled']],
      ['label_name[]=bug&label_name[]=frontend', []],
      ['label_name=None', ['approved', 'commented', 'untouched']],
      ['label_name=any', ['labelled']],
      ['not[label_name]=bug', ['approved', 'commented', 'untouched']],
      ['milestone_title=Lab%20milestone', ['labelled']],
      ['milestone_title=None', ['approved', 'commented', 'untouched']],
      ['not[milestone_title]=Lab%20milestone', ['approved', 'commented', 'untouched']],
    ])('filters by %s', async (query, names) => {
      const { body } = await listed(query);
      expect(iidsOf(body)).toEqual(names.map((name) => iids[name]));
    });

    it('answers GitLab’s errors, and is for Reporters and up on Premium', async () => {
      setClock(ASKED_AT);
      await expectError('reporter', review(''), 400, { error: 'project_id is missing' });
      await expectError('reporter', review('project_id=abc'), 400, { error: 'project_id is invalid' });
      await expectError('reporter', review('project_id=999999'), 404, { message: '404 Project Not Found' });
      await expectError('anonymous', review(`project_id=${projectId}`), 404, {
        message: '404 Project Not Found',
      });
      await expectError('guest', review(`project_id=${projectId}`), 403, { message: '403 Forbidden' });
      const playground = facts.projectId('workshop/playground');
      await expectError('anonymous', review(`project_id=${playground}`), 403, { message: '403 Forbidden' });
      await expectError('outsider', review(`project_id=${playground}`), 403, { message: '403 Forbidden' });
      await expectError('owner', review(`project_id=${facts.projectId('sandbox/analytics-free')}`), 403, {
        message: '403 Forbidden',
      });
      const premium = await get(
        'reporter',
        review(`project_id=${facts.projectId('initech/analytics-premium')}`),
      );
      expect({ status: premium.status, body: premium.body }).toEqual({ status: 200, body: [] });
    });
  });
});
