import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

interface ContentAnswer {
  group: {
    milestones: {
      nodes: {
        stats: { totalIssuesCount: number; closedIssuesCount: number };
        unstarted: { count: number };
        ongoing: { count: number };
        completed: { count: number; nodes: { state: string }[] };
        issueLabels: { label: { title: string }; openedIssuesCount: number; closedIssuesCount: number }[];
        participants: { count: number; nodes: { username: string }[] };
        report: {
          burnupTimeSeries: { date: string; scopeCount: number; completedCount: number }[] | null;
          stats: { total: { count: number } } | null;
          error: { code: string; message: string } | null;
        };
      }[];
    };
  } | null;
}

const QUERY = `query ($fullPath: ID!, $ids: [ID!]) {
  group(fullPath: $fullPath) {
    milestones(ids: $ids, first: 1) { nodes {
      stats { totalIssuesCount closedIssuesCount }
      unstarted: issues(state: opened, assigneeWildcardId: NONE, first: 1) { count }
      ongoing: issues(state: opened, assigneeWildcardId: ANY, first: 1) { count }
      completed: issues(state: closed, first: 5) { count nodes { state } }
      issueLabels { label { title } openedIssuesCount closedIssuesCount }
      participants(first: 100) { count nodes { username } }
      report { burnupTimeSeries { date scopeCount completedCount } stats { total { count } } error { code message } }
    } }
  }
}`;

/**
 * The milestone page's GraphQL: its issues in GitLab's columns, their labels, their people and the
 * burndown report, each counting only the issues the caller may read.
 */
describe.each(BACKENDS)('milestone content over GraphQL (%s)', (backend) => {
  let server: TestServer;
  let owner: HttpClient;
  let anonymous: HttpClient;
  let milestone: { id: number; iid: number };

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 600 });
    owner = new HttpClient(server.baseUrl);
    await owner.signIn('owner', TEST_PASSWORD);
    anonymous = new HttpClient(server.baseUrl);
    // The group milestone of acme with the most issues, some confidential or in private projects.
    const { rows } = await sql<{ id: number; iid: number }>`
      SELECT m.id, m.iid FROM milestones m JOIN namespaces g ON g.id = m.group_id
      LEFT JOIN issues i ON i.milestone_id = m.id
      WHERE g.full_path = 'acme' GROUP BY m.id ORDER BY count(i.id) DESC, m.id LIMIT 1`.execute(server.db);
    milestone = rows[0]!;
  });
  afterAll(() => server?.close());

  const content = async (client: HttpClient) => {
    const answer = await client.graphql<ContentAnswer>(QUERY, {
      fullPath: 'acme',
      ids: [`gid://gitlab/Milestone/${milestone.id}`],
    });
    const node = answer.body.data?.group?.milestones.nodes[0];
    expect(node, JSON.stringify(answer.body)).toBeDefined();
    return node!;
  };

  it('splits the issues into GitLab’s columns that add up to what the viewer may read', async () => {
    const all = await content(owner);
    const visible = await content(anonymous);
    for (const view of [all, visible]) {
      expect(view.unstarted.count + view.ongoing.count + view.completed.count).toBe(
        view.stats.totalIssuesCount,
      );
      expect(view.completed.count).toBe(view.stats.closedIssuesCount);
      expect(view.completed.nodes.every((issue) => issue.state === 'closed')).toBe(true);
    }
    expect(visible.stats.totalIssuesCount).toBeLessThan(all.stats.totalIssuesCount);
    const { rows } = await sql<{ total: number }>`
      SELECT count(*)::integer AS total FROM issues i JOIN projects p ON p.id = i.project_id
      WHERE i.milestone_id = ${milestone.id} AND i.issue_type <> 'task' AND NOT i.confidential
        AND p.visibility_level = 20`.execute(server.db);
    expect(visible.stats.totalIssuesCount).toBe(rows[0]!.total);
  });

  it('counts labels and people over the readable issues only', async () => {
    const all = await content(owner);
    const visible = await content(anonymous);
    const total = (view: typeof all) =>
      view.issueLabels.reduce((sum, entry) => sum + entry.openedIssuesCount + entry.closedIssuesCount, 0);
    expect(all.issueLabels.length).toBeGreaterThan(0);
    expect(total(visible)).toBeLessThanOrEqual(total(all));
    const titles = all.issueLabels.map((entry) => entry.label.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(all.participants.count).toBeGreaterThan(0);
    expect(all.participants.count).toBeGreaterThanOrEqual(visible.participants.count);
    expect(new Set(all.participants.nodes.map((user) => user.username)).size).toBe(
      all.participants.nodes.length,
    );
  });

  it('reports one day per day of the milestone, or GitLab’s error without both dates', async () => {
    const { rows } = await sql<{ start_date: string; due_date: string }>`
      SELECT start_date::text, due_date::text FROM milestones WHERE id = ${milestone.id}`.execute(server.db);
    const dated = await content(owner);
    const series = dated.report.burnupTimeSeries ?? [];
    expect(series[0]?.date).toBe(rows[0]!.start_date);
    const last = series.at(-1);
    expect(last && last.date <= rows[0]!.due_date).toBe(true);
    expect(dated.report.stats?.total.count).toBe(last?.scopeCount);

    await sql`UPDATE milestones SET start_date = NULL WHERE id = ${milestone.id}`.execute(server.db);
    const undated = await content(owner);
    expect(undated.report).toEqual({
      burnupTimeSeries: null,
      stats: null,
      error: { code: 'MISSING_DATES', message: 'Milestone must have a start and due date' },
    });
  });

  it('serves the milestone forms to those who may manage milestones only', async () => {
    const edit = `/groups/acme/-/milestones/${milestone.iid}/edit`;
    const page = await owner.get(edit);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-page="milestone-form"');
    expect((await owner.get('/groups/acme/-/milestones/new')).status).toBe(200);
    expect((await owner.get('/groups/acme/-/milestones/999999/edit')).status).toBe(404);
    const guest = new HttpClient(server.baseUrl);
    await guest.signIn('guest', TEST_PASSWORD);
    expect((await guest.get(edit)).status).toBe(404);
    expect((await guest.get('/acme/handbook/-/milestones/new')).status).toBe(404);
    const visitor = await anonymous.get('/groups/acme/-/milestones/new');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toContain('/users/sign_in');
  });
});
