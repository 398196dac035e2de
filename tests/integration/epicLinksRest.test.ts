import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import {
  type CreatedEpic,
  descendantCounts,
  epicOfIssue,
  linkCounts,
  newEpic,
  newIssue,
  parentIdOf,
  sendJson,
} from './epicLinksFixtures.ts';

interface EpicJson {
  id: number;
  iid: number;
  parent_id: number | null;
  title: string;
  confidential: boolean;
}

interface IssueJson {
  id: number;
  iid: number;
  epic_issue_id: number;
  relative_position: number | null;
}

/** GitLab's REST epic_links and epic_issues APIs, as API clients call them with tokens. */
describe.each(BACKENDS)('the REST epic links and epic issues APIs (%s)', (backend) => {
  let server: TestServer;
  let owner: HttpClient;
  let reporter: HttpClient;
  let guest: HttpClient;
  let anonymous: HttpClient;
  const api = <T = Record<string, unknown>>(
    client: HttpClient,
    method: string,
    path: string,
    json?: unknown,
  ) => sendJson<T>(client, method, `/api/v4${path}`, json, {});
  const epicsOf = (epic: CreatedEpic) => `/groups/${encodeURIComponent(epic.group)}/epics/${epic.iid}/epics`;
  const issuesOf = (epic: CreatedEpic) =>
    `/groups/${encodeURIComponent(epic.group)}/epics/${epic.iid}/issues`;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60 });
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    reporter = HttpClient.withToken(server.baseUrl, await server.tokenFor('reporter'));
    guest = HttpClient.withToken(server.baseUrl, await server.tokenFor('guest'));
    anonymous = new HttpClient(server.baseUrl);
  });
  afterAll(() => closeCheckingRollups(server));

  describe('epic links', () => {
    it('creates a child with parent_id through POST /groups/:id/epics, at the top of the existing children', async () => {
      const parent = await newEpic(owner);
      const older = await newEpic(owner, 'workshop', { parent_id: parent.id });
      const newer = await newEpic(owner, 'workshop', { parent_id: parent.id, title: 'Newest child' });
      const listed = await api<EpicJson[]>(reporter, 'GET', epicsOf(parent));
      expect(listed.status).toBe(200);
      expect(listed.body.map((epic) => epic.id)).toEqual([newer.id, older.id]);
      expect(listed.body[0]).toMatchObject({
        parent_id: parent.id,
        parent_iid: parent.iid,
        title: 'Newest child',
      });
    });

    it('links an epic by its global id (201), moving it from its old parent, and refuses what the hierarchy does not allow (409)', async () => {
      const oldParent = await newEpic(owner);
      const parent = await newEpic(owner);
      const child = await newEpic(owner, 'workshop', { parent_id: oldParent.id });
      const linked = await api(reporter, 'POST', `${epicsOf(parent)}/${child.id}`);
      expect(linked.status).toBe(201);
      expect(linked.body).toMatchObject({ id: child.id, parent_id: parent.id });
      expect((await descendantCounts(owner, 'workshop', oldParent.iid))?.openedEpics).toBe(0);
      const before = await linkCounts(server);
      expect(await api(owner, 'POST', `${epicsOf(child)}/${parent.id}`)).toMatchObject({
        status: 409,
        body: { message: 'This epic cannot be added. It is already an ancestor of the parent epic.' },
      });
      expect(await linkCounts(server)).toEqual(before);
      let deepest = await newEpic(owner);
      for (let level = 2; level <= 7; level++)
        deepest = await newEpic(owner, 'workshop', { parent_id: deepest.id });
      const leaf = await newEpic(owner);
      const beforeDepth = await linkCounts(server);
      expect(await api(owner, 'POST', `${epicsOf(deepest)}/${leaf.id}`)).toMatchObject({
        status: 409,
        body: {
          message:
            'This epic cannot be added. One or more epics would exceed the maximum depth (7) from its most distant ancestor.',
        },
      });
      expect(await linkCounts(server)).toEqual(beforeDepth);
      expect(await api(owner, 'POST', `${epicsOf(parent)}/99999999`)).toMatchObject({
        status: 404,
        body: { message: '404 Epic Not Found' },
      });
    });

    it('creates a child epic by title (201 LinkedEpic), confidential like its parent unless told', async () => {
      const parent = await newEpic(owner, 'workshop', { confidential: true });
      const created = await api<{ id: number; iid: number }>(reporter, 'POST', epicsOf(parent), {
        title: 'Secret child',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        iid: expect.any(Number),
        title: 'Secret child',
        parent_id: parent.id,
        has_children: false,
        has_issues: false,
        reference: `workshop&${created.body.iid}`,
        url: `http://localhost/groups/workshop/-/epics/${created.body.iid}`,
        relation_url: `http://localhost/groups/workshop/-/epics/${parent.iid}/links/${created.body.id}`,
      });
      const row = await server.db
        .selectFrom('epics')
        .selectAll()
        .where('id', '=', created.body.id)
        .executeTakeFirstOrThrow();
      expect(row.confidential).toBe(true);
      const before = await linkCounts(server);
      expect(
        await api(reporter, 'POST', epicsOf(parent), { title: 'Public child', confidential: false }),
      ).toMatchObject({
        status: 400,
        body: { message: 'A non-confidential epic cannot be assigned to a confidential parent epic' },
      });
      expect(await api(reporter, 'POST', epicsOf(parent), {})).toMatchObject({
        status: 400,
        body: { error: 'title is missing' },
      });
      expect(await api(reporter, 'POST', epicsOf(parent), { title: '   ' })).toMatchObject({
        status: 400,
        body: { message: { title: ["can't be blank"] } },
      });
      expect(await linkCounts(server)).toEqual(before);
    });

    it('moves a child before or after a sibling (PUT) and unlinks one (DELETE, parent_id null)', async () => {
      const parent = await newEpic(owner);
      const c = await newEpic(owner, 'workshop', { parent_id: parent.id });
      const b = await newEpic(owner, 'workshop', { parent_id: parent.id });
      const a = await newEpic(owner, 'workshop', { parent_id: parent.id });
      const order = async () => (await api<EpicJson[]>(owner, 'GET', epicsOf(parent))).body.map((e) => e.id);
      expect(await order()).toEqual([a.id, b.id, c.id]);
      const moved = await api<EpicJson[]>(reporter, 'PUT', `${epicsOf(parent)}/${a.id}`, {
        move_before_id: c.id,
      });
      expect(moved.status).toBe(200);
      expect(moved.body.map((e) => e.id)).toEqual([b.id, c.id, a.id]);
      await api(reporter, 'PUT', `${epicsOf(parent)}/${a.id}`, { move_after_id: b.id });
      expect(await order()).toEqual([a.id, b.id, c.id]);
      const stranger = await newEpic(owner);
      expect(
        await api(reporter, 'PUT', `${epicsOf(parent)}/${a.id}`, { move_after_id: stranger.id }),
      ).toMatchObject({
        status: 400,
        body: { message: { error: 'Epic could not be moved!' } },
      });
      expect((await api(reporter, 'PUT', `${epicsOf(parent)}/${a.id}`, {})).status).toBe(400);
      const removed = await api(reporter, 'DELETE', `${epicsOf(parent)}/${b.id}`);
      expect(removed).toMatchObject({ status: 200, body: { id: b.id, parent_id: null } });
      expect(await parentIdOf(server, b.id)).toBeNull();
      expect(await order()).toEqual([a.id, c.id]);
    });

    it('answers 401 to anonymous writes, 403 to Guests and 404 for private groups, changing nothing', async () => {
      const parent = await newEpic(owner);
      const child = await newEpic(owner);
      const secret = await newEpic(owner, 'acme/security');
      const before = await linkCounts(server);
      expect((await api(anonymous, 'POST', `${epicsOf(parent)}/${child.id}`)).status).toBe(401);
      expect(await api(guest, 'POST', `${epicsOf(parent)}/${child.id}`)).toMatchObject({
        status: 403,
        body: { message: '403 Forbidden' },
      });
      expect((await api(guest, 'POST', epicsOf(parent), { title: 'No' })).status).toBe(403);
      expect((await api(guest, 'DELETE', `${epicsOf(parent)}/${child.id}`)).status).toBe(403);
      const outsider = HttpClient.withToken(server.baseUrl, await server.tokenFor('outsider'));
      expect(await api(outsider, 'GET', epicsOf(secret))).toMatchObject({
        status: 404,
        body: { message: '404 Group Not Found' },
      });
      expect(await linkCounts(server)).toEqual(before);
    });
  });

  describe('epic issues', () => {
    it('lists the epic issues in tree order with epic_issue_id, paginated', async () => {
      const parent = await newEpic(owner);
      const first = await newIssue(owner, 'workshop/playground', { epic_id: parent.id });
      const second = await newIssue(owner, 'workshop/playground', { epic_id: parent.id });
      const page = await owner.request('GET', `/api/v4${issuesOf(parent)}?per_page=1`);
      expect(page.status).toBe(200);
      expect(page.headers.get('x-total')).toBe('2');
      const listed = (await page.json()) as IssueJson[];
      expect(listed.map((issue) => issue.id)).toEqual([second.id]);
      expect(listed[0]).toMatchObject({ iid: second.iid, epic_issue_id: expect.any(Number) });
      const all = (await api<IssueJson[]>(guest, 'GET', issuesOf(parent))).body;
      expect(all.map((issue) => issue.id)).toEqual([second.id, first.id]);
    });

    it('links an issue by global id (201 EpicIssueLink), 409 when it is in the epic, 404 when unreadable', async () => {
      const parent = await newEpic(owner);
      const other = await newEpic(owner);
      const issue = await newIssue(owner, 'workshop/playground', { epic_id: other.id });
      const linked = await api(reporter, 'POST', `${issuesOf(parent)}/${issue.id}`);
      expect(linked.status).toBe(201);
      expect(linked.body).toMatchObject({
        id: expect.any(Number),
        epic: { id: parent.id, iid: parent.iid, reference: `workshop&${parent.iid}` },
        issue: { id: issue.id, iid: issue.iid },
      });
      expect(await epicOfIssue(server, issue.id)).toBe(parent.id);
      const before = await linkCounts(server);
      expect(await api(reporter, 'POST', `${issuesOf(parent)}/${issue.id}`)).toMatchObject({
        status: 409,
        body: { message: 'Issue already assigned' },
      });
      expect(await api(reporter, 'POST', `${issuesOf(parent)}/99999999`)).toMatchObject({
        status: 404,
        body: { message: 'No matching issue found. Make sure that you are adding a valid issue URL.' },
      });
      const acmeIssue = await server.db
        .selectFrom('issues')
        .select('id')
        .where('project_id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(await api(owner, 'POST', `${issuesOf(parent)}/${acmeIssue.id}`)).toMatchObject({
        status: 422,
        body: {
          message: expect.stringContaining(
            'cannot be added: Cannot assign an issue that does not belong under the same group (or descendant) as the epic.',
          ),
        },
      });
      expect((await api(guest, 'POST', `${issuesOf(parent)}/${issue.id}`)).status).toBe(403);
      expect(await linkCounts(server)).toEqual(before);
    });

    it("moves an issue link among the epic's issues (PUT) and unlinks it (DELETE returns the link)", async () => {
      const parent = await newEpic(owner);
      const c = await newIssue(owner, 'workshop/playground', { epic_id: parent.id });
      const b = await newIssue(owner, 'workshop/playground', { epic_id: parent.id });
      const a = await newIssue(owner, 'workshop/playground', { epic_id: parent.id });
      const listed = (await api<IssueJson[]>(owner, 'GET', issuesOf(parent))).body;
      expect(listed.map((issue) => issue.id)).toEqual([a.id, b.id, c.id]);
      const link = (id: number) => listed.find((issue) => issue.id === id)!.epic_issue_id;
      const moved = await api<IssueJson[]>(reporter, 'PUT', `${issuesOf(parent)}/${link(a.id)}`, {
        move_before_id: link(c.id),
      });
      expect(moved.status).toBe(200);
      expect(moved.body.map((issue) => issue.id)).toEqual([b.id, c.id, a.id]);
      expect(
        await api(reporter, 'PUT', `${issuesOf(parent)}/${link(a.id)}`, { move_before_id: 99999 }),
      ).toMatchObject({
        status: 400,
        body: { message: { error: 'Issue could not be moved!' } },
      });
      const removed = await api(reporter, 'DELETE', `${issuesOf(parent)}/${link(b.id)}`);
      expect(removed).toMatchObject({
        status: 200,
        body: { id: link(b.id), issue: { id: b.id }, epic: { id: parent.id } },
      });
      expect(await epicOfIssue(server, b.id)).toBeNull();
      expect((await api(reporter, 'DELETE', `${issuesOf(parent)}/${link(b.id)}`)).status).toBe(404);
    });
  });
});
