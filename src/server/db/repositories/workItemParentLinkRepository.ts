import type { Executor } from '../executor.ts';
import type { IssueRow } from '../schema.ts';
import { type IssueReader, issueReadableBy } from './issueRepository.ts';

/** Work items' parent links (migration 0013): a task's parent issue, an issue's child tasks. */

/** Each work item's parent id, for those that have one (one statement for a page of items). */
export async function findParentIdsOf(
  db: Executor,
  workItemIds: readonly number[],
): Promise<Map<number, number>> {
  if (workItemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('work_item_parent_links')
    .select(['work_item_id', 'work_item_parent_id'])
    .where('work_item_id', 'in', [...workItemIds])
    .execute();
  return new Map(rows.map((row) => [row.work_item_id, row.work_item_parent_id]));
}

/** Each parent's child ids in their order (relative position, then id). */
export async function findChildIdsOf(
  db: Executor,
  parentIds: readonly number[],
): Promise<Map<number, number[]>> {
  const children = new Map<number, number[]>(parentIds.map((id) => [id, []]));
  if (parentIds.length === 0) return children;
  const rows = await db
    .selectFrom('work_item_parent_links')
    .select(['work_item_id', 'work_item_parent_id'])
    .where('work_item_parent_id', 'in', [...parentIds])
    .orderBy('work_item_parent_id')
    .orderBy('relative_position')
    .orderBy('id')
    .execute();
  for (const row of rows) children.get(row.work_item_parent_id)?.push(row.work_item_id);
  return children;
}

/** The parent's children the reader may read, in their order. */
export function findReadableChildren(
  db: Executor,
  parentId: number,
  reader: IssueReader,
): Promise<IssueRow[]> {
  return db
    .selectFrom('work_item_parent_links')
    .innerJoin('issues', 'issues.id', 'work_item_parent_links.work_item_id')
    .selectAll('issues')
    .where('work_item_parent_links.work_item_parent_id', '=', parentId)
    .where(issueReadableBy(reader))
    .orderBy('work_item_parent_links.relative_position')
    .orderBy('work_item_parent_links.id')
    .execute();
}

/** How many children the parent has, and whether any of them is not confidential. */
export async function childrenSummary(
  db: Executor,
  parentId: number,
): Promise<{ readonly count: number; readonly hasPublic: boolean }> {
  const row = await db
    .selectFrom('work_item_parent_links')
    .innerJoin('issues', 'issues.id', 'work_item_parent_links.work_item_id')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('count'),
      eb.fn.count<string | number>('issues.id').filterWhere('issues.confidential', '=', false).as('public'),
    ])
    .where('work_item_parent_links.work_item_parent_id', '=', parentId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), hasPublic: Number(row.public) > 0 };
}

/** Links the work item under the parent, after its other children; replaces any earlier parent. */
export async function linkToParent(
  db: Executor,
  link: {
    readonly rootNamespaceId: number;
    readonly workItemId: number;
    readonly parentId: number;
    readonly now: Date;
  },
): Promise<void> {
  const last = await db
    .selectFrom('work_item_parent_links')
    .select((eb) => eb.fn.max('relative_position').as('max'))
    .where('work_item_parent_id', '=', link.parentId)
    .executeTakeFirst();
  const position = last?.max == null ? 0 : last.max + 1;
  await db
    .insertInto('work_item_parent_links')
    .values({
      root_namespace_id: link.rootNamespaceId,
      work_item_id: link.workItemId,
      work_item_parent_id: link.parentId,
      relative_position: position,
      created_at: link.now,
      updated_at: link.now,
    })
    .onConflict((conflict) =>
      conflict.column('work_item_id').doUpdateSet({
        work_item_parent_id: link.parentId,
        relative_position: position,
        updated_at: link.now,
      }),
    )
    .execute();
}

/** Removes the work item's parent link, if any; true when there was one. */
export async function unlinkFromParent(db: Executor, workItemId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('work_item_parent_links')
    .where('work_item_id', '=', workItemId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
