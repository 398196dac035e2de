import type { Executor } from '../executor.ts';
import type { EpicRow, EpicUpdate, NewEpic } from '../schema.ts';
import { deleteIssuableAttachments } from './issuableAttachments.ts';
import { type EpicVisibility, epicVisibleTo } from './visibility.ts';

/** Epic rows one by one: find, insert, update and delete (lists, hierarchy and dates have their own). */

/** The epic with this iid in the group (iids count per group). */
export function findEpicByIid(db: Executor, groupId: number, iid: number): Promise<EpicRow | undefined> {
  return db
    .selectFrom('epics')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('iid', '=', iid)
    .executeTakeFirst();
}

/** The epics with these ids; with `visible`, only those the viewer may read. */
export function findEpicsByIds(
  db: Executor,
  ids: readonly number[],
  visible?: EpicVisibility,
): Promise<EpicRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('epics')
    .selectAll()
    .where('id', 'in', [...ids]);
  if (visible) query = query.where(epicVisibleTo('epics', visible));
  return query.execute();
}

/** Takes the group's next epic iid inside the caller's transaction (the row lock serialises creators). */
export async function nextEpicIid(db: Executor, groupId: number): Promise<number> {
  const row = await db
    .updateTable('namespaces')
    .set((eb) => ({ last_epic_iid: eb('last_epic_iid', '+', 1) }))
    .where('id', '=', groupId)
    .returning('last_epic_iid')
    .executeTakeFirstOrThrow();
  return row.last_epic_iid;
}

export function insertEpic(db: Executor, epic: NewEpic): Promise<EpicRow> {
  return db.insertInto('epics').values(epic).returningAll().executeTakeFirstOrThrow();
}

/** Updates only when `lock_version` still matches; undefined means someone else wrote first. */
export function updateEpicRow(
  db: Executor,
  id: number,
  lockVersion: number | undefined,
  changes: EpicUpdate & { readonly updated_at: Date },
): Promise<EpicRow | undefined> {
  let query = db
    .updateTable('epics')
    .set(changes)
    .set((eb) => ({ lock_version: eb('lock_version', '+', 1) }))
    .where('id', '=', id);
  if (lockVersion !== undefined) query = query.where('lock_version', '=', lockVersion);
  return query.returningAll().executeTakeFirst();
}

/**
 * Deletes the epics and what hangs off them (label links, awards, to-dos, subscriptions, notes; the
 * foreign keys drop their issue links and related-epic links). Issues stay, without an epic. A child
 * epic not in `ids` is detached, as GitLab 16.11+ does; callers that delete a subtree pass all of it.
 */
export async function deleteEpicRows(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  // Only the children that stay: detaching the deleted ones too would move each one's counts off
  // its ancestors first (the rollups' triggers, row by row) for nothing.
  await db
    .updateTable('epics')
    .set({ parent_id: null })
    .where('parent_id', 'in', ids)
    .where('id', 'not in', ids)
    .execute();
  await deleteIssuableAttachments(db, 'Epic', ids);
  await db.deleteFrom('epics').where('id', 'in', ids).execute();
}

export function findEpicById(db: Executor, id: number): Promise<EpicRow | undefined> {
  return db.selectFrom('epics').selectAll().where('id', '=', id).executeTakeFirst();
}
