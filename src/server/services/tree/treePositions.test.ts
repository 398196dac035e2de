import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { listChildPositions } from '../../db/repositories/treePositionRepository.ts';
import type { Database } from '../../db/schema.ts';
import {
  IDEAL_DISTANCE,
  MAX_POSITION,
  MIN_POSITION,
  positionAtEndOfChildren,
  positionAtStartOfChildren,
  positionBesideSibling,
  positionBetween,
  positionBeyond,
  rebalanceChildren,
  spreadPositions,
} from './treePositions.ts';

describe('position arithmetic', () => {
  it('spreads children IDEAL_DISTANCE apart around zero', () => {
    expect(spreadPositions(3)).toEqual([-IDEAL_DISTANCE, 0, IDEAL_DISTANCE]);
    expect(spreadPositions(0)).toEqual([]);
  });

  it('keeps a huge spread inside the integer range with room between every pair', () => {
    const positions = spreadPositions(1_000_000);
    expect(positions[0]).toBeGreaterThan(MIN_POSITION);
    expect(positions.at(-1)).toBeLessThan(MAX_POSITION);
    expect((positions[1] ?? 0) - (positions[0] ?? 0)).toBeGreaterThanOrEqual(2);
  });

  it('finds an integer strictly between two positions, or none', () => {
    expect(positionBetween(0, 10)).toBe(5);
    expect(positionBetween(-3, -1)).toBe(-2);
    expect(positionBetween(4, 5)).toBeNull();
    expect(positionBetween(4, 4)).toBeNull();
  });

  it('steps beyond an end, stopping at the integer limits', () => {
    expect(positionBeyond(0, 'below')).toBe(-IDEAL_DISTANCE);
    expect(positionBeyond(MIN_POSITION + 3, 'below')).toBe(MIN_POSITION);
    expect(positionBeyond(MIN_POSITION, 'below')).toBeNull();
    expect(positionBeyond(MAX_POSITION, 'above')).toBeNull();
  });
});

let handle: DatabaseHandle;
let db: Kysely<Database>;
let parentId = 0;
let issueIds: number[] = [];

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  db = handle.db;
  await migrateToLatest(db);
  const now = new Date();
  await db
    .insertInto('users')
    .values({ id: 1, username: 'u', email: 'u@example.com', name: 'U', password_hash: 'x', created_at: now })
    .execute();
  await db
    .insertInto('namespaces')
    .values({
      id: 1,
      root_namespace_id: 1,
      traversal_ids: [1],
      path: 'g',
      name: 'G',
      full_path: 'g',
      full_name: 'G',
      visibility_level: 20,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('projects')
    .values({
      id: 1,
      root_namespace_id: 1,
      namespace_id: 1,
      path: 'p',
      name: 'P',
      full_path: 'g/p',
      visibility_level: 20,
      created_at: now,
      updated_at: now,
    })
    .execute();
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

let nextIid = 1;
async function addEpic(parent: number | null, position: number | null): Promise<number> {
  const row = await db
    .insertInto('epics')
    .values({
      root_namespace_id: 1,
      group_id: 1,
      iid: nextIid++,
      author_id: 1,
      parent_id: parent,
      relative_position: position,
      title: 'e',
      start_date: null,
      start_date_fixed: null,
      start_date_sourcing_milestone_id: null,
      due_date: null,
      due_date_fixed: null,
      due_date_sourcing_milestone_id: null,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addIssueLink(parent: number, position: number | null): Promise<number> {
  const issue = await db
    .insertInto('issues')
    .values({
      root_namespace_id: 1,
      project_id: 1,
      iid: nextIid++,
      author_id: 1,
      title: 'i',
      weight: null,
      health_status: null,
      milestone_id: null,
      due_date: null,
      relative_position: null,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  issueIds.push(issue.id);
  const link = await db
    .insertInto('epic_issues')
    .values({ root_namespace_id: 1, epic_id: parent, issue_id: issue.id, relative_position: position })
    .returning('id')
    .executeTakeFirstOrThrow();
  return link.id;
}

const positionsOf = async (parent: number) =>
  (await listChildPositions(db, parent)).map((child) => child.position);

beforeEach(async () => {
  parentId = await addEpic(null, null);
  issueIds = [];
});

describe('positions among an epic children', () => {
  it('starts an empty parent at zero', async () => {
    expect(await positionAtStartOfChildren(db, parentId)).toBe(0);
  });

  it('goes below every child epic and issue link together', async () => {
    await addEpic(parentId, 500);
    await addIssueLink(parentId, -200);
    expect(await positionAtStartOfChildren(db, parentId)).toBe(-200 - IDEAL_DISTANCE);
    expect(await positionAtEndOfChildren(db, parentId)).toBe(500 + IDEAL_DISTANCE);
  });

  it('ignores the nodes being moved', async () => {
    const epic = await addEpic(parentId, -5000);
    await addIssueLink(parentId, 0);
    expect(await positionAtStartOfChildren(db, parentId, [{ kind: 'epic', id: epic }])).toBe(-IDEAL_DISTANCE);
  });

  it('rebalances when the start of the range is taken, keeping the order', async () => {
    const first = await addEpic(parentId, MIN_POSITION);
    const second = await addIssueLink(parentId, MIN_POSITION + 1);
    const position = await positionAtStartOfChildren(db, parentId);
    const children = await listChildPositions(db, parentId);
    expect(children.map((child) => [child.kind, child.id])).toEqual([
      ['epic', first],
      ['epic_issue', second],
    ]);
    expect(position).toBeLessThan(children[0]?.position ?? Number.NaN);
  });

  it('gives unpositioned children positions after the others before placing a new one', async () => {
    await addEpic(parentId, null);
    await addEpic(parentId, 10);
    await addIssueLink(parentId, null);
    const position = await positionAtStartOfChildren(db, parentId);
    const positions = await positionsOf(parentId);
    expect(positions).not.toContain(null);
    expect(new Set(positions).size).toBe(3);
    expect(position).toBeLessThan(Math.min(...(positions as number[])));
  });

  it('places a child halfway between an adjacent sibling and its neighbour', async () => {
    const low = await addEpic(parentId, 0);
    const high = await addIssueLink(parentId, 1000);
    expect(await positionBesideSibling(db, parentId, { kind: 'epic', id: low }, 'after')).toBe(500);
    expect(await positionBesideSibling(db, parentId, { kind: 'epic_issue', id: high }, 'before')).toBe(500);
    expect(await positionBesideSibling(db, parentId, { kind: 'epic', id: low }, 'before')).toBe(
      -IDEAL_DISTANCE,
    );
    expect(await positionBesideSibling(db, parentId, { kind: 'epic_issue', id: high }, 'after')).toBe(
      1000 + IDEAL_DISTANCE,
    );
  });

  it('rebalances when two siblings leave no integer between them, and duplicates count as no room', async () => {
    const a = await addEpic(parentId, 7);
    const b = await addIssueLink(parentId, 8);
    const c = await addEpic(parentId, 8);
    const position = await positionBesideSibling(db, parentId, { kind: 'epic', id: a }, 'after');
    const children = await listChildPositions(db, parentId);
    expect(children.map((child) => `${child.kind}:${child.id}`)).toEqual([
      `epic:${a}`,
      `epic:${c}`,
      `epic_issue:${b}`,
    ]);
    const [first, second] = children.map((child) => child.position as number);
    expect(position).toBeGreaterThan(first ?? Number.NaN);
    expect(position).toBeLessThan(second ?? Number.NaN);
  });

  it('rebalances to exactly the spread positions, in tree order', async () => {
    const ids = [await addIssueLink(parentId, 5), await addEpic(parentId, 5), await addEpic(parentId, -3)];
    await addIssueLink(parentId, null);
    await rebalanceChildren(db, parentId);
    const children = await listChildPositions(db, parentId);
    expect(children.map((child) => child.position)).toEqual(spreadPositions(4));
    expect(children.slice(0, 3).map((child) => child.id)).toEqual([ids[2], ids[1], ids[0]]);
  });

  it('skips the moving node when it sits next to the adjacent one', async () => {
    const a = await addEpic(parentId, 0);
    const moving = await addEpic(parentId, 1);
    await addEpic(parentId, 1000);
    const position = await positionBesideSibling(db, parentId, { kind: 'epic', id: a }, 'after', {
      kind: 'epic',
      id: moving,
    });
    expect(position).toBe(500);
  });
});
