import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../../src/core/domain/gid.ts';
import { MERGE_BLOCKED_TEXT } from '../../src/core/domain/mergeRequests.ts';
import { headSha } from '../../src/server/services/mergeRequests/mergeRequestMerge.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { NOT_AVAILABLE } from '../helpers/epicSidebar.ts';
import {
  type MergeRequestSuite,
  PLAYGROUND,
  PRIVATE_PROJECT as PRIVATE,
  startMergeRequestSuite,
  type Who,
} from '../helpers/mergeRequests.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import type { TestServer } from '../helpers/testServer.ts';

/**
 * GitLab's merge request mutations (mergeRequestCreate, mergeRequestUpdate, mergeRequestSet*,
 * mergeRequestAccept, mergeRequestReviewerRereview) and to-dos on merge requests: each one's effect on
 * the rows, and its refusal for a Reporter and an anonymous visitor.
 */

describe.each(BACKENDS)('merge request mutations in GraphQL (%s)', (backend) => {
  let suite: MergeRequestSuite;
  let server: TestServer;
  let ids: MergeRequestSuite['ids'];
  let labels: MergeRequestSuite['labels'];
  let milestone: MergeRequestSuite['milestone'];
  const query = <T>(who: Who, text: string, variables?: Record<string, unknown>) =>
    suite.query<T>(who, text, variables);
  const data = <T>(who: Who, text: string, variables?: Record<string, unknown>) =>
    suite.data<T>(who, text, variables);
  const mergeRequestRow = (path: string, iid: number) => suite.mergeRequestRow(path, iid);
  const createMergeRequest = (title: string, sourceBranch: string) =>
    suite.createMergeRequest(title, sourceBranch);
  const mutate = (who: Who, name: string, input: Record<string, unknown>, fields: string) =>
    suite.mutate(who, name, input, fields);

  beforeAll(async () => {
    suite = await startMergeRequestSuite(backend);
    ({ server, ids, labels, milestone } = suite);
  });
  afterAll(() => closeCheckingRollups(server));

  describe('the mutations', () => {
    const PEOPLE_FIELDS = `assignees { nodes { username } } reviewers { nodes { username mergeRequestInteraction { reviewState } } }`;
    const relationsOf = async (id: number) => ({
      assignees: (
        await server.db
          .selectFrom('merge_request_assignees')
          .select('user_id')
          .where('merge_request_id', '=', id)
          .execute()
      ).map((r) => r.user_id),
    });

    it('opens a merge request for a Developer, once per source branch, and for no one below', async () => {
      const input = {
        projectPath: PLAYGROUND,
        title: 'Opened here',
        sourceBranch: 'open/once',
        targetBranch: 'main',
      };
      const created = await mutate(
        'developer',
        'mergeRequestCreate',
        input,
        'title state sourceBranch author { username }',
      );
      expect(created.payload).toEqual({
        mergeRequest: {
          title: 'Opened here',
          state: 'opened',
          sourceBranch: 'open/once',
          author: { username: 'developer' },
        },
        errors: [],
      });
      const again = await mutate('developer', 'mergeRequestCreate', input, 'iid');
      expect(again.payload?.mergeRequest).toBeNull();
      expect(again.payload?.errors).toEqual([
        expect.stringMatching(/^Another open merge request already exists/),
      ]);
      for (const who of ['reporter', 'anonymous'] as const) {
        const refused = await mutate(
          who,
          'mergeRequestCreate',
          { ...input, sourceBranch: 'open/never' },
          'iid',
        );
        expect(refused.errors[0]?.message).toMatch(NOT_AVAILABLE);
      }
    });

    it('sets, adds and removes assignees and reviewers by username, with a review to-do', async () => {
      const row = await createMergeRequest('People', 'people/fixture');
      const address = { projectPath: PLAYGROUND, iid: String(row.iid) };
      const set = async (name: string, input: Record<string, unknown>) => {
        const { payload, errors } = await mutate('developer', name, { ...address, ...input }, PEOPLE_FIELDS);
        expect(errors).toEqual([]);
        expect(payload?.errors).toEqual([]);
        return payload!.mergeRequest!;
      };
      const names = (list: unknown) =>
        (list as { nodes: { username: string }[] }).nodes.map((n) => n.username);
      let answer = await set('mergeRequestSetAssignees', { assigneeUsernames: ['developer', 'reporter'] });
      expect(names(answer.assignees)).toEqual(['developer', 'reporter']);
      answer = await set('mergeRequestSetAssignees', {
        assigneeUsernames: ['owner'],
        operationMode: 'APPEND',
      });
      expect(names(answer.assignees).sort()).toEqual(['developer', 'owner', 'reporter']);
      answer = await set('mergeRequestSetAssignees', {
        assigneeUsernames: ['reporter'],
        operationMode: 'REMOVE',
      });
      expect(names(answer.assignees).sort()).toEqual(['developer', 'owner']);
      answer = await set('mergeRequestSetReviewers', { reviewerUsernames: ['reporter', 'owner'] });
      const byName = (list: unknown) =>
        [...(list as { nodes: { username: string }[] }).nodes].sort((a, b) =>
          a.username.localeCompare(b.username),
        );
      expect(byName(answer.reviewers)).toEqual([
        { username: 'owner', mergeRequestInteraction: { reviewState: 'UNREVIEWED' } },
        { username: 'reporter', mergeRequestInteraction: { reviewState: 'UNREVIEWED' } },
      ]);
      answer = await set('mergeRequestSetReviewers', {
        reviewerUsernames: ['owner'],
        operationMode: 'REMOVE',
      });
      expect(names(answer.reviewers)).toEqual(['reporter']);
      const todo = await server.db
        .selectFrom('todos')
        .select(['action', 'state', 'author_id'])
        .where('target_type', '=', 'MergeRequest')
        .where('target_id', '=', row.id)
        .where('user_id', '=', ids.reporter!)
        .where('action', '=', 9)
        .executeTakeFirst();
      expect(todo).toEqual({ action: 9, state: 'pending', author_id: ids.developer });
      const stored = await server.db
        .selectFrom('merge_request_assignees')
        .select('user_id')
        .where('merge_request_id', '=', row.id)
        .execute();
      expect(stored.map((r) => r.user_id).sort()).toEqual([ids.developer, ids.owner].sort());
      // An unknown username changes nothing.
      const unknown = await mutate(
        'developer',
        'mergeRequestSetAssignees',
        { ...address, assigneeUsernames: ['nobody-here'] },
        'iid',
      );
      expect(unknown.payload?.errors).toEqual(['assignees not found']);
      for (const who of ['reporter', 'anonymous'] as const) {
        for (const [name, input] of [
          ['mergeRequestSetAssignees', { assigneeUsernames: ['reporter'] }],
          ['mergeRequestSetReviewers', { reviewerUsernames: ['reporter'] }],
        ] as const) {
          const refused = await mutate(who, name, { ...address, ...input }, 'iid');
          expect(refused.errors[0]?.message).toMatch(NOT_AVAILABLE);
        }
      }
      expect((await relationsOf(row.id)).assignees.sort()).toEqual([ids.developer, ids.owner].sort());
    });

    it('asks a reviewer for a new review, and refuses someone who is not a reviewer', async () => {
      const row = await createMergeRequest('Rereview', 'people/rereview');
      const address = { projectPath: PLAYGROUND, iid: String(row.iid) };
      await mutate(
        'developer',
        'mergeRequestSetReviewers',
        { ...address, reviewerUsernames: ['reporter'] },
        'iid',
      );
      await server.db
        .updateTable('merge_request_reviewers')
        .set({ state: 'reviewed' })
        .where('merge_request_id', '=', row.id)
        .execute();
      const { payload } = await mutate(
        'developer',
        'mergeRequestReviewerRereview',
        { ...address, userId: toGlobalId('User', ids.reporter!) },
        'reviewers { nodes { username mergeRequestInteraction { reviewState } } }',
      );
      expect(payload).toEqual({
        mergeRequest: {
          reviewers: {
            nodes: [{ username: 'reporter', mergeRequestInteraction: { reviewState: 'UNREVIEWED' } }],
          },
        },
        errors: [],
      });
      const stranger = await mutate(
        'developer',
        'mergeRequestReviewerRereview',
        { ...address, userId: toGlobalId('User', ids.owner!) },
        'iid',
      );
      expect(stranger.payload?.errors).toEqual(['reviewer not found']);
      const refused = await mutate(
        'reporter',
        'mergeRequestReviewerRereview',
        { ...address, userId: toGlobalId('User', ids.reporter!) },
        'iid',
      );
      expect(refused.errors[0]?.message).toMatch(NOT_AVAILABLE);
    });

    it('sets labels by id, replacing, adding and removing, and the milestone', async () => {
      const row = await createMergeRequest('Labels', 'labels/fixture');
      const address = { projectPath: PLAYGROUND, iid: String(row.iid) };
      const gid = (index: number) => toGlobalId('Label', labels[index]!.id);
      const titles = async (input: Record<string, unknown>) => {
        const { payload, errors } = await mutate(
          'developer',
          'mergeRequestSetLabels',
          { ...address, ...input },
          'labels { nodes { title } }',
        );
        expect(errors).toEqual([]);
        return (payload!.mergeRequest!.labels as { nodes: { title: string }[] }).nodes
          .map((n) => n.title)
          .sort();
      };
      expect(await titles({ labelIds: [gid(0), gid(1)] })).toEqual(['mr-alpha', 'mr-beta']);
      expect(await titles({ labelIds: [gid(2)], operationMode: 'APPEND' })).toEqual([
        'mr-alpha',
        'mr-beta',
        'mr-gamma',
      ]);
      expect(await titles({ labelIds: [gid(0)], operationMode: 'REMOVE' })).toEqual(['mr-beta', 'mr-gamma']);
      const milestoneOf = async (milestoneId: string | null) =>
        (
          await mutate(
            'developer',
            'mergeRequestSetMilestone',
            { ...address, milestoneId },
            'milestone { title }',
          )
        ).payload;
      expect(await milestoneOf(toGlobalId('Milestone', milestone.id))).toEqual({
        mergeRequest: { milestone: { title: 'MR milestone' } },
        errors: [],
      });
      expect(await milestoneOf(null)).toEqual({ mergeRequest: { milestone: null }, errors: [] });
      for (const who of ['reporter', 'anonymous'] as const) {
        expect(
          (await mutate(who, 'mergeRequestSetLabels', { ...address, labelIds: [] }, 'iid')).errors[0]
            ?.message,
        ).toMatch(NOT_AVAILABLE);
        expect(
          (await mutate(who, 'mergeRequestSetMilestone', { ...address, milestoneId: null }, 'iid')).errors[0]
            ?.message,
        ).toMatch(NOT_AVAILABLE);
      }
      const links = await server.db
        .selectFrom('label_links')
        .select('label_id')
        .where('target_type', '=', 'MergeRequest')
        .where('target_id', '=', row.id)
        .execute();
      expect(links.map((l) => l.label_id).sort()).toEqual([labels[1]!.id, labels[2]!.id].sort());
    });

    it('marks as draft and ready, locks the discussion, and updates title, branch and state', async () => {
      const row = await createMergeRequest('Editable', 'edit/fixture');
      const address = { projectPath: PLAYGROUND, iid: String(row.iid) };
      const fields =
        'title draft detailedMergeStatus discussionLocked state closedAt targetBranch description';
      const run = async (name: string, input: Record<string, unknown>, who: Who = 'developer') => {
        const { payload, errors } = await mutate(who, name, { ...address, ...input }, fields);
        expect(errors).toEqual([]);
        return payload!;
      };
      expect((await run('mergeRequestSetDraft', { draft: true })).mergeRequest).toMatchObject({
        title: 'Draft: Editable',
        draft: true,
        detailedMergeStatus: 'DRAFT_STATUS',
      });
      expect((await run('mergeRequestSetDraft', { draft: false })).mergeRequest).toMatchObject({
        title: 'Editable',
        draft: false,
        detailedMergeStatus: 'MERGEABLE',
      });
      expect((await run('mergeRequestSetLocked', { locked: true })).mergeRequest).toMatchObject({
        discussionLocked: true,
      });
      const closed = await run('mergeRequestUpdate', {
        title: 'Edited',
        description: 'Now described',
        targetBranch: 'release',
        state: 'CLOSED',
      });
      expect(closed.mergeRequest).toMatchObject({
        title: 'Edited',
        description: 'Now described',
        targetBranch: 'release',
        state: 'closed',
        closedAt: expect.any(String),
        detailedMergeStatus: 'NOT_OPEN',
      });
      expect((await run('mergeRequestUpdate', { state: 'OPEN' })).mergeRequest).toMatchObject({
        state: 'opened',
        closedAt: null,
      });
      const invalid = await run('mergeRequestUpdate', { targetBranch: 'bad..branch' });
      expect(invalid).toEqual({ mergeRequest: null, errors: ['target_branch is invalid'] });
      const stored = await mergeRequestRow(PLAYGROUND, row.iid);
      expect(stored).toMatchObject({
        title: 'Edited',
        target_branch: 'release',
        state: 'opened',
        discussion_locked: true,
      });
      for (const who of ['reporter', 'anonymous'] as const) {
        for (const [name, input] of [
          ['mergeRequestSetDraft', { draft: true }],
          ['mergeRequestSetLocked', { locked: false }],
          ['mergeRequestUpdate', { title: 'Not mine' }],
        ] as const) {
          expect((await mutate(who, name, { ...address, ...input }, 'iid')).errors[0]?.message).toMatch(
            NOT_AVAILABLE,
          );
        }
      }
      expect(await mergeRequestRow(PLAYGROUND, row.iid)).toMatchObject({
        title: 'Edited',
        discussion_locked: true,
      });
    });

    it('subscribes and unsubscribes a reader, and no visitor', async () => {
      const row = await createMergeRequest('Subscription', 'subscribe/fixture');
      const address = { projectPath: PLAYGROUND, iid: String(row.iid) };
      const subscribe = (who: Who, subscribedState: boolean) =>
        mutate(who, 'mergeRequestSetSubscription', { ...address, subscribedState }, 'subscribed');
      expect((await subscribe('reporter', true)).payload).toEqual({
        mergeRequest: { subscribed: true },
        errors: [],
      });
      const choice = () =>
        server.db
          .selectFrom('subscriptions')
          .select('subscribed')
          .where('user_id', '=', ids.reporter!)
          .where('subscribable_type', '=', 'MergeRequest')
          .where('subscribable_id', '=', row.id)
          .executeTakeFirst();
      expect(await choice()).toEqual({ subscribed: true });
      expect((await subscribe('reporter', false)).payload).toEqual({
        mergeRequest: { subscribed: false },
        errors: [],
      });
      expect(await choice()).toEqual({ subscribed: false });
      // The author is subscribed until they opt out.
      expect((await subscribe('developer', false)).payload).toEqual({
        mergeRequest: { subscribed: false },
        errors: [],
      });
      expect((await subscribe('anonymous', true)).errors[0]?.message).toMatch(NOT_AVAILABLE);
    });

    it('merges only what can merge: a draft and a wrong sha are told why, a merge records who and when', async () => {
      const row = await createMergeRequest('Draft: Merge me', 'merge/fixture');
      const address = { projectPath: PLAYGROUND, iid: String(row.iid) };
      const fields = 'state mergedAt mergeUser { username } mergeCommitSha detailedMergeStatus';
      const accept = (who: Who, sha: string) =>
        mutate(who, 'mergeRequestAccept', { ...address, sha }, fields);
      const blocked = await accept('developer', headSha(row));
      expect(blocked.payload).toEqual({
        mergeRequest: {
          state: 'opened',
          mergedAt: null,
          mergeUser: null,
          mergeCommitSha: null,
          detailedMergeStatus: 'DRAFT_STATUS',
        },
        errors: [MERGE_BLOCKED_TEXT.draft_status],
      });
      await mutate('developer', 'mergeRequestSetDraft', { ...address, draft: false }, 'iid');
      const wrongSha = await accept('developer', '0'.repeat(40));
      expect(wrongSha.payload?.errors).toEqual(['SHA does not match HEAD of source branch']);
      expect(wrongSha.payload?.mergeRequest).toMatchObject({ state: 'opened' });
      for (const who of ['reporter', 'anonymous'] as const) {
        expect((await accept(who, headSha(row))).errors[0]?.message).toMatch(NOT_AVAILABLE);
      }
      const merged = await accept('developer', headSha(row));
      expect(merged.payload).toEqual({
        mergeRequest: {
          state: 'merged',
          mergedAt: expect.any(String),
          mergeUser: { username: 'developer' },
          mergeCommitSha: expect.stringMatching(/^[0-9a-f]{40}$/),
          detailedMergeStatus: 'NOT_OPEN',
        },
        errors: [],
      });
      const stored = await mergeRequestRow(PLAYGROUND, row.iid);
      expect(stored.state).toBe('merged');
      expect(stored.merge_user_id).toBe(ids.developer);
      expect(stored.merged_at?.toISOString()).toBe(merged.payload?.mergeRequest?.mergedAt);
      const again = await accept('developer', headSha(row));
      expect(again.payload?.errors).toEqual([MERGE_BLOCKED_TEXT.not_open]);
    });

    it('adds a to-do on a merge request that shows on it, in the to-do list, and can be marked done', async () => {
      const row = await createMergeRequest('To-do target', 'todo/fixture');
      const targetId = toGlobalId('MergeRequest', row.id);
      const create = async (who: Who) =>
        query<{ todoCreate: { todo: Record<string, unknown> | null; errors: string[] } }>(
          who,
          `mutation ($input: TodoCreateInput!) { todoCreate(input: $input) {
            todo { id action state targetType body targetUrl target { webUrl ... on MergeRequest { iid } } }
            errors } }`,
          { input: { targetId } },
        );
      const first = await create('reporter');
      expect(first.errors).toEqual([]);
      const todo = first.data!.todoCreate.todo!;
      expect(todo).toMatchObject({
        action: 'marked',
        state: 'pending',
        targetType: 'MERGEREQUEST',
        body: 'To-do target',
        targetUrl: `http://localhost/${PLAYGROUND}/-/merge_requests/${row.iid}`,
        target: {
          webUrl: `http://localhost/${PLAYGROUND}/-/merge_requests/${row.iid}`,
          iid: String(row.iid),
        },
      });
      // A second click answers the pending one.
      expect((await create('reporter')).data!.todoCreate.todo!.id).toBe(todo.id);
      const onIt = await data<{ mergeRequest: { currentUserTodos: { nodes: { id: string }[] } } }>(
        'reporter',
        `query ($id: ID!) { mergeRequest(id: $id) { currentUserTodos(state: pending) { nodes { id } } } }`,
        { id: targetId },
      );
      expect(onIt.mergeRequest.currentUserTodos.nodes).toEqual([{ id: todo.id }]);
      const listed = await data<{ currentUser: { todos: { nodes: { id: string }[] } } }>(
        'reporter',
        '{ currentUser { todos(type: [MERGEREQUEST], state: [pending]) { nodes { id } } } }',
      );
      expect(listed.currentUser.todos.nodes.map((node) => node.id)).toContain(todo.id);
      const done = await query<{ todoMarkDone: { todo: { state: string } } }>(
        'reporter',
        'mutation ($input: TodoMarkDoneInput!) { todoMarkDone(input: $input) { todo { state } } }',
        { input: { id: todo.id } },
      );
      expect(done.data?.todoMarkDone.todo.state).toBe('done');
      expect((await create('anonymous')).errors[0]?.message).toMatch(NOT_AVAILABLE);
      const hidden = await mergeRequestRow(PRIVATE, 1);
      const guest = await query(
        'guest',
        `mutation ($input: TodoCreateInput!) { todoCreate(input: $input) { errors } }`,
        {
          input: { targetId: toGlobalId('MergeRequest', hidden.id) },
        },
      );
      expect(guest.errors[0]?.message).toMatch(NOT_AVAILABLE);
    });
  });
});
