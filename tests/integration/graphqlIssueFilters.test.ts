import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';
const GROUP = 'acme/platform';

interface IssuesPage {
  count: number;
  nodes: { iid: string }[];
}

/**
 * GitLab's issue list arguments on `Project.issues` and `Group.issues` answer what REST's filters of
 * the same meaning answer (REST's are tested on their own in restIssueLists.test.ts): the same count,
 * and the same first page, newest first.
 */
describe.each(BACKENDS)('GraphQL issue filters (%s)', (backend) => {
  let server: TestServer;
  let owner: HttpClient;
  let projectId: number;
  let groupId: number;

  const graphql = async (place: 'project' | 'group', args: string): Promise<IssuesPage> => {
    const extra = place === 'group' ? ', includeSubgroups: true' : '';
    const { body } = await owner.graphql<Record<string, { issues: IssuesPage }>>(
      `query ($path: ID!) { place: ${place}(fullPath: $path) {
        issues(state: all, sort: CREATED_DESC, first: 30${extra}${args ? `, ${args}` : ''}) { count nodes { iid } }
      } }`,
      { path: place === 'project' ? PROJECT : GROUP },
    );
    expect(body.errors, args).toBeUndefined();
    return body.data!.place!.issues;
  };
  const rest = async (place: 'project' | 'group', query: string) => {
    const base = place === 'project' ? `/api/v4/projects/${projectId}` : `/api/v4/groups/${groupId}`;
    const response = await owner.get(
      `${base}/issues?state=all&order_by=created_at&sort=desc&per_page=30${query ? `&${query}` : ''}`,
    );
    expect(response.status, query).toBe(200);
    const issues = (await response.json()) as { iid: number }[];
    return { count: Number(response.headers.get('x-total')), iids: issues.map((issue) => String(issue.iid)) };
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 40, issues: 400 });
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    projectId = await projectIdOf(server, PROJECT);
    groupId = (
      await server.db
        .selectFrom('namespaces')
        .select('id')
        .where('full_path', '=', GROUP)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => closeCheckingRollups(server));

  const someone = async (table: 'issue_assignees' | 'issues') => {
    const column = table === 'issues' ? 'issues.author_id' : 'issue_assignees.user_id';
    const row = await server.db
      .selectFrom('issues')
      .innerJoin('projects', 'projects.id', 'issues.project_id')
      .leftJoin('issue_assignees', 'issue_assignees.issue_id', 'issues.id')
      .innerJoin('users', 'users.id', column)
      .select(['users.username', 'users.id'])
      .where('projects.full_path', '=', PROJECT)
      .orderBy('users.id')
      .executeTakeFirstOrThrow();
    return row;
  };

  it.each(['project', 'group'] as const)('matches REST filter for filter on a %s', async (place) => {
    const author = await someone('issues');
    const assignee = await someone('issue_assignees');
    const label = await server.db
      .selectFrom('label_links')
      .innerJoin('labels', 'labels.id', 'label_links.label_id')
      .innerJoin('issues', 'issues.id', 'label_links.target_id')
      .innerJoin('projects', 'projects.id', 'issues.project_id')
      .select('labels.title')
      .where('label_links.target_type', '=', 'Issue')
      .where('projects.full_path', '=', PROJECT)
      .executeTakeFirstOrThrow();
    const cases: [string, string][] = [
      ['', ''],
      [`authorUsername: "${author.username}"`, `author_username=${author.username}`],
      [`assigneeUsernames: ["${assignee.username}"]`, `assignee_username=${assignee.username}`],
      [`assigneeId: "${assignee.id}"`, `assignee_id=${assignee.id}`],
      ['assigneeWildcardId: NONE', 'assignee_id=None'],
      ['assigneeId: "Any"', 'assignee_id=Any'],
      ['milestoneWildcardId: ANY', 'milestone=Any'],
      ['milestoneWildcardId: NONE', 'milestone=None'],
      ['confidential: true', 'confidential=true'],
      ['types: [INCIDENT]', 'issue_type=incident'],
      ['types: [ISSUE]', 'issue_type=issue'],
      ['weight: "3"', 'weight=3'],
      ['weight: "None"', 'weight=None'],
      ['healthStatusFilter: atRisk', 'health_status=at_risk'],
      ['healthStatusFilter: NONE', 'health_status=None'],
      ['epicId: "None"', 'epic_id=None'],
      ['epicId: "Any"', 'epic_id=Any'],
      [`not: { labelName: ["${label.title}"] }`, `not[labels]=${encodeURIComponent(label.title)}`],
      [`not: { authorUsername: "${author.username}" }`, `not[author_username]=${author.username}`],
      ['iids: ["1", "2", "3", "4", "5"]', 'iids[]=1&iids[]=2&iids[]=3&iids[]=4&iids[]=5'],
      ['iid: "2"', 'iids[]=2'],
      ['search: "a", in: [TITLE]', 'search=a&in=title'],
      ['createdAfter: "2026-01-01T00:00:00Z"', 'created_after=2026-01-01T00:00:00Z'],
      ['updatedBefore: "2026-06-01T00:00:00Z"', 'updated_before=2026-06-01T00:00:00Z'],
    ];
    const counts = new Set<number>();
    for (const [args, query] of cases) {
      const [fromGraphql, fromRest] = await Promise.all([graphql(place, args), rest(place, query)]);
      counts.add(fromGraphql.count);
      expect({ args, count: fromGraphql.count, iids: fromGraphql.nodes.map((node) => node.iid) }).toEqual({
        args,
        count: fromRest.count,
        iids: fromRest.iids,
      });
    }
    // The filters narrow: they answer many different counts, not the whole list each time.
    expect(counts.size).toBeGreaterThan(cases.length / 2);
  });

  it('narrows by due date, every one of several assignees, and several types', async () => {
    const due = await graphql(
      'project',
      'dueAfter: "2026-03-01T00:00:00Z", dueBefore: "2026-03-31T23:59:59Z"',
    );
    const dueRows = await server.db
      .selectFrom('issues')
      .innerJoin('projects', 'projects.id', 'issues.project_id')
      .select('issues.iid')
      .where('projects.full_path', '=', PROJECT)
      .where('issues.due_date', '>=', '2026-03-01')
      .where('issues.due_date', '<=', '2026-03-31')
      .execute();
    expect(due.count).toBe(dueRows.length);

    const both = await graphql('project', 'types: [ISSUE, INCIDENT]');
    const all = await graphql('project', '');
    const tasks = await graphql('project', 'types: [TASK]');
    // As GitLab's lists: tasks show under their parents, and in a list only when the types ask.
    expect(both.count).toBe(all.count);
    expect(tasks.count).toBeGreaterThan(0);

    const pair = await server.db
      .selectFrom('issue_assignees as a')
      .innerJoin('issue_assignees as b', (join) =>
        join.onRef('a.issue_id', '=', 'b.issue_id').onRef('a.user_id', '<', 'b.user_id'),
      )
      .innerJoin('users as ua', 'ua.id', 'a.user_id')
      .innerJoin('users as ub', 'ub.id', 'b.user_id')
      .innerJoin('issues', 'issues.id', 'a.issue_id')
      .innerJoin('projects', 'projects.id', 'issues.project_id')
      .select(['ua.username as first', 'ub.username as second', 'issues.iid'])
      .where('projects.full_path', '=', PROJECT)
      .executeTakeFirst();
    if (pair) {
      const shared = await graphql('project', `assigneeUsernames: ["${pair.first}", "${pair.second}"]`);
      const firstOnly = await graphql('project', `assigneeUsernames: ["${pair.first}"]`);
      expect(shared.nodes.map((node) => node.iid)).toContain(String(pair.iid));
      expect(shared.count).toBeLessThanOrEqual(firstOnly.count);
    }
  });

  it('refuses malformed and conflicting arguments with GitLab-style errors', async () => {
    for (const args of ['weight: "heavy"', 'epicId: "-1"', 'assigneeId: "1", assigneeWildcardId: ANY']) {
      const { body } = await owner.graphql(
        `{ project(fullPath: "${PROJECT}") { issues(${args}) { count } } }`,
      );
      expect(body.errors?.length, args).toBeGreaterThan(0);
    }
  });
});
