import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';
/** In a subgroup of acme/platform/backend, where `enoether` (a guest of acme) is a Developer. */
const STORAGE_PROJECT = 'acme/platform/backend/storage/object-store';
const PRIVATE_GROUP = 'acme/security';

type Actor = Person | 'anonymous' | 'enoether';

describe.each(BACKENDS)('POST …/-/issues/bulk_update (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Actor, HttpClient>;
  let labels: { id: number; title: string }[];
  let groupMilestone: { id: number; title: string };
  const as = (actor: Actor) => clients.get(actor)!;

  const projectBulkPath = (project: string) => `/${project}/-/issues/bulk_update`;
  const groupBulkPath = (group: string) => `/groups/${group}/-/issues/bulk_update`;
  /** GitLab's client sends the fields nested under `update`, with the page's CSRF token. */
  const bulk = (actor: Actor, path: string, update: Record<string, unknown>) =>
    as(actor).request('POST', path, { json: { update }, headers: { 'x-csrf-token': as(actor).csrfToken } });
  const ids = (...issues: { id: number }[]) => issues.map((issue) => issue.id).join(',');

  const projectId = async (fullPath: string) => await projectIdOf(server, fullPath);
  const userId = async (username: string) =>
    (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;
  /** A new issue through GitLab's REST create, by the owner. */
  const create = async (project: string, title: string, fields: Record<string, unknown> = {}) => {
    const response = await as('owner').request(
      'POST',
      `/api/v4/projects/${await projectId(project)}/issues`,
      {
        json: { title, ...fields },
        headers: { 'x-csrf-token': as('owner').csrfToken },
      },
    );
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number; iid: number };
  };
  const row = (id: number) =>
    server.db.selectFrom('issues').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const labelTitles = async (issueId: number) =>
    (
      await server.db
        .selectFrom('label_links')
        .innerJoin('labels', 'labels.id', 'label_links.label_id')
        .select('labels.title')
        .where('label_links.target_type', '=', 'Issue')
        .where('label_links.target_id', '=', issueId)
        .execute()
    )
      .map((label) => label.title)
      .sort();
  const assigneeNames = async (issueId: number) =>
    (
      await server.db
        .selectFrom('issue_assignees')
        .innerJoin('users', 'users.id', 'issue_assignees.user_id')
        .select('users.username')
        .where('issue_assignees.issue_id', '=', issueId)
        .execute()
    )
      .map((user) => user.username)
      .sort();

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60 });
    clients = await signedInClients(server);
    const enoether = new HttpClient(server.baseUrl);
    await enoether.signIn('enoether', TEST_PASSWORD);
    clients.set('enoether', enoether);
    const acme = await server.db
      .selectFrom('namespaces')
      .select('id')
      .where('full_path', '=', 'acme')
      .executeTakeFirstOrThrow();
    // Plain (unscoped) labels of the top group: every issue below acme may take them.
    labels = (
      await server.db
        .selectFrom('labels')
        .select(['id', 'title'])
        .where('group_id', '=', acme.id)
        .where('title', 'not like', '%::%')
        .orderBy('id')
        .limit(3)
        .execute()
    ).map((label) => ({ id: label.id, title: label.title }));
    expect(labels).toHaveLength(3);
    groupMilestone = await server.db
      .selectFrom('milestones')
      .select(['id', 'title'])
      .where('group_id', '=', acme.id)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
  });
  afterAll(() => closeCheckingRollups(server));

  it('offers bulk edit on both issues lists to Reporters and up, and hides unreadable groups', async () => {
    const groupPage = await as('reporter').get('/groups/acme/-/issues');
    expect(groupPage.status).toBe(200);
    expect(await mountData(groupPage)).toMatchObject({
      page: 'group-issues',
      'full-path': 'acme',
      'can-bulk-update': 'true',
      'bulk-update-path': '/groups/acme/-/issues/bulk_update',
    });
    expect(await mountData(await as('guest').get('/groups/acme/-/issues'))).toMatchObject({
      page: 'group-issues',
      'can-bulk-update': 'false',
    });
    expect(await mountData(await as('reporter').get(`/${PROJECT}/-/issues`))).toMatchObject({
      page: 'project-issues',
      'can-bulk-update': 'true',
      'bulk-update-path': `/${PROJECT}/-/issues/bulk_update`,
    });
    expect((await mountData(await as('anonymous').get(`/${PROJECT}/-/issues`)))['can-bulk-update']).toBe(
      'false',
    );
    expect((await as('outsider').get(`/groups/${PRIVATE_GROUP}/-/issues`)).status).toBe(404);
    expect((await as('reporter').get(`/groups/${PRIVATE_GROUP}/-/issues`)).status).toBe(200);
  });

  it('closes and reopens the chosen issues and answers how many it updated', async () => {
    const [a, b, untouched] = [
      await create(PROJECT, 'Bulk close A'),
      await create(PROJECT, 'Bulk close B'),
      await create(PROJECT, 'Not chosen'),
    ];
    const closed = await bulk('reporter', projectBulkPath(PROJECT), {
      issuable_ids: ids(a, b),
      state_event: 'close',
    });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toEqual({ count: 2 });
    expect(await row(a.id)).toMatchObject({ state: 'closed' });
    expect((await row(a.id)).closed_at).not.toBeNull();
    expect(await row(b.id)).toMatchObject({ state: 'closed' });
    expect(await row(untouched.id)).toMatchObject({ state: 'opened' });

    const reopened = await bulk('reporter', projectBulkPath(PROJECT), {
      issuable_ids: ids(a, b),
      state_event: 'reopen',
    });
    expect(await reopened.json()).toEqual({ count: 2 });
    expect(await row(a.id)).toMatchObject({ state: 'opened', closed_at: null });
  });

  it('adds and removes labels, keeping the others each issue has', async () => {
    const [first, second, third] = labels as [(typeof labels)[0], (typeof labels)[0], (typeof labels)[0]];
    const a = await create(PROJECT, 'Labels A');
    const b = await create(PROJECT, 'Labels B');
    await bulk('developer', projectBulkPath(PROJECT), { issuable_ids: ids(a, b), add_label_ids: [first.id] });
    await bulk('developer', projectBulkPath(PROJECT), { issuable_ids: ids(b), add_label_ids: [third.id] });
    expect(await labelTitles(b.id)).toEqual([first.title, third.title].sort());
    const response = await bulk('developer', projectBulkPath(PROJECT), {
      issuable_ids: ids(a, b),
      add_label_ids: [second.id],
      remove_label_ids: [first.id],
    });
    expect(await response.json()).toEqual({ count: 2 });
    expect(await labelTitles(a.id)).toEqual([second.title]);
    expect(await labelTitles(b.id)).toEqual([second.title, third.title].sort());
  });

  it('sets and removes the milestone (0 and -1 both mean none, as in GitLab)', async () => {
    const a = await create(PROJECT, 'Milestone A');
    const b = await create(PROJECT, 'Milestone B');
    await bulk('reporter', projectBulkPath(PROJECT), {
      issuable_ids: ids(a, b),
      milestone_id: groupMilestone.id,
    });
    expect((await row(a.id)).milestone_id).toBe(groupMilestone.id);
    expect((await row(b.id)).milestone_id).toBe(groupMilestone.id);
    await bulk('reporter', projectBulkPath(PROJECT), { issuable_ids: ids(a), milestone_id: 0 });
    await bulk('reporter', projectBulkPath(PROJECT), { issuable_ids: ids(b), milestone_id: '-1' });
    expect((await row(a.id)).milestone_id).toBeNull();
    expect((await row(b.id)).milestone_id).toBeNull();
  });

  it('assigns and unassigns (the id 0), and takes GitLab’s form encoding', async () => {
    const a = await create(PROJECT, 'Assignee A', { assignee_ids: [await userId('guest')] });
    const b = await create(PROJECT, 'Assignee B');
    const assigned = await as('reporter').request('POST', projectBulkPath(PROJECT), {
      form: {
        'update[issuable_ids]': ids(a, b),
        'update[assignee_ids][]': String(await userId('developer')),
      },
      headers: { 'x-csrf-token': as('reporter').csrfToken },
    });
    expect(await assigned.json()).toEqual({ count: 2 });
    expect(await assigneeNames(a.id)).toEqual(['developer']);
    expect(await assigneeNames(b.id)).toEqual(['developer']);
    await bulk('reporter', projectBulkPath(PROJECT), { issuable_ids: ids(a, b), assignee_ids: [0] });
    expect(await assigneeNames(a.id)).toEqual([]);
    expect(await assigneeNames(b.id)).toEqual([]);
  });

  it('edits issues across the group’s subgroups, and skips those the caller may not admin', async () => {
    const api = await create(PROJECT, 'Group bulk in api');
    const storage = await create(STORAGE_PROJECT, 'Group bulk in storage');
    // A guest of acme reads both but may admin only the storage project's issues.
    const response = await bulk('enoether', groupBulkPath('acme'), {
      issuable_ids: ids(api, storage),
      state_event: 'close',
      add_label_ids: [labels[0]!.id],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ count: 1 });
    expect(await row(api.id)).toMatchObject({ state: 'opened' });
    expect(await labelTitles(api.id)).toEqual([]);
    expect(await row(storage.id)).toMatchObject({ state: 'closed' });
    expect(await labelTitles(storage.id)).toEqual([labels[0]!.title]);

    const byReporter = await bulk('reporter', groupBulkPath('acme/platform'), {
      issuable_ids: ids(api, storage),
      state_event: 'close',
    });
    expect(await byReporter.json()).toEqual({ count: 2 });
    expect(await row(api.id)).toMatchObject({ state: 'closed' });
  });

  it('skips every issue for a guest, and ignores ids of other places and unknown ones', async () => {
    const mine = await create(PROJECT, 'Guest cannot bulk edit');
    const guest = await bulk('guest', projectBulkPath(PROJECT), {
      issuable_ids: ids(mine),
      state_event: 'close',
    });
    expect(guest.status).toBe(200);
    expect(await guest.json()).toEqual({ count: 0 });
    expect(await row(mine.id)).toMatchObject({ state: 'opened' });

    const elsewhere = await create(STORAGE_PROJECT, 'Another project’s issue');
    const secret = await create(PROJECT, 'Confidential', { confidential: true });
    const mixed = await bulk('reporter', projectBulkPath(PROJECT), {
      issuable_ids: `${ids(mine, elsewhere, secret)},2147483000`,
      state_event: 'close',
    });
    // Reporters read confidential issues; the other project's issue and the unknown id are ignored.
    expect(await mixed.json()).toEqual({ count: 2 });
    expect(await row(elsewhere.id)).toMatchObject({ state: 'opened' });
  });

  it('hides unreadable groups and projects, and refuses a signed-out caller', async () => {
    const issue = await create(PROJECT, 'Out of reach');
    const update = { issuable_ids: ids(issue), state_event: 'close' };
    expect((await bulk('outsider', groupBulkPath(PRIVATE_GROUP), update)).status).toBe(404);
    expect((await bulk('outsider', projectBulkPath('acme/security/vault-audit'), update)).status).toBe(404);
    expect((await bulk('anonymous', projectBulkPath(PROJECT), update)).status).toBe(401);
    expect(await row(issue.id)).toMatchObject({ state: 'opened' });
  });

  /** The two issues' ids with a state change: a valid update that each case below spoils. */
  const spoil = (issues: string, spoilt: Record<string, unknown>) => ({
    issuable_ids: issues,
    state_event: 'close',
    ...spoilt,
  });
  it.each([
    ['no ids', 400, { issuable_ids: undefined }],
    ['a malformed id', 400, { issuable_ids: '1,two' }],
    ['a state_event GitLab does not have', 400, { state_event: 'archive' }],
    ['a malformed label id', 400, { add_label_ids: ['x'] }],
    ['nothing to change', 422, { state_event: undefined }],
    ['a milestone of no group above', 422, { milestone_id: 2_000_000_000 }],
    ['a label of no group above', 422, { add_label_ids: [2_000_000_000] }],
    ['an unknown assignee', 422, { assignee_ids: [2_000_000_000] }],
  ] as const)('answers %s with %i and changes nothing', async (_case, status, spoilt) => {
    const a = await create(PROJECT, 'Left alone A');
    const b = await create(PROJECT, 'Left alone B');
    const before = [await row(a.id), await row(b.id)];
    const response = await bulk('owner', projectBulkPath(PROJECT), spoil(ids(a, b), spoilt));
    expect(response.status).toBe(status);
    expect(((await response.json()) as { errors: string[] }).errors[0]).toEqual(expect.any(String));
    expect([await row(a.id), await row(b.id)]).toEqual(before);
  });

  it('refuses more than 100 ids with a 400 before doing any work', async () => {
    const issue = await create(PROJECT, 'One of too many');
    const many = [issue.id, ...Array.from({ length: 100 }, (_, index) => 1_000_000 + index)].join(',');
    const response = await bulk('owner', projectBulkPath(PROJECT), {
      issuable_ids: many,
      state_event: 'close',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: ['issuable_ids are too many (maximum is 100)'] });
    expect(await row(issue.id)).toMatchObject({ state: 'opened' });
    const hundred = [issue.id, ...Array.from({ length: 99 }, (_, index) => 1_000_000 + index)].join(',');
    const fine = await bulk('owner', projectBulkPath(PROJECT), {
      issuable_ids: hundred,
      state_event: 'close',
    });
    expect(await fine.json()).toEqual({ count: 1 });
  });

  it('needs the page’s CSRF token', async () => {
    const issue = await create(PROJECT, 'Forged');
    const forged = await as('owner').request('POST', projectBulkPath(PROJECT), {
      json: { update: { issuable_ids: ids(issue), state_event: 'close' } },
    });
    expect(forged.status).toBe(422);
    expect(await row(issue.id)).toMatchObject({ state: 'opened' });
  });
});
