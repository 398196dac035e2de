/**
 * GitLab's environments, deployments, protected environments and deployment approvals over REST, on
 * one server: the approval flow and the merge request links build on the environments and
 * deployments made before them, so the suite stays one file (past 800 lines for that reason).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES } from '../../src/core/domain/deployments.ts';
import { ENVIRONMENT_NAME_MESSAGE } from '../../src/core/domain/environments.ts';
import { BACKENDS } from '../helpers/backends.ts';
import {
  type ApprovalJson,
  type DeploymentJson,
  type EntryJson,
  type EnvironmentJson,
  monotonicClock,
  type ProtectedEnvironmentJson,
  SHA,
  type Who,
} from '../helpers/deployments.ts';
import { signedInClients, userId } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';
const PRIVATE_PROJECT = 'acme/security/vault-audit';

describe.each(BACKENDS)('GitLab’s environments and deployments REST API (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Who, HttpClient>;
  let projectId: number;
  let privateProjectId: number;
  const ids: Record<string, number> = {};
  const as = (who: Who) => clients.get(who)!;
  const projectPath = () => `/api/v4/projects/${projectId}`;

  const send = (who: Who, method: string, path: string, json?: unknown) =>
    as(who).request(method, path, {
      ...(json === undefined ? {} : { json }),
      headers: { 'x-csrf-token': as(who).csrfToken },
    });
  async function expectAnswer<T>(response: Response, status: number): Promise<T> {
    const text = await response.text();
    expect({ status: response.status, text }).toMatchObject({ status });
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const call = async <T>(who: Who, method: string, path: string, status: number, json?: unknown) =>
    expectAnswer<T>(await send(who, method, `${projectPath()}${path}`, json), status);

  const createEnvironment = (who: Who, body: Record<string, unknown>, status = 201) =>
    call<EnvironmentJson>(who, 'POST', '/environments', status, body);
  const report = (who: Who, body: Partial<Record<string, unknown>>, status = 201) =>
    call<DeploymentJson>(who, 'POST', '/deployments', status, {
      sha: SHA('a'),
      ref: 'main',
      tag: false,
      status: 'running',
      ...body,
    });
  const setStatus = (who: Who, id: number, status: string, expected = 200) =>
    call<DeploymentJson>(who, 'PUT', `/deployments/${id}`, expected, { status });
  const approve = (who: Who, id: number, body: Record<string, unknown>, status = 201) =>
    call<ApprovalJson>(who, 'POST', `/deployments/${id}/approval`, status, body);
  const deploymentRow = (id: number) =>
    server.db.selectFrom('deployments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const environmentRow = (id: number) =>
    server.db.selectFrom('environments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60, now: monotonicClock() });
    clients = (await signedInClients(server)) as Map<Who, HttpClient>;
    const maintainer = new HttpClient(server.baseUrl);
    await maintainer.signIn('maintainer', TEST_PASSWORD);
    clients.set('maintainer', maintainer);
    for (const name of ['owner', 'maintainer', 'developer', 'reporter', 'guest', 'outsider']) {
      ids[name] = await userId(server, name);
    }
    const projectOf = async (path: string) =>
      (
        await server.db
          .selectFrom('projects')
          .select('id')
          .where('full_path', '=', path)
          .executeTakeFirstOrThrow()
      ).id;
    projectId = await projectOf(PROJECT);
    privateProjectId = await projectOf(PRIVATE_PROJECT);
    for (const path of ['acme', 'acme/platform', 'initech']) {
      const group = await server.db
        .selectFrom('namespaces')
        .select('id')
        .where('full_path', '=', path)
        .executeTakeFirstOrThrow();
      ids[path] = group.id;
    }
  });
  afterAll(() => closeCheckingRollups(server));

  describe('environments', () => {
    it('creates an environment with GitLab’s fields, its slug and the tier guessed from its name', async () => {
      const version = async () =>
        (await sql<{ version: string }>`select version::text from data_version`.execute(server.db)).rows[0]
          ?.version;
      const before = await version();
      const created = await createEnvironment('developer', {
        name: 'production',
        external_url: 'https://api.example.com',
        description: 'Where customers are',
      });
      expect(created).toMatchObject({
        name: 'production',
        slug: 'production',
        external_url: 'https://api.example.com',
        description: 'Where customers are',
        state: 'available',
        tier: 'production',
        auto_stop_at: null,
        auto_stop_setting: 'always',
        kubernetes_namespace: null,
        flux_resource_path: null,
        enable_advanced_logs_querying: false,
      });
      expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
      expect(await version()).not.toBe(before);

      const review = await createEnvironment('developer', { name: 'review/fix-login' });
      expect(review.tier).toBe('development');
      expect(review.slug).toMatch(/^review-fix-login-[a-z0-9]{6}$/);
      const chosen = await createEnvironment('maintainer', { name: 'qa-staging', tier: 'other' });
      expect(chosen.tier).toBe('other');
      expect((await createEnvironment('developer', { name: 'stage-eu' })).tier).toBe('staging');
    });

    it('refuses bad input with a 400 that names it, and changes nothing', async () => {
      const count = async () =>
        Number(
          (
            await server.db
              .selectFrom('environments')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      expect(await createEnvironment('developer', {}, 400)).toEqual({ error: 'name is missing' });
      expect(await createEnvironment('developer', { name: '/nope' }, 400)).toEqual({
        message: { name: [ENVIRONMENT_NAME_MESSAGE] },
      });
      expect(await createEnvironment('developer', { name: 'production' }, 400)).toEqual({
        message: { name: ['has already been taken'] },
      });
      expect(await createEnvironment('developer', { name: 'slugged', slug: 'mine' }, 400)).toEqual({
        error: 'slug is automatically generated and cannot be changed',
      });
      expect(await createEnvironment('developer', { name: 'tiered', tier: 'gold' }, 400)).toEqual({
        error: 'tier does not have a valid value',
      });
      expect(
        await createEnvironment('developer', { name: 'scripted', external_url: 'javascript:alert(1)' }, 400),
      ).toEqual({ message: { external_url: ['javascript scheme is not allowed'] } });
      expect(await count()).toBe(before);
    });

    it('lets Developers and up change environments, Reporters and up read them, and no visitor at all', async () => {
      await createEnvironment('reporter', { name: 'by-reporter' }, 403);
      await createEnvironment('outsider', { name: 'by-outsider' }, 403);
      expect(await createEnvironment('anonymous', { name: 'by-visitor' }, 401)).toEqual({
        message: '401 Unauthorized',
      });
      await call('guest', 'GET', '/environments', 200);
      await call('outsider', 'GET', '/environments', 200);
      await call('anonymous', 'GET', '/environments', 401);
      const privatePath = `/api/v4/projects/${privateProjectId}/environments`;
      expect((await send('reporter', 'GET', privatePath)).status).toBe(200);
      expect(await expectAnswer(await send('guest', 'GET', privatePath), 403)).toEqual({
        message: '403 Forbidden',
      });
      expect(await expectAnswer(await send('outsider', 'GET', privatePath), 404)).toEqual({
        message: '404 Project Not Found',
      });
    });

    it('lists by name, by name prefix and by state, paged with GitLab’s headers', async () => {
      const names = (list: EnvironmentJson[]) => list.map((environment) => environment.name);
      expect(names(await call('reporter', 'GET', '/environments?name=production', 200))).toEqual([
        'production',
      ]);
      expect(names(await call('reporter', 'GET', '/environments?search=REV', 200))).toEqual([
        'review/fix-login',
      ]);
      expect(await call('reporter', 'GET', '/environments?search=re', 400)).toEqual({
        message: '400 Bad request - Search query is less than 3 characters',
      });
      expect(await call('reporter', 'GET', '/environments?name=a&search=abc', 400)).toEqual({
        error: 'name, search cannot be used together',
      });
      expect(await call('reporter', 'GET', '/environments?states=gone', 400)).toEqual({
        error: 'states does not have a valid value',
      });
      const response = await send('reporter', 'GET', `${projectPath()}/environments?per_page=2&page=1`);
      const all = (await call<EnvironmentJson[]>('reporter', 'GET', '/environments?per_page=100', 200))
        .length;
      expect(response.headers.get('x-total')).toBe(String(all));
      expect(response.headers.get('x-per-page')).toBe('2');
      const page = (await response.json()) as EnvironmentJson[];
      expect(page).toHaveLength(2);
      expect(page[0]!.id).toBeLessThan(page[1]!.id);
    });

    it('reads one environment with its current deployment, and answers 404 or 400 for bad ids', async () => {
      const created = await createEnvironment('developer', { name: 'detail-env' });
      const read = await call<EnvironmentJson>('reporter', 'GET', `/environments/${created.id}`, 200);
      expect(read).toMatchObject({ id: created.id, last_deployment: null, cluster_agent: null });
      const deployment = await report('developer', { environment: 'detail-env', status: 'success' });
      const again = await call<EnvironmentJson>('reporter', 'GET', `/environments/${created.id}`, 200);
      expect(again.last_deployment).toMatchObject({ id: deployment.id, status: 'success', deployable: null });
      expect(again.last_deployment).not.toHaveProperty('environment');
      expect(await call('reporter', 'GET', '/environments/999999', 404)).toEqual({
        message: '404 Not found',
      });
      expect(await call('reporter', 'GET', '/environments/abc', 400)).toEqual({
        error: 'environment_id is invalid',
      });
    });

    it('updates what is given, and only for Developers and up', async () => {
      const created = await createEnvironment('developer', { name: 'editable' });
      const updated = await call<EnvironmentJson>('developer', 'PUT', `/environments/${created.id}`, 200, {
        external_url: 'https://editable.example.com',
        tier: 'testing',
        auto_stop_setting: 'with_action',
      });
      expect(updated).toMatchObject({
        name: 'editable',
        external_url: 'https://editable.example.com',
        tier: 'testing',
        auto_stop_setting: 'with_action',
      });
      await call('reporter', 'PUT', `/environments/${created.id}`, 403, { tier: 'other' });
      const cleared = await call<EnvironmentJson>('developer', 'PUT', `/environments/${created.id}`, 200, {
        external_url: null,
      });
      expect(cleared.external_url).toBeNull();
      expect(await call('developer', 'PUT', `/environments/${created.id}`, 400, { slug: 'x' })).toEqual({
        error: 'slug is automatically generated and cannot be changed',
      });
    });

    it('stops an environment before it may be deleted; with_action waits for a stop job unless forced', async () => {
      const created = await createEnvironment('developer', { name: 'disposable' });
      expect(await call('developer', 'DELETE', `/environments/${created.id}`, 403)).toEqual({
        message: '403 Forbidden',
      });
      const stopped = await call<EnvironmentJson>(
        'developer',
        'POST',
        `/environments/${created.id}/stop`,
        200,
      );
      expect(stopped.state).toBe('stopped');
      await call('reporter', 'DELETE', `/environments/${created.id}`, 403);
      await call('developer', 'DELETE', `/environments/${created.id}`, 204);
      await call('developer', 'GET', `/environments/${created.id}`, 404);

      const waiting = await createEnvironment('developer', {
        name: 'waits',
        auto_stop_setting: 'with_action',
      });
      const kept = await call<EnvironmentJson>('developer', 'POST', `/environments/${waiting.id}/stop`, 200);
      expect(kept.state).toBe('available');
      const forced = await call<EnvironmentJson>(
        'developer',
        'POST',
        `/environments/${waiting.id}/stop`,
        200,
        {
          force: true,
        },
      );
      expect(forced.state).toBe('stopped');
      await call('reporter', 'POST', `/environments/${waiting.id}/stop`, 403);
    });

    it('stops stale environments, but never protected ones, for a date between ten years and a week ago', async () => {
      const stale = await createEnvironment('developer', { name: 'stale-one' });
      const guarded = await createEnvironment('developer', { name: 'stale-guarded' });
      const fresh = await createEnvironment('developer', { name: 'fresh-one' });
      const longAgo = new Date(Date.now() - 60 * 24 * 3600 * 1000);
      await server.db
        .updateTable('environments')
        .set({ updated_at: longAgo })
        .where('id', 'in', [stale.id, guarded.id])
        .execute();
      await call('maintainer', 'POST', '/protected_environments', 201, {
        name: 'stale-guarded',
        deploy_access_levels: [{ access_level: 40 }],
      });
      expect(await call('developer', 'POST', '/environments/stop_stale', 400, {})).toEqual({
        error: 'before is missing',
      });
      const recent = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString();
      expect(await call('developer', 'POST', '/environments/stop_stale', 400, { before: recent })).toEqual({
        message: '400 Bad request - Invalid Date',
      });
      await call('reporter', 'POST', '/environments/stop_stale', 403, { before: recent });
      const before = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString();
      expect(await call('developer', 'POST', '/environments/stop_stale', 200, { before })).toEqual({
        message: 'Successfully requested stop for all stale environments',
      });
      expect((await environmentRow(stale.id)).state).toBe('stopped');
      expect((await environmentRow(guarded.id)).state).toBe('available');
      expect((await environmentRow(fresh.id)).state).toBe('available');
    });

    it('schedules old stopped review apps for deletion a week later, only when dry_run is false', async () => {
      const old = await createEnvironment('developer', { name: 'review/old-app' });
      await call('developer', 'POST', `/environments/${old.id}/stop`, 200);
      await server.db
        .updateTable('environments')
        .set({ created_at: new Date(Date.now() - 40 * 24 * 3600 * 1000) })
        .where('id', '=', old.id)
        .execute();
      const entry = { id: old.id, name: 'review/old-app', slug: old.slug, external_url: null };
      const dryRun = await call('developer', 'DELETE', '/environments/review_apps', 200);
      expect(dryRun).toEqual({ scheduled_entries: [entry], unprocessable_entries: [] });
      expect((await environmentRow(old.id)).auto_delete_at).toBeNull();

      const scheduled = await call('developer', 'DELETE', '/environments/review_apps?dry_run=false', 200);
      expect(scheduled).toEqual({ scheduled_entries: [entry], unprocessable_entries: [] });
      const due = (await environmentRow(old.id)).auto_delete_at;
      expect(due!.getTime() - Date.now()).toBeGreaterThan(6 * 24 * 3600 * 1000);

      expect(await call('developer', 'DELETE', '/environments/review_apps', 400)).toEqual({
        message: {
          scheduled_entries: [],
          unprocessable_entries: [],
          message: expect.stringMatching(/^No environments found for scheduled deletion\./),
        },
      });
      expect(await call('reporter', 'DELETE', '/environments/review_apps', 401)).toEqual({
        message: {
          scheduled_entries: [],
          unprocessable_entries: [],
          message: 'You do not have permission to destroy environments in this project',
        },
      });
      expect(await call('developer', 'DELETE', '/environments/review_apps?limit=0', 400)).toEqual({
        error: 'limit does not have a valid value',
      });
    });
  });

  describe('deployments', () => {
    it('names every missing parameter as Grape does, and refuses bad values', async () => {
      expect(await call('developer', 'POST', '/deployments', 400, {})).toEqual({
        error: 'environment is missing, sha is missing, ref is missing, tag is missing, status is missing',
      });
      expect(await report('developer', { environment: 'staging', status: 'blocked' }, 400)).toEqual({
        error: 'status does not have a valid value',
      });
      expect(await report('developer', { environment: 'staging', tag: 'maybe' }, 400)).toEqual({
        error: 'tag is invalid',
      });
      expect(await report('developer', { environment: 'staging', sha: 'abc' }, 400)).toEqual({
        message: { sha: ['is invalid'] },
      });
      expect(await report('developer', { environment: 'bad//', sha: SHA('b') }, 400)).toEqual({
        message: { environment: [ENVIRONMENT_NAME_MESSAGE] },
      });
      expect(
        await server.db
          .selectFrom('environments')
          .select('id')
          .where('project_id', '=', projectId)
          .where('name', '=', 'staging')
          .execute(),
      ).toEqual([]);
    });

    it('creates a deployment, and its environment with it, answering GitLab’s entity', async () => {
      const deployment = await report('developer', { environment: 'staging', ref: 'main', sha: SHA('c') });
      expect(deployment).toMatchObject({
        ref: 'main',
        sha: SHA('c'),
        status: 'running',
        user: { id: ids.developer, username: 'developer' },
        environment: { name: 'staging', external_url: null },
        deployable: null,
        pending_approval_count: 0,
        approvals: [],
      });
      expect(deployment.iid).toBeGreaterThan(0);
      expect(deployment).not.toHaveProperty('approval_summary');
      const environment = await call<EnvironmentJson[]>('reporter', 'GET', '/environments?name=staging', 200);
      expect(environment[0]).toMatchObject({ id: deployment.environment?.id, tier: 'staging' });
      expect((await deploymentRow(deployment.id)).finished_at).toBeNull();

      await report('reporter', { environment: 'staging' }, 403);
      await report('anonymous', { environment: 'staging' }, 401);
    });

    it('moves a deployment as GitLab’s state machine allows, stamping finished_at', async () => {
      const deployment = await report('developer', { environment: 'staging', sha: SHA('d') });
      const succeeded = await setStatus('developer', deployment.id, 'success');
      expect(succeeded.status).toBe('success');
      expect((await deploymentRow(deployment.id)).finished_at).toBeInstanceOf(Date);
      expect(await setStatus('developer', deployment.id, 'success', 400)).toEqual({
        message: { status: ['cannot transition via "succeed"'] },
      });
      expect(await setStatus('developer', deployment.id, 'running', 400)).toEqual({
        message: { status: ['cannot transition via "run"'] },
      });
      expect(await setStatus('developer', deployment.id, 'blocked', 400)).toEqual({
        error: 'status does not have a valid value',
      });
      await setStatus('reporter', deployment.id, 'failed', 403);
      expect(await call('developer', 'PUT', '/deployments/999999', 404, { status: 'failed' })).toEqual({
        message: '404 Not found',
      });
    });

    it('answers a repeated report of the current deployment with that deployment', async () => {
      const first = await report('developer', {
        environment: 'repeat-env',
        sha: SHA('e'),
        status: 'success',
      });
      const again = await report('developer', {
        environment: 'repeat-env',
        sha: SHA('e'),
        status: 'success',
      });
      expect(again.id).toBe(first.id);
      const other = await report('developer', {
        environment: 'repeat-env',
        sha: SHA('f'),
        status: 'success',
      });
      expect(other.id).not.toBe(first.id);
    });

    it('lists deployments in GitLab’s orders and filters, and refuses the pairs its finder refuses', async () => {
      const list = (query: string) => call<DeploymentJson[]>('reporter', 'GET', `/deployments?${query}`, 200);
      const all = await list('per_page=100');
      expect(all.map((d) => d.id)).toEqual([...all.map((d) => d.id)].sort((a, b) => a - b));
      const desc = await list('per_page=100&sort=desc');
      expect(desc.map((d) => d.id)).toEqual(all.map((d) => d.id).reverse());
      const staging = await list('per_page=100&environment=staging');
      expect(staging.length).toBeGreaterThan(0);
      expect(staging.every((d) => d.environment?.name === 'staging')).toBe(true);
      const running = await list('per_page=100&status=running');
      expect(running.every((d) => d.status === 'running')).toBe(true);
      const longAgo = new Date(Date.now() - 3600 * 1000).toISOString();
      const finished = await list(
        `order_by=finished_at&status=success&finished_after=${longAgo}&per_page=100`,
      );
      expect(finished.length).toBeGreaterThan(0);
      expect(finished.every((d) => d.status === 'success')).toBe(true);
      const updated = await list(`updated_after=${longAgo}&sort=desc&per_page=100`);
      const times = updated.map((d) => new Date(d.updated_at).getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));

      expect(await call('reporter', 'GET', '/deployments?order_by=finished_at', 400)).toEqual({
        message: '400 Bad request - `finished_at` filter and `finished_at` sorting must be paired',
      });
      expect(
        await call('reporter', 'GET', `/deployments?order_by=finished_at&finished_after=${longAgo}`, 400),
      ).toEqual({
        message: '400 Bad request - `finished_at` filter must be combined with `success` status filter.',
      });
      expect(
        await call(
          'reporter',
          'GET',
          `/deployments?order_by=finished_at&status=success&finished_after=${longAgo}&updated_after=${longAgo}`,
          400,
        ),
      ).toEqual({
        message: '400 Bad request - Both `updated_at` filter and `finished_at` filter can not be specified',
      });
      expect(await call('reporter', 'GET', '/deployments?order_by=sha', 400)).toEqual({
        error: 'order_by does not have a valid value',
      });
      const paged = await send('reporter', 'GET', `${projectPath()}/deployments?per_page=1`);
      expect(paged.headers.get('x-total')).toBe(String(all.length));
      expect((await paged.json()) as unknown[]).toHaveLength(1);
      await call('anonymous', 'GET', '/deployments', 401);
      expect((await send('guest', 'GET', `/api/v4/projects/${privateProjectId}/deployments`)).status).toBe(
        403,
      );
    });

    it('reads one deployment, and answers 404 for another project’s', async () => {
      const deployment = await report('developer', { environment: 'staging', sha: SHA('1') });
      const read = await call<DeploymentJson>('guest', 'GET', `/deployments/${deployment.id}`, 200);
      expect(read).toMatchObject({ id: deployment.id, iid: deployment.iid, status: 'running' });
      const elsewhere = `/api/v4/projects/${privateProjectId}/deployments/${deployment.id}`;
      expect(await expectAnswer(await send('owner', 'GET', elsewhere), 404)).toEqual({
        message: '404 Not found',
      });
    });

    it('deletes a finished deployment that is not the current one, Maintainers only', async () => {
      const older = await report('developer', { environment: 'deletable', sha: SHA('2'), status: 'success' });
      const current = await report('developer', {
        environment: 'deletable',
        sha: SHA('3'),
        status: 'success',
      });
      const running = await report('developer', { environment: 'deletable', sha: SHA('4') });
      expect(await call('developer', 'DELETE', `/deployments/${older.id}`, 403)).toEqual({
        message: '403 Forbidden',
      });
      expect(await call('maintainer', 'DELETE', `/deployments/${running.id}`, 400)).toEqual({
        message: 'Cannot destroy running deployment',
      });
      expect(await call('maintainer', 'DELETE', `/deployments/${current.id}`, 400)).toEqual({
        message: 'Deployment currently deployed to environment',
      });
      await call('maintainer', 'DELETE', `/deployments/${older.id}`, 204);
      await call('reporter', 'GET', `/deployments/${older.id}`, 404);
    });
  });

  describe('protected environments and deployment approvals', () => {
    let rules: EntryJson[];

    it('protects an environment for Maintainers and up, answering GitLab’s entity', async () => {
      const body = {
        name: 'production',
        deploy_access_levels: [{ access_level: 30 }],
        approval_rules: [
          { user_id: ids.maintainer, required_approvals: 1 },
          { access_level: 40, required_approvals: 1 },
        ],
      };
      await call('developer', 'POST', '/protected_environments', 403, body);
      await call('anonymous', 'POST', '/protected_environments', 403, body);
      const created = await call<ProtectedEnvironmentJson>(
        'maintainer',
        'POST',
        '/protected_environments',
        201,
        body,
      );
      expect(created).toMatchObject({
        name: 'production',
        required_approval_count: 0,
        deploy_access_levels: [
          {
            access_level: 30,
            access_level_description: 'Developers + Maintainers',
            user_id: null,
            group_id: null,
            group_inheritance_type: 0,
          },
        ],
        approval_rules: [
          {
            user_id: ids.maintainer,
            access_level: null,
            access_level_description: 'Mateo Martin',
            required_approvals: 1,
          },
          { user_id: null, access_level: 40, access_level_description: 'Maintainers', required_approvals: 1 },
        ],
      });
      rules = created.approval_rules;
      expect(await call('maintainer', 'POST', '/protected_environments', 409, body)).toEqual({
        message: "Environment 'production' is already protected",
      });
      const read = await call<ProtectedEnvironmentJson>(
        'owner',
        'GET',
        '/protected_environments/production',
        200,
      );
      expect(read).toEqual(created);
      const listed = await call<ProtectedEnvironmentJson[]>(
        'maintainer',
        'GET',
        '/protected_environments',
        200,
      );
      expect(listed.map((entry) => entry.name)).toEqual([...listed.map((entry) => entry.name)].sort());
      await call('developer', 'GET', '/protected_environments', 403);
      expect(await call('maintainer', 'GET', '/protected_environments/nowhere', 404)).toEqual({
        message: '404 Not found',
      });
    });

    it('refuses entries GitLab refuses, with its status codes', async () => {
      const post = (body: Record<string, unknown>, status: number) =>
        call('maintainer', 'POST', '/protected_environments', status, body);
      expect(await post({ name: 'refused' }, 400)).toEqual({ error: 'deploy_access_levels is missing' });
      expect(await post({ name: 'refused', deploy_access_levels: [{ access_level: 50 }] }, 400)).toEqual({
        error: 'deploy_access_levels[0][access_level] does not have a valid value',
      });
      expect(
        await post(
          { name: 'refused', deploy_access_levels: [{ access_level: 40 }], approval_rules: [{}] },
          400,
        ),
      ).toEqual({
        error:
          'approval_rules[0][access_level], approval_rules[0][user_id], approval_rules[0][group_id] are missing, at least one parameter must be provided',
      });
      expect(
        await post(
          { name: 'refused', deploy_access_levels: [{ access_level: 40 }], required_approval_count: 2 },
          422,
        ),
      ).toEqual({
        message:
          "Parameter 'required_approval_count' is deprecated and shouldn't be used. See https://gitlab.com/groups/gitlab-org/-/epics/9662",
      });
      expect(await post({ name: 'refused', deploy_access_levels: [{ user_id: ids.outsider }] }, 422)).toEqual(
        {
          message: ['Deploy access levels user is not a member of the project'],
        },
      );
      expect(
        await post(
          {
            name: 'refused',
            deploy_access_levels: [{ group_id: ids.initech }],
            approval_rules: [{ access_level: 40, required_approvals: 6 }],
          },
          422,
        ),
      ).toEqual({
        message: [
          "Deploy access levels group must be the project's group, one of its ancestors, or invited to the project",
          'Approval rules required approvals must be less than or equal to 5',
        ],
      });
      await call('maintainer', 'GET', '/protected_environments/refused', 404);
    });

    it('updates entries: adds those without id, changes those with one, deletes those with _destroy', async () => {
      await call('maintainer', 'POST', '/protected_environments', 201, {
        name: 'editable-protection',
        deploy_access_levels: [{ access_level: 40 }],
        approval_rules: [{ access_level: 40 }],
      });
      const path = '/protected_environments/editable-protection';
      const current = await call<ProtectedEnvironmentJson>('maintainer', 'GET', path, 200);
      const updated = await call<ProtectedEnvironmentJson>('maintainer', 'PUT', path, 200, {
        deploy_access_levels: [{ group_id: ids.acme, group_inheritance_type: 1 }],
        approval_rules: [
          { id: current.approval_rules[0]!.id, required_approvals: 3 },
          { user_id: ids.developer },
        ],
      });
      expect(updated.deploy_access_levels).toMatchObject([
        { access_level: 40 },
        { group_id: ids.acme, group_inheritance_type: 1, access_level_description: 'Acme Corp' },
      ]);
      expect(updated.approval_rules).toMatchObject([
        { id: current.approval_rules[0]!.id, access_level: 40, required_approvals: 3 },
        { user_id: ids.developer, required_approvals: 1, access_level_description: 'Diego Diaz' },
      ]);
      const trimmed = await call<ProtectedEnvironmentJson>('maintainer', 'PUT', path, 200, {
        approval_rules: [{ id: current.approval_rules[0]!.id, _destroy: true }],
      });
      expect(trimmed.approval_rules.map((rule) => rule.user_id)).toEqual([ids.developer]);
      expect(
        await call('maintainer', 'PUT', path, 404, { approval_rules: [{ id: 999999, _destroy: true }] }),
      ).toEqual({
        message: '404 Not found',
      });
      await call('maintainer', 'DELETE', path, 204);
      await call('maintainer', 'GET', path, 404);
    });

    it('finds a protected environment whose name holds a slash by its URL-encoded name', async () => {
      await call('maintainer', 'POST', '/protected_environments', 201, {
        name: 'review/apps',
        deploy_access_levels: [{ access_level: 40 }],
      });
      const read = await call<ProtectedEnvironmentJson>(
        'maintainer',
        'GET',
        '/protected_environments/review%2Fapps',
        200,
      );
      expect(read.name).toBe('review/apps');
      await call('maintainer', 'DELETE', '/protected_environments/review%2Fapps', 204);
    });

    it('holds a deployment blocked until every rule is approved, then runs it', async () => {
      const blocked = await report('developer', {
        environment: 'production',
        sha: SHA('5'),
        status: 'success',
      });
      expect(blocked).toMatchObject({ status: 'blocked', pending_approval_count: 2, approvals: [] });
      expect(blocked.approval_summary?.rules).toEqual([
        {
          user_id: ids.maintainer,
          group_id: null,
          access_level: null,
          access_level_description: 'Mateo Martin',
          required_approvals: 1,
          deployment_approvals: [],
        },
        {
          user_id: null,
          group_id: null,
          access_level: 40,
          access_level_description: 'Maintainers',
          required_approvals: 1,
          deployment_approvals: [],
        },
      ]);
      expect((await deploymentRow(blocked.id)).finished_at).toBeNull();
      // The CI cannot run past the approvals.
      expect(await setStatus('developer', blocked.id, 'running', 400)).toEqual({
        message: { status: ['cannot transition via "run"'] },
      });

      // No rule names the developer; Reporters may not update deployments at all.
      expect(await approve('developer', blocked.id, { status: 'approved' }, 400)).toEqual({
        message: APPROVAL_MESSAGES.noPermission,
      });
      expect(await approve('reporter', blocked.id, { status: 'approved' }, 400)).toEqual({
        message: APPROVAL_MESSAGES.noPermission,
      });
      expect(
        await approve('maintainer', blocked.id, { status: 'approved', represented_as: 'Nobody' }, 400),
      ).toEqual({
        message: APPROVAL_MESSAGES.noPermission,
      });
      expect(await approve('maintainer', blocked.id, { status: 'maybe' }, 400)).toEqual({
        error: 'status does not have a valid value',
      });
      await approve('anonymous', blocked.id, { status: 'approved' }, 401);

      const first = await approve('maintainer', blocked.id, {
        status: 'approved',
        comment: 'Looks good to me',
      });
      expect(first).toEqual({
        user: expect.objectContaining({ id: ids.maintainer, username: 'maintainer' }),
        status: 'approved',
        created_at: expect.any(String),
        comment: 'Looks good to me',
      });
      const waiting = await call<DeploymentJson>('reporter', 'GET', `/deployments/${blocked.id}`, 200);
      expect(waiting).toMatchObject({ status: 'blocked', pending_approval_count: 1 });
      expect(waiting.approval_summary?.rules[0]?.deployment_approvals).toHaveLength(1);

      // The same status again leaves the approval as it was, comment included.
      const repeated = await approve('maintainer', blocked.id, { status: 'approved', comment: 'Twice' });
      expect(repeated.comment).toBe('Looks good to me');

      await approve('owner', blocked.id, { status: 'approved' });
      const running = await call<DeploymentJson>('reporter', 'GET', `/deployments/${blocked.id}`, 200);
      expect(running).toMatchObject({ status: 'running', pending_approval_count: 0 });
      expect(running.approvals.map((approval) => approval.user.username)).toEqual(['maintainer', 'owner']);
      expect(running.approval_summary?.rules.map((rule) => rule.deployment_approvals.length)).toEqual([1, 1]);
      expect(await approve('owner', blocked.id, { status: 'approved' }, 400)).toEqual({
        message: APPROVAL_MESSAGES.notWaiting,
      });

      const succeeded = await setStatus('developer', blocked.id, 'success');
      expect(succeeded.status).toBe('success');
    });

    it('refuses a deployer’s own approval but takes their rejection, which fails it; a second answer replaces the first', async () => {
      const byDeployer = await report('maintainer', { environment: 'production', sha: SHA('6') });
      expect(await approve('maintainer', byDeployer.id, { status: 'approved' }, 400)).toEqual({
        message: APPROVAL_MESSAGES.sameUser,
      });
      const rejected = await approve('maintainer', byDeployer.id, {
        status: 'rejected',
        comment: 'Wrong build',
      });
      expect(rejected).toMatchObject({ status: 'rejected', comment: 'Wrong build' });
      const failed = await deploymentRow(byDeployer.id);
      expect(failed.status).toBe('failed');
      expect(failed.finished_at).toBeInstanceOf(Date);

      const changed = await report('developer', { environment: 'production', sha: SHA('7') });
      await approve('maintainer', changed.id, { status: 'approved', comment: 'Fine' });
      const second = await approve('maintainer', changed.id, {
        status: 'rejected',
        comment: 'Not fine after all',
      });
      expect(second).toMatchObject({ status: 'rejected', comment: 'Not fine after all' });
      const rows = await server.db
        .selectFrom('deployment_approvals')
        .select(['status', 'comment'])
        .where('deployment_id', '=', changed.id)
        .execute();
      expect(rows).toEqual([{ status: 'rejected', comment: 'Not fine after all' }]);
      expect((await deploymentRow(changed.id)).status).toBe('failed');
    });

    it('approves under the rule the approver names with represented_as', async () => {
      const blocked = await report('developer', { environment: 'production', sha: SHA('8') });
      await approve('maintainer', blocked.id, { status: 'approved', represented_as: 'Maintainers' });
      const read = await call<DeploymentJson>('reporter', 'GET', `/deployments/${blocked.id}`, 200);
      expect(read.approval_summary?.rules.map((rule) => rule.deployment_approvals.length)).toEqual([0, 1]);
      expect(read.pending_approval_count).toBe(1);
      expect(rules.map((rule) => rule.access_level_description)).toEqual(['Mateo Martin', 'Maintainers']);
    });

    it('refuses approvals where nothing waits for them', async () => {
      const open = await report('developer', { environment: 'staging', sha: SHA('9') });
      expect(await approve('maintainer', open.id, { status: 'approved' }, 400)).toEqual({
        message: APPROVAL_MESSAGES.notProtected,
      });
      expect(await approve('maintainer', 999999, { status: 'approved' }, 404)).toEqual({
        message: '404 Not found',
      });
    });

    it('lets only a protected environment’s deployers deploy to it, stop it or edit it', async () => {
      const environment = await createEnvironment('developer', { name: 'live-eu' });
      await call('maintainer', 'POST', '/protected_environments', 201, {
        name: 'live-eu',
        deploy_access_levels: [{ access_level: 40 }],
      });
      await report('developer', { environment: 'live-eu' }, 403);
      const deployed = await report('maintainer', { environment: 'live-eu', status: 'success' });
      expect(deployed.status).toBe('success');
      await call('developer', 'POST', `/environments/${environment.id}/stop`, 403);
      await call('developer', 'PUT', `/environments/${environment.id}`, 403, { tier: 'other' });
      await call('maintainer', 'PUT', `/environments/${environment.id}`, 200, { tier: 'other' });
    });
  });

  describe('the merge requests a deployment shipped', () => {
    const mergeRequestsOf = (id: number, query = '') =>
      call<{ iid: number; title: string }[]>(
        'reporter',
        'GET',
        `/deployments/${id}/merge_requests${query}`,
        200,
      );
    const firstDeployed = async (iid: number) =>
      (
        await server.db
          .selectFrom('merge_requests')
          .select('first_deployed_to_production_at')
          .where('project_id', '=', projectId)
          .where('iid', '=', iid)
          .executeTakeFirstOrThrow()
      ).first_deployed_to_production_at;

    async function mergedRequest(title: string, targetBranch: string): Promise<number> {
      const created = await call<{ iid: number }>('developer', 'POST', '/merge_requests', 201, {
        title,
        source_branch: title.toLowerCase().replace(/\W+/g, '-'),
        target_branch: targetBranch,
      });
      await call('maintainer', 'PUT', `/merge_requests/${created.iid}/merge`, 200);
      return created.iid;
    }

    it('links the merge requests merged into the branch since the previous success, and stamps production', async () => {
      const one = await mergedRequest('Ship train one', 'deploy-train');
      const first = await report('developer', {
        environment: 'prod-eu',
        ref: 'deploy-train',
        status: 'success',
      });
      expect((await mergeRequestsOf(first.id)).map((mr) => mr.iid)).toEqual([one]);
      const firstFinished = (await deploymentRow(first.id)).finished_at;
      expect(await firstDeployed(one)).toEqual(firstFinished);
      const shown = await call<{ first_deployed_to_production_at: string | null }>(
        'reporter',
        'GET',
        `/merge_requests/${one}`,
        200,
      );
      expect(shown.first_deployed_to_production_at).toBe(firstFinished?.toISOString());

      const two = await mergedRequest('Ship train two', 'deploy-train');
      const sideline = await mergedRequest('Ship train sideline', 'deploy-side');
      const pending = await report('developer', {
        environment: 'prod-eu',
        ref: 'deploy-train',
        sha: SHA('b'),
        status: 'running',
      });
      expect(await mergeRequestsOf(pending.id)).toEqual([]);
      await setStatus('developer', pending.id, 'success');
      const shipped = await send(
        'reporter',
        'GET',
        `${projectPath()}/deployments/${pending.id}/merge_requests`,
      );
      expect(shipped.headers.get('x-total')).toBe('1');
      expect(((await shipped.json()) as { iid: number }[]).map((mr) => mr.iid)).toEqual([two]);
      expect(await firstDeployed(two)).toEqual((await deploymentRow(pending.id)).finished_at);
      expect(await firstDeployed(one)).toEqual(firstFinished);
      expect(await firstDeployed(sideline)).toBeNull();

      // A tag ships what was merged into any branch since the previous success.
      const elsewhere = await mergedRequest('Ship train elsewhere', 'deploy-side');
      const tagged = await report('developer', {
        environment: 'prod-eu',
        ref: 'v1.0.0',
        tag: true,
        sha: SHA('c'),
        status: 'success',
      });
      expect((await mergeRequestsOf(tagged.id)).map((mr) => mr.iid)).toEqual([elsewhere]);
      expect(await firstDeployed(elsewhere)).toEqual((await deploymentRow(tagged.id)).finished_at);
      expect(await firstDeployed(sideline)).toBeNull();
    });

    it('links on other tiers too, without touching first_deployed_to_production_at', async () => {
      const iid = await mergedRequest('Ship to qa only', 'qa-train');
      const deployment = await report('developer', {
        environment: 'qa-eu',
        ref: 'qa-train',
        status: 'success',
      });
      expect((await mergeRequestsOf(deployment.id)).map((mr) => mr.iid)).toEqual([iid]);
      expect(await firstDeployed(iid)).toBeNull();
    });

    it('filters and shapes the list as the merge request list does, and answers [] for an unknown deployment', async () => {
      const iid = await mergedRequest('Ship simple view', 'simple-train');
      const deployment = await report('developer', {
        environment: 'prod-us',
        ref: 'simple-train',
        status: 'success',
      });
      const simple = await mergeRequestsOf(deployment.id, '?view=simple');
      expect(simple).toEqual([expect.objectContaining({ iid, title: 'Ship simple view' })]);
      expect(Object.keys(simple[0]!)).not.toContain('author');
      expect(await mergeRequestsOf(deployment.id, '?state=opened')).toEqual([]);
      expect(await mergeRequestsOf(deployment.id, `?iids[]=${iid + 1000}`)).toEqual([]);
      expect(await mergeRequestsOf(999999)).toEqual([]);
      await call('anonymous', 'GET', `/deployments/${deployment.id}/merge_requests`, 401);
    });
  });
});
