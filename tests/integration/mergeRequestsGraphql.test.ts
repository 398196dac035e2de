import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../../src/core/domain/gid.ts';
import type { MergeRequestRow } from '../../src/server/db/schema.ts';
import { headSha } from '../../src/server/services/mergeRequests/mergeRequestMerge.ts';
import { BACKENDS } from '../helpers/backends.ts';
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
 * GitLab's MergeRequest type and merge request lists: fields and shapes, filters and sorts checked
 * against the rows, keyset pages, and the statements a page costs. The mutations have their suite
 * (mergeRequestMutationsGraphql.test.ts).
 */

/** Where the list suites read: a project of this suite's own, filled with BULK merge requests. */
const LISTS = 'workshop/mr-lists';
const BULK = 55;
const HOUR_MS = 3_600_000;
const BASE_MS = Date.UTC(2026, 0, 5, 9);
const WORDS = ['alpha', 'gamma', 'delta', 'omega', 'sigma'];

interface Relations {
  readonly rows: MergeRequestRow[];
  readonly assignees: Map<number, string[]>;
  readonly reviewers: Map<number, string[]>;
  readonly labels: Map<number, string[]>;
  readonly milestones: Map<number, string>;
  readonly users: Map<number, string>;
}

describe.each(BACKENDS)('merge requests in GraphQL (%s)', (backend) => {
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
  let listsProjectId: number;

  /** Every merge request of the lists project with its people, labels and milestone, from the rows. */
  const relations = async (): Promise<Relations> => {
    const rows = await server.db
      .selectFrom('merge_requests')
      .selectAll()
      .where('project_id', '=', listsProjectId)
      .execute();
    const users = new Map(
      (await server.db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [
        u.id,
        u.username,
      ]),
    );
    const people = async (table: 'merge_request_assignees' | 'merge_request_reviewers') => {
      const byId = new Map<number, string[]>();
      for (const row of await server.db.selectFrom(table).select(['merge_request_id', 'user_id']).execute()) {
        byId.set(row.merge_request_id, [...(byId.get(row.merge_request_id) ?? []), users.get(row.user_id)!]);
      }
      return byId;
    };
    const labelled = new Map<number, string[]>();
    const links = await server.db
      .selectFrom('label_links')
      .innerJoin('labels', 'labels.id', 'label_links.label_id')
      .select(['label_links.target_id', 'labels.title'])
      .where('label_links.target_type', '=', 'MergeRequest')
      .execute();
    for (const link of links) {
      labelled.set(link.target_id, [...(labelled.get(link.target_id) ?? []), link.title]);
    }
    const milestones = new Map(
      (await server.db.selectFrom('milestones').select(['id', 'title']).execute()).map((m) => [
        m.id,
        m.title,
      ]),
    );
    return {
      rows,
      assignees: await people('merge_request_assignees'),
      reviewers: await people('merge_request_reviewers'),
      labels: labelled,
      milestones,
      users,
    };
  };

  const listIids = async (who: Who, path: string, args: string) => {
    const answer = await data<{ project: { mergeRequests: { count: number; nodes: { iid: string }[] } } }>(
      who,
      `{ project(fullPath: "${path}") { mergeRequests(first: 100${args ? `, ${args}` : ''}) { count nodes { iid } } } }`,
    );
    const { count, nodes } = answer.project.mergeRequests;
    return { count, iids: nodes.map((node) => Number(node.iid)) };
  };

  /** Inserts the lists project's merge requests: every state, drafts, branches, people and labels. */
  const insertBulk = async (rootNamespaceId: number) => {
    const author = ['developer', 'maintainer', 'owner'];
    for (let i = 1; i <= BULK; i++) {
      const createdMs = BASE_MS + i * 7 * HOUR_MS;
      const state = i % 3 === 0 ? 'merged' : i % 5 === 0 ? 'closed' : 'opened';
      const finishedAt = new Date(createdMs + ((i * 11) % 17) * 24 * HOUR_MS);
      const word = WORDS[i % WORDS.length]!;
      const row = await server.db
        .insertInto('merge_requests')
        .values({
          root_namespace_id: rootNamespaceId,
          project_id: listsProjectId,
          iid: i,
          author_id: ids[author[i % 3]!]!,
          title: `${i % 7 === 0 ? 'Draft: ' : ''}Bulk change ${String(i).padStart(3, '0')} ${word}`,
          description: i % 4 === 0 ? `Touches the ${word} module` : '',
          state,
          source_branch: `feature/${i}`,
          target_branch: i % 4 === 0 ? 'release' : 'main',
          can_merge: i % 13 !== 0,
          created_at: new Date(createdMs),
          updated_at: new Date(createdMs + ((i * 37) % 50) * HOUR_MS),
          merged_at: state === 'merged' ? finishedAt : null,
          merge_user_id: state === 'merged' ? ids.maintainer! : null,
          closed_at: state === 'closed' ? finishedAt : null,
          milestone_id: i % 6 === 0 ? milestone.id : null,
        })
        .returning(['id', 'root_namespace_id'])
        .executeTakeFirstOrThrow();
      const people = (table: 'merge_request_assignees' | 'merge_request_reviewers', names: string[]) =>
        names.length === 0
          ? Promise.resolve()
          : server.db
              .insertInto(table)
              .values(
                names.map((name) => ({
                  root_namespace_id: rootNamespaceId,
                  merge_request_id: row.id,
                  user_id: ids[name]!,
                })),
              )
              .execute()
              .then(() => undefined);
      await people('merge_request_assignees', [
        ...(i % 2 === 0 ? ['developer'] : []),
        ...(i % 3 === 0 ? ['maintainer'] : []),
      ]);
      await people('merge_request_reviewers', [
        ...(i % 4 === 1 ? ['reporter'] : []),
        ...(i % 5 === 2 ? ['owner'] : []),
      ]);
      const labelTitles = [...(i % 3 === 1 ? [0] : []), ...(i % 4 === 2 ? [1, 2] : [])];
      for (const index of labelTitles) {
        await server.db
          .insertInto('label_links')
          .values({
            root_namespace_id: rootNamespaceId,
            label_id: labels[index]!.id,
            target_type: 'MergeRequest',
            target_id: row.id,
          })
          .execute();
      }
    }
    await server.db
      .updateTable('projects')
      .set({ last_merge_request_iid: BULK })
      .where('id', '=', listsProjectId)
      .execute();
  };

  beforeAll(async () => {
    suite = await startMergeRequestSuite(backend);
    ({ server, ids, labels, milestone } = suite);
    const owner = suite.as('owner');
    const created = await owner.request('POST', '/api/v4/projects', {
      json: { name: 'MR lists', path: 'mr-lists', namespace_id: suite.workshop.id, visibility: 'public' },
      headers: { 'x-csrf-token': owner.csrfToken },
    });
    expect(created.status).toBe(201);
    listsProjectId = ((await created.json()) as { id: number }).id;
    await insertBulk(suite.workshop.rootNamespaceId);
  });
  afterAll(() => closeCheckingRollups(server));

  describe('a merge request', () => {
    let fixture: MergeRequestRow;

    beforeAll(async () => {
      fixture = await createMergeRequest('Field <fixture> & more', 'fields/fixture');
      await server.db
        .updateTable('merge_requests')
        .set({ description: 'Steps:\n\n- [x] one\n- [ ] two', milestone_id: milestone.id })
        .where('id', '=', fixture.id)
        .execute();
      // People are listed in the order they were added.
      const at = (name: string, second = 0) => ({
        root_namespace_id: fixture.root_namespace_id,
        merge_request_id: fixture.id,
        user_id: ids[name]!,
        created_at: new Date(BASE_MS + second * 1000),
      });
      await server.db
        .insertInto('merge_request_assignees')
        .values([at('developer'), at('reporter', 1)])
        .execute();
      await server.db
        .insertInto('merge_request_reviewers')
        .values([
          { ...at('reporter'), state: 'reviewed' },
          { ...at('owner', 1), state: 'unreviewed' },
        ])
        .execute();
      await server.db
        .insertInto('merge_request_approvals')
        .values({ ...at('owner'), created_at: new Date() })
        .execute();
      await server.db
        .insertInto('label_links')
        .values({
          root_namespace_id: fixture.root_namespace_id,
          label_id: labels[0]!.id,
          target_type: 'MergeRequest',
          target_id: fixture.id,
        })
        .execute();
      fixture = await mergeRequestRow(PLAYGROUND, fixture.iid);
    });

    const FIELDS = `id iid title titleHtml description descriptionHtml state draft createdAt updatedAt
      mergedAt closedAt sourceBranch targetBranch mergeable detailedMergeStatus mergeStatusEnum conflicts
      shouldBeRebased diffHeadSha mergeCommitSha squash approved approvalsRequired approvalsLeft
      subscribed discussionLocked userNotesCount upvotes downvotes reference(full: true) webUrl webPath
      projectId sourceProjectId targetProjectId timeEstimate totalTimeSpent
      taskCompletionStatus { count completedCount } project { fullPath } milestone { title }
      mergeUser { username } labels { nodes { title } }`;

    it('answers its fields in GitLab’s names and shapes', async () => {
      const answer = await data<{ project: { mergeRequest: Record<string, unknown> } }>(
        'developer',
        `query ($path: ID!, $iid: String!) { project(fullPath: $path) { mergeRequest(iid: $iid) { ${FIELDS} } } }`,
        { path: PLAYGROUND, iid: String(fixture.iid) },
      );
      expect(answer.project.mergeRequest).toEqual({
        id: toGlobalId('MergeRequest', fixture.id),
        iid: String(fixture.iid),
        title: 'Field <fixture> & more',
        titleHtml: 'Field &lt;fixture&gt; &amp; more',
        description: 'Steps:\n\n- [x] one\n- [ ] two',
        descriptionHtml: expect.stringContaining('task-list-item'),
        state: 'opened',
        draft: false,
        createdAt: fixture.created_at.toISOString(),
        updatedAt: fixture.updated_at.toISOString(),
        mergedAt: null,
        closedAt: null,
        sourceBranch: 'fields/fixture',
        targetBranch: 'main',
        mergeable: true,
        detailedMergeStatus: 'MERGEABLE',
        mergeStatusEnum: 'CAN_BE_MERGED',
        conflicts: false,
        shouldBeRebased: false,
        diffHeadSha: headSha(fixture),
        mergeCommitSha: null,
        squash: false,
        approved: true,
        approvalsRequired: 0,
        approvalsLeft: 0,
        subscribed: true,
        discussionLocked: false,
        userNotesCount: 0,
        upvotes: 0,
        downvotes: 0,
        reference: `${PLAYGROUND}!${fixture.iid}`,
        webUrl: `http://localhost/${PLAYGROUND}/-/merge_requests/${fixture.iid}`,
        webPath: `/${PLAYGROUND}/-/merge_requests/${fixture.iid}`,
        projectId: fixture.project_id,
        sourceProjectId: fixture.project_id,
        targetProjectId: fixture.project_id,
        timeEstimate: 0,
        totalTimeSpent: 0,
        taskCompletionStatus: { count: 2, completedCount: 1 },
        project: { fullPath: PLAYGROUND },
        milestone: { title: 'MR milestone' },
        mergeUser: null,
        labels: { nodes: [{ title: 'mr-alpha' }] },
      });
    });

    it('lists its people with their interaction: who can merge, who reviewed, who approved', async () => {
      const answer = await data<{ mergeRequest: Record<string, { nodes: unknown[] } | unknown> }>(
        'reporter',
        `query ($id: ID!) { mergeRequest(id: $id) {
          author { username mergeRequestInteraction { canMerge canUpdate } }
          assignees { count nodes { username mergeRequestInteraction { canMerge canUpdate } } }
          reviewers { nodes { username mergeRequestInteraction { canMerge reviewState reviewed approved } } }
          participants { nodes { username mergeRequestInteraction { canMerge } } }
          approvedBy { nodes { username } }
        } }`,
        { id: toGlobalId('MergeRequest', fixture.id) },
      );
      expect(answer.mergeRequest).toEqual({
        author: { username: 'developer', mergeRequestInteraction: { canMerge: true, canUpdate: true } },
        assignees: {
          count: 2,
          nodes: [
            { username: 'developer', mergeRequestInteraction: { canMerge: true, canUpdate: true } },
            { username: 'reporter', mergeRequestInteraction: { canMerge: false, canUpdate: false } },
          ],
        },
        reviewers: {
          nodes: [
            {
              username: 'reporter',
              mergeRequestInteraction: {
                canMerge: false,
                reviewState: 'REVIEWED',
                reviewed: true,
                approved: false,
              },
            },
            {
              username: 'owner',
              mergeRequestInteraction: {
                canMerge: true,
                reviewState: 'UNREVIEWED',
                reviewed: false,
                approved: true,
              },
            },
          ],
        },
        participants: {
          nodes: [
            { username: 'developer', mergeRequestInteraction: { canMerge: true } },
            { username: 'reporter', mergeRequestInteraction: { canMerge: false } },
            { username: 'owner', mergeRequestInteraction: { canMerge: true } },
          ],
        },
        approvedBy: { nodes: [{ username: 'owner' }] },
      });
    });

    it('tells each reader what they may do, and whether they are subscribed', async () => {
      const permissions = async (who: Who) =>
        (
          await data<{ mergeRequest: Record<string, unknown> }>(
            who,
            `query ($id: ID!) { mergeRequest(id: $id) { subscribed userPermissions {
              readMergeRequest adminMergeRequest updateMergeRequest createNote canMerge canApprove
              pushToSourceBranch removeSourceBranch cherryPickOnCurrentMergeRequest revertOnCurrentMergeRequest
            } } }`,
            { id: toGlobalId('MergeRequest', fixture.id) },
          )
        ).mergeRequest;
      const none = {
        pushToSourceBranch: false,
        removeSourceBranch: false,
        cherryPickOnCurrentMergeRequest: false,
        revertOnCurrentMergeRequest: false,
      };
      const team = {
        readMergeRequest: true,
        adminMergeRequest: true,
        updateMergeRequest: true,
        createNote: true,
        canMerge: true,
      };
      // The developer wrote it, so may not approve it; the owner has approved it already.
      expect(await permissions('developer')).toEqual({
        subscribed: true,
        userPermissions: { ...team, canApprove: false, ...none },
      });
      expect(await permissions('owner')).toEqual({
        subscribed: true,
        userPermissions: { ...team, canApprove: false, ...none },
      });
      const reader = {
        readMergeRequest: true,
        adminMergeRequest: false,
        updateMergeRequest: false,
        canMerge: false,
        canApprove: false,
        ...none,
      };
      expect(await permissions('reporter')).toEqual({
        subscribed: true,
        userPermissions: { ...reader, createNote: true },
      });
      expect(await permissions('anonymous')).toEqual({
        subscribed: false,
        userPermissions: { ...reader, createNote: false },
      });
    });

    it('reads the same by global id, and not at all where merge requests are hidden', async () => {
      const byId = await data<{ mergeRequest: { iid: string } | null }>(
        'anonymous',
        `query ($id: ID!) { mergeRequest(id: $id) { iid } }`,
        { id: toGlobalId('MergeRequest', fixture.id) },
      );
      expect(byId.mergeRequest).toEqual({ iid: String(fixture.iid) });
      const hidden = await mergeRequestRow(PRIVATE, 1);
      for (const who of ['guest', 'anonymous', 'outsider'] as const) {
        const answer = await data<{
          mergeRequest: unknown;
          project: { mergeRequest: unknown; mergeRequests: { count: number; nodes: unknown[] } } | null;
        }>(
          who,
          `query ($id: ID!) { mergeRequest(id: $id) { iid }
            project(fullPath: "${PRIVATE}") { mergeRequest(iid: "1") { iid } mergeRequests { count nodes { iid } } } }`,
          { id: toGlobalId('MergeRequest', hidden.id) },
        );
        expect(answer.mergeRequest).toBeNull();
        // A guest sees the private project but none of its merge requests; others see neither.
        if (who === 'guest') {
          expect(answer.project).toEqual({ mergeRequest: null, mergeRequests: { count: 0, nodes: [] } });
        } else expect(answer.project).toBeNull();
      }
      const total = await server.db
        .selectFrom('merge_requests')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('project_id', '=', hidden.project_id)
        .executeTakeFirstOrThrow();
      expect((await listIids('reporter', PRIVATE, '')).count).toBe(Number(total.count));
    });
  });

  describe('the lists', () => {
    let model: Relations;
    beforeAll(async () => {
      model = await relations();
    });

    const isDraft = (title: string) => /^\s*(\[draft\]|\(draft\)|draft:)/i.test(title);
    const expectList = async (args: string, keep: (row: MergeRequestRow) => boolean) => {
      const expected = model.rows
        .filter(keep)
        .map((row) => row.iid)
        .sort((a, b) => a - b);
      const { count, iids } = await listIids('developer', LISTS, args);
      expect({ args, iids: [...iids].sort((a, b) => a - b) }).toEqual({ args, iids: expected });
      expect(count).toBe(expected.length);
    };
    const at = (ms: number) => new Date(ms).toISOString();

    it('filters as GitLab’s MergeRequestsResolver does, each filter against the rows', async () => {
      const assignees = (row: MergeRequestRow) => model.assignees.get(row.id) ?? [];
      const reviewers = (row: MergeRequestRow) => model.reviewers.get(row.id) ?? [];
      const labelsOf = (row: MergeRequestRow) => model.labels.get(row.id) ?? [];
      const milestoneOf = (row: MergeRequestRow) =>
        row.milestone_id === null ? null : model.milestones.get(row.milestone_id);
      const author = (row: MergeRequestRow) => model.users.get(row.author_id);
      const cases: [string, (row: MergeRequestRow) => boolean][] = [
        ['', () => true],
        ['state: all', () => true],
        ['state: opened', (row) => row.state === 'opened'],
        ['state: merged', (row) => row.state === 'merged'],
        ['state: closed', (row) => row.state === 'closed'],
        ['draft: true', (row) => isDraft(row.title)],
        ['draft: false', (row) => !isDraft(row.title)],
        ['labelName: ["mr-alpha"]', (row) => labelsOf(row).includes('mr-alpha')],
        [
          'labelName: ["mr-beta", "mr-gamma"]',
          (row) => ['mr-beta', 'mr-gamma'].every((t) => labelsOf(row).includes(t)),
        ],
        ['labels: ["mr-gamma"]', (row) => labelsOf(row).includes('mr-gamma')],
        ['milestoneTitle: "MR milestone"', (row) => milestoneOf(row) === 'MR milestone'],
        ['milestoneWildcardId: NONE', (row) => row.milestone_id === null],
        ['authorUsername: "developer"', (row) => author(row) === 'developer'],
        ['assigneeUsername: "developer"', (row) => assignees(row).includes('developer')],
        [
          'assigneeUsernames: ["developer", "maintainer"]',
          (row) => ['developer', 'maintainer'].every((u) => assignees(row).includes(u)),
        ],
        ['assigneeWildcardId: NONE', (row) => assignees(row).length === 0],
        ['assigneeWildcardId: ANY', (row) => assignees(row).length > 0],
        ['reviewerUsername: "reporter"', (row) => reviewers(row).includes('reporter')],
        ['reviewerWildcardId: ANY', (row) => reviewers(row).length > 0],
        ['reviewerWildcardId: NONE', (row) => reviewers(row).length === 0],
        ['mergedBy: "maintainer"', (row) => row.merge_user_id === ids.maintainer],
        [
          'sourceBranches: ["feature/3", "feature/10", "nowhere"]',
          (row) => ['feature/3', 'feature/10'].includes(row.source_branch),
        ],
        ['targetBranches: ["release"]', (row) => row.target_branch === 'release'],
        ['iids: ["2", "5", "8", "99"]', (row) => [2, 5, 8].includes(row.iid)],
        [
          `mergedAfter: "${at(BASE_MS + 100 * HOUR_MS)}", mergedBefore: "${at(BASE_MS + 300 * HOUR_MS)}"`,
          (row) =>
            row.merged_at !== null &&
            row.merged_at.getTime() >= BASE_MS + 100 * HOUR_MS &&
            row.merged_at.getTime() <= BASE_MS + 300 * HOUR_MS,
        ],
        [
          `createdAfter: "${at(BASE_MS + 70 * HOUR_MS)}", createdBefore: "${at(BASE_MS + 210 * HOUR_MS)}"`,
          (row) =>
            row.created_at.getTime() >= BASE_MS + 70 * HOUR_MS &&
            row.created_at.getTime() <= BASE_MS + 210 * HOUR_MS,
        ],
        [
          `updatedAfter: "${at(BASE_MS + 200 * HOUR_MS)}"`,
          (row) => row.updated_at.getTime() >= BASE_MS + 200 * HOUR_MS,
        ],
        [
          `updatedBefore: "${at(BASE_MS + 200 * HOUR_MS)}"`,
          (row) => row.updated_at.getTime() <= BASE_MS + 200 * HOUR_MS,
        ],
        ['search: "GAMMA"', (row) => `${row.title} ${row.description}`.toLowerCase().includes('gamma')],
        ['search: "module", in: [DESCRIPTION]', (row) => row.description.includes('module')],
        ['search: "module", in: [TITLE]', (row) => row.title.includes('module')],
        [
          'not: { labelName: ["mr-alpha"], authorUsername: "owner" }',
          (row) => !labelsOf(row).includes('mr-alpha') && author(row) !== 'owner',
        ],
        ['not: { assigneeUsernames: ["developer"] }', (row) => !assignees(row).includes('developer')],
        ['not: { reviewerUsername: "reporter" }', (row) => !reviewers(row).includes('reporter')],
        ['not: { milestoneTitle: "MR milestone" }', (row) => milestoneOf(row) !== 'MR milestone'],
        [
          'not: { sourceBranches: ["feature/1", "feature/2"], targetBranches: ["release"] }',
          (row) => !['feature/1', 'feature/2'].includes(row.source_branch) && row.target_branch !== 'release',
        ],
        [
          'state: opened, labelName: ["mr-alpha"], targetBranches: ["main"], draft: false',
          (row) =>
            row.state === 'opened' &&
            labelsOf(row).includes('mr-alpha') &&
            row.target_branch === 'main' &&
            !isDraft(row.title),
        ],
        // GitLab answers an empty list argument with nothing at all.
        ['iids: []', () => false],
        ['labelName: []', () => false],
      ];
      expect(model.rows).toHaveLength(BULK);
      for (const [args, keep] of cases) await expectList(args, keep);
    });

    it('refuses filters GitLab holds mutually exclusive', async () => {
      const { errors } = await query(
        'developer',
        `{ project(fullPath: "${LISTS}") { mergeRequests(assigneeUsername: "developer", assigneeWildcardId: ANY) { count } } }`,
      );
      expect(errors.map((error) => error.message)).toEqual([
        'Only one of [assigneeUsernames, assigneeUsername, assigneeWildcardId] arguments is allowed at the same time.',
      ]);
    });

    /** The order a sort gives: its key with NULLS LAST, ties broken by id the same way. */
    const expectedOrder = (
      column: 'created_at' | 'updated_at' | 'merged_at' | 'closed_at' | 'title',
      direction: 1 | -1,
    ) =>
      [...model.rows]
        .sort((a, b) => {
          const [x, y] = [a[column], b[column]];
          if (x === null || y === null) return x === y ? direction * (a.id - b.id) : x === null ? 1 : -1;
          const key =
            x instanceof Date && y instanceof Date ? x.getTime() - y.getTime() : x < y ? -1 : x > y ? 1 : 0;
          return direction * (key === 0 ? a.id - b.id : key);
        })
        .map((row) => row.iid);

    interface Page {
      project: {
        mergeRequests: {
          count: number;
          pageInfo: {
            hasNextPage: boolean;
            hasPreviousPage: boolean;
            startCursor: string;
            endCursor: string;
          };
          nodes: { iid: string }[];
        };
      };
    }

    /** Every merge request of the lists project, 7 at a time, forward or from the end. */
    const walk = async (sort: string, backward = false): Promise<number[]> => {
      const seen: number[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 20; page++) {
        const paging: string = backward
          ? `last: 7${cursor ? `, before: "${cursor}"` : ''}`
          : `first: 7${cursor ? `, after: "${cursor}"` : ''}`;
        const answer: Page = await data<Page>(
          'reporter',
          `{ project(fullPath: "${LISTS}") { mergeRequests(sort: ${sort}, ${paging}) {
            count pageInfo { hasNextPage hasPreviousPage startCursor endCursor } nodes { iid } } } }`,
        );
        const { count, pageInfo, nodes } = answer.project.mergeRequests;
        expect(count).toBe(BULK);
        const iids = nodes.map((node) => Number(node.iid));
        if (backward) seen.unshift(...iids);
        else seen.push(...iids);
        const more = backward ? pageInfo.hasPreviousPage : pageInfo.hasNextPage;
        if (!more) return seen;
        cursor = backward ? pageInfo.startCursor : pageInfo.endCursor;
      }
      throw new Error(`${sort} did not end`);
    };

    it('sorts by each of GitLab’s MergeRequestSort values and pages by keyset without gaps or repeats', async () => {
      const sorts = [
        ['CREATED_DESC', 'created_at', -1],
        ['CREATED_ASC', 'created_at', 1],
        ['created_asc', 'created_at', 1],
        ['UPDATED_DESC', 'updated_at', -1],
        ['UPDATED_ASC', 'updated_at', 1],
        ['MERGED_AT_DESC', 'merged_at', -1],
        ['MERGED_AT_ASC', 'merged_at', 1],
        ['CLOSED_AT_DESC', 'closed_at', -1],
        ['TITLE_ASC', 'title', 1],
        ['TITLE_DESC', 'title', -1],
      ] as const;
      for (const [sort, column, direction] of sorts) {
        expect({ sort, order: await walk(sort) }).toEqual({ sort, order: expectedOrder(column, direction) });
      }
      // Without a sort, newest first; from the end with `last`/`before`, the same order.
      expect((await listIids('developer', LISTS, '')).iids).toEqual(expectedOrder('created_at', -1));
      expect(await walk('MERGED_AT_DESC', true)).toEqual(expectedOrder('merged_at', -1));
    });

    it('lists a group’s merge requests, with its subgroups’ only when asked, as each reader may see', async () => {
      const rows = await server.db
        .selectFrom('merge_requests')
        .innerJoin('projects', 'projects.id', 'merge_requests.project_id')
        .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
        .select([
          'merge_requests.state',
          'projects.visibility_level',
          'namespaces.full_path',
          'namespaces.traversal_ids',
        ])
        .execute();
      const acme = await server.db
        .selectFrom('namespaces')
        .select('id')
        .where('full_path', '=', 'acme')
        .executeTakeFirstOrThrow();
      const count = async (who: Who, path: string, args: string) =>
        (
          await data<{ group: { mergeRequests: { count: number } } }>(
            who,
            `{ group(fullPath: "${path}") { mergeRequests(${args}) { count } } }`,
          )
        ).group.mergeRequests.count;
      const opened = rows.filter((row) => row.state === 'opened');
      expect(await count('owner', 'workshop', 'state: opened')).toBe(
        opened.filter((row) => row.full_path === 'workshop').length,
      );
      expect(await count('owner', 'acme', 'state: opened')).toBe(
        opened.filter((row) => row.full_path === 'acme').length,
      );
      const inAcme = opened.filter((row) => (row.traversal_ids as number[]).includes(acme.id));
      expect(await count('owner', 'acme', 'state: opened, includeSubgroups: true')).toBe(inAcme.length);
      // A Guest reads no merge requests of private projects.
      expect(await count('guest', 'acme', 'state: opened, includeSubgroups: true')).toBe(
        inAcme.filter((row) => row.visibility_level > 0).length,
      );
      expect(inAcme.some((row) => row.visibility_level === 0)).toBe(true);
    });

    it('lists the current user’s authored, assigned and review-requested merge requests', async () => {
      const mine = async (who: Who, field: string, args = `projectPath: "${LISTS}"`) =>
        (
          await data<{ currentUser: Record<string, { count: number; nodes: { iid: string }[] }> }>(
            who,
            `{ currentUser { ${field}(${args}, first: 100) { count nodes { iid } } } }`,
          )
        ).currentUser[field]!;
      const iidsOf = (keep: (row: MergeRequestRow) => boolean) =>
        model.rows
          .filter(keep)
          .map((row) => row.iid)
          .sort((a, b) => a - b);
      const sorted = (list: { nodes: { iid: string }[] }) =>
        list.nodes.map((n) => Number(n.iid)).sort((a, b) => a - b);
      expect(sorted(await mine('developer', 'authoredMergeRequests'))).toEqual(
        iidsOf((row) => row.author_id === ids.developer),
      );
      expect(sorted(await mine('developer', 'assignedMergeRequests'))).toEqual(
        iidsOf((row) => (model.assignees.get(row.id) ?? []).includes('developer')),
      );
      expect(
        sorted(
          await mine('reporter', 'reviewRequestedMergeRequests', `projectPath: "${LISTS}", state: opened`),
        ),
      ).toEqual(
        iidsOf((row) => row.state === 'opened' && (model.reviewers.get(row.id) ?? []).includes('reporter')),
      );
      const everywhere = await mine('developer', 'authoredMergeRequests', 'state: merged');
      const [{ count }] = [
        await server.db
          .selectFrom('merge_requests')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('author_id', '=', ids.developer!)
          .where('state', '=', 'merged')
          .executeTakeFirstOrThrow(),
      ];
      // Every project is readable to the developer: acme's private one through the acme membership.
      expect(everywhere.count).toBe(Number(count));
      expect((await query('anonymous', '{ currentUser { authoredMergeRequests { count } } }')).data).toEqual({
        currentUser: null,
      });
    });

    it('reads a page of 50 merge requests with their people, labels and rights in a fixed number of statements', async () => {
      const page = (
        first: number,
      ) => `{ project(fullPath: "${LISTS}") { mergeRequests(first: ${first}) { nodes {
        iid detailedMergeStatus subscribed upvotes userNotesCount milestone { title }
        author { username }
        assignees { nodes { username mergeRequestInteraction { canMerge } } }
        reviewers { nodes { username mergeRequestInteraction { reviewState canMerge } } }
        labels { nodes { title } }
        userPermissions { canMerge updateMergeRequest }
      } } } }`;
      let run = 0;
      const statementsOf = async (first: number) => {
        // A distinct document each time, so that the response cache answers none of them.
        const text = page(first).replace('{', `{ run${++run}: __typename `);
        const before = server.statementCount();
        const answer = await data<{ project: { mergeRequests: { nodes: unknown[] } } }>('developer', text);
        return {
          statements: server.statementCount() - before,
          nodes: answer.project.mergeRequests.nodes.length,
        };
      };
      // Each measured twice, the fewer kept: a session's activity is recorded once a minute.
      const many = [await statementsOf(50), await statementsOf(50)];
      const few = [await statementsOf(5), await statementsOf(5)];
      expect(many[0]!.nodes).toBe(50);
      const fewest = (runs: { statements: number }[]) => Math.min(...runs.map((run) => run.statements));
      // Ten times the rows, no more statements (one more at most: a read some pages need and others
      // skip, such as milestones when none of the page has one).
      expect(fewest(many)).toBeLessThanOrEqual(fewest(few) + 1);
      expect(fewest(many)).toBeLessThanOrEqual(20);
    });
  });
});
