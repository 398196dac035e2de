import { type Insertable, sql } from 'kysely';
import type { DateRange } from '../../../core/time/calendarDate.ts';
import type { Executor } from '../executor.ts';
import { type OffsetLimit, pageWithTotal } from '../pagination.ts';
import type { MilestoneRow, MilestonesTable } from '../schema.ts';
import { escapeLike } from './namespaceRepository.ts';

export interface MilestoneListFilter {
  readonly groupIds: readonly number[];
  readonly projectIds?: readonly number[] | undefined;
  readonly state?: 'active' | 'closed' | undefined;
  readonly title?: string | undefined;
  readonly search?: string | undefined;
  readonly iids?: readonly number[] | undefined;
  readonly ids?: readonly number[] | undefined;
  /** Overlapping this closed range, with at least one date set (GitLab's within_timeframe). */
  readonly timeframe?: DateRange | undefined;
  readonly containingDate?: string | undefined;
  /** Every term must appear in the title (GitLab's `search_title`), case-insensitive. */
  readonly titleTerms?: readonly string[] | undefined;
  readonly updatedAfter?: Date | undefined;
  readonly updatedBefore?: Date | undefined;
  /** GitLab's REST `start_date` + `end_date`: due on or after the start and starting on or before the end. */
  readonly dueFromStartUntil?: DateRange | undefined;
  readonly sort?:
    | { readonly column: 'due_date' | 'created_at' | 'updated_at'; readonly direction: 'asc' | 'desc' }
    | undefined;
}

export async function listMilestones(
  db: Executor,
  filter: MilestoneListFilter,
  page: OffsetLimit,
): Promise<{ rows: MilestoneRow[]; total: number }> {
  const base = () => {
    let query = db.selectFrom('milestones').where((eb) => {
      const owners = [];
      if (filter.groupIds.length) owners.push(eb('group_id', 'in', [...filter.groupIds]));
      if (filter.projectIds?.length) owners.push(eb('project_id', 'in', [...filter.projectIds]));
      return owners.length ? eb.or(owners) : eb.val(false);
    });
    if (filter.state) query = query.where('state', '=', filter.state);
    if (filter.title) query = query.where('title', '=', filter.title);
    if (filter.iids?.length) query = query.where('iid', 'in', [...filter.iids]);
    if (filter.ids) query = query.where('id', 'in', [...filter.ids, 0]);
    if (filter.timeframe) {
      const { start, end } = filter.timeframe;
      query = query.where((eb) =>
        eb.and([
          eb.or([eb('start_date', 'is not', null), eb('due_date', 'is not', null)]),
          eb.or([eb('start_date', 'is', null), eb('start_date', '<=', end)]),
          eb.or([eb('due_date', 'is', null), eb('due_date', '>=', start)]),
        ]),
      );
    }
    if (filter.containingDate) {
      const day = filter.containingDate;
      query = query.where('start_date', '<=', day).where('due_date', '>=', day);
    }
    for (const term of filter.titleTerms ?? []) {
      query = query.where('title', 'ilike', `%${escapeLike(term)}%`);
    }
    if (filter.updatedAfter) query = query.where('updated_at', '>=', filter.updatedAfter);
    if (filter.updatedBefore) query = query.where('updated_at', '<=', filter.updatedBefore);
    if (filter.dueFromStartUntil) {
      const { start, end } = filter.dueFromStartUntil;
      query = query.where('due_date', '>=', start).where('start_date', '<=', end);
    }
    if (filter.search) {
      const pattern = `%${escapeLike(filter.search)}%`;
      query = query.where((eb) =>
        eb.or([eb('title', 'ilike', pattern), eb('description', 'ilike', pattern)]),
      );
    }
    return query;
  };
  return pageWithTotal(
    base(),
    (query) =>
      query
        .selectAll()
        .orderBy(
          sql`${sql.ref(filter.sort?.column ?? 'due_date')} ${sql.raw(filter.sort?.direction === 'desc' ? 'DESC' : 'ASC')} NULLS LAST`,
        )
        .orderBy('id', 'desc'),
    page,
  );
}

export function findMilestonesByIds(db: Executor, ids: readonly number[]): Promise<MilestoneRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('milestones')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export function findMilestoneById(db: Executor, id: number): Promise<MilestoneRow | undefined> {
  return db.selectFrom('milestones').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The milestone with this iid in one group or one project (iids are per owner). */
export function findMilestoneByIid(
  db: Executor,
  owner: { readonly groupId: number } | { readonly projectId: number },
  iid: number,
): Promise<MilestoneRow | undefined> {
  const query = db.selectFrom('milestones').selectAll().where('iid', '=', iid);
  return (
    'groupId' in owner
      ? query.where('group_id', '=', owner.groupId)
      : query.where('project_id', '=', owner.projectId)
  ).executeTakeFirst();
}

/** Ids of the milestones with one of these titles among those of the given groups and projects. */
export async function findMilestoneIdsByTitles(
  db: Executor,
  owners: { readonly groupIds: readonly number[]; readonly projectIds: readonly number[] },
  titles: readonly string[],
): Promise<number[]> {
  if (titles.length === 0 || owners.groupIds.length + owners.projectIds.length === 0) return [];
  const rows = await db
    .selectFrom('milestones')
    .select('id')
    .where('title', 'in', [...titles])
    .where((eb) => {
      const owned = [];
      if (owners.groupIds.length) owned.push(eb('group_id', 'in', [...owners.groupIds]));
      if (owners.projectIds.length) owned.push(eb('project_id', 'in', [...owners.projectIds]));
      return eb.or(owned);
    })
    .execute();
  return rows.map((row) => row.id);
}

export function updateMilestoneRow(
  db: Executor,
  id: number,
  changes: Partial<Pick<MilestoneRow, 'title' | 'description' | 'start_date' | 'due_date' | 'state'>>,
  now: Date,
): Promise<MilestoneRow | undefined> {
  return db
    .updateTable('milestones')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Whose milestone: a group's or a project's (iids and titles are unique per owner). */
export type MilestoneOwnerKey = { readonly groupId: number } | { readonly projectId: number };

/** Takes the owner's next milestone iid inside the caller's transaction (the row lock serialises creators). */
export async function nextMilestoneIid(db: Executor, owner: MilestoneOwnerKey): Promise<number> {
  if ('groupId' in owner) {
    const row = await db
      .updateTable('namespaces')
      .set((eb) => ({ last_milestone_iid: eb('last_milestone_iid', '+', 1) }))
      .where('id', '=', owner.groupId)
      .returning('last_milestone_iid')
      .executeTakeFirstOrThrow();
    return row.last_milestone_iid;
  }
  const row = await db
    .updateTable('projects')
    .set((eb) => ({ last_milestone_iid: eb('last_milestone_iid', '+', 1) }))
    .where('id', '=', owner.projectId)
    .returning('last_milestone_iid')
    .executeTakeFirstOrThrow();
  return row.last_milestone_iid;
}

/** Whether the owner has a milestone of this title other than `exceptId` (titles are case-sensitive, as the index). */
export async function ownerHasMilestoneTitled(
  db: Executor,
  owner: MilestoneOwnerKey,
  title: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db.selectFrom('milestones').select('id').where('title', '=', title);
  query =
    'groupId' in owner
      ? query.where('group_id', '=', owner.groupId)
      : query.where('project_id', '=', owner.projectId);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function insertMilestone(db: Executor, milestone: Insertable<MilestonesTable>): Promise<MilestoneRow> {
  return db.insertInto('milestones').values(milestone).returningAll().executeTakeFirstOrThrow();
}

/** Deletes the milestone; its issues keep no milestone and epics dated by it lose the source (FKs). */
export async function deleteMilestoneRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('milestones').where('id', '=', id).execute();
}
