import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureUnavailableMessage } from '../../src/core/domain/licensedFeatures.ts';
import type { PlanCode } from '../../src/core/domain/plans.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

/**
 * Features follow the top-level group's plan, as GitLab sells them: epics and their roadmap on
 * Premium, multi-level epics on Ultimate. Without the plan the API refuses with 403 and says why,
 * the pages show the upsell, and nothing is deleted: the epics show again on upgrade.
 */
describe.each(BACKENDS)('features by plan (%s)', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let reporter: HttpClient;
  let acmeId: number;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 30, issues: 20 });
    admin = HttpClient.withToken(server.baseUrl, await server.tokenFor('admin'));
    reporter = HttpClient.withToken(server.baseUrl, await server.tokenFor('reporter'));
    acmeId = (
      await server.db
        .selectFrom('namespaces')
        .select('id')
        .where('full_path', '=', 'acme')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => closeCheckingRollups(server));

  const assignPlan = async (plan: PlanCode) => {
    const response = await admin.request('PUT', `/api/v4/namespaces/${acmeId}/gitlab_subscription`, {
      json: { plan_code: plan },
    });
    expect(response.status).toBe(200);
  };
  const epicCount = async (client: HttpClient) => {
    const response = await client.get('/api/v4/groups/acme/epics?per_page=1&state=all');
    return { status: response.status, total: response.headers.get('x-total'), body: await response.json() };
  };
  const listedEpics = async () => {
    const listed = await reporter.graphql<{ group: { epics: { nodes: unknown[] } } }>(
      'query($path: ID!) { group(fullPath: $path) { epics(includeDescendantGroups: true) { nodes { id } } } }',
      { path: 'acme' },
    );
    expect(listed.body.errors).toBeUndefined();
    return listed.body.data?.group.epics.nodes;
  };
  const firstParentIid = async () =>
    (
      await server.db
        .selectFrom('epics')
        .innerJoin('namespaces', 'namespaces.id', 'epics.group_id')
        .select('epics.iid')
        .where('namespaces.full_path', '=', 'acme')
        .where('epics.confidential', '=', false)
        .orderBy('epics.iid')
        .executeTakeFirstOrThrow()
    ).iid;

  it('refuses epics on Free with 403 and a reason, hides them everywhere, and keeps them', async () => {
    const before = await epicCount(reporter);
    expect(before.status).toBe(200);
    const iid = await firstParentIid();
    await assignPlan('free');
    try {
      const refused = await epicCount(reporter);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        message: `403 Forbidden - ${featureUnavailableMessage('epics', 'free')}`,
      });
      expect(featureUnavailableMessage('epics', 'free')).toBe(
        'Epics are not available on the Free plan. Upgrade the top-level group to Premium or Ultimate.',
      );
      expect((await reporter.get(`/api/v4/groups/acme/epics/${iid}`)).status).toBe(403);
      const created = await reporter.request('POST', '/api/v4/groups/acme/epics', { json: { title: 'New' } });
      expect(created.status).toBe(403);
      expect(await server.db.selectFrom('epics').where('title', '=', 'New').select('id').execute()).toEqual(
        [],
      );

      expect(await listedEpics()).toEqual([]);
      const found = await reporter.json<unknown[]>('/api/v4/search?scope=epics&search=a');
      expect(found.status).toBe(200);
      expect(found.body).toEqual([]);
    } finally {
      await assignPlan('ultimate');
    }
    const after = await epicCount(reporter);
    expect(after.status).toBe(200);
    expect(after.total).toBe(before.total);
    // The same queries find them again: what Free hid was there all along.
    expect((await listedEpics())?.length).toBeGreaterThan(0);
    expect(
      (await reporter.json<unknown[]>('/api/v4/search?scope=epics&search=a')).body.length,
    ).toBeGreaterThan(0);
  });

  it('shows the upsell in place of the epics pages: the trial and Billing to owners, whom to ask to others', async () => {
    const owner = new HttpClient(server.baseUrl);
    await owner.signIn('owner', TEST_PASSWORD);
    const iid = await firstParentIid();
    await assignPlan('free');
    try {
      for (const [path, feature] of [
        ['/groups/acme/-/epics', 'epics'],
        ['/groups/acme/-/roadmap', 'roadmap'],
        [`/groups/acme/-/epics/${iid}`, 'epics'],
        ['/groups/acme/platform/-/epics/new', 'epics'],
      ] as const) {
        const page = await owner.get(path);
        expect(page.status).toBe(200);
        const mount = await mountData(page);
        expect(mount).toMatchObject({ page: 'feature-upsell', feature, 'plan-title': 'Free' });
        expect(mount['billing-path']).toBe('/groups/acme/-/billings');
      }
      const visitor = await mountData(await new HttpClient(server.baseUrl).get('/groups/acme/-/roadmap'));
      expect(visitor).toMatchObject({ page: 'feature-upsell', 'billing-path': '', 'trial-path': '' });
    } finally {
      await assignPlan('ultimate');
    }
    const restored = await mountData(await owner.get('/groups/acme/-/roadmap'));
    expect(restored.page).toBe('group-roadmap');
    expect(restored['allow-sub-epics']).toBe('true');
  });

  it('offers the owner of a Free group that never had a trial to start one', async () => {
    const owner = new HttpClient(server.baseUrl);
    await owner.signIn('owner', TEST_PASSWORD);
    const sandbox = await server.db
      .selectFrom('namespaces')
      .select('id')
      .where('full_path', '=', 'sandbox')
      .executeTakeFirstOrThrow();
    const mount = await mountData(await owner.get('/groups/sandbox/-/epics'));
    expect(mount).toMatchObject({
      page: 'feature-upsell',
      'trial-path': `/-/trials/new?namespace_id=${sandbox.id}`,
    });
  });

  it('keeps multi-level epics to Ultimate: Premium lists epics but refuses a child epic', async () => {
    const iid = await firstParentIid();
    await assignPlan('premium');
    try {
      expect((await epicCount(reporter)).status).toBe(200);
      const child = await reporter.request('POST', `/api/v4/groups/acme/epics/${iid}/epics`, {
        json: { title: 'A child on Premium' },
      });
      expect(child.status).toBe(403);
      expect(((await child.json()) as { message: string }).message).toBe(
        `403 Forbidden - ${featureUnavailableMessage('subepics', 'premium')}`,
      );
      const owner = new HttpClient(server.baseUrl);
      await owner.signIn('owner', TEST_PASSWORD);
      const page = await mountData(await owner.get(`/groups/acme/-/epics/${iid}`));
      expect(page).toMatchObject({ page: 'epic', 'allow-sub-epics': 'false' });
    } finally {
      await assignPlan('ultimate');
    }
    const allowed = await reporter.request('POST', `/api/v4/groups/acme/epics/${iid}/epics`, {
      json: { title: 'A child on Ultimate' },
    });
    expect(allowed.status).toBe(201);
  });

  it('drops weight and health status the plan lacks, refuses blocking links on Free, and keeps what is stored', async () => {
    const project = 'acme/platform/backend/api';
    const [first, second] = await server.db
      .selectFrom('issues')
      .innerJoin('projects', 'projects.id', 'issues.project_id')
      .select('issues.iid')
      .where('projects.full_path', '=', project)
      .where('issues.confidential', '=', false)
      .where('issues.issue_type', '=', 'issue')
      .orderBy('issues.iid')
      .limit(2)
      .execute();
    const iid = String(first!.iid);
    const setFields = (fields: { weight?: number; healthStatus?: string }) =>
      reporter.graphql<{ updateIssue: { issue: { weight: number | null; healthStatus: string | null } } }>(
        `mutation($input: UpdateIssueInput!) {
          updateIssue(input: $input) { issue { weight healthStatus } errors }
        }`,
        { input: { projectPath: project, iid, ...fields } },
      );
    const stored = () =>
      server.db
        .selectFrom('issues')
        .innerJoin('projects', 'projects.id', 'issues.project_id')
        .select(['issues.weight', 'issues.health_status'])
        .where('projects.full_path', '=', project)
        .where('issues.iid', '=', first!.iid)
        .executeTakeFirstOrThrow();
    const owner = new HttpClient(server.baseUrl);
    await owner.signIn('owner', TEST_PASSWORD);
    const issuePage = async () => mountData(await owner.get(`/${project}/-/issues/${iid}`));
    const widgets = async () => {
      const { body } = await reporter.graphql<{ project: { workItem: { widgets: { type: string }[] } } }>(
        'query($path: ID!, $iid: String!) { project(fullPath: $path) { workItem(iid: $iid) { widgets { type } } } }',
        { path: project, iid },
      );
      return body.data?.project.workItem.widgets.map((widget) => widget.type) ?? [];
    };
    expect(await widgets()).toEqual(expect.arrayContaining(['WEIGHT', 'HEALTH_STATUS']));

    expect((await setFields({ weight: 2, healthStatus: 'atRisk' })).body.errors).toBeUndefined();
    const onUltimate = await stored();
    expect(onUltimate.weight).toBe(2);
    expect(onUltimate.health_status).not.toBeNull();
    expect(await issuePage()).toMatchObject({ 'health-status': 'true', 'blocked-issues': 'true' });

    await assignPlan('premium');
    try {
      await setFields({ weight: 5, healthStatus: 'onTrack' });
      expect(await stored()).toEqual({ weight: 5, health_status: onUltimate.health_status });
      expect(await issuePage()).toMatchObject({ 'health-status': 'false', 'blocked-issues': 'true' });
      expect(await widgets()).toContain('WEIGHT');
      expect(await widgets()).not.toContain('HEALTH_STATUS');

      await assignPlan('free');
      await setFields({ weight: 8 });
      expect((await stored()).weight).toBe(5);
      expect(await issuePage()).toMatchObject({
        'issue-weights': 'false',
        'blocked-issues': 'false',
        epics: 'false',
      });
      expect(await widgets()).not.toContain('WEIGHT');
      const link = (linkType: string) =>
        reporter.request('POST', `/api/v4/projects/${encodeURIComponent(project)}/issues/${iid}/links`, {
          json: { target_project_id: project, target_issue_iid: String(second!.iid), link_type: linkType },
        });
      const blocking = await link('blocks');
      expect(blocking.status).toBe(403);
      expect(await blocking.json()).toEqual({ message: 'Blocked issues not available for current license' });
      expect((await link('relates_to')).status).toBe(201);
    } finally {
      await assignPlan('ultimate');
    }
    expect(await stored()).toEqual({ weight: 5, health_status: onUltimate.health_status });
    expect(await issuePage()).toMatchObject({
      'health-status': 'true',
      'issue-weights': 'true',
      epics: 'true',
    });
  });

  it('keeps one label per scope only where the plan sells scoped labels', async () => {
    const project = encodeURIComponent('acme/platform/backend/api');
    const issue = await server.db
      .selectFrom('issues')
      .innerJoin('projects', 'projects.id', 'issues.project_id')
      .select('issues.iid')
      .where('projects.full_path', '=', 'acme/platform/backend/api')
      .where('issues.issue_type', '=', 'issue')
      .orderBy('issues.iid', 'desc')
      .executeTakeFirstOrThrow();
    const setLabels = async () => {
      const response = await reporter.request('PUT', `/api/v4/projects/${project}/issues/${issue.iid}`, {
        json: { labels: 'priority::high,priority::low' },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { labels: string[] }).labels.sort();
    };
    expect(await setLabels()).toEqual(['priority::low']);
    await assignPlan('free');
    try {
      expect(await setLabels()).toEqual(['priority::high', 'priority::low']);
    } finally {
      await assignPlan('ultimate');
    }
  });
});
