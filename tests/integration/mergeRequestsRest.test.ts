import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDraftTitle } from '../../src/core/domain/mergeRequests.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { type Person, signedInClients, userId } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';
const PRIVATE_PROJECT = 'acme/security/vault-audit';
/** Every fixture merge request carries this word, which the demo data never uses. */
const WORD = 'Quokka';
const SHA = /^[0-9a-f]{40}$/;

type Who = Person | 'anonymous' | 'maintainer';

interface UserJson {
  id: number;
  username: string;
}
interface MergeRequestJson {
  id: number;
  iid: number;
  title: string;
  description: string;
  state: string;
  source_branch: string;
  target_branch: string;
  draft: boolean;
  sha: string;
  labels: (string | { name: string })[];
  milestone: { id: number; title: string } | null;
  author: UserJson;
  assignees: UserJson[];
  reviewers: UserJson[];
  merge_user: UserJson | null;
  closed_by: UserJson | null;
  detailed_merge_status: string;
  references: { short: string; relative: string; full: string };
  web_url: string;
  [field: string]: unknown;
}

/** A merge request as the database holds it, with what it links to: the test's own reading. */
interface Fact {
  id: number;
  iid: number;
  title: string;
  description: string;
  state: string;
  authorId: number;
  mergeUserId: number | null;
  sourceBranch: string;
  targetBranch: string;
  createdAt: Date;
  updatedAt: Date;
  mergedAt: Date | null;
  milestone: string | null;
  labels: string[];
  assignees: number[];
  reviewers: number[];
}

/** GitLab's MergeRequestBasic fields, by the JSON type each has here. */
const BASIC_FIELDS: Record<string, 'number' | 'string' | 'boolean' | 'object' | 'null' | 'array'> = {
  id: 'number',
  iid: 'number',
  project_id: 'number',
  title: 'string',
  description: 'string',
  state: 'string',
  created_at: 'string',
  updated_at: 'string',
  target_branch: 'string',
  source_branch: 'string',
  user_notes_count: 'number',
  upvotes: 'number',
  downvotes: 'number',
  author: 'object',
  assignees: 'array',
  reviewers: 'array',
  source_project_id: 'number',
  target_project_id: 'number',
  labels: 'array',
  draft: 'boolean',
  work_in_progress: 'boolean',
  imported: 'boolean',
  imported_from: 'string',
  merge_when_pipeline_succeeds: 'boolean',
  merge_status: 'string',
  detailed_merge_status: 'string',
  sha: 'string',
  squash_commit_sha: 'null',
  discussion_locked: 'boolean',
  force_remove_source_branch: 'boolean',
  allow_collaboration: 'boolean',
  prepared_at: 'string',
  reference: 'string',
  references: 'object',
  web_url: 'string',
  time_stats: 'object',
  squash: 'boolean',
  task_completion_status: 'object',
  has_conflicts: 'boolean',
  blocking_discussions_resolved: 'boolean',
};
/** What the single merge request adds. */
const SINGLE_FIELDS = {
  subscribed: 'boolean',
  merge_error: 'null',
  first_deployed_to_production_at: 'null',
  latest_build_started_at: 'null',
  latest_build_finished_at: 'null',
  pipeline: 'null',
  diff_refs: 'object',
  diverged_commits_count: 'number',
  user: 'object',
} as const;

const jsonType = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

function expectShape(body: Record<string, unknown>, fields: Record<string, string>) {
  for (const [field, type] of Object.entries(fields)) {
    expect({ field, type: jsonType(body[field]) }).toEqual({ field, type });
  }
}

describe.each(BACKENDS)('GitLab’s merge requests REST API (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Who, HttpClient>;
  let projectId: number;
  let privateProjectId: number;
  let milestone: { id: number; title: string };
  const ids: Record<string, number> = {};
  const fixtures: Record<string, MergeRequestJson> = {};
  const as = (who: Who) => clients.get(who)!;
  const base = () => `/api/v4/projects/${projectId}/merge_requests`;

  const send = (who: Who, method: string, path: string, json?: Record<string, unknown>) =>
    as(who).request(method, path, {
      ...(json === undefined ? {} : { json }),
      headers: { 'x-csrf-token': as(who).csrfToken },
    });
  const create = async (who: Who, fields: Record<string, unknown>): Promise<MergeRequestJson> => {
    const response = await send(who, 'POST', base(), fields);
    expect(response.status).toBe(201);
    return (await response.json()) as MergeRequestJson;
  };
  const put = (who: Who, iid: number, body: Record<string, unknown>) =>
    send(who, 'PUT', `${base()}/${iid}`, body);
  const read = async <T = MergeRequestJson>(who: Who, path: string) => {
    const response = await as(who).json<T>(path);
    expect(response.status).toBe(200);
    return response;
  };
  const row = (iid: number) =>
    server.db
      .selectFrom('merge_requests')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('iid', '=', iid)
      .executeTakeFirstOrThrow();

  /** The project's merge requests, read straight from the tables. */
  async function facts(): Promise<Fact[]> {
    const rows = await server.db
      .selectFrom('merge_requests')
      .leftJoin('milestones', 'milestones.id', 'merge_requests.milestone_id')
      .selectAll('merge_requests')
      .select('milestones.title as milestone_title')
      .where('merge_requests.project_id', '=', projectId)
      .execute();
    const mrIds = rows.map((mr) => mr.id);
    const labels = await server.db
      .selectFrom('label_links')
      .innerJoin('labels', 'labels.id', 'label_links.label_id')
      .select(['label_links.target_id', 'labels.title'])
      .where('label_links.target_type', '=', 'MergeRequest')
      .where('label_links.target_id', 'in', mrIds)
      .execute();
    const people = async (table: 'merge_request_assignees' | 'merge_request_reviewers') =>
      server.db
        .selectFrom(table)
        .select(['merge_request_id', 'user_id'])
        .where('merge_request_id', 'in', mrIds)
        .execute();
    const [assignees, reviewers] = [
      await people('merge_request_assignees'),
      await people('merge_request_reviewers'),
    ];
    return rows.map((mr) => ({
      id: mr.id,
      iid: mr.iid,
      title: mr.title,
      description: mr.description,
      state: mr.state,
      authorId: mr.author_id,
      mergeUserId: mr.merge_user_id,
      sourceBranch: mr.source_branch,
      targetBranch: mr.target_branch,
      createdAt: mr.created_at,
      updatedAt: mr.updated_at,
      mergedAt: mr.merged_at,
      milestone: mr.milestone_title,
      labels: labels.filter((link) => link.target_id === mr.id).map((link) => link.title),
      assignees: assignees.filter((link) => link.merge_request_id === mr.id).map((link) => link.user_id),
      reviewers: reviewers.filter((link) => link.merge_request_id === mr.id).map((link) => link.user_id),
    }));
  }
  const newestFirst = (a: Fact, b: Fact) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
  const mentions = (fact: Fact) => `${fact.title} ${fact.description}`.toLowerCase().includes('quokka');

  /** The iids the project list answers (every page) against those the tables say, newest first. */
  async function expectList(query: string, matches: (fact: Fact) => boolean) {
    const response = await read<MergeRequestJson[]>('reporter', `${base()}?per_page=100&${query}`);
    const expected = (await facts()).filter(matches).sort(newestFirst);
    expect(response.body.map((mr) => mr.iid)).toEqual(expected.map((fact) => fact.iid));
    expect(response.headers.get('x-total')).toBe(String(expected.length));
  }

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60 });
    clients = (await signedInClients(server)) as Map<Who, HttpClient>;
    const maintainer = new HttpClient(server.baseUrl);
    await maintainer.signIn('maintainer', TEST_PASSWORD);
    clients.set('maintainer', maintainer);
    for (const name of ['owner', 'maintainer', 'developer', 'reporter', 'guest', 'outsider']) {
      ids[name] = await userId(server, name);
    }
    const projectOf = (path: string) =>
      server.db
        .selectFrom('projects')
        .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
        .select(['projects.id', 'namespaces.traversal_ids'])
        .where('projects.full_path', '=', path)
        .executeTakeFirstOrThrow();
    const project = await projectOf(PROJECT);
    projectId = project.id;
    privateProjectId = (await projectOf(PRIVATE_PROJECT)).id;
    milestone = await server.db
      .selectFrom('milestones')
      .select(['id', 'title'])
      .where('group_id', 'in', project.traversal_ids as number[])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();

    fixtures.alpha = await create('developer', {
      title: `${WORD} alpha`,
      source_branch: 'quokka-alpha',
      target_branch: 'main',
      description: 'The first of them\n\n- [x] done\n- [ ] to do',
      labels: 'mrtest-beta,mrtest-alpha',
      assignee_ids: [ids.developer],
      reviewer_ids: [ids.maintainer],
      milestone_id: milestone.id,
      squash: true,
    });
    fixtures.bravo = await create('owner', {
      title: `${WORD} bravo`,
      source_branch: 'quokka-bravo',
      target_branch: 'main',
      labels: 'mrtest-alpha',
      assignee_id: ids.owner,
      reviewer_ids: `${ids.developer}`,
    });
    fixtures.charlie = await create('developer', {
      title: `Draft: ${WORD} charlie`,
      source_branch: 'quokka-charlie',
      target_branch: 'release',
    });
    fixtures.delta = await create('owner', {
      title: 'Koala delta',
      description: `Only the description names the ${WORD.toLowerCase()}`,
      source_branch: 'quokka-delta',
      target_branch: 'main',
    });
    fixtures.echo = await create('developer', {
      title: `${WORD} echo`,
      source_branch: 'quokka-echo',
      target_branch: 'main',
      reviewer_ids: [ids.owner, ids.maintainer],
    });
    expect((await put('owner', fixtures.delta.iid, { state_event: 'close' })).status).toBe(200);
    expect((await send('owner', 'PUT', `${base()}/${fixtures.echo.iid}/merge`)).status).toBe(200);
  });
  afterAll(() => closeCheckingRollups(server));

  describe('the MergeRequest entity', () => {
    it('answers a new merge request with 201 and every field GitLab gives, typed as GitLab types them', async () => {
      const alpha = fixtures.alpha!;
      expectShape(alpha, { ...BASIC_FIELDS, ...SINGLE_FIELDS });
      expect(alpha).toMatchObject({
        title: `${WORD} alpha`,
        state: 'opened',
        project_id: projectId,
        source_project_id: projectId,
        target_project_id: projectId,
        source_branch: 'quokka-alpha',
        target_branch: 'main',
        labels: ['mrtest-alpha', 'mrtest-beta'],
        milestone: { id: milestone.id, title: milestone.title },
        author: { username: 'developer' },
        assignee: { username: 'developer' },
        assignees: [{ username: 'developer' }],
        reviewers: [{ username: 'maintainer' }],
        merged_by: null,
        merge_user: null,
        merged_at: null,
        closed_by: null,
        closed_at: null,
        draft: false,
        work_in_progress: false,
        squash: true,
        merge_status: 'can_be_merged',
        detailed_merge_status: 'mergeable',
        has_conflicts: false,
        merge_commit_sha: null,
        subscribed: true,
        imported: false,
        imported_from: 'none',
        prepared_at: alpha.created_at,
        task_completion_status: { count: 2, completed_count: 1 },
        time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null },
        user: { can_merge: true },
        references: { short: `!${alpha.iid}`, relative: `!${alpha.iid}`, full: `${PROJECT}!${alpha.iid}` },
      });
      expect(alpha.sha).toMatch(SHA);
      expect(alpha.diff_refs).toEqual({ base_sha: null, head_sha: alpha.sha, start_sha: null });
      expect(alpha.web_url.endsWith(`/${PROJECT}/-/merge_requests/${alpha.iid}`)).toBe(true);
    });

    it('reads one merge request as GitLab shows it, with whether the reader may merge and is subscribed', async () => {
      const { body } = await read('reporter', `${base()}/${fixtures.alpha!.iid}`);
      expectShape(body, { ...BASIC_FIELDS, ...SINGLE_FIELDS });
      expect(body).toMatchObject({ iid: fixtures.alpha!.iid, subscribed: false, user: { can_merge: false } });
      const merged = (await read('reporter', `${base()}/${fixtures.echo!.iid}`)).body;
      expect(merged).toMatchObject({
        state: 'merged',
        merged_by: { username: 'owner' },
        merge_user: { username: 'owner' },
        detailed_merge_status: 'not_open',
      });
      expect(merged.merge_commit_sha).toMatch(SHA);
      const closed = (await read('reporter', `${base()}/${fixtures.delta!.iid}`)).body;
      expect(closed).toMatchObject({ state: 'closed', closed_by: { username: 'owner' } });
      expect(typeof closed.closed_at).toBe('string');
    });

    it('counts thumbs up and down as the issue entity does', async () => {
      const mr = await row(fixtures.bravo!.iid);
      const award = (userIdValue: number, name: string) => ({
        root_namespace_id: mr.root_namespace_id,
        user_id: userIdValue,
        name,
        awardable_type: 'MergeRequest' as const,
        awardable_id: mr.id,
        created_at: new Date(),
      });
      await server.db
        .insertInto('award_emoji')
        .values([
          award(ids.reporter!, 'thumbsup'),
          award(ids.developer!, 'thumbsup'),
          award(ids.guest!, 'thumbsdown'),
        ])
        .execute();
      const { body } = await read('reporter', `${base()}/${fixtures.bravo!.iid}`);
      expect(body).toMatchObject({ upvotes: 2, downvotes: 1 });
    });

    it('answers 404 for a merge request that does not exist and 400 for an iid that is no number', async () => {
      const missing = await as('reporter').json(`${base()}/99999`);
      expect(missing).toMatchObject({ status: 404, body: { message: '404 Merge Request Not Found' } });
      expect((await as('reporter').get(`${base()}/first`)).status).toBe(400);
    });
  });

  describe('lists', () => {
    it('filters the project list as the tables say, by every GitLab filter', async () => {
      const dev = ids.developer!;
      const owner = ids.owner!;
      await expectList('', () => true);
      for (const state of ['opened', 'closed', 'merged', 'locked'] as const) {
        await expectList(`state=${state}`, (fact) => fact.state === state);
      }
      await expectList('state=all', () => true);
      await expectList(`iids[]=1&iids[]=3&iids[]=${fixtures.alpha!.iid}`, (fact) =>
        [1, 3, fixtures.alpha!.iid].includes(fact.iid),
      );
      await expectList(`search=${WORD}`, mentions);
      await expectList(`search=${WORD}&in=title`, (fact) => fact.title.includes(WORD));
      await expectList(`search=${WORD}&in=description`, (fact) =>
        fact.description.toLowerCase().includes('quokka'),
      );
      await expectList('labels=mrtest-alpha', (fact) => fact.labels.includes('mrtest-alpha'));
      await expectList('labels=mrtest-alpha,mrtest-beta', (fact) =>
        ['mrtest-alpha', 'mrtest-beta'].every((label) => fact.labels.includes(label)),
      );
      await expectList('labels=None', (fact) => fact.labels.length === 0);
      await expectList('labels=Any', (fact) => fact.labels.length > 0);
      await expectList(
        `milestone=${encodeURIComponent(milestone.title)}`,
        (fact) => fact.milestone === milestone.title,
      );
      await expectList('milestone=None', (fact) => fact.milestone === null);
      await expectList('milestone=Any', (fact) => fact.milestone !== null);
      await expectList(`author_id=${owner}`, (fact) => fact.authorId === owner);
      await expectList('author_username=developer', (fact) => fact.authorId === dev);
      await expectList(`assignee_id=${dev}`, (fact) => fact.assignees.includes(dev));
      await expectList('assignee_id=None', (fact) => fact.assignees.length === 0);
      await expectList('assignee_id=Any', (fact) => fact.assignees.length > 0);
      await expectList('assignee_username=owner', (fact) => fact.assignees.includes(owner));
      await expectList(`reviewer_id=${ids.maintainer}`, (fact) => fact.reviewers.includes(ids.maintainer!));
      await expectList('reviewer_id=None', (fact) => fact.reviewers.length === 0);
      await expectList('reviewer_id=Any', (fact) => fact.reviewers.length > 0);
      await expectList('reviewer_username=developer', (fact) => fact.reviewers.includes(dev));
      await expectList(`merge_user_id=${owner}`, (fact) => fact.mergeUserId === owner);
      await expectList('merge_user_username=developer', (fact) => fact.mergeUserId === dev);
      await expectList('source_branch=quokka-charlie', (fact) => fact.sourceBranch === 'quokka-charlie');
      await expectList('target_branch=release', (fact) => fact.targetBranch === 'release');
      await expectList('wip=yes', (fact) => isDraftTitle(fact.title));
      await expectList('wip=no', (fact) => !isDraftTitle(fact.title));
    });

    it('filters by time and by what a merge request is not', async () => {
      const all = await facts();
      const middle = [...all].sort(newestFirst)[Math.floor(all.length / 2)]!;
      const at = encodeURIComponent(middle.createdAt.toISOString());
      await expectList(`created_after=${at}`, (fact) => fact.createdAt >= middle.createdAt);
      await expectList(`created_before=${at}`, (fact) => fact.createdAt <= middle.createdAt);
      const updated = encodeURIComponent(middle.updatedAt.toISOString());
      await expectList(`updated_after=${updated}`, (fact) => fact.updatedAt >= middle.updatedAt);
      await expectList(`updated_before=${updated}`, (fact) => fact.updatedAt <= middle.updatedAt);
      const dev = ids.developer!;
      await expectList('not[labels]=mrtest-alpha', (fact) => !fact.labels.includes('mrtest-alpha'));
      await expectList(
        `not[milestone]=${encodeURIComponent(milestone.title)}`,
        (fact) => fact.milestone !== milestone.title,
      );
      await expectList(`not[author_id]=${dev}`, (fact) => fact.authorId !== dev);
      await expectList('not[author_username]=owner', (fact) => fact.authorId !== ids.owner);
      await expectList(`not[assignee_id]=${dev}`, (fact) => !fact.assignees.includes(dev));
      await expectList('not[assignee_username]=owner', (fact) => !fact.assignees.includes(ids.owner!));
      await expectList(
        `not[reviewer_id]=${ids.maintainer}`,
        (fact) => !fact.reviewers.includes(ids.maintainer!),
      );
      await expectList('not[reviewer_username]=developer', (fact) => !fact.reviewers.includes(dev));
      await expectList(`search=${WORD}&not[labels]=None`, (fact) => mentions(fact) && fact.labels.length > 0);
    });

    it('orders by created_at, updated_at, title and merged_at, either way', async () => {
      const iidsOf = async (query: string) =>
        (await read<MergeRequestJson[]>('reporter', `${base()}?per_page=100&${query}`)).body.map(
          (mr) => mr.iid,
        );
      const all = await facts();
      const oldestFirst = [...all].sort((a, b) => -newestFirst(a, b)).map((fact) => fact.iid);
      expect(await iidsOf('sort=asc')).toEqual(oldestFirst);
      expect(await iidsOf('order_by=updated_at')).toEqual(
        [...all]
          .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id)
          .map((fact) => fact.iid),
      );
      // Fixture titles differ in their first letter after the word, so every collation agrees.
      const titled = all.filter(
        (fact) => fact.title.startsWith(`${WORD} `) || fact.title.startsWith('Draft:'),
      );
      expect(await iidsOf(`search=${WORD}&in=title&order_by=title&sort=asc`)).toEqual(
        titled
          .filter((fact) => fact.title.includes(WORD))
          .sort((a, b) => (a.title < b.title ? -1 : 1))
          .map((fact) => fact.iid),
      );
      expect(await iidsOf('state=merged&order_by=merged_at')).toEqual(
        all
          .filter((fact) => fact.state === 'merged')
          .sort((a, b) => b.mergedAt!.getTime() - a.mergedAt!.getTime() || b.id - a.id)
          .map((fact) => fact.iid),
      );
    });

    it('pages with GitLab’s headers', async () => {
      const total = (await facts()).length;
      const response = await read<MergeRequestJson[]>('reporter', `${base()}?per_page=5&page=2`);
      expect(response.body).toHaveLength(5);
      expect(response.headers.get('x-total')).toBe(String(total));
      expect(response.headers.get('x-total-pages')).toBe(String(Math.ceil(total / 5)));
      expect(response.headers.get('x-per-page')).toBe('5');
      expect(response.headers.get('x-page')).toBe('2');
      expect(response.headers.get('x-prev-page')).toBe('1');
      expect(response.headers.get('x-next-page')).toBe('3');
      expect(response.headers.get('link')).toMatch(/<[^>]*[?&]page=3[&>][^,]*; rel="next"/);
      const first = await read<MergeRequestJson[]>('reporter', `${base()}?per_page=5`);
      expect(first.body[0]!.iid).not.toBe(response.body[0]!.iid);
      expect(first.headers.get('x-prev-page')).toBe('');
    });

    it('reads a page in as many statements whatever its size (one per kind of related row)', async () => {
      const once = async (perPage: number) => {
        const before = server.statementCount();
        const response = await read<MergeRequestJson[]>('reporter', `${base()}?per_page=${perPage}`);
        expect(response.body).toHaveLength(perPage);
        return server.statementCount() - before;
      };
      // Measured twice, the fewer kept: a session's activity is recorded once a minute, in whichever
      // request comes then, and on a loaded machine a minute can pass mid-test.
      const statementsFor = async (perPage: number) => Math.min(await once(perPage), await once(perPage));
      const small = await statementsFor(2);
      const large = await statementsFor(40);
      // A page none of whose merge requests has a milestone skips reading milestones: one less.
      expect(large - small).toBeGreaterThanOrEqual(0);
      expect(large - small).toBeLessThanOrEqual(1);
    });

    it('gives label details and the simple view when asked', async () => {
      const detailed = await read<MergeRequestJson[]>(
        'reporter',
        `${base()}?iids[]=${fixtures.alpha!.iid}&with_labels_details=true`,
      );
      expect(detailed.body[0]!.labels).toMatchObject([{ name: 'mrtest-alpha' }, { name: 'mrtest-beta' }]);
      expect(detailed.body[0]).not.toHaveProperty('subscribed');
      const simple = await read<Record<string, unknown>[]>(
        'reporter',
        `${base()}?iids[]=${fixtures.alpha!.iid}&view=simple`,
      );
      expect(Object.keys(simple.body[0]!).sort()).toEqual([
        'created_at',
        'description',
        'id',
        'iid',
        'project_id',
        'state',
        'title',
        'updated_at',
        'web_url',
      ]);
    });

    it.each([
      ['state=draft', 'state does not have a valid value'],
      ['order_by=popularity', 'order_by does not have a valid value'],
      ['sort=sideways', 'sort does not have a valid value'],
      ['scope=mine', 'scope does not have a valid value'],
      ['wip=maybe', 'wip does not have a valid value'],
      ['in=body', 'in does not have a valid value'],
      ['author_id=1&author_username=owner', 'author_id, author_username are mutually exclusive'],
      ['reviewer_id=1&reviewer_username=owner', 'reviewer_id, reviewer_username are mutually exclusive'],
      [
        'not[author_id]=1&not[author_username]=owner',
        'not[author_id], not[author_username] are mutually exclusive',
      ],
      ['created_after=yesterday', 'created_after is invalid'],
      ['my_reaction_emoji=thumbsup', 'my_reaction_emoji is not supported'],
    ])('refuses %s with a 400 saying %s', async (query, message) => {
      const response = await as('reporter').json(`${base()}?${query}`);
      expect(response).toMatchObject({ status: 400, body: { error: message } });
    });

    it('lists a group’s merge requests with its subgroups’, and the signed-in user’s own', async () => {
      const group = await server.db
        .selectFrom('namespaces')
        .select('id')
        .where('full_path', '=', 'acme/platform')
        .executeTakeFirstOrThrow();
      const inGroup = await server.db
        .selectFrom('merge_requests')
        .innerJoin('projects', 'projects.id', 'merge_requests.project_id')
        .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
        .select(['merge_requests.id', 'namespaces.traversal_ids'])
        .execute();
      const expected = inGroup.filter((mr) => (mr.traversal_ids as number[]).includes(group.id)).length;
      const groupList = await read<MergeRequestJson[]>(
        'reporter',
        '/api/v4/groups/acme%2Fplatform/merge_requests',
      );
      expect(groupList.headers.get('x-total')).toBe(String(expected));
      const quokkas = await read<MergeRequestJson[]>(
        'reporter',
        `/api/v4/groups/acme%2Fplatform/merge_requests?search=${WORD}&per_page=100`,
      );
      expect(quokkas.body.map((mr) => mr.iid).sort()).toEqual(
        (await facts())
          .filter(mentions)
          .map((fact) => fact.iid)
          .sort(),
      );

      const countWhere = async (column: 'author_id', value: number) =>
        Number(
          (
            await server.db
              .selectFrom('merge_requests')
              .select((eb) => eb.fn.countAll<string>().as('count'))
              .where(column, '=', value)
              .executeTakeFirstOrThrow()
          ).count,
        );
      const mine = await read<MergeRequestJson[]>('developer', '/api/v4/merge_requests');
      expect(mine.headers.get('x-total')).toBe(String(await countWhere('author_id', ids.developer!)));
      expect(mine.body.every((mr) => mr.author.username === 'developer')).toBe(true);
      const reviews = await read<MergeRequestJson[]>(
        'developer',
        '/api/v4/merge_requests?scope=reviews_for_me&per_page=100',
      );
      const reviewing = await server.db
        .selectFrom('merge_request_reviewers')
        .select('merge_request_id')
        .where('user_id', '=', ids.developer!)
        .execute();
      expect(reviews.body.map((mr) => mr.id).sort()).toEqual(
        reviewing.map((link) => link.merge_request_id).sort(),
      );
      const assigned = await read<MergeRequestJson[]>(
        'developer',
        '/api/v4/merge_requests?scope=assigned_to_me&per_page=100',
      );
      expect(assigned.body.every((mr) => mr.assignees.some((user) => user.username === 'developer'))).toBe(
        true,
      );
      expect(assigned.body.map((mr) => mr.iid)).toContain(fixtures.alpha!.iid);
      expect((await as('anonymous').json('/api/v4/merge_requests')).status).toBe(401);
    });

    it('hides a private project’s merge requests from those who may not read them', async () => {
      const list = `/api/v4/projects/${privateProjectId}/merge_requests`;
      expect((await as('anonymous').json(list)).status).toBe(404);
      expect((await as('outsider').json(list)).status).toBe(404);
      expect(await as('guest').json(list)).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
      expect((await read<MergeRequestJson[]>('reporter', list)).body.length).toBeGreaterThan(0);
      expect((await as('anonymous').json(`${list}/1`)).status).toBe(404);
      expect((await as('guest').json(`${list}/1`)).status).toBe(404);
      expect((await as('reporter').json(`${list}/1`)).status).toBe(200);
      expect((await as('anonymous').json(`${list}/1/participants`)).status).toBe(404);
    });
  });

  describe('POST, PUT and DELETE', () => {
    it.each([
      [{}, 'title is missing, source_branch is missing, target_branch is missing'],
      [{ title: 'T', source_branch: 'quokka-x' }, 'target_branch is missing'],
      [
        { title: 'T', source_branch: 'a', target_branch: 'b', remove_source_branch: true },
        'remove_source_branch is not supported',
      ],
    ])('refuses a create without what GitLab requires: %j', async (body, message) => {
      const response = await send('developer', 'POST', base(), body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message });
    });

    it('refuses a second open merge request of the same branches with GitLab’s 409', async () => {
      const before = (await facts()).length;
      const response = await send('developer', 'POST', base(), {
        title: 'Again',
        source_branch: 'quokka-alpha',
        target_branch: 'main',
      });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        message: [
          `Another open merge request already exists for this source branch: !${fixtures.alpha!.iid}`,
        ],
      });
      const invalid = await send('developer', 'POST', base(), {
        title: 'T',
        source_branch: 'a..b',
        target_branch: 'main',
      });
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toEqual({ message: { source_branch: ['is invalid'] } });
      expect(
        (await send('reporter', 'POST', base(), { title: 'T', source_branch: 'r', target_branch: 'main' }))
          .status,
      ).toBe(403);
      expect(
        (await send('anonymous', 'POST', base(), { title: 'T', source_branch: 'r', target_branch: 'main' }))
          .status,
      ).toBe(401);
      expect((await facts()).length).toBe(before);
    });

    it('edits every field GitLab’s edit takes, and clears them again', async () => {
      const mr = await create('developer', {
        title: `${WORD} foxtrot`,
        source_branch: 'quokka-foxtrot',
        target_branch: 'main',
      });
      const response = await put('developer', mr.iid, {
        title: `${WORD} foxtrot, edited`,
        description: 'Now described',
        target_branch: 'release',
        labels: 'mrtest-gamma',
        assignee_ids: [ids.owner],
        reviewer_ids: [ids.maintainer, ids.owner],
        milestone_id: milestone.id,
        discussion_locked: true,
        squash: true,
      });
      expect(response.status).toBe(200);
      const edited = (await response.json()) as MergeRequestJson;
      expect(edited.reviewers.map((user) => user.username).sort()).toEqual(['maintainer', 'owner']);
      expect(edited).toMatchObject({
        title: `${WORD} foxtrot, edited`,
        description: 'Now described',
        target_branch: 'release',
        labels: ['mrtest-gamma'],
        assignees: [{ username: 'owner' }],
        milestone: { id: milestone.id },
        discussion_locked: true,
        squash: true,
      });
      const added = (await (
        await put('developer', mr.iid, { add_labels: 'mrtest-alpha' })
      ).json()) as MergeRequestJson;
      expect(added.labels).toEqual(['mrtest-alpha', 'mrtest-gamma']);
      const removed = (await (
        await put('developer', mr.iid, { remove_labels: 'mrtest-gamma' })
      ).json()) as MergeRequestJson;
      expect(removed.labels).toEqual(['mrtest-alpha']);
      const cleared = (await (
        await put('developer', mr.iid, { labels: '', assignee_ids: [0], reviewer_ids: '', milestone_id: 0 })
      ).json()) as MergeRequestJson;
      expect(cleared).toMatchObject({ labels: [], assignees: [], reviewers: [], milestone: null });
      const closed = (await (
        await put('developer', mr.iid, { state_event: 'close' })
      ).json()) as MergeRequestJson;
      expect(closed).toMatchObject({ state: 'closed', closed_by: { username: 'developer' } });
      const reopened = (await (
        await put('developer', mr.iid, { state_event: 'reopen' })
      ).json()) as MergeRequestJson;
      expect(reopened).toMatchObject({ state: 'opened', closed_by: null, closed_at: null });
    });

    it('makes a merge request a draft through its title, and ready again, with GitLab’s notes', async () => {
      const mr = await create('developer', {
        title: `${WORD} golf`,
        source_branch: 'quokka-golf',
        target_branch: 'main',
      });
      const draft = (await (
        await put('developer', mr.iid, { title: `Draft: ${WORD} golf` })
      ).json()) as MergeRequestJson;
      expect(draft).toMatchObject({
        draft: true,
        work_in_progress: true,
        detailed_merge_status: 'draft_status',
      });
      const ready = (await (
        await put('developer', mr.iid, { title: `${WORD} golf` })
      ).json()) as MergeRequestJson;
      expect(ready).toMatchObject({ draft: false, detailed_merge_status: 'mergeable' });
      const notes = await server.db
        .selectFrom('notes')
        .select('note')
        .where('noteable_type', '=', 'MergeRequest')
        .where('noteable_id', '=', mr.id)
        .where('system', '=', true)
        .orderBy('id')
        .execute();
      expect(notes.map((note) => note.note)).toEqual([
        'marked this merge request as **draft**',
        'marked this merge request as **ready**',
      ]);
    });

    it.each([
      [
        'nothing to change',
        {},
        {
          error: expect.stringMatching(
            /^assignee_id, assignee_ids, reviewer_ids, .* are missing, at least one parameter must be provided$/,
          ),
        },
      ],
      [
        'a state_event GitLab does not have',
        { state_event: 'merge' },
        { error: 'state_event does not have a valid value' },
      ],
      ['a blank title', { title: '  ' }, { error: 'title is empty' }],
      [
        'a target branch that is its source',
        { target_branch: 'quokka-bravo' },
        { message: { target_branch: ['must be different than source branch'] } },
      ],
      ['a milestone of no project here', { milestone_id: 999_999 }, undefined],
    ])('answers %s with 400 and changes nothing', async (_case, body, answer) => {
      const before = await row(fixtures.bravo!.iid);
      const response = await put('owner', fixtures.bravo!.iid, body);
      expect(response.status).toBe(400);
      if (answer) expect(await response.json()).toEqual(answer);
      expect(await row(fixtures.bravo!.iid)).toEqual(before);
    });

    it('lets developers and the author edit, and nobody below', async () => {
      const iid = fixtures.bravo!.iid;
      expect((await put('reporter', iid, { title: 'Mine now' })).status).toBe(403);
      expect((await put('guest', iid, { title: 'Mine now' })).status).toBe(403);
      expect((await put('outsider', iid, { title: 'Mine now' })).status).toBe(403);
      expect((await put('anonymous', iid, { title: 'Mine now' })).status).toBe(401);
      expect((await row(iid)).title).toBe(`${WORD} bravo`);
    });

    it('deletes for owners only', async () => {
      const mr = await create('developer', {
        title: 'Short-lived',
        source_branch: 'short-lived',
        target_branch: 'main',
      });
      const path = `${base()}/${mr.iid}`;
      expect((await send('developer', 'DELETE', path)).status).toBe(403);
      expect((await send('anonymous', 'DELETE', path)).status).toBe(401);
      expect((await send('owner', 'DELETE', path)).status).toBe(204);
      expect((await as('owner').json(path)).status).toBe(404);
    });
  });

  describe('merging', () => {
    const merge = (who: Who, iid: number, body?: Record<string, unknown>, method = 'PUT') =>
      send(who, method, `${base()}/${iid}/merge`, body);

    it('answers GitLab’s 401, 405, 409 and 422 and changes nothing', async () => {
      const mr = await create('developer', {
        title: `${WORD} hotel`,
        source_branch: 'quokka-hotel',
        target_branch: 'main',
      });
      const before = await row(mr.iid);
      const expectAnswer = async (response: Response, status: number, message: unknown) => {
        expect(response.status).toBe(status);
        expect(await response.json()).toEqual({ message });
      };
      await expectAnswer(await merge('reporter', mr.iid), 401, '401 Unauthorized');
      expect((await merge('anonymous', mr.iid)).status).toBe(401);
      await expectAnswer(
        await merge('developer', mr.iid, { sha: '0'.repeat(40) }),
        409,
        `SHA does not match HEAD of source branch: ${mr.sha}`,
      );
      await expectAnswer(await merge('developer', fixtures.charlie!.iid), 405, '405 Method Not Allowed');
      await expectAnswer(await merge('developer', fixtures.delta!.iid), 405, '405 Method Not Allowed');
      await expectAnswer(await merge('developer', fixtures.echo!.iid), 405, '405 Method Not Allowed');
      await server.db
        .updateTable('merge_requests')
        .set({ can_merge: false })
        .where('id', '=', mr.id)
        .execute();
      const conflicted = await row(mr.iid);
      await expectAnswer(await merge('developer', mr.iid), 422, 'Branch cannot be merged');
      expect(await row(mr.iid)).toEqual(conflicted);
      expect({ ...conflicted, can_merge: true }).toEqual(before);
      const read404 = await merge('developer', 99_999);
      expect(read404.status).toBe(404);
    });

    it('merges with the head’s sha, closing the issues it names with GitLab’s note', async () => {
      const issueResponse = await send('developer', 'POST', `/api/v4/projects/${projectId}/issues`, {
        title: `${WORD} issue to close`,
      });
      const issue = (await issueResponse.json()) as { id: number; iid: number; state: string };
      const mr = await create('developer', {
        title: `${WORD} india`,
        source_branch: 'quokka-india',
        target_branch: 'main',
        description: `Closes #${issue.iid}`,
      });
      const closes = await read<{ iid: number; state: string }[]>(
        'reporter',
        `${base()}/${mr.iid}/closes_issues`,
      );
      expect(closes.body.map((closing) => closing.iid)).toEqual([issue.iid]);
      const issuePath = `/api/v4/projects/${projectId}/issues/${issue.iid}`;
      const closedBy = await read<MergeRequestJson[]>('reporter', `${issuePath}/closed_by`);
      expect(closedBy.body.map((closing) => closing.iid)).toEqual([mr.iid]);
      expectShape(closedBy.body[0]!, BASIC_FIELDS);
      expect(closedBy.body[0]).not.toHaveProperty('subscribed');
      const related = await read<MergeRequestJson[]>('reporter', `${issuePath}/related_merge_requests`);
      expect(related.body.map((closing) => closing.iid)).toEqual([mr.iid]);
      expect(related.body[0]).toHaveProperty('diff_refs');
      expect(related.body[0]).not.toHaveProperty('subscribed');

      const response = await merge('developer', mr.iid, { sha: mr.sha, squash: true }, 'POST');
      expect(response.status).toBe(200);
      const merged = (await response.json()) as MergeRequestJson;
      expect(merged).toMatchObject({
        state: 'merged',
        merge_user: { username: 'developer' },
        merged_by: { username: 'developer' },
        squash: true,
        detailed_merge_status: 'not_open',
      });
      expect(merged.merge_commit_sha).toMatch(SHA);
      const issueRow = await server.db
        .selectFrom('issues')
        .selectAll()
        .where('id', '=', issue.id)
        .executeTakeFirstOrThrow();
      expect(issueRow.state).toBe('closed');
      const notes = await server.db
        .selectFrom('notes')
        .select('note')
        .where('noteable_type', '=', 'Issue')
        .where('noteable_id', '=', issue.id)
        .where('system', '=', true)
        .execute();
      expect(notes.map((note) => note.note)).toContain(`closed via merge request !${mr.iid}`);
      expect((await merge('developer', mr.iid)).status).toBe(405);
    });
  });

  describe('approvals, reviewers and participants', () => {
    const approvals = (who: Who, iid: number) =>
      read<Record<string, unknown> & { approved_by: { user: UserJson; approved_at: string }[] }>(
        who,
        `${base()}/${iid}/approvals`,
      );

    it('lets a developer approve once, never the author, and withdraw it', async () => {
      const iid = fixtures.bravo!.iid; // written by the owner, reviewed by the developer
      const approve = (who: Who, body?: Record<string, unknown>) =>
        send(who, 'POST', `${base()}/${iid}/approve`, body);
      const before = (await approvals('developer', iid)).body;
      expect(before).toMatchObject({
        iid,
        approved: true,
        approvals_required: 0,
        approvals_left: 0,
        approved_by: [],
        user_has_approved: false,
        user_can_approve: true,
      });
      expect((await approvals('owner', iid)).body).toMatchObject({ user_can_approve: false });

      expect(await (await approve('owner')).json()).toEqual({ message: '401 Unauthorized' });
      expect((await approve('reporter')).status).toBe(403);
      expect((await approve('anonymous')).status).toBe(401);
      const stale = await approve('developer', { sha: 'f'.repeat(40) });
      expect(stale.status).toBe(409);
      const approved = await approve('developer', { sha: fixtures.bravo!.sha });
      expect(approved.status).toBe(201);
      expect(await approved.json()).toMatchObject({
        approved_by: [{ user: { username: 'developer' } }],
        user_has_approved: true,
        user_can_approve: false,
      });
      const again = await approve('developer');
      expect(again.status).toBe(401);
      expect(await again.json()).toEqual({ message: '401 Unauthorized' });
      expect((await approve('maintainer')).status).toBe(201);
      const rows = await server.db
        .selectFrom('merge_request_approvals')
        .select('user_id')
        .where('merge_request_id', '=', fixtures.bravo!.id)
        .orderBy('user_id')
        .execute();
      expect(rows.map((approval) => approval.user_id)).toEqual(
        [ids.maintainer, ids.developer].sort((a, b) => a! - b!),
      );

      const state = (await approvals('reporter', iid)).body;
      expect(state.approved_by.map((approval) => approval.user.username)).toEqual([
        'developer',
        'maintainer',
      ]);
      expect(typeof state.approved_by[0]!.approved_at).toBe('string');
      expect((await read('reporter', `${base()}/${iid}/approval_state`)).body).toEqual({
        approval_rules_overwritten: false,
        rules: [],
      });
      const reviewers = await read<{ user: UserJson; state: string; created_at: string }[]>(
        'reporter',
        `${base()}/${iid}/reviewers`,
      );
      expect(reviewers.body).toMatchObject([{ user: { username: 'developer' }, state: 'approved' }]);
      expect(typeof reviewers.body[0]!.created_at).toBe('string');

      const withdrawn = await send('developer', 'POST', `${base()}/${iid}/unapprove`);
      expect(withdrawn.status).toBe(201);
      expect(await withdrawn.json()).toMatchObject({
        user_has_approved: false,
        approved_by: [{ user: { username: 'maintainer' } }],
      });
      const never = await send('developer', 'POST', `${base()}/${iid}/unapprove`);
      expect(never.status).toBe(404);
      expect(await never.json()).toEqual({ message: '404 Not Found' });
    });

    it('lists the reviewers with their review state, and the participants who may read it', async () => {
      const echo = fixtures.echo!.iid;
      const reviewers = await read<{ user: UserJson; state: string }[]>(
        'reporter',
        `${base()}/${echo}/reviewers`,
      );
      expect(reviewers.body.map((reviewer) => [reviewer.user.username, reviewer.state]).sort()).toEqual([
        ['maintainer', 'unreviewed'],
        ['owner', 'unreviewed'],
      ]);
      const participants = await read<UserJson[]>(
        'reporter',
        `${base()}/${fixtures.alpha!.iid}/participants`,
      );
      expect(participants.body.map((user) => user.username)).toEqual(['developer', 'maintainer']);
      const paged = await read<{ user: UserJson }[]>(
        'reporter',
        `${base()}/${echo}/reviewers?per_page=1&page=2`,
      );
      expect(paged.body.map((reviewer) => reviewer.user.username)).toEqual([
        reviewers.body[1]!.user.username,
      ]);
      expect(paged.headers.get('x-total')).toBe('2');
    });
  });
});
