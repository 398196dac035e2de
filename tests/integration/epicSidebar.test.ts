import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import {
  createEpic,
  dataOf,
  epicRow,
  mountData,
  NOT_AVAILABLE,
  type Person,
  signedInClients,
  userId,
} from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

/** GitLab's sidebar documents (GitLab's epic mutations), with the UI's aliases. */
const SUBSCRIBE = `mutation ($input: EpicSetSubscriptionInput!) {
  updateIssuableSubscription: epicSetSubscription(input: $input) { issuable: epic { id subscribed } errors clientMutationId }
}`;
const SUBSCRIBED = `query ($fullPath: ID!, $iid: ID) {
  workspace: group(fullPath: $fullPath) { id emailsDisabled issuable: epic(iid: $iid) { id subscribed } }
}`;
const PARTICIPANTS = `query ($fullPath: ID!, $iid: ID) {
  workspace: group(fullPath: $fullPath) { issuable: epic(iid: $iid) { id participants { count nodes { id avatarUrl name username webUrl webPath } } } }
}`;
const ANCESTORS_AND_REFERENCE = `query ($fullPath: ID!, $iid: ID) {
  workspace: group(fullPath: $fullPath) { issuable: epic(iid: $iid) {
    id reference full: reference(full: true) ancestors { nodes { id title state webUrl } }
  } }
}`;

type SubscribedAnswer = {
  workspace: {
    id: string;
    emailsDisabled: boolean;
    issuable: { id: string; subscribed: boolean } | null;
  } | null;
};
interface Participant {
  id: string;
  avatarUrl: string | null;
  name: string;
  username: string;
  webUrl: string;
  webPath: string;
}

describe.each(BACKENDS)(
  'the epic sidebar: subscription, participants, ancestors and page data (%s)',
  (backend) => {
    let server: TestServer;
    let clients: Map<Person | 'anonymous', HttpClient>;
    const as = (person: Person | 'anonymous') => clients.get(person)!;

    const subscribe = (
      person: Person | 'anonymous',
      groupPath: string,
      iid: string,
      subscribedState: boolean,
    ) =>
      as(person).graphql<{
        updateIssuableSubscription: {
          issuable: { subscribed: boolean };
          errors: string[];
          clientMutationId: string;
        };
      }>(SUBSCRIBE, { input: { groupPath, iid, subscribedState, clientMutationId: 'sub' } });
    const subscribed = async (person: Person | 'anonymous', fullPath: string, iid: string) =>
      dataOf(await as(person).graphql<SubscribedAnswer>(SUBSCRIBED, { fullPath, iid })).workspace;
    const subscriptionRows = async (epicId: number) =>
      server.db
        .selectFrom('subscriptions')
        .select(['user_id', 'subscribed'])
        .where('subscribable_type', '=', 'Epic')
        .where('subscribable_id', '=', epicId)
        .orderBy('user_id')
        .execute();
    const participants = async (person: Person | 'anonymous', fullPath: string, iid: string) =>
      dataOf(
        await as(person).graphql<{
          workspace: { issuable: { participants: { count: number; nodes: Participant[] } } | null } | null;
        }>(PARTICIPANTS, { fullPath, iid }),
      ).workspace?.issuable?.participants ?? null;
    const addNote = async (epicId: number, username: string, internal = false) =>
      server.db
        .insertInto('notes')
        .values({
          root_namespace_id: 1,
          author_id: await userId(server, username),
          noteable_type: 'Epic',
          noteable_id: epicId,
          note: `A note by ${username}`,
          confidential: internal,
        })
        .execute();

    beforeAll(async () => {
      server = await startTestServer({ backend, epics: 60, issues: 300 });
      clients = await signedInClients(server);
    });
    afterAll(() => server?.close());

    it('subscribes and unsubscribes the current user only, the author being subscribed until they opt out', async () => {
      const epic = await createEpic(as('owner'), 'acme');
      expect((await subscribed('owner', 'acme', epic.iid))?.issuable?.subscribed).toBe(true);
      expect((await subscribed('reporter', 'acme', epic.iid))?.issuable?.subscribed).toBe(false);

      const on = dataOf(await subscribe('reporter', 'acme', epic.iid, true)).updateIssuableSubscription;
      expect(on).toEqual({
        issuable: { id: epic.id, subscribed: true },
        errors: [],
        clientMutationId: 'sub',
      });
      expect((await subscribed('reporter', 'acme', epic.iid))?.issuable?.subscribed).toBe(true);
      expect((await subscribed('developer', 'acme', epic.iid))?.issuable?.subscribed).toBe(false);

      const off = dataOf(await subscribe('owner', 'acme', epic.iid, false)).updateIssuableSubscription;
      expect(off.issuable.subscribed).toBe(false);
      expect((await subscribed('owner', 'acme', epic.iid))?.issuable?.subscribed).toBe(false);
      // Asking twice for the same state keeps one row per person.
      await subscribe('reporter', 'acme', epic.iid, true);
      expect(await subscriptionRows(epic.numericId)).toEqual([
        { user_id: await userId(server, 'owner'), subscribed: false },
        { user_id: await userId(server, 'reporter'), subscribed: true },
      ]);
      expect(
        dataOf(await subscribe('reporter', 'acme', epic.iid, false)).updateIssuableSubscription.issuable,
      ).toEqual({ id: epic.id, subscribed: false });
    });

    it('refuses subscriptions from the signed out, read-only tokens and those who may not read the epic', async () => {
      const epic = await createEpic(as('owner'), 'acme');
      const secret = await createEpic(as('owner'), 'acme/security');
      const confidential = await createEpic(as('owner'), 'acme', { confidential: true });
      const refusals = [
        await subscribe('anonymous', 'acme', epic.iid, true),
        await subscribe('outsider', 'acme/security', secret.iid, true),
        await subscribe('guest', 'acme', confidential.iid, true),
        await subscribe('reporter', 'acme', 'not-an-iid', true),
        await subscribe('reporter', 'acme', '99999999', true),
        await HttpClient.withToken(server.baseUrl, await server.tokenFor('developer', ['read_api'])).graphql(
          SUBSCRIBE,
          {
            input: { groupPath: 'acme', iid: epic.iid, subscribedState: true },
          },
        ),
      ];
      for (const refused of refusals) expect(refused.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
      for (const id of [epic.numericId, secret.numericId, confidential.numericId]) {
        expect(await subscriptionRows(id)).toEqual([]);
      }
      expect(await subscribed('anonymous', 'acme', epic.iid)).toMatchObject({
        issuable: { subscribed: false },
      });
    });

    it("tells whether emails are disabled by the group's or an ancestor's owner, whom alone may switch them", async () => {
      expect((await subscribed('reporter', 'acme/product/mobile', '1'))?.emailsDisabled).toBe(true);
      expect((await subscribed('reporter', 'acme', '1'))?.emailsDisabled).toBe(false);
      const setting = (person: Person | 'anonymous', body: Record<string, unknown>) =>
        as(person).request('PUT', '/api/v4/groups/acme%2Fplatform', {
          json: body,
          headers: { 'x-csrf-token': as(person).csrfToken },
        });
      expect((await setting('reporter', { emails_disabled: true })).status).toBe(403);
      expect((await setting('anonymous', { emails_disabled: true })).status).toBe(401);
      expect((await subscribed('reporter', 'acme/platform/backend', '1'))?.emailsDisabled).toBe(false);

      const disabled = await setting('owner', { emails_disabled: true });
      expect(disabled.status).toBe(200);
      expect(await disabled.json()).toMatchObject({ emails_disabled: true, emails_enabled: false });
      // The subgroup below inherits the switch; the parent above does not.
      expect((await subscribed('reporter', 'acme/platform/backend', '1'))?.emailsDisabled).toBe(true);
      expect((await subscribed('reporter', 'acme', '1'))?.emailsDisabled).toBe(false);
      // A choice made meanwhile is still recorded, for when emails come back.
      const epic = await createEpic(as('owner'), 'acme/platform/backend');
      expect(
        dataOf(await subscribe('reporter', 'acme/platform/backend', epic.iid, true))
          .updateIssuableSubscription.errors,
      ).toEqual([]);

      expect((await setting('owner', { emails_enabled: true })).status).toBe(200);
      expect((await subscribed('reporter', 'acme/platform/backend', epic.iid))?.emailsDisabled).toBe(false);
    });

    it('lists the author, then note authors once each in order, hiding internal notes from those who may not read them', async () => {
      const epic = await createEpic(as('owner'), 'acme');
      await addNote(epic.numericId, 'developer');
      await addNote(epic.numericId, 'owner');
      await addNote(epic.numericId, 'reporter', true);
      await addNote(epic.numericId, 'developer');
      await addNote(epic.numericId, 'guest');

      const forReporter = await participants('reporter', 'acme', epic.iid);
      expect(forReporter?.nodes.map((user) => user.username)).toEqual([
        'owner',
        'developer',
        'reporter',
        'guest',
      ]);
      expect(forReporter?.count).toBe(4);
      expect(forReporter?.nodes[1]).toEqual({
        id: `gid://gitlab/User/${await userId(server, 'developer')}`,
        avatarUrl: null,
        name: 'Diego Diaz',
        username: 'developer',
        webUrl: 'http://localhost/developer',
        webPath: '/developer',
      });
      for (const person of ['anonymous', 'guest'] as const) {
        expect((await participants(person, 'acme', epic.iid))?.nodes.map((user) => user.username)).toEqual([
          'owner',
          'developer',
          'guest',
        ]);
      }
    });

    it('leaves out participants who may not read the epic, and shows none to those who may not read it', async () => {
      const confidential = await createEpic(as('owner'), 'acme', { confidential: true });
      // Written before the epic turned confidential, say: a Guest may no longer read it.
      await addNote(confidential.numericId, 'guest');
      await addNote(confidential.numericId, 'developer');
      expect(
        (await participants('reporter', 'acme', confidential.iid))?.nodes.map((user) => user.username),
      ).toEqual(['owner', 'developer']);
      expect(await participants('guest', 'acme', confidential.iid)).toBeNull();
      const secret = await createEpic(as('owner'), 'acme/security');
      expect(await participants('outsider', 'acme/security', secret.iid)).toBeNull();
      expect(
        (await participants('guest', 'acme/security', secret.iid))?.nodes.map((user) => user.username),
      ).toEqual(['owner']);
    });

    it("lists an epic's ancestors root first and its short and full references", async () => {
      const root = await createEpic(as('owner'), 'acme', { title: 'Root' });
      const middle = await createEpic(as('owner'), 'acme/platform', { title: 'Middle', parentId: root.id });
      const leaf = await createEpic(as('owner'), 'acme/platform/backend', {
        title: 'Leaf',
        parentId: middle.id,
      });
      const answer = dataOf(
        await as('anonymous').graphql<{
          workspace: {
            issuable: {
              reference: string;
              full: string;
              ancestors: { nodes: { id: string; title: string; state: string; webUrl: string }[] };
            };
          };
        }>(ANCESTORS_AND_REFERENCE, { fullPath: 'acme/platform/backend', iid: leaf.iid }),
      ).workspace.issuable;
      expect(answer.reference).toBe(`&${leaf.iid}`);
      expect(answer.full).toBe(`acme/platform/backend&${leaf.iid}`);
      expect(answer.ancestors.nodes).toEqual([
        {
          id: root.id,
          title: 'Root',
          state: 'opened',
          webUrl: `http://localhost/groups/acme/-/epics/${root.iid}`,
        },
        {
          id: middle.id,
          title: 'Middle',
          state: 'opened',
          webUrl: `http://localhost/groups/acme/platform/-/epics/${middle.iid}`,
        },
      ]);
      const top = dataOf(
        await as('anonymous').graphql<{ workspace: { issuable: { ancestors: { nodes: unknown[] } } } }>(
          ANCESTORS_AND_REFERENCE,
          { fullPath: 'acme', iid: root.iid },
        ),
      );
      expect(top.workspace.issuable.ancestors.nodes).toEqual([]);
    });

    it('gives the epic page what its sidebar needs up front, per viewer', async () => {
      const epic = await createEpic(as('owner'), 'acme/product/mobile');
      const base = '/groups/acme/product/mobile/-';
      const page = async (person: Person | 'anonymous') =>
        mountData(await as(person).get(`${base}/epics/${epic.iid}`));

      const reporter = await page('reporter');
      expect(reporter).toMatchObject({
        page: 'epic',
        'full-path': 'acme/product/mobile',
        'group-path': 'acme/product/mobile',
        iid: epic.iid,
        'epic-id': String(epic.numericId),
        'signed-in': 'true',
        'can-update': 'true',
        'can-admin': 'true',
        'can-create': 'true',
        'can-destroy': 'false',
        'allow-sub-epics': 'true',
        'epic-color-highlight': 'true',
        state: 'opened',
        confidential: 'false',
        'lock-version': String((await epicRow(server, epic.numericId)).lock_version),
        'todo-exists': 'false',
        subscribed: 'false',
        'emails-disabled': 'true',
        'author-name': 'Olivia Owens',
        'author-username': 'owner',
        'author-url': '/owner',
        endpoint: `${base}/epics/${epic.iid}`,
        'update-endpoint': `${base}/epics/${epic.iid}.json`,
        'todo-path': `${base}/todos`,
        'epics-web-url': `${base}/epics`,
        'list-epics-path': `${base}/epics`,
        'new-epic-web-url': `${base}/epics/new`,
        'labels-path': `${base}/labels.json`,
        'labels-web-url': `${base}/labels`,
        'markdown-preview-path': `${base}/preview_markdown`,
      });
      expect(reporter.created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(reporter['todo-id']).toBeUndefined();
      expect(reporter['todo-delete-path']).toBeUndefined();

      const added = (await (
        await as('reporter').request('POST', `${base}/todos`, {
          json: { issuable_id: epic.numericId, issuable_type: 'epic' },
          headers: { 'x-csrf-token': as('reporter').csrfToken },
        })
      ).json()) as { delete_path: string };
      await subscribe('reporter', 'acme/product/mobile', epic.iid, true);
      await as('reporter').graphql(
        'mutation ($iid: ID!) { updateEpic(input: { groupPath: "acme/product/mobile", iid: $iid, title: "Renamed" }) { errors } }',
        { iid: epic.iid },
      );
      const after = await page('reporter');
      expect(after).toMatchObject({
        'todo-exists': 'true',
        'todo-id': added.delete_path.split('/').pop(),
        'todo-delete-path': added.delete_path,
        subscribed: 'true',
        'lock-version': String(Number(reporter['lock-version']) + 1),
      });

      expect(await page('anonymous')).toMatchObject({
        'signed-in': 'false',
        'can-update': 'false',
        'can-admin': 'false',
        'todo-exists': 'false',
        subscribed: 'false',
      });
      expect(await page('guest')).toMatchObject({
        'signed-in': 'true',
        'can-admin': 'false',
        'can-update': 'false',
      });
      expect(await page('owner')).toMatchObject({
        'can-destroy': 'true',
        subscribed: 'true',
        'todo-exists': 'false',
      });
    });
  },
);
