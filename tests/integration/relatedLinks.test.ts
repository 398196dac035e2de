import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import {
  type CreatedEpic,
  type CreatedIssue,
  epicPagePath,
  linkCounts,
  newEpic,
  newIssue,
  sendJson,
} from './epicLinksFixtures.ts';

interface RelatedJson {
  id: number;
  iid: number;
  title: string;
  state: string;
  confidential: boolean;
  reference: string;
  path: string;
  relation_path: string | null;
  link_type: 'relates_to' | 'blocks' | 'is_blocked_by';
}

type Answer = { message?: string | null; issuables: RelatedJson[] };

describe.each(BACKENDS)('related epics and related issues (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  const relatedEpics = (epic: CreatedEpic) => `${epicPagePath(epic)}/related_epic_links`;
  const relatedIssues = (issue: CreatedIssue) => `/${issue.project}/-/issues/${issue.iid}/links`;
  const relate = (person: Person | 'anonymous', path: string, references: string[], linkType?: string) =>
    sendJson<Answer & { message: string }>(as(person), 'POST', path, {
      issuable_references: references,
      ...(linkType === undefined ? {} : { link_type: linkType }),
    });
  const epicBlocking = async (epic: CreatedEpic) => {
    const answer = await as('owner').graphql<{
      group: { epic: { blocked: boolean; blockedByCount: number; blockingCount: number } };
    }>(
      `query ($iid: ID) { group(fullPath: "workshop") { epic(iid: $iid) { blocked blockedByCount blockingCount } } }`,
      { iid: String(epic.iid) },
    );
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data?.group.epic;
  };
  const issueBlocked = async (issue: CreatedIssue) => {
    const answer = await as('owner').graphql<{ project: { issue: { blocked: boolean } } }>(
      `query ($iid: String!) { project(fullPath: "workshop/playground") { issue(iid: $iid) { blocked } } }`,
      { iid: String(issue.iid) },
    );
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data?.project.issue.blocked;
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60 });
    clients = await signedInClients(server);
  });
  afterAll(() => server?.close());

  describe('related epics', () => {
    it('relates epics, answering each link with its type from this side', async () => {
      const epic = await newEpic(as('owner'));
      const [related, blocked, blocker] = [
        await newEpic(as('owner')),
        await newEpic(as('owner')),
        await newEpic(as('owner')),
      ];
      expect((await relate('reporter', relatedEpics(epic), [`&${related.iid}`])).status).toBe(200);
      expect(
        (await relate('reporter', relatedEpics(epic), [`workshop&${blocked.iid}`], 'blocks')).status,
      ).toBe(200);
      const answer = await relate('reporter', relatedEpics(epic), [`&${blocker.iid}`], 'is_blocked_by');
      expect(answer.status).toBe(200);
      expect(answer.body.issuables.map((item) => [item.id, item.link_type])).toEqual([
        [related.id, 'relates_to'],
        [blocked.id, 'blocks'],
        [blocker.id, 'is_blocked_by'],
      ]);
      const link = answer.body.issuables[2]!;
      expect(link).toMatchObject({
        iid: blocker.iid,
        reference: `&${blocker.iid}`,
        path: `/groups/workshop/-/epics/${blocker.iid}`,
        state: 'opened',
        confidential: false,
        relation_path: expect.stringMatching(
          new RegExp(`^/groups/workshop/-/epics/${epic.iid}/related_epic_links/\\d+$`),
        ),
      });
      // is_blocked_by is stored as `blocks` from the other epic.
      const stored = await server.db
        .selectFrom('related_epic_links')
        .selectAll()
        .where('target_id', '=', epic.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ source_id: blocker.id, link_type: 'blocks' });
      const fromBlocker = await sendJson<RelatedJson[]>(as('guest'), 'GET', relatedEpics(blocker));
      expect(fromBlocker.body.map((item) => [item.id, item.link_type, item.relation_path])).toEqual([
        [epic.id, 'blocks', null],
      ]);
    });

    it("shows blocking links on the roadmap's blocked, blockedByCount and blockingCount, and drops them when removed", async () => {
      const epic = await newEpic(as('owner'));
      const blocker = await newEpic(as('owner'));
      expect(await epicBlocking(epic)).toEqual({ blocked: false, blockedByCount: 0, blockingCount: 0 });
      const answer = await relate('owner', relatedEpics(epic), [`&${blocker.iid}`], 'is_blocked_by');
      expect(await epicBlocking(epic)).toEqual({ blocked: true, blockedByCount: 1, blockingCount: 0 });
      expect(await epicBlocking(blocker)).toEqual({ blocked: false, blockedByCount: 0, blockingCount: 1 });
      const removed = await sendJson<Answer>(
        as('reporter'),
        'DELETE',
        answer.body.issuables[0]!.relation_path!,
      );
      expect(removed).toMatchObject({ status: 200, body: { issuables: [] } });
      expect(await epicBlocking(epic)).toEqual({ blocked: false, blockedByCount: 0, blockingCount: 0 });
    });

    it('answers 409 for epics related already (either way), 404 for nothing linkable, 422 for itself, 400 for a bad type', async () => {
      const epic = await newEpic(as('owner'));
      const other = await newEpic(as('owner'));
      await relate('owner', relatedEpics(other), [`&${epic.iid}`], 'blocks');
      const before = await linkCounts(server);
      expect(await relate('owner', relatedEpics(epic), [`&${other.iid}`])).toMatchObject({
        status: 409,
        body: { message: 'Epic(s) already assigned' },
      });
      expect(await relate('owner', relatedEpics(epic), ['&999999', 'junk'])).toMatchObject({
        status: 404,
        body: { message: 'No matching epic found. Make sure that you are adding a valid epic URL.' },
      });
      expect(await relate('owner', relatedEpics(epic), [`&${epic.iid}`])).toMatchObject({
        status: 422,
        body: { message: `workshop&${epic.iid} cannot be added: cannot be related to itself` },
      });
      expect(await relate('owner', relatedEpics(epic), [`&${other.iid}`], 'duplicates')).toMatchObject({
        status: 400,
        body: { message: 'link_type does not have a valid value' },
      });
      expect(await linkCounts(server)).toEqual(before);
    });

    it('lets Reporters relate, refuses Guests (403) and anonymous visitors (401), hides private epics (404)', async () => {
      const epic = await newEpic(as('owner'));
      const other = await newEpic(as('owner'));
      const secret = await newEpic(as('owner'), 'acme/security');
      const before = await linkCounts(server);
      expect((await relate('guest', relatedEpics(epic), [`&${other.iid}`])).status).toBe(403);
      expect((await relate('outsider', relatedEpics(epic), [`&${other.iid}`])).status).toBe(403);
      expect((await relate('anonymous', relatedEpics(epic), [`&${other.iid}`])).status).toBe(401);
      expect((await sendJson(as('outsider'), 'GET', relatedEpics(secret))).status).toBe(404);
      expect((await sendJson(as('anonymous'), 'GET', relatedEpics(epic))).status).toBe(200);
      expect(await linkCounts(server)).toEqual(before);
      // An epic of a private group, related by someone who may read it, stays hidden from the others.
      expect((await relate('owner', relatedEpics(epic), [`acme/security&${secret.iid}`])).status).toBe(200);
      expect((await sendJson<RelatedJson[]>(as('developer'), 'GET', relatedEpics(epic))).body).toHaveLength(
        1,
      );
      for (const person of ['outsider', 'anonymous'] as const) {
        expect((await sendJson<RelatedJson[]>(as(person), 'GET', relatedEpics(epic))).body, person).toEqual(
          [],
        );
      }
    });
  });

  describe('related issues', () => {
    it('relates issues by #iid, full reference and URL, shows the blocking side from both issues, and blocks the target', async () => {
      const issue = await newIssue(as('owner'));
      const [related, blocker] = [await newIssue(as('owner')), await newIssue(as('owner'))];
      const first = await relate('reporter', relatedIssues(issue), [`#${related.iid}`]);
      expect(first.status).toBe(200);
      const answer = await relate(
        'reporter',
        relatedIssues(issue),
        [`http://localhost/workshop/playground/-/issues/${blocker.iid}`],
        'is_blocked_by',
      );
      expect(answer.body.issuables.map((item) => [item.id, item.link_type])).toEqual([
        [related.id, 'relates_to'],
        [blocker.id, 'is_blocked_by'],
      ]);
      expect(answer.body.issuables[0]).toMatchObject({
        reference: `#${related.iid}`,
        path: `/workshop/playground/-/issues/${related.iid}`,
        relation_path: expect.stringMatching(
          new RegExp(`^/workshop/playground/-/issues/${issue.iid}/links/\\d+$`),
        ),
      });
      expect(await issueBlocked(issue)).toBe(true);
      expect(await issueBlocked(blocker)).toBe(false);
      const fromBlocker = await sendJson<RelatedJson[]>(as('guest'), 'GET', relatedIssues(blocker));
      expect(fromBlocker.body.map((item) => [item.id, item.link_type])).toEqual([[issue.id, 'blocks']]);
      expect(fromBlocker.body[0]?.relation_path).toBeNull();
      const removed = await sendJson<Answer>(
        as('reporter'),
        'DELETE',
        answer.body.issuables[1]!.relation_path!,
      );
      expect(removed.body.issuables.map((item) => item.id)).toEqual([related.id]);
      expect(await issueBlocked(issue)).toBe(false);
    });

    it('answers 409, 404 and 422 as for epics, 403 to Guests and 401 to anonymous visitors, changing nothing', async () => {
      const issue = await newIssue(as('owner'));
      const other = await newIssue(as('owner'));
      await relate('owner', relatedIssues(issue), [`workshop/playground#${other.iid}`]);
      const before = await linkCounts(server);
      expect(await relate('owner', relatedIssues(other), [`#${issue.iid}`])).toMatchObject({
        status: 409,
        body: { message: 'Issue(s) already assigned' },
      });
      expect(await relate('owner', relatedIssues(issue), ['#99999', 'playground#99999'])).toMatchObject({
        status: 404,
        body: { message: 'No matching issue found. Make sure that you are adding a valid issue URL.' },
      });
      expect(await relate('owner', relatedIssues(issue), [`#${issue.iid}`])).toMatchObject({
        status: 422,
        body: { message: `workshop/playground#${issue.iid} cannot be added: cannot be related to itself` },
      });
      expect((await relate('guest', relatedIssues(issue), [`#${other.iid}`])).status).toBe(403);
      expect((await relate('anonymous', relatedIssues(issue), [`#${other.iid}`])).status).toBe(401);
      expect((await sendJson(as('owner'), 'DELETE', `${relatedIssues(issue)}/99999`)).status).toBe(404);
      expect(
        (await sendJson(as('outsider'), 'GET', '/acme/security/vault-audit/-/issues/1/links')).status,
      ).toBe(404);
      expect(await linkCounts(server)).toEqual(before);
    });

    it('lists confidential related issues only to those who may read them', async () => {
      const issue = await newIssue(as('owner'));
      const secret = await newIssue(as('owner'), 'workshop/playground', { confidential: true });
      expect((await relate('owner', relatedIssues(issue), [`#${secret.iid}`])).status).toBe(200);
      expect((await sendJson<RelatedJson[]>(as('reporter'), 'GET', relatedIssues(issue))).body).toHaveLength(
        1,
      );
      expect((await sendJson<RelatedJson[]>(as('guest'), 'GET', relatedIssues(issue))).body).toEqual([]);
      expect((await sendJson<RelatedJson[]>(as('anonymous'), 'GET', relatedIssues(issue))).body).toEqual([]);
    });
  });
});
