import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import {
  type CreatedEpic,
  descendantCounts,
  epicOfIssue,
  epicPagePath,
  linkCounts,
  newEpic,
  newIssue,
  parentIdOf,
  sendJson,
} from './epicLinksFixtures.ts';

interface ChildJson {
  id: number;
  iid: number;
  title: string;
  state: string;
  reference: string;
  path: string;
  relation_path: string | null;
  confidential: boolean;
  has_children: boolean;
  has_issues: boolean;
  full_path: string;
  group_id: number;
  relative_position: number | null;
  can_admin: boolean;
  created_at: string;
  closed_at: string | null;
  epic_issue_id?: number;
}

type Issuables = { message?: string | null; issuables: ChildJson[] };

const NOT_FOUND_EPIC = 'No matching epic found. Make sure that you are adding a valid epic URL.';
const NOT_FOUND_ISSUE = 'No matching issue found. Make sure that you are adding a valid issue URL.';

describe.each(BACKENDS)("the epic tree's link endpoints (%s)", (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  const links = (epic: CreatedEpic) => `${epicPagePath(epic)}/links`;
  const issues = (epic: CreatedEpic) => `${epicPagePath(epic)}/issues`;
  const post = (person: Person | 'anonymous', path: string, references: string[]) =>
    sendJson<Issuables & { message: string }>(as(person), 'POST', path, { issuable_references: references });

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 30, issues: 90 });
    clients = await signedInClients(server);
  });
  afterAll(() => closeCheckingRollups(server));

  describe('child epics', () => {
    it('links epics named by &iid, full reference and URL, each to the top, and answers the new list', async () => {
      const parent = await newEpic(as('owner'));
      const [a, b, c] = [await newEpic(as('owner')), await newEpic(as('owner')), await newEpic(as('owner'))];
      const answer = await post('reporter', links(parent), [
        `&${a.iid}`,
        `workshop&${b.iid}  http://localhost/groups/workshop/-/epics/${c.iid}`,
      ]);
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBeNull();
      // Each went to the top in turn: the last one named leads.
      expect(answer.body.issuables.map((child) => child.id)).toEqual([c.id, b.id, a.id]);
      expect(answer.body.issuables[0]).toMatchObject({
        iid: c.iid,
        state: 'opened',
        reference: `&${c.iid}`,
        path: `/groups/workshop/-/epics/${c.iid}`,
        relation_path: `/groups/workshop/-/epics/${parent.iid}/links/${c.id}`,
        confidential: false,
        has_children: false,
        has_issues: false,
        full_path: 'workshop',
        can_admin: true,
        closed_at: null,
      });
      const positions = answer.body.issuables.map((child) => child.relative_position ?? 0);
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
      for (const child of [a, b, c]) expect(await parentIdOf(server, child.id)).toBe(parent.id);

      const listed = await sendJson<ChildJson[]>(as('anonymous'), 'GET', links(parent));
      expect(listed.status).toBe(200);
      expect(listed.body.map((child) => child.id)).toEqual([c.id, b.id, a.id]);
    });

    it("moves an epic away from its previous parent, and both parents' counts follow at once", async () => {
      const first = await newEpic(as('owner'));
      const second = await newEpic(as('owner'));
      const child = await newEpic(as('owner'), 'workshop', { parent_id: first.id });
      expect((await descendantCounts(as('owner'), 'workshop', first.iid))?.openedEpics).toBe(1);
      const answer = await post('owner', links(second), [`&${child.iid}`]);
      expect(answer.status).toBe(200);
      expect(await parentIdOf(server, child.id)).toBe(second.id);
      expect((await descendantCounts(as('owner'), 'workshop', first.iid))?.openedEpics).toBe(0);
      expect((await descendantCounts(as('owner'), 'workshop', second.iid))?.openedEpics).toBe(1);
    });

    it("answers 409 'Epic(s) already assigned' when every epic named is a child already", async () => {
      const parent = await newEpic(as('owner'));
      const child = await newEpic(as('owner'), 'workshop', { parent_id: parent.id });
      const before = await linkCounts(server);
      const answer = await post('owner', links(parent), [`&${child.iid}`]);
      expect(answer).toMatchObject({ status: 409, body: { message: 'Epic(s) already assigned' } });
      expect(await linkCounts(server)).toEqual(before);
    });

    it("answers 404 with GitLab's message when no reference names an epic the user may link", async () => {
      const parent = await newEpic(as('owner'));
      const before = await linkCounts(server);
      for (const references of [
        [],
        ['&999999'],
        ['not-a-reference'],
        ['initech&1'],
        ['#1'],
        ['nope/nope&1'],
      ]) {
        const answer = await post('owner', links(parent), references);
        expect(answer, JSON.stringify(references)).toMatchObject({
          status: 404,
          body: { message: NOT_FOUND_EPIC },
        });
      }
      expect(await linkCounts(server)).toEqual(before);
    });

    it("answers 409 'Epic hierarchy level too deep' when the link would pass 7 levels, and changes nothing", async () => {
      let deepest = await newEpic(as('owner'));
      for (let level = 2; level <= 7; level++) {
        deepest = await newEpic(as('owner'), 'workshop', { parent_id: deepest.id });
      }
      const leaf = await newEpic(as('owner'));
      const before = await linkCounts(server);
      const answer = await post('owner', links(deepest), [`&${leaf.iid}`]);
      expect(answer).toMatchObject({ status: 409, body: { message: 'Epic hierarchy level too deep' } });
      expect(await linkCounts(server)).toEqual(before);
    });

    it("answers 409 with the hierarchy rule's message for itself, an ancestor, another hierarchy and confidentiality", async () => {
      const parent = await newEpic(as('owner'));
      const child = await newEpic(as('owner'), 'workshop', { parent_id: parent.id });
      const acmeEpic = await newEpic(as('owner'), 'acme');
      const confidentialParent = await newEpic(as('owner'), 'workshop', { confidential: true });
      const publicEpic = await newEpic(as('owner'));
      const before = await linkCounts(server);
      const cases: [CreatedEpic, string, string][] = [
        [parent, `&${parent.iid}`, 'This epic cannot be added. An epic cannot be added to itself.'],
        [child, `&${parent.iid}`, 'This epic cannot be added. It is already an ancestor of the parent epic.'],
        [
          parent,
          `acme&${acmeEpic.iid}`,
          'This epic cannot be added. An epic must belong to the same group or subgroup as its parent epic.',
        ],
        [
          confidentialParent,
          `&${publicEpic.iid}`,
          'A non-confidential epic cannot be assigned to a confidential parent epic',
        ],
      ];
      for (const [target, reference, message] of cases) {
        expect(await post('owner', links(target), [reference])).toMatchObject({
          status: 409,
          body: { message },
        });
      }
      expect(await linkCounts(server)).toEqual(before);
    });

    it('lets Reporters and up link, refuses Guests (403) and anonymous visitors (401), and hides private groups (404)', async () => {
      const parent = await newEpic(as('owner'));
      for (const person of ['developer', 'reporter'] as const) {
        const child = await newEpic(as('owner'));
        expect((await post(person, links(parent), [`&${child.iid}`])).status, person).toBe(200);
      }
      const child = await newEpic(as('owner'));
      const secret = await newEpic(as('owner'), 'acme/security');
      const before = await linkCounts(server);
      expect(await post('guest', links(parent), [`&${child.iid}`])).toMatchObject({
        status: 403,
        body: { message: '403 Forbidden' },
      });
      expect((await post('outsider', links(parent), [`&${child.iid}`])).status).toBe(403);
      expect(await post('anonymous', links(parent), [`&${child.iid}`])).toMatchObject({
        status: 401,
        body: { message: 'You need to sign in or sign up before continuing.' },
      });
      expect(await sendJson(as('outsider'), 'GET', links(secret))).toMatchObject({
        status: 404,
        body: { message: '404 Group Not Found' },
      });
      expect((await post('outsider', links(secret), [`&${child.iid}`])).status).toBe(404);
      expect(await linkCounts(server)).toEqual(before);
    });

    it("refuses a session's write without the CSRF token (422) and changes nothing", async () => {
      const parent = await newEpic(as('owner'));
      const child = await newEpic(as('owner'));
      const before = await linkCounts(server);
      const answer = await sendJson(
        as('owner'),
        'POST',
        links(parent),
        { issuable_references: [`&${child.iid}`] },
        {},
      );
      expect(answer).toMatchObject({
        status: 422,
        body: { message: "Can't verify CSRF token authenticity." },
      });
      expect(await linkCounts(server)).toEqual(before);
    });

    it('answers 400 with a message for malformed input, and changes nothing', async () => {
      const parent = await newEpic(as('owner'));
      const before = await linkCounts(server);
      const headers = { 'x-csrf-token': as('owner').csrfToken };
      expect(await sendJson(as('owner'), 'POST', links(parent), { issuable_references: [5] })).toMatchObject({
        status: 400,
        body: { message: 'issuable_references is invalid' },
      });
      expect(
        await sendJson(as('owner'), 'POST', links(parent), '{"issuable_references": [', headers),
      ).toMatchObject({
        status: 400,
        body: { message: 'Malformed JSON in the request body' },
      });
      expect(await sendJson(as('owner'), 'POST', '/groups/workshop/-/epics/x1/links', {})).toMatchObject({
        status: 400,
        body: { message: 'iid is invalid' },
      });
      expect(await sendJson(as('owner'), 'DELETE', `${issues(parent)}/99999999999`)).toMatchObject({
        status: 404,
        body: { message: '404 Issue Not Found' },
      });
      expect(await linkCounts(server)).toEqual(before);
    });

    it('hides confidential children from Guests and anonymous visitors, and leaves them out of has_children', async () => {
      const parent = await newEpic(as('owner'));
      const middle = await newEpic(as('owner'), 'workshop', { parent_id: parent.id });
      await newEpic(as('owner'), 'workshop', { parent_id: middle.id, confidential: true });
      await newEpic(as('owner'), 'workshop', { parent_id: parent.id, confidential: true });
      const asReporter = await sendJson<ChildJson[]>(as('reporter'), 'GET', links(parent));
      expect(asReporter.body).toHaveLength(2);
      expect(asReporter.body.find((child) => child.id === middle.id)?.has_children).toBe(true);
      for (const person of ['guest', 'anonymous'] as const) {
        const shown = await sendJson<ChildJson[]>(as(person), 'GET', links(parent));
        expect(
          shown.body.map((child) => child.id),
          person,
        ).toEqual([middle.id]);
        expect(shown.body[0]).toMatchObject({ has_children: false, can_admin: false });
      }
    });

    it('unlinks a child epic, which keeps its own children, and answers 404 for one that is not a child', async () => {
      const parent = await newEpic(as('owner'));
      const child = await newEpic(as('owner'), 'workshop', { parent_id: parent.id });
      const grandchild = await newEpic(as('owner'), 'workshop', { parent_id: child.id });
      const stranger = await newEpic(as('owner'));
      expect((await sendJson(as('guest'), 'DELETE', `${links(parent)}/${child.id}`)).status).toBe(403);
      expect(await sendJson(as('owner'), 'DELETE', `${links(parent)}/${stranger.id}`)).toMatchObject({
        status: 404,
        body: { message: '404 Epic Not Found' },
      });
      expect((await sendJson(as('owner'), 'DELETE', `${links(parent)}/abc`)).status).toBe(400);
      const answer = await sendJson<Issuables>(as('reporter'), 'DELETE', `${links(parent)}/${child.id}`);
      expect(answer).toMatchObject({ status: 200, body: { issuables: [] } });
      expect(await parentIdOf(server, child.id)).toBeNull();
      expect(await parentIdOf(server, grandchild.id)).toBe(child.id);
      expect((await descendantCounts(as('owner'), 'workshop', parent.iid))?.openedEpics).toBe(0);
    });
  });

  describe('issues', () => {
    it('links issues named by full reference and URL, moves one from its old epic, and answers the new list', async () => {
      const parent = await newEpic(as('owner'));
      const previous = await newEpic(as('owner'));
      const first = await newIssue(as('owner'));
      const second = await newIssue(as('owner'), 'workshop/playground', { epic_id: previous.id });
      const answer = await post('reporter', issues(parent), [
        `workshop/playground#${first.iid}`,
        `http://localhost/workshop/playground/-/issues/${second.iid}`,
      ]);
      expect(answer.status).toBe(200);
      expect(answer.body.issuables.map((item) => item.id)).toEqual([second.id, first.id]);
      const link = answer.body.issuables[0]!;
      expect(link).toMatchObject({
        iid: second.iid,
        reference: `workshop/playground#${second.iid}`,
        path: `/workshop/playground/-/issues/${second.iid}`,
        relation_path: `/groups/workshop/-/epics/${parent.iid}/issues/${link.epic_issue_id}`,
        state: 'opened',
        confidential: false,
      });
      expect(await epicOfIssue(server, second.id)).toBe(parent.id);
      expect((await descendantCounts(as('owner'), 'workshop', previous.iid))?.openedIssues).toBe(0);
      expect((await descendantCounts(as('owner'), 'workshop', parent.iid))?.openedIssues).toBe(2);
    });

    it('answers 404 for issues it cannot link, 409 when all are linked, 422 for a public issue in a confidential epic', async () => {
      const parent = await newEpic(as('owner'));
      const linked = await newIssue(as('owner'), 'workshop/playground', { epic_id: parent.id });
      const confidentialParent = await newEpic(as('owner'), 'workshop', { confidential: true });
      const publicIssue = await newIssue(as('owner'));
      const before = await linkCounts(server);
      // `#1` names no project from an epic; acme's issues are outside the epic's group.
      for (const references of [['#1'], ['acme/handbook#1'], ['workshop/playground#99999'], []]) {
        expect(await post('owner', issues(parent), references), JSON.stringify(references)).toMatchObject({
          status: 404,
          body: { message: NOT_FOUND_ISSUE },
        });
      }
      expect(await post('owner', issues(parent), [`workshop/playground#${linked.iid}`])).toMatchObject({
        status: 409,
        body: { message: 'Issue(s) already assigned' },
      });
      expect(
        await post('owner', issues(confidentialParent), [`workshop/playground#${publicIssue.iid}`]),
      ).toMatchObject({
        status: 422,
        body: {
          message: `workshop/playground#${publicIssue.iid} cannot be added: Cannot assign a confidential epic to a non-confidential issue. Make the issue confidential and try again`,
        },
      });
      expect(await linkCounts(server)).toEqual(before);
    });

    it('unlinks an issue for admins only, leaving the issue, and answers 404 for a link of another epic', async () => {
      const parent = await newEpic(as('owner'));
      const other = await newEpic(as('owner'));
      const issue = await newIssue(as('owner'), 'workshop/playground', { epic_id: parent.id });
      await newIssue(as('owner'), 'workshop/playground', { epic_id: other.id });
      const listed = await sendJson<ChildJson[]>(as('guest'), 'GET', issues(parent));
      expect(listed.body).toHaveLength(1);
      expect(listed.body[0]).toMatchObject({ id: issue.id, relation_path: null, can_admin: false });
      const linkId = listed.body[0]!.epic_issue_id!;
      const otherLink = (await sendJson<ChildJson[]>(as('owner'), 'GET', issues(other))).body[0]!
        .epic_issue_id!;
      expect((await sendJson(as('guest'), 'DELETE', `${issues(parent)}/${linkId}`)).status).toBe(403);
      expect((await sendJson(as('anonymous'), 'DELETE', `${issues(parent)}/${linkId}`)).status).toBe(401);
      expect(await sendJson(as('owner'), 'DELETE', `${issues(parent)}/${otherLink}`)).toMatchObject({
        status: 404,
        body: { message: '404 Issue Not Found' },
      });
      const answer = await sendJson<Issuables>(as('reporter'), 'DELETE', `${issues(parent)}/${linkId}`);
      expect(answer).toMatchObject({ status: 200, body: { issuables: [] } });
      expect(await epicOfIssue(server, issue.id)).toBeNull();
      expect((await sendJson(as('owner'), 'GET', `/api/v4/projects/workshop%2Fplayground`)).status).toBe(200);
    });

    it("hides confidential issues from those who may not see them, and keeps them out of the parent's counts", async () => {
      const parent = await newEpic(as('owner'), 'workshop', { confidential: true });
      await newIssue(as('owner'), 'workshop/playground', { epic_id: parent.id, confidential: true });
      expect((await sendJson<ChildJson[]>(as('reporter'), 'GET', issues(parent))).body).toHaveLength(1);
      expect((await sendJson(as('guest'), 'GET', issues(parent))).status).toBe(404);
      const publicParent = await newEpic(as('owner'));
      await newIssue(as('owner'), 'workshop/playground', { epic_id: publicParent.id, confidential: true });
      expect((await sendJson<ChildJson[]>(as('guest'), 'GET', issues(publicParent))).body).toEqual([]);
      expect((await descendantCounts(as('guest'), 'workshop', publicParent.iid))?.openedIssues).toBe(0);
      expect((await descendantCounts(as('reporter'), 'workshop', publicParent.iid))?.openedIssues).toBe(1);
    });
  });
});
