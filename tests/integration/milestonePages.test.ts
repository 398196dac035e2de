import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

/** The mount element's data attributes, as the client reads them. */
async function mountData(response: Response): Promise<Record<string, string>> {
  const element = /<div id="app"([^>]*)>/.exec(await response.text())?.[1] ?? '';
  const data: Record<string, string> = {};
  for (const match of element.matchAll(/data-([a-z-]+)="([^"]*)"/g)) {
    data[match[1]!] = match[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  }
  return data;
}

interface MilestoneRef {
  id: number;
  iid: number;
  title: string;
  owner: string;
}

/** The milestone (of a group or a project, by full path) with the most issues. */
async function busiestMilestone(server: TestServer, kind: 'group' | 'project', fullPath: string) {
  const owners = kind === 'group' ? sql.raw('namespaces') : sql.raw('projects');
  const ownerColumn = kind === 'group' ? sql.raw('m.group_id') : sql.raw('m.project_id');
  const { rows } = await sql<MilestoneRef>`
    SELECT m.id, m.iid, m.title, o.full_path AS owner FROM milestones m
    JOIN ${owners} o ON o.id = ${ownerColumn}
    LEFT JOIN issues i ON i.milestone_id = m.id
    WHERE o.full_path = ${fullPath}
    GROUP BY m.id, o.full_path ORDER BY count(i.id) DESC, m.id LIMIT 1`.execute(server.db);
  return rows[0]!;
}

/** Issues of one milestone, all and closed, optionally only those an anonymous visitor may see. */
async function issueCounts(server: TestServer, milestoneId: number, publicOnly: boolean) {
  const { rows } = await sql<{ total: number; closed: number }>`
    SELECT count(*)::integer AS total, (count(*) FILTER (WHERE i.state = 'closed'))::integer AS closed
    FROM issues i JOIN projects p ON p.id = i.project_id
    WHERE i.milestone_id = ${milestoneId} AND i.issue_type <> 'task'
      AND (${!publicOnly} OR (NOT i.confidential AND p.visibility_level = 20))`.execute(server.db);
  return rows[0]!;
}

const gid = (id: number) => `gid://gitlab/Milestone/${id}`;

const GROUP_QUERY = `query ($fullPath: ID!, $ids: [ID!], $titles: [String]) {
  group(fullPath: $fullPath) {
    milestones(ids: $ids) { nodes { id iid title webPath stats { totalIssuesCount closedIssuesCount } } }
    issues(milestoneTitle: $titles, includeSubgroups: true, first: 100) {
      count nodes { iid reference(full: true) milestone { id title } }
    }
  }
}`;

const PROJECT_QUERY = `query ($fullPath: ID!, $ids: [ID!], $titles: [String]) {
  project(fullPath: $fullPath) {
    milestones(ids: $ids) { nodes { id iid title webPath stats { totalIssuesCount closedIssuesCount } } }
    issues(milestoneTitle: $titles, first: 100) { count nodes { iid milestone { id title } } }
  }
}`;

interface MilestoneAnswer {
  milestones: {
    nodes: {
      id: string;
      iid: string;
      title: string;
      webPath: string;
      stats: { totalIssuesCount: number; closedIssuesCount: number };
    }[];
  };
  issues: { count: number; nodes: { iid: string; milestone: { id: string; title: string } | null }[] };
}

describe.each(BACKENDS)('milestone pages and their GraphQL (%s)', (backend) => {
  let server: TestServer;
  let developer: HttpClient;
  let anonymous: HttpClient;
  let outsider: HttpClient;
  let groupMilestone: MilestoneRef;
  let projectMilestone: MilestoneRef;
  let privateMilestone: MilestoneRef;
  let privateProjectMilestone: MilestoneRef;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    developer = new HttpClient(server.baseUrl);
    await developer.signIn('developer', TEST_PASSWORD);
    anonymous = new HttpClient(server.baseUrl);
    outsider = new HttpClient(server.baseUrl);
    await outsider.signIn('outsider', TEST_PASSWORD);
    groupMilestone = await busiestMilestone(server, 'group', 'acme');
    projectMilestone = await busiestMilestone(server, 'project', 'acme/platform/backend/api');
    privateMilestone = await busiestMilestone(server, 'group', 'acme/security');
    privateProjectMilestone = await busiestMilestone(server, 'project', 'acme/security/vault-audit');
  });
  afterAll(() => server?.close());

  it('serves the group and project milestone shells with what the page needs up front', async () => {
    const group = await developer.get(`/groups/acme/-/milestones/${groupMilestone.iid}`);
    expect(group.status).toBe(200);
    expect(await mountData(group)).toMatchObject({
      page: 'milestone',
      kind: 'group',
      'full-path': 'acme',
      'owner-name': 'Acme Corp',
      iid: String(groupMilestone.iid),
      'milestone-id': String(groupMilestone.id),
      'milestone-title': groupMilestone.title,
    });
    const project = await anonymous.get(`/acme/platform/backend/api/-/milestones/${projectMilestone.iid}`);
    expect(project.status).toBe(200);
    expect(await mountData(project)).toMatchObject({
      page: 'milestone',
      kind: 'project',
      'full-path': 'acme/platform/backend/api',
      'owner-name': 'API',
      iid: String(projectMilestone.iid),
      'milestone-id': String(projectMilestone.id),
    });
  });

  it('answers 404 for a missing milestone, another owner’s iid, or a private owner the visitor may not see', async () => {
    const notFound = async (client: HttpClient, path: string) => {
      const response = await client.get(path);
      expect(response.status, path).toBe(404);
      expect((await mountData(response)).page).toBe('not-found');
    };
    await notFound(developer, '/groups/acme/-/milestones/9999');
    await notFound(developer, '/groups/acme/-/milestones/99999999999999999999');
    await notFound(developer, '/acme/platform/backend/api/-/milestones/9999');
    // The handbook has one release (iid 1); iid 2 is another project's numbering.
    await notFound(developer, '/acme/handbook/-/milestones/2');
    const privatePath = `/groups/acme/security/-/milestones/${privateMilestone.iid}`;
    const privateProjectPath = `/acme/security/vault-audit/-/milestones/${privateProjectMilestone.iid}`;
    for (const client of [anonymous, outsider]) {
      await notFound(client, privatePath);
      await notFound(client, privateProjectPath);
    }
    expect((await developer.get(privatePath)).status).toBe(200);
    expect((await developer.get(privateProjectPath)).status).toBe(200);
  });

  it('finds a group milestone by id with its issue stats and its issues by title, as GitLab', async () => {
    const response = await developer.graphql<{ group: MilestoneAnswer }>(GROUP_QUERY, {
      fullPath: 'acme',
      ids: [gid(groupMilestone.id)],
      titles: [groupMilestone.title],
    });
    expect(response.body.errors).toBeUndefined();
    const { milestones, issues } = response.body.data!.group;
    const expected = await issueCounts(server, groupMilestone.id, false);
    expect(expected.total).toBeGreaterThan(0);
    expect(milestones.nodes).toEqual([
      {
        id: gid(groupMilestone.id),
        iid: String(groupMilestone.iid),
        title: groupMilestone.title,
        webPath: `/groups/acme/-/milestones/${groupMilestone.iid}`,
        stats: { totalIssuesCount: expected.total, closedIssuesCount: expected.closed },
      },
    ]);
    expect(issues.count).toBe(expected.total);
    expect(issues.nodes.length).toBe(Math.min(100, expected.total));
    for (const issue of issues.nodes) expect(issue.milestone?.id).toBe(gid(groupMilestone.id));
  });

  it('finds a project milestone by id, and only among the project’s own milestones', async () => {
    const ask = (ids: string[]) =>
      developer.graphql<{ project: MilestoneAnswer }>(PROJECT_QUERY, {
        fullPath: 'acme/platform/backend/api',
        ids,
        titles: [projectMilestone.title],
      });
    const response = await ask([gid(projectMilestone.id)]);
    expect(response.body.errors).toBeUndefined();
    const { milestones, issues } = response.body.data!.project;
    const expected = await issueCounts(server, projectMilestone.id, false);
    expect(milestones.nodes.map((node) => [node.iid, node.webPath, node.stats])).toEqual([
      [
        String(projectMilestone.iid),
        `/acme/platform/backend/api/-/milestones/${projectMilestone.iid}`,
        { totalIssuesCount: expected.total, closedIssuesCount: expected.closed },
      ],
    ]);
    expect(issues.count).toBe(expected.total);
    for (const issue of issues.nodes) expect(issue.milestone?.title).toBe(projectMilestone.title);
    const foreign = await ask([gid(groupMilestone.id)]);
    expect(foreign.body.data!.project.milestones.nodes).toEqual([]);
    const malformed = await ask(['gid://gitlab/Issue/1']);
    expect(malformed.body.errors?.[0]?.message).toBe('gid://gitlab/Issue/1 is not a valid ID for Milestone.');
  });

  it('counts only the issues the viewer may see', async () => {
    const response = await anonymous.graphql<{ group: MilestoneAnswer }>(GROUP_QUERY, {
      fullPath: 'acme',
      ids: [gid(groupMilestone.id)],
      titles: [groupMilestone.title],
    });
    expect(response.body.errors).toBeUndefined();
    const visible = await issueCounts(server, groupMilestone.id, true);
    const { milestones, issues } = response.body.data!.group;
    expect(milestones.nodes[0]?.stats).toEqual({
      totalIssuesCount: visible.total,
      closedIssuesCount: visible.closed,
    });
    expect(issues.count).toBe(visible.total);
  });

  it('answers null for a private group’s milestone to an outsider, and lists none of it', async () => {
    const variables = {
      fullPath: 'acme/security',
      ids: [gid(privateMilestone.id)],
      titles: [privateMilestone.title],
    };
    for (const client of [anonymous, outsider]) {
      const hidden = await client.graphql<{ group: MilestoneAnswer | null }>(GROUP_QUERY, variables);
      expect(hidden.body.errors).toBeUndefined();
      expect(hidden.body.data?.group).toBeNull();
      const fromAbove = await client.graphql<{ group: { milestones: { nodes: unknown[] } } }>(
        `query ($ids: [ID!]) { group(fullPath: "acme") { milestones(ids: $ids, includeDescendants: true) { nodes { id } } } }`,
        { ids: [gid(privateMilestone.id)] },
      );
      expect(fromAbove.body.data?.group.milestones.nodes).toEqual([]);
      const project = await client.graphql<{ project: unknown }>(PROJECT_QUERY, {
        fullPath: 'acme/security/vault-audit',
        ids: [gid(privateProjectMilestone.id)],
        titles: [privateProjectMilestone.title],
      });
      expect(project.body.data?.project).toBeNull();
    }
    const member = await developer.graphql<{ group: MilestoneAnswer }>(GROUP_QUERY, variables);
    expect(member.body.data?.group.milestones.nodes.map((node) => node.title)).toEqual([
      privateMilestone.title,
    ]);
  });

  it('reads the stats of a whole page of milestones in as many statements as of a few', async () => {
    const query = (first: number) => `{ group(fullPath: "acme") {
      milestones(first: ${first}) { nodes { id stats { totalIssuesCount closedIssuesCount } } }
    } }`;
    const statementsOf = async (first: number) => {
      const before = server.statementCount();
      const answer = await developer.graphql<{ group: { milestones: { nodes: unknown[] } } }>(query(first));
      return {
        statements: server.statementCount() - before,
        nodes: answer.body.data!.group.milestones.nodes,
      };
    };
    // Each measured twice, the fewer kept: a session's activity is recorded once a minute, in
    // whichever request comes then, and on a loaded machine a minute can pass mid-test.
    const many = [await statementsOf(60), await statementsOf(60)];
    const few = [await statementsOf(3), await statementsOf(3)];
    expect(many[0]?.nodes.length).toBeGreaterThan(20);
    const fewest = (runs: { statements: number }[]) => Math.min(...runs.map((run) => run.statements));
    expect(fewest(few)).toBe(fewest(many));
  });

  it('matches no issue for a title no milestone of the owner has, and ignores an empty title list', async () => {
    const titled = async (titles: string[]) => {
      const response = await developer.graphql<{ project: { issues: { count: number } } }>(
        `query ($titles: [String]) { project(fullPath: "acme/platform/backend/api") { issues(milestoneTitle: $titles) { count } } }`,
        { titles },
      );
      expect(response.body.errors).toBeUndefined();
      return response.body.data!.project.issues.count;
    };
    expect(await titled(['No such milestone'])).toBe(0);
    const all = await developer.graphql<{ project: { issues: { count: number } } }>(
      '{ project(fullPath: "acme/platform/backend/api") { issues { count } } }',
    );
    expect(await titled([])).toBe(all.body.data!.project.issues.count);
  });
});
