import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DashboardAssignedMergeRequestsDocument,
  DashboardReviewRequestedMergeRequestsDocument,
  GroupMergeRequestsListDocument,
  ProjectMergeRequestsListDocument,
} from '../../src/client/data/generated/graphql.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

/** acme's public project, and its private one (`acme/security`), whose merge requests a Guest may not read. */
const PUBLIC_PROJECT = 'acme/platform/backend/api';
const PRIVATE_PROJECT = 'acme/security/vault-audit';

type Count = { count: number } | null;
interface ListAnswer {
  openedMergeRequests: Count;
  mergedMergeRequests: Count;
  closedMergeRequests: Count;
  allMergeRequests: Count;
  mergeRequests: { count: number; nodes: { state: string; webPath: string; fullReference: string }[] };
}

/** The merge requests lists' pages: a project's, a group's and the signed-in user's dashboard. */
describe.each(BACKENDS)('merge request list pages (%s)', (backend) => {
  let server: TestServer;
  let reporter: HttpClient;
  let guest: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 5, issues: 40 });
    reporter = new HttpClient(server.baseUrl);
    await reporter.signIn('reporter', TEST_PASSWORD);
    guest = new HttpClient(server.baseUrl);
    await guest.signIn('guest', TEST_PASSWORD);
  });
  afterAll(() => server?.close());

  it('serves a project’s merge requests to a reader, with its navigation’s Merge requests', async () => {
    const page = await reporter.get(`/${PUBLIC_PROJECT}/-/merge_requests`);
    expect(page.status).toBe(200);
    expect(await mountData(page)).toMatchObject({
      page: 'project-merge-requests',
      'full-path': PUBLIC_PROJECT,
      'project-name': 'API',
      'can-read-merge-requests': 'true',
    });
    const visitor = await new HttpClient(server.baseUrl).get(`/${PUBLIC_PROJECT}/-/merge_requests/`);
    expect(visitor.status).toBe(200);
    expect((await mountData(visitor)).page).toBe('project-merge-requests');
  });

  it('answers 404 to those who may not read a private project’s merge requests, and hides them from its navigation', async () => {
    expect((await reporter.get(`/${PRIVATE_PROJECT}/-/merge_requests`)).status).toBe(200);
    // A Guest reads the private project (its issues page answers) but not its merge requests.
    const issues = await guest.get(`/${PRIVATE_PROJECT}/-/issues`);
    expect(issues.status).toBe(200);
    expect((await mountData(issues))['can-read-merge-requests']).toBe('false');
    const refused = await guest.get(`/${PRIVATE_PROJECT}/-/merge_requests`);
    expect(refused.status).toBe(404);
    expect((await mountData(refused)).page).toBe('not-found');
    const visitor = await new HttpClient(server.baseUrl).get(`/${PRIVATE_PROJECT}/-/merge_requests`);
    expect(visitor.status).toBe(404);
  });

  it('serves a group’s merge requests, and 404 for a group the viewer cannot see', async () => {
    const page = await reporter.get('/groups/acme/-/merge_requests');
    expect(page.status).toBe(200);
    expect(await mountData(page)).toMatchObject({
      page: 'group-merge-requests',
      'full-path': 'acme',
      'group-name': 'Acme Corp',
    });
    const outsider = new HttpClient(server.baseUrl);
    await outsider.signIn('outsider', TEST_PASSWORD);
    expect((await outsider.get('/groups/acme/security/-/merge_requests')).status).toBe(404);
  });

  it('sends a visitor to sign in before the merge requests dashboard, and serves it to a user', async () => {
    const visitor = new HttpClient(server.baseUrl);
    const answer = await visitor.get('/dashboard/merge_requests?reviewer_username=reporter');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(
      `/users/sign_in?redirect_to=${encodeURIComponent('/dashboard/merge_requests?reviewer_username=reporter')}`,
    );
    const page = await reporter.get('/dashboard/merge_requests');
    expect(page.status).toBe(200);
    expect((await mountData(page)).page).toBe('dashboard-merge-requests');
  });

  it('answers the lists’ own queries: tabs that add up, and the page of the tab asked for', async () => {
    const { body } = await reporter.graphql<{ project: ListAnswer }>(
      print(ProjectMergeRequestsListDocument),
      {
        fullPath: PUBLIC_PROJECT,
        state: 'merged',
        sort: 'MERGED_AT_DESC',
        first: 20,
      },
    );
    expect(body.errors).toBeUndefined();
    const project = body.data!.project;
    const [opened, merged, closed, all] = [
      project.openedMergeRequests,
      project.mergedMergeRequests,
      project.closedMergeRequests,
      project.allMergeRequests,
    ].map((tab) => tab?.count ?? -1) as [number, number, number, number];
    expect(merged).toBeGreaterThan(0);
    expect(opened + merged + closed).toBe(all);
    expect(project.mergeRequests.count).toBe(merged);
    expect(new Set(project.mergeRequests.nodes.map((node) => node.state))).toEqual(new Set(['merged']));
    expect(project.mergeRequests.nodes[0]?.webPath).toMatch(
      /^\/acme\/platform\/backend\/api\/-\/merge_requests\/\d+$/,
    );

    const group = await reporter.graphql<{ group: ListAnswer }>(print(GroupMergeRequestsListDocument), {
      fullPath: 'acme',
      first: 5,
    });
    expect(group.body.errors).toBeUndefined();
    expect(group.body.data!.group.allMergeRequests!.count).toBeGreaterThan(all);
    expect(group.body.data!.group.mergeRequests.nodes[0]?.fullReference).toMatch(/^acme\/.+!\d+$/);

    for (const document of [
      DashboardAssignedMergeRequestsDocument,
      DashboardReviewRequestedMergeRequestsDocument,
    ]) {
      const mine = await reporter.graphql<{ currentUser: ListAnswer }>(print(document), { first: 5 });
      expect(mine.body.errors).toBeUndefined();
      expect(mine.body.data!.currentUser.allMergeRequests!.count).toBeGreaterThanOrEqual(0);
    }
  });
});
