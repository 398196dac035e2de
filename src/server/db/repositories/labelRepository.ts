import { sql } from 'kysely';
import { compiledOnceRows } from '../compiledOnce.ts';
import type { Executor } from '../executor.ts';
import { type OffsetLimit, pageWithTotal } from '../pagination.ts';
import type { LabelRow } from '../schema.ts';
import { fitsSqlInteger, intArrayText } from '../sqlInteger.ts';
import { escapeLike } from './namespaceRepository.ts';

export type LabelTarget = 'Epic' | 'Issue' | 'MergeRequest';

// Every page with labels sends it, for other targets each time: built and compiled once.
const selectLabelsOfTargets = compiledOnceRows((db: Executor, targetType: LabelTarget, targetIds: string) =>
  db
    .selectFrom('label_links')
    .innerJoin('labels', 'labels.id', 'label_links.label_id')
    .selectAll('labels')
    .select('label_links.target_id')
    .where('label_links.target_type', '=', targetType)
    .where(sql<boolean>`label_links.target_id = ANY(${targetIds}::integer[])`)
    .orderBy('labels.title'),
);

/** Labels of many targets at once, keyed by target id (one statement for a whole page). */
export async function findLabelsOfTargets(
  db: Executor,
  targetType: LabelTarget,
  targetIds: readonly number[],
): Promise<Map<number, LabelRow[]>> {
  const byTarget = new Map<number, LabelRow[]>();
  if (targetIds.length === 0) return byTarget;
  const rows = await selectLabelsOfTargets(db, targetType, intArrayText(targetIds));
  for (const { target_id, ...label } of rows) {
    const list = byTarget.get(target_id) ?? [];
    list.push(label);
    byTarget.set(target_id, list);
  }
  return byTarget;
}

export interface LabelListFilter {
  readonly groupIds: readonly number[];
  readonly projectIds?: readonly number[] | undefined;
  readonly search?: string | undefined;
}

export async function listLabels(
  db: Executor,
  filter: LabelListFilter,
  page: OffsetLimit,
): Promise<{ rows: LabelRow[]; total: number }> {
  const base = () => {
    let query = db.selectFrom('labels').where((eb) => {
      const owners = [];
      if (filter.groupIds.length) owners.push(eb('group_id', 'in', [...filter.groupIds]));
      if (filter.projectIds?.length) owners.push(eb('project_id', 'in', [...filter.projectIds]));
      return owners.length ? eb.or(owners) : eb.val(false);
    });
    if (filter.search) query = query.where('title', 'ilike', `%${escapeLike(filter.search)}%`);
    return query;
  };
  return pageWithTotal(base(), (query) => query.selectAll().orderBy('title').orderBy('id'), page);
}

/** Group labels visible from a group: its own and its ancestors' (GitLab's label inheritance). */
export function findGroupLabelsByTitles(
  db: Executor,
  groupIds: readonly number[],
  titles: readonly string[],
): Promise<LabelRow[]> {
  if (titles.length === 0 || groupIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('labels')
    .selectAll()
    .where('group_id', 'in', [...groupIds])
    .where('title', 'in', [...titles])
    .execute();
}

/** A project's own labels with these titles (exact titles, as the group lookup above). */
export function findProjectLabelsByTitles(
  db: Executor,
  projectId: number,
  titles: readonly string[],
): Promise<LabelRow[]> {
  if (titles.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('labels')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('title', 'in', [...titles])
    .execute();
}

export async function replaceTargetLabels(
  db: Executor,
  target: { type: LabelTarget; id: number; rootNamespaceId: number },
  labelIds: readonly number[],
): Promise<void> {
  await db
    .deleteFrom('label_links')
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .execute();
  if (labelIds.length === 0) return;
  await db
    .insertInto('label_links')
    .values(
      [...new Set(labelIds)].map((labelId) => ({
        root_namespace_id: target.rootNamespaceId,
        label_id: labelId,
        target_type: target.type,
        target_id: target.id,
      })),
    )
    .execute();
}

/** New labels of one group, in one statement whatever their number. */
export async function insertGroupLabels(
  db: Executor,
  group: { id: number; root_namespace_id: number },
  titles: readonly string[],
  color: string,
): Promise<LabelRow[]> {
  if (titles.length === 0) return [];
  return db
    .insertInto('labels')
    .values(
      titles.map((title) => ({
        root_namespace_id: group.root_namespace_id,
        group_id: group.id,
        project_id: null,
        title,
        color,
      })),
    )
    .returningAll()
    .execute();
}

/** Labels with these ids; an id beyond the column's range matches nothing (it is bad input, not a bug). */
export function findLabelsByIds(db: Executor, ids: readonly number[]): Promise<LabelRow[]> {
  const storable = ids.filter(fitsSqlInteger);
  if (storable.length === 0) return Promise.resolve([]);
  return db.selectFrom('labels').selectAll().where('id', 'in', storable).execute();
}

/** Whose labels: a group's own or a project's own. */
export type LabelOwnerKey = { readonly groupId: number } | { readonly projectId: number };

const ownerColumn = (owner: LabelOwnerKey) =>
  'groupId' in owner ? (['group_id', owner.groupId] as const) : (['project_id', owner.projectId] as const);

/** `:label_id` as GitLab reads it: all digits is an id, anything else a title (any case here). */
const byIdOrTitle = (key: string) =>
  /^\d{1,10}$/.test(key) ? ({ id: Number(key) } as const) : ({ title: key.toLowerCase() } as const);

/** A group's or project's own label by id, or by title (any case) when `key` is not all digits. */
export function findOwnedLabel(
  db: Executor,
  owner: LabelOwnerKey,
  key: string,
): Promise<LabelRow | undefined> {
  const [column, ownerId] = ownerColumn(owner);
  const wanted = byIdOrTitle(key);
  let query = db.selectFrom('labels').selectAll().where(column, '=', ownerId);
  query =
    'id' in wanted ? query.where('id', '=', wanted.id) : query.where(sql`lower(title)`, '=', wanted.title);
  return query.executeTakeFirst();
}

/**
 * A label a project may use, by id or title: its own, or one of its groups' (`groupIds`, root
 * first). By title, the project's own wins, then the nearest group's, as GitLab's finder orders them.
 */
export async function findAvailableLabel(
  db: Executor,
  scope: { readonly projectId: number; readonly groupIds: readonly number[] },
  key: string,
): Promise<LabelRow | undefined> {
  const wanted = byIdOrTitle(key);
  let query = db
    .selectFrom('labels')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('project_id', '=', scope.projectId),
        ...(scope.groupIds.length ? [eb('group_id', 'in', [...scope.groupIds])] : []),
      ]),
    );
  query =
    'id' in wanted ? query.where('id', '=', wanted.id) : query.where(sql`lower(title)`, '=', wanted.title);
  const rows = await query.execute();
  const rank = (label: LabelRow) =>
    label.project_id !== null ? Number.MAX_SAFE_INTEGER : scope.groupIds.indexOf(label.group_id ?? -1);
  return rows.sort((a, b) => rank(b) - rank(a))[0];
}

/** A label of these owners with this title (any case), other than `exceptId`; the first found. */
export function findLabelTitledAmong(
  db: Executor,
  owners: { readonly groupIds: readonly number[]; readonly projectIds: readonly number[] },
  title: string,
  exceptId?: number,
): Promise<LabelRow | undefined> {
  if (owners.groupIds.length === 0 && owners.projectIds.length === 0) return Promise.resolve(undefined);
  let query = db
    .selectFrom('labels')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(owners.groupIds.length ? [eb('group_id', 'in', [...owners.groupIds])] : []),
        ...(owners.projectIds.length ? [eb('project_id', 'in', [...owners.projectIds])] : []),
      ]),
    )
    .where(sql`lower(title)`, '=', title.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

export function updateLabelRow(
  db: Executor,
  id: number,
  changes: Partial<Pick<LabelRow, 'title' | 'color' | 'description'>>,
): Promise<LabelRow | undefined> {
  return db.updateTable('labels').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Deletes a label; its links to epics, issues and merge requests and its priorities go with it by
 * foreign key, its subscriptions (which name it by type and id) in the same statement's transaction.
 */
export async function deleteLabelRow(db: Executor, id: number): Promise<void> {
  await db
    .deleteFrom('subscriptions')
    .where('subscribable_type', '=', 'Label')
    .where('subscribable_id', '=', id)
    .execute();
  await db.deleteFrom('labels').where('id', '=', id).execute();
}
