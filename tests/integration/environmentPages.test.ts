import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { type DeploymentJson, type EnvironmentJson, monotonicClock, SHA } from '../helpers/deployments.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

/** acme's public project, and its private one (`acme/security`), where a Guest reads no environments. */
const PUBLIC_PROJECT = 'acme/platform/backend/api';
const PRIVATE_PROJECT = 'acme/security/vault-audit';

interface ListedEnvironment extends EnvironmentJson {
  environment_path: string;
  can_stop: boolean;
  latest_deployment: DeploymentJson | null;
}
interface EnvironmentsPageJson {
  environments: ListedEnvironment[];
  available_count: number;
  active_count: number;
  stopped_count: number;
}

/** The environments list and an environment's page: who is served them, and the list's data. */
describe.each(BACKENDS)('environment pages (%s)', (backend) => {
  let server: TestServer;
  const clients = new Map<string, HttpClient>();
  const as = (who: string) => clients.get(who)!;
  let projectId: number;
  const created: Record<string, EnvironmentJson> = {};

  const send = async <T>(who: string, method: string, path: string, json: unknown, status: number) => {
    const response = await as(who).request(method, `/api/v4/projects/${projectId}${path}`, {
      json,
      headers: { 'x-csrf-token': as(who).csrfToken },
    });
    const text = await response.text();
    expect({ status: response.status, text }).toMatchObject({ status });
    return JSON.parse(text) as T;
  };
  const report = (who: string, environment: string, status = 'success') =>
    send<DeploymentJson>(
      who,
      'POST',
      '/deployments',
      { environment, sha: SHA('c'), ref: 'main', tag: false, status },
      201,
    );

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 5, issues: 20, now: monotonicClock() });
    for (const name of ['owner', 'maintainer', 'developer', 'reporter', 'guest', 'outsider']) {
      const client = new HttpClient(server.baseUrl);
      await client.signIn(name, TEST_PASSWORD);
      clients.set(name, client);
    }
    projectId = (
      await server.db
        .selectFrom('projects')
        .select('id')
        .where('full_path', '=', PUBLIC_PROJECT)
        .executeTakeFirstOrThrow()
    ).id;
    created.production = await send<EnvironmentJson>(
      'developer',
      'POST',
      '/environments',
      { name: 'pages-production', tier: 'production', external_url: 'https://pages.example.com' },
      201,
    );
    created.staging = await send<EnvironmentJson>(
      'developer',
      'POST',
      '/environments',
      { name: 'pages-staging' },
      201,
    );
    created.old = await send<EnvironmentJson>(
      'developer',
      'POST',
      '/environments',
      { name: 'pages-old' },
      201,
    );
    await send('developer', 'POST', `/environments/${created.old.id}/stop`, {}, 200);
    // Production waits for a Maintainer's approval; its first deployment went through before.
    await report('developer', 'pages-production');
    await send(
      'maintainer',
      'POST',
      '/protected_environments',
      {
        name: 'pages-production',
        deploy_access_levels: [{ access_level: 30 }],
        approval_rules: [{ access_level: 40, required_approvals: 1 }],
      },
      201,
    );
    const blocked = await report('developer', 'pages-production', 'running');
    expect(blocked.status).toBe('blocked');
  });
  afterAll(() => server?.close());

  it('serves the environments list to a reader, with its navigation’s Environments', async () => {
    const page = await as('reporter').get(`/${PUBLIC_PROJECT}/-/environments`);
    expect(page.status).toBe(200);
    const mount = await mountData(page);
    expect(mount).toMatchObject({
      page: 'project-environments',
      'full-path': PUBLIC_PROJECT,
      'project-name': 'API',
      'can-read-environments': 'true',
      'environments-endpoint': `/${PUBLIC_PROJECT}/-/environments.json`,
    });
    expect(mount['project-full-name']).toMatch(/ \/ API$/);
    // Every project page's navigation knows.
    const issues = await as('reporter').get(`/${PUBLIC_PROJECT}/-/issues`);
    expect((await mountData(issues))['can-read-environments']).toBe('true');
  });

  it('serves an environment’s page, saying whether the viewer approves its deployments', async () => {
    const path = `/${PUBLIC_PROJECT}/-/environments/${created.production!.id}`;
    const page = await as('maintainer').get(path);
    expect(page.status).toBe(200);
    expect(await mountData(page)).toMatchObject({
      page: 'environment',
      'environment-id': String(created.production!.id),
      'environment-name': 'pages-production',
      'can-approve-deployments': 'true',
    });
    // The rule wants Maintainers: a Developer and a Reporter read the page but may not approve.
    for (const who of ['developer', 'reporter']) {
      const other = await as(who).get(path);
      expect(other.status).toBe(200);
      expect((await mountData(other))['can-approve-deployments']).toBe('false');
    }
    // An environment without approval rules has nothing to approve.
    const staging = await as('maintainer').get(`/${PUBLIC_PROJECT}/-/environments/${created.staging!.id}`);
    expect((await mountData(staging))['can-approve-deployments']).toBe('false');
  });

  it('answers 404 for an environment the project does not have', async () => {
    for (const id of [created.production!.id + 1000, 99999999999]) {
      const missing = await as('reporter').get(`/${PUBLIC_PROJECT}/-/environments/${id}`);
      expect(missing.status).toBe(404);
      expect((await mountData(missing)).page).toBe('not-found');
    }
    // Another project's environment is not this one's.
    const elsewhere = await as('owner').get(`/${PRIVATE_PROJECT}/-/environments/${created.production!.id}`);
    expect(elsewhere.status).toBe(404);
  });

  it('answers 404 to those who may not read a private project’s environments, and hides them from its navigation', async () => {
    expect((await as('reporter').get(`/${PRIVATE_PROJECT}/-/environments`)).status).toBe(200);
    const issues = await as('guest').get(`/${PRIVATE_PROJECT}/-/issues`);
    expect(issues.status).toBe(200);
    expect((await mountData(issues))['can-read-environments']).toBe('false');
    for (const who of ['guest', 'outsider']) {
      const refused = await as(who).get(`/${PRIVATE_PROJECT}/-/environments`);
      expect(refused.status).toBe(404);
      expect((await mountData(refused)).page).toBe('not-found');
    }
    const json = await as('guest').json<{ message: string }>(`/${PRIVATE_PROJECT}/-/environments.json`);
    expect(json).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
    const visitor = new HttpClient(server.baseUrl);
    expect((await visitor.get(`/${PRIVATE_PROJECT}/-/environments`)).status).toBe(404);
  });

  it('sends a visitor of a public project to sign in first, as the API the pages read needs a session', async () => {
    const visitor = new HttpClient(server.baseUrl);
    for (const path of [
      `/${PUBLIC_PROJECT}/-/environments`,
      `/${PUBLIC_PROJECT}/-/environments/${created.production!.id}`,
    ]) {
      const answer = await visitor.get(path);
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe(`/users/sign_in?redirect_to=${encodeURIComponent(path)}`);
    }
    const project = await visitor.get(`/${PUBLIC_PROJECT}`);
    expect((await mountData(project))['can-read-environments']).toBe('false');
    expect((await visitor.json(`/${PUBLIC_PROJECT}/-/environments.json`)).status).toBe(401);
  });

  it('lists a scope’s environments with their newest deployment, the counts, and who may stop them', async () => {
    const active = await as('developer').json<EnvironmentsPageJson>(
      `/${PUBLIC_PROJECT}/-/environments.json?scope=active&per_page=100`,
    );
    expect(active.status).toBe(200);
    const byName = new Map(active.body.environments.map((environment) => [environment.name, environment]));
    const production = byName.get('pages-production')!;
    expect(production).toMatchObject({
      id: created.production!.id,
      tier: 'production',
      state: 'available',
      external_url: 'https://pages.example.com',
      environment_path: `/${PUBLIC_PROJECT}/-/environments/${created.production!.id}`,
      can_stop: true,
    });
    // The newest deployment, whatever its status: the one waiting for approval.
    expect(production.latest_deployment).toMatchObject({
      iid: expect.any(Number),
      status: 'blocked',
      ref: 'main',
      sha: SHA('c'),
      user: { username: 'developer' },
      pending_approval_count: 1,
      approvals: [],
    });
    expect(byName.get('pages-staging')?.latest_deployment).toBeNull();
    expect(byName.has('pages-old')).toBe(false);
    expect(active.body.active_count).toBe(Number(active.headers.get('x-total')));
    expect(active.body.active_count).toBe(active.body.environments.length);
    expect(active.body.available_count).toBeLessThanOrEqual(active.body.active_count);

    const stopped = await as('developer').json<EnvironmentsPageJson>(
      `/${PUBLIC_PROJECT}/-/environments.json?scope=stopped`,
    );
    expect(stopped.body.environments.map((environment) => environment.name)).toContain('pages-old');
    expect(stopped.body.environments.every((environment) => !environment.can_stop)).toBe(true);
    expect(stopped.body.stopped_count).toBe(Number(stopped.headers.get('x-total')));
    expect(stopped.body.active_count).toBe(active.body.active_count);

    // A Reporter reads the list but may not stop anything.
    const read = await as('reporter').json<EnvironmentsPageJson>(`/${PUBLIC_PROJECT}/-/environments.json`);
    expect(read.status).toBe(200);
    expect(read.body.environments.some((environment) => environment.can_stop)).toBe(false);
  });

  it('pages the list with GitLab’s headers, and refuses an unknown scope', async () => {
    const first = await as('reporter').json<EnvironmentsPageJson>(
      `/${PUBLIC_PROJECT}/-/environments.json?per_page=1`,
    );
    expect(first.body.environments).toHaveLength(1);
    expect(first.headers.get('x-page')).toBe('1');
    expect(first.headers.get('x-next-page')).toBe('2');
    const second = await as('reporter').json<EnvironmentsPageJson>(
      `/${PUBLIC_PROJECT}/-/environments.json?per_page=1&page=2`,
    );
    expect(second.body.environments[0]?.id).not.toBe(first.body.environments[0]?.id);
    const bad = await as('reporter').json<{ error: string }>(
      `/${PUBLIC_PROJECT}/-/environments.json?scope=all`,
    );
    expect(bad).toMatchObject({ status: 400, body: { error: 'scope does not have a valid value' } });
  });

  it('does not offer Stop on a protected environment to a Developer it does not name as a deployer', async () => {
    await send(
      'maintainer',
      'POST',
      '/protected_environments',
      { name: 'pages-staging', deploy_access_levels: [{ access_level: 40 }] },
      201,
    );
    const canStop = async (who: string) => {
      const { body } = await as(who).json<EnvironmentsPageJson>(
        `/${PUBLIC_PROJECT}/-/environments.json?per_page=100`,
      );
      return body.environments.find((environment) => environment.name === 'pages-staging')?.can_stop;
    };
    expect(await canStop('developer')).toBe(false);
    expect(await canStop('maintainer')).toBe(true);
  });
});
