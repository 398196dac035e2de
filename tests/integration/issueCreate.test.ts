import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYGROUND_MILESTONE } from '../../src/server/db/seed/workshop.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { type Person, signedInClients, userId } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { descendantCounts, epicPagePath, linkCounts, newEpic, sendJson } from './epicLinksFixtures.ts';

interface IssueJson {
  id: number;
  iid: number;
  project_id: number;
  title: string;
  confidential: boolean;
  author: { id: number; username: string };
  epic_iid: number | null;
  epic: { id: number; iid: number; group_id: number; url: string } | null;
  references: { short: string; full: string };
  web_url: string;
}

const PLAYGROUND = '/api/v4/projects/workshop%2Fplayground/issues';

/** The tree's create-issue form: POST /api/v4/projects/:id/issues with { title, epic_id }. */
describe.each(BACKENDS)('creating an issue through the REST API (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  const create = (person: Person | 'anonymous', body: Record<string, unknown>, path = PLAYGROUND) =>
    sendJson<IssueJson & { message?: unknown; error?: string }>(as(person), 'POST', path, body);
  const lastIid = async () =>
    (
      await server.db
        .selectFrom('projects')
        .select('last_issue_iid')
        .where('full_path', '=', 'workshop/playground')
        .executeTakeFirstOrThrow()
    ).last_issue_iid;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60 });
    clients = await signedInClients(server);
  });
  afterAll(() => closeCheckingRollups(server));

  it("creates an issue with the project's next iid for a Guest, answering GitLab's Issue JSON", async () => {
    const iid = (await lastIid()) + 1;
    const answer = await create('guest', { title: '  Try the playground  ', description: 'Steps' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      iid,
      title: 'Try the playground',
      confidential: false,
      author: { username: 'guest' },
      epic: null,
      epic_iid: null,
      references: { short: `#${iid}`, full: `workshop/playground#${iid}` },
      web_url: `http://localhost/workshop/playground/-/issues/${iid}`,
    });
    expect(await lastIid()).toBe(iid);
  });

  it("puts an issue created with epic_id at the top of the epic's children, counted at once", async () => {
    const epic = await newEpic(as('owner'));
    const child = await newEpic(as('owner'), 'workshop', { parent_id: epic.id });
    const answer = await create('reporter', { title: 'In the epic', epic_id: epic.id });
    expect(answer.status).toBe(201);
    expect(answer.body.epic).toMatchObject({
      id: epic.id,
      iid: epic.iid,
      url: epicPagePath(epic),
      group_id: answer.body.epic?.group_id,
    });
    expect(answer.body.epic_iid).toBe(epic.iid);
    const workshop = await server.db
      .selectFrom('namespaces')
      .select('id')
      .where('full_path', '=', 'workshop')
      .executeTakeFirstOrThrow();
    expect(answer.body.epic?.group_id).toBe(workshop.id);
    const link = await server.db
      .selectFrom('epic_issues')
      .select('relative_position')
      .where('issue_id', '=', answer.body.id)
      .executeTakeFirstOrThrow();
    const childRow = await server.db
      .selectFrom('epics')
      .select('relative_position')
      .where('id', '=', child.id)
      .executeTakeFirstOrThrow();
    expect(link.relative_position!).toBeLessThan(childRow.relative_position!);
    expect((await descendantCounts(as('owner'), 'workshop', epic.iid))?.openedIssues).toBe(1);
    const byIid = await create('reporter', { title: 'By iid', epic_iid: epic.iid });
    expect(byIid.body.epic?.id).toBe(epic.id);
  });

  it('makes an issue in a confidential epic confidential, and refuses an explicitly public one', async () => {
    const epic = await newEpic(as('owner'), 'workshop', { confidential: true });
    const answer = await create('reporter', { title: 'Secret work', epic_id: epic.id });
    expect(answer).toMatchObject({ status: 201, body: { confidential: true, epic: { id: epic.id } } });
    const before = await linkCounts(server);
    expect(
      await create('reporter', { title: 'Public work', epic_id: epic.id, confidential: false }),
    ).toMatchObject({
      status: 400,
      body: {
        message: {
          epic: [
            'Cannot assign a confidential epic to a non-confidential issue. Make the issue confidential and try again',
          ],
        },
      },
    });
    expect(await linkCounts(server)).toEqual(before);
  });

  it('refuses bad input with 400 and creates nothing', async () => {
    const acmeEpic = await newEpic(as('owner'), 'acme');
    const iid = await lastIid();
    const before = await linkCounts(server);
    expect(await create('owner', {})).toMatchObject({ status: 400, body: { error: 'title is missing' } });
    expect(await create('owner', { title: '   ' })).toMatchObject({
      status: 400,
      body: { message: { title: ["can't be blank"] } },
    });
    expect(await create('owner', { title: 'x'.repeat(256) })).toMatchObject({
      status: 400,
      body: { message: { title: ['is too long (maximum is 255 characters)'] } },
    });
    expect(await create('owner', { title: 'Heavy', weight: -1 })).toMatchObject({
      status: 400,
      body: { message: { weight: ['must be greater than or equal to 0'] } },
    });
    expect(await create('owner', { title: 'Due', due_date: '2030-02-30' })).toMatchObject({
      status: 400,
      body: { message: { due_date: ['is not a valid date'] } },
    });
    expect((await create('owner', { title: 'Odd', epic_id: 'abc' })).status).toBe(400);
    expect(await create('owner', { title: 'Elsewhere', epic_id: acmeEpic.id })).toMatchObject({
      status: 400,
      body: {
        message: {
          epic: [
            'Cannot assign an issue that does not belong under the same group (or descendant) as the epic.',
          ],
        },
      },
    });
    expect(await create('owner', { title: 'Lost', epic_id: 99999999 })).toMatchObject({
      status: 404,
      body: { message: '404 Epic Not Found' },
    });
    expect(await lastIid()).toBe(iid);
    expect(await linkCounts(server)).toEqual(before);
  });

  describe("the New issue page's metadata (issue_type, labels, milestone_id, assignee_ids)", () => {
    const playgroundMilestone = async () =>
      (
        await server.db
          .selectFrom('milestones')
          .select('id')
          .where('title', '=', PLAYGROUND_MILESTONE)
          .executeTakeFirstOrThrow()
      ).id;
    const full = {
      issue_type: 'incident',
      labels: 'triage, Needs review',
      weight: 3,
      due_date: '2026-07-01',
    };

    it('keeps every field for a Reporter and up, creating missing labels', async () => {
      const milestoneId = await playgroundMilestone();
      const assignee = await userId(server, 'reporter');
      const answer = await create('developer', {
        title: 'Checkout is down',
        ...full,
        milestone_id: milestoneId,
        assignee_ids: [assignee],
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        issue_type: 'incident',
        labels: ['Needs review', 'triage'],
        milestone: { id: milestoneId, title: PLAYGROUND_MILESTONE },
        assignees: [{ username: 'reporter' }],
        weight: 3,
        due_date: '2026-07-01',
      });
    });

    it("drops a Guest's metadata and makes their incident an issue, as GitLab does", async () => {
      const answer = await create('guest', {
        title: 'Something broke',
        ...full,
        milestone_id: await playgroundMilestone(),
        assignee_ids: [await userId(server, 'guest')],
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        issue_type: 'issue',
        labels: [],
        milestone: null,
        assignees: [],
        weight: null,
        due_date: null,
      });
    });

    it('refuses an unknown type, milestone or assignee with a 400, creating nothing', async () => {
      const iid = await lastIid();
      const before = await linkCounts(server);
      expect(await create('developer', { title: 'Typed', issue_type: 'epic' })).toMatchObject({
        status: 400,
        body: { error: 'issue_type does not have a valid value' },
      });
      expect(await create('developer', { title: 'Far', milestone_id: 99999999 })).toMatchObject({
        status: 400,
        body: { message: { milestone: ['not found'] } },
      });
      expect(await create('developer', { title: 'Ghost', assignee_ids: [99999999] })).toMatchObject({
        status: 400,
        body: { message: { assignees: ['not found'] } },
      });
      expect((await create('developer', { title: 'Odd', assignee_ids: ['x'] })).status).toBe(400);
      expect(await lastIid()).toBe(iid);
      expect(await linkCounts(server)).toEqual(before);
    });
  });

  it('answers 401 anonymous, 403 a Guest linking to an epic, 404 a project the user cannot see', async () => {
    const epic = await newEpic(as('owner'));
    const before = await linkCounts(server);
    expect(await create('anonymous', { title: 'Nobody' })).toMatchObject({
      status: 401,
      body: { message: '401 Unauthorized' },
    });
    expect(await create('guest', { title: 'Into the epic', epic_id: epic.id })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    expect(
      await create('outsider', { title: 'Peek' }, '/api/v4/projects/acme%2Fsecurity%2Fvault-audit/issues'),
    ).toMatchObject({
      status: 404,
      body: { message: '404 Project Not Found' },
    });
    expect((await sendJson(as('owner'), 'POST', PLAYGROUND, { title: 'No token' }, {})).status).toBe(422);
    expect(await linkCounts(server)).toEqual(before);
  });

  describe("the create-issue form's project list", () => {
    const projects = (client: HttpClient, search?: string) =>
      sendJson<{ path_with_namespace: string }[]>(
        client,
        'GET',
        `/api/v4/groups/workshop/projects?include_subgroups=true&order_by=last_activity_at&with_issues_enabled=true&with_shared=false&search_namespaces=true${search ? `&search=${encodeURIComponent(search)}` : ''}`,
      );

    it("lists the group's projects with GitLab's tree parameters, matching the namespace when searching", async () => {
      expect((await projects(as('guest'))).body.map((project) => project.path_with_namespace)).toEqual([
        'workshop/playground',
      ]);
      expect((await projects(as('guest'), 'Workshop')).body).toHaveLength(1);
      expect((await projects(as('guest'), 'workshop/play')).body).toHaveLength(1);
      expect((await projects(as('guest'), 'nothing-like-it')).body).toEqual([]);
      const acme = await sendJson<{ path_with_namespace: string }[]>(
        as('developer'),
        'GET',
        '/api/v4/groups/acme/projects?include_subgroups=true&order_by=last_activity_at&search_namespaces=true&search=Platform',
      );
      expect(acme.body.map((project) => project.path_with_namespace).sort()).toEqual([
        'acme/platform/backend/api',
        'acme/platform/backend/storage/object-store',
        'acme/platform/infrastructure/terraform',
      ]);
      expect(
        (await sendJson(as('guest'), 'GET', '/api/v4/groups/workshop/projects?with_shared=maybe')).status,
      ).toBe(400);
    });

    it('puts the project of the newest issue first (last_activity_at)', async () => {
      const before = await sendJson<{ path_with_namespace: string }[]>(
        as('owner'),
        'GET',
        '/api/v4/groups/acme/projects?include_subgroups=true&order_by=last_activity_at',
      );
      const last = before.body.at(-1)!.path_with_namespace;
      expect(
        (
          await create(
            'owner',
            { title: 'Fresh activity' },
            `/api/v4/projects/${encodeURIComponent(last)}/issues`,
          )
        ).status,
      ).toBe(201);
      const after = await sendJson<{ path_with_namespace: string }[]>(
        as('owner'),
        'GET',
        '/api/v4/groups/acme/projects?include_subgroups=true&order_by=last_activity_at',
      );
      expect(after.body[0]?.path_with_namespace).toBe(last);
    });

    it('finds descendant groups by search for the create-epic form', async () => {
      const found = await sendJson<{ full_path: string }[]>(
        as('reporter'),
        'GET',
        '/api/v4/groups/acme/descendant_groups?search=web',
      );
      expect(found.status).toBe(200);
      expect(found.body.map((group) => group.full_path)).toContain('acme/product/web');
      expect(found.body.every((group) => group.full_path.startsWith('acme/'))).toBe(true);
    });
  });
});
