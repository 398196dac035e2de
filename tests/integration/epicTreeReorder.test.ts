import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EPIC_HIERARCHY_MESSAGES } from '../../src/core/domain/epicRules.ts';
import { TREE_REORDER_MESSAGES } from '../../src/server/services/tree/epicTreeReorderService.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { epicRow, NOT_AVAILABLE, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import {
  childrenInDatabase,
  EPIC_REORDER_MUTATION,
  insertTreeEpic,
  issuesOfProject,
  linkIssue,
  readWholeTreeLevel,
  reorder,
} from '../helpers/epicTree.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const GROUP = 'acme/platform';
const PROJECT = 'acme/platform/backend/api';

type Node = { id: number; gid: string; iid?: number };

describe.each(BACKENDS)('epicTreeReorder moves items of an epic tree (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  let issueIds: number[] = [];
  /** base: e1, i1, e2, i2; e2: e3, i3; other: a tree of its own. */
  let tree: Record<'base' | 'e1' | 'e2' | 'e3' | 'other' | 'i1' | 'i2' | 'i3', Node>;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    clients = await signedInClients(server);
    issueIds = (await issuesOfProject(server, PROJECT, 3)).map((issue) => issue.id);
    // Public, and without milestones: the epics' inherited dates then come from child epics only.
    await server.db
      .updateTable('issues')
      .set({ confidential: false, milestone_id: null })
      .where('id', 'in', issueIds)
      .execute();
  }, 120_000);

  afterAll(() => closeCheckingRollups(server));

  beforeEach(async () => {
    const epic = (parentId: number | null, position: number | null, title: string) =>
      insertTreeEpic(server, { groupPath: GROUP, parentId, position, title });
    const base = await epic(null, null, 'Base');
    const e1 = await epic(base.id, 0, 'E1');
    const e2 = await epic(base.id, 2000, 'E2');
    const e3 = await epic(e2.id, 0, 'E3');
    const other = await epic(null, null, 'Other tree');
    const i1 = await linkIssue(server, base.id, issueIds[0]!, 1000);
    const i2 = await linkIssue(server, base.id, issueIds[1]!, 3000);
    const i3 = await linkIssue(server, e2.id, issueIds[2]!, 1000);
    tree = { base, e1, e2, e3, other, i1, i2, i3 };
  });

  const move = (
    moved: Node,
    options: { adjacent?: Node; relativePosition?: 'before' | 'after'; newParent?: Node } = {},
    person: Person = 'owner',
  ) =>
    reorder(as(person), {
      baseEpicId: tree.base.gid,
      moved: {
        id: moved.gid,
        ...(options.adjacent ? { adjacentReferenceId: options.adjacent.gid } : {}),
        ...(options.relativePosition ? { relativePosition: options.relativePosition } : {}),
        ...(options.newParent ? { newParentId: options.newParent.gid } : {}),
      },
    });
  const order = (parent: Node) => childrenInDatabase(server, parent.id);

  it('puts the moved item before the adjacent one with `after` (the adjacent comes after it)', async () => {
    expect(await move(tree.i2, { adjacent: tree.e1, relativePosition: 'after' })).toEqual([]);
    expect(await order(tree.base)).toEqual([tree.i2.gid, tree.e1.gid, tree.i1.gid, tree.e2.gid]);
  });

  it('puts the moved item after the adjacent one with `before`', async () => {
    expect(await move(tree.e1, { adjacent: tree.e2, relativePosition: 'before' })).toEqual([]);
    expect(await order(tree.base)).toEqual([tree.i1.gid, tree.e2.gid, tree.e1.gid, tree.i2.gid]);
  });

  it('moves an item to the start when no adjacent item is given', async () => {
    expect(await move(tree.i2)).toEqual([]);
    expect(await order(tree.base)).toEqual([tree.i2.gid, tree.e1.gid, tree.i1.gid, tree.e2.gid]);
  });

  it('shows the new order through the childItems query', async () => {
    await move(tree.e2, { adjacent: tree.e1, relativePosition: 'after' });
    const { items } = await readWholeTreeLevel(as('reporter'), GROUP, String(tree.base.iid));
    expect(items.map((item) => item.id)).toEqual(await order(tree.base));
  });

  it('bumps the moved epic lock_version', async () => {
    const before = await epicRow(server, tree.e1.id);
    await move(tree.e1, { adjacent: tree.i2, relativePosition: 'before' });
    expect((await epicRow(server, tree.e1.id)).lock_version).toBe(before.lock_version + 1);
  });

  it('keeps the order right through many moves into the same gap (the siblings are rebalanced)', async () => {
    // Alternately move e1 and i1 between i2's neighbours: each move halves the gap it lands in.
    for (let round = 0; round < 14; round++) {
      const moved = round % 2 === 0 ? tree.e1 : tree.i1;
      expect(await move(moved, { adjacent: tree.i2, relativePosition: 'after' })).toEqual([]);
    }
    expect(await order(tree.base)).toEqual([tree.e2.gid, tree.e1.gid, tree.i1.gid, tree.i2.gid]);
    expect(await move(tree.e2, { adjacent: tree.e1, relativePosition: 'before' })).toEqual([]);
    expect(await order(tree.base)).toEqual([tree.e1.gid, tree.e2.gid, tree.i1.gid, tree.i2.gid]);
  });

  it('moves an epic to another parent next to a child of that parent, and refreshes both parents dates', async () => {
    await server.db
      .updateTable('epics')
      .set({ start_date_is_fixed: true, start_date_fixed: '2026-01-05', start_date: '2026-01-05' })
      .where('id', '=', tree.e1.id)
      .execute();
    await server.db
      .updateTable('epics')
      .set({ start_date: '2026-01-05' })
      .where('id', '=', tree.base.id)
      .execute();
    expect(
      await move(tree.e1, { adjacent: tree.e3, relativePosition: 'before', newParent: tree.e2 }),
    ).toEqual([]);
    expect(await order(tree.e2)).toEqual([tree.e3.gid, tree.e1.gid, tree.i3.gid]);
    expect(await order(tree.base)).toEqual([tree.i1.gid, tree.e2.gid, tree.i2.gid]);
    expect((await epicRow(server, tree.e2.id)).start_date).toBe('2026-01-05');
    expect((await epicRow(server, tree.base.id)).start_date).toBe('2026-01-05');
    // Moved out again: its old parent no longer inherits from it.
    expect(await move(tree.e1, { newParent: tree.base })).toEqual([]);
    expect((await epicRow(server, tree.e2.id)).start_date).toBeNull();
  });

  it('moves an issue link to another parent, keeping the link id, at the start without an adjacent item', async () => {
    expect(await move(tree.i1, { newParent: tree.e3 })).toEqual([]);
    expect(await order(tree.e3)).toEqual([tree.i1.gid]);
    const link = await server.db
      .selectFrom('epic_issues')
      .selectAll()
      .where('id', '=', tree.i1.id)
      .executeTakeFirstOrThrow();
    expect(link.epic_id).toBe(tree.e3.id);
  });

  it('echoes the clientMutationId', async () => {
    const result = await as('owner').graphql<{
      epicTreeReorder: { clientMutationId: string; errors: string[] };
    }>(EPIC_REORDER_MUTATION, {
      epicTreeReorderInput: { baseEpicId: tree.base.gid, moved: { id: tree.e1.gid }, clientMutationId: 'c1' },
    });
    expect(result.body.data?.epicTreeReorder).toEqual({
      __typename: 'EpicTreeReorderPayload',
      clientMutationId: 'c1',
      errors: [],
    });
  });

  describe('refusals, which change nothing', () => {
    let before: { base: string[]; e2: string[]; e3: string[] };
    beforeEach(async () => {
      before = { base: await order(tree.base), e2: await order(tree.e2), e3: await order(tree.e3) };
    });
    const unchanged = async () =>
      expect({ base: await order(tree.base), e2: await order(tree.e2), e3: await order(tree.e3) }).toEqual(
        before,
      );

    it('needs the adjacent item under the current parent', async () => {
      expect(await move(tree.e1, { adjacent: tree.e3, relativePosition: 'after' })).toEqual([
        TREE_REORDER_MESSAGES.siblingOfCurrentParent,
      ]);
      await unchanged();
    });

    it('needs the adjacent item under the new parent', async () => {
      expect(
        await move(tree.e1, { adjacent: tree.i2, relativePosition: 'after', newParent: tree.e2 }),
      ).toEqual(["The sibling object's parent must match the new parent epic."]);
      await unchanged();
    });

    it('needs a relative position with an adjacent item', async () => {
      expect(await move(tree.e1, { adjacent: tree.e2 })).toEqual(['Relative position is not valid.']);
      await unchanged();
    });

    it('answers a missing item as it answers one the user may not move, so ids cannot be probed', async () => {
      const forbidden = ["You don't have permissions to move the objects."];
      expect(await move({ id: 0, gid: 'gid://gitlab/EpicIssue/999999' })).toEqual(forbidden);
      expect(
        await move(tree.e1, {
          adjacent: { id: 0, gid: 'gid://gitlab/Epic/999999' },
          relativePosition: 'after',
        }),
      ).toEqual(forbidden);
      expect(await move(tree.e1, { newParent: { id: 0, gid: 'gid://gitlab/Epic/999999' } })).toEqual(
        forbidden,
      );
    });

    it('refuses a guest, and a moved item, sibling or parent outside the base tree', async () => {
      const forbidden = ["You don't have permissions to move the objects."];
      expect(await move(tree.e1, {}, 'guest')).toEqual(forbidden);
      expect(await move(tree.other)).toEqual(forbidden);
      expect(await move(tree.base)).toEqual(forbidden);
      expect(await move(tree.e1, { newParent: tree.other })).toEqual(forbidden);
      expect(
        await reorder(as('owner'), { baseEpicId: 'gid://gitlab/Epic/999999', moved: { id: tree.e1.gid } }),
      ).toEqual(forbidden);
      await unchanged();
    });

    it('refuses an anonymous visitor as GitLab does for every mutation', async () => {
      const result = await as('anonymous').graphql(EPIC_REORDER_MUTATION, {
        epicTreeReorderInput: { baseEpicId: tree.base.gid, moved: { id: tree.e1.gid } },
      });
      expect(result.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
      await unchanged();
    });

    it('refuses ids of other types with the argument error', async () => {
      const result = await as('owner').graphql(EPIC_REORDER_MUTATION, {
        epicTreeReorderInput: { baseEpicId: tree.base.gid, moved: { id: 'gid://gitlab/Issue/1' } },
      });
      expect(result.body.errors?.[0]?.message).toContain(
        'gid://gitlab/Issue/1 is not a valid ID for Epic, EpicIssue.',
      );
    });

    it('keeps the hierarchy rules when an epic changes parent', async () => {
      expect(await move(tree.e2, { newParent: tree.e3 })).toEqual([EPIC_HIERARCHY_MESSAGES.alreadyAncestor]);
      await server.db.updateTable('epics').set({ confidential: true }).where('id', '=', tree.e3.id).execute();
      expect(await move(tree.e1, { newParent: tree.e3 })).toEqual([
        EPIC_HIERARCHY_MESSAGES.confidentialParent,
      ]);
      await unchanged();
    });

    it('refuses a public issue under a confidential epic', async () => {
      await server.db.updateTable('epics').set({ confidential: true }).where('id', '=', tree.e3.id).execute();
      const [error] = await move(tree.i1, { newParent: tree.e3 });
      expect(error).toMatch(
        /^acme\/platform\/backend\/api#\d+ cannot be added: Cannot assign a confidential epic to a non-confidential issue\. Make the issue confidential and try again$/,
      );
      await unchanged();
    });

    it('refuses a parent that would exceed 7 levels or 100 child epics', async () => {
      let deepest: Node = tree.e3;
      for (let level = 4; level <= 7; level++) {
        deepest = await insertTreeEpic(server, {
          groupPath: GROUP,
          parentId: deepest.id,
          position: 0,
          title: `L${level}`,
        });
      }
      // e2 holds e3 (height 6 with the chain below it); under e1 (level 2) it would reach level 8.
      expect(await move(tree.e2, { newParent: tree.e1 })).toEqual([EPIC_HIERARCHY_MESSAGES.tooDeep]);
      for (let index = 0; index < 100; index++) {
        await insertTreeEpic(server, {
          groupPath: GROUP,
          parentId: tree.e3.id,
          position: 10 + index,
          title: `C${index}`,
        });
      }
      expect(await move(tree.e1, { newParent: tree.e3 })).toEqual([EPIC_HIERARCHY_MESSAGES.tooManyChildren]);
      expect(await order(tree.base)).toEqual(before.base);
      expect(await order(tree.e2)).toEqual(before.e2);
    });
  });
});
