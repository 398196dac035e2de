import { type SqlBool, sql } from 'kysely';
import type { Executor } from '../executor.ts';
import { type OffsetLimit, pageWithTotal } from '../pagination.ts';
import type { NamespaceRow, ProjectRow } from '../schema.ts';
import { fitsSqlInteger } from '../sqlInteger.ts';
import { namespaceVisibleTo, type Viewer } from './visibility.ts';

export function findNamespaceByFullPath(db: Executor, fullPath: string): Promise<NamespaceRow | undefined> {
  return db
    .selectFrom('namespaces')
    .selectAll()
    .where(sql`lower(full_path)`, '=', fullPath.toLowerCase())
    .executeTakeFirst();
}

export function findNamespaceById(db: Executor, id: number): Promise<NamespaceRow | undefined> {
  if (!fitsSqlInteger(id)) return Promise.resolve(undefined);
  return db.selectFrom('namespaces').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findNamespacesByIds(db: Executor, ids: readonly number[]): Promise<NamespaceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('namespaces')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** The group itself and every group below it. */
export function findSelfAndDescendants(db: Executor, namespace: NamespaceRow): Promise<NamespaceRow[]> {
  return db
    .selectFrom('namespaces')
    .selectAll()
    .where('root_namespace_id', '=', namespace.root_namespace_id)
    .where(sql<SqlBool>`traversal_ids @> ARRAY[${namespace.id}]::integer[]`)
    .execute();
}

export interface NamespaceListFilter {
  readonly viewer: Viewer;
  readonly search?: string | undefined;
  readonly topLevelOnly?: boolean | undefined;
  /** Only groups where the viewer holds a membership (directly or inherited). */
  readonly membershipOnly?: boolean | undefined;
  /** Only groups strictly below this one. */
  readonly descendantsOf?: NamespaceRow | undefined;
  /** Only direct children of this one. */
  readonly childrenOf?: number | undefined;
  readonly orderBy?: 'name' | 'path' | 'id' | undefined;
  readonly sort?: 'asc' | 'desc' | undefined;
}

function listQuery(db: Executor, filter: NamespaceListFilter) {
  let query = db.selectFrom('namespaces').where((eb) => namespaceVisibleTo(eb, filter.viewer));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('path', 'ilike', pattern)]));
  }
  if (filter.topLevelOnly) query = query.where('parent_id', 'is', null);
  if (filter.childrenOf !== undefined) query = query.where('parent_id', '=', filter.childrenOf);
  if (filter.descendantsOf) {
    const ancestor = filter.descendantsOf;
    query = query
      .where('root_namespace_id', '=', ancestor.root_namespace_id)
      .where(sql<SqlBool>`traversal_ids @> ARRAY[${ancestor.id}]::integer[]`)
      .where('id', '!=', ancestor.id);
  }
  if (filter.membershipOnly && filter.viewer.userId !== null) {
    const userId = filter.viewer.userId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('member_authorizations as members')
          .select(sql`1`.as('one'))
          .where('members.user_id', '=', userId)
          .where('members.source_type', '=', 'Namespace')
          .where(sql<SqlBool>`members.source_id = ANY(namespaces.traversal_ids)`),
      ),
    );
  }
  return query;
}

export async function listNamespaces(
  db: Executor,
  filter: NamespaceListFilter,
  page: OffsetLimit,
): Promise<{ rows: NamespaceRow[]; total: number }> {
  const column = filter.orderBy === 'id' ? 'id' : filter.orderBy === 'path' ? 'full_path' : 'full_name';
  const direction = filter.sort ?? 'asc';
  return pageWithTotal(
    listQuery(db, filter),
    (query) => query.selectAll().orderBy(column, direction).orderBy('id', direction),
    page,
  );
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Every group of a root namespace, the root included (one hierarchy: tens to hundreds of rows). */
export function findNamespacesOfRoot(db: Executor, rootNamespaceId: number): Promise<NamespaceRow[]> {
  return db.selectFrom('namespaces').selectAll().where('root_namespace_id', '=', rootNamespaceId).execute();
}

type ProjectJson = Omit<ProjectRow, 'created_at' | 'updated_at'> & { created_at: string; updated_at: string };

/**
 * Every group and project of a root namespace in ONE statement (what a request's visibility rules
 * need): the projects ride along as JSON on the root's own row.
 */
export async function findGroupsAndProjectsOfRoot(
  db: Executor,
  rootNamespaceId: number,
): Promise<{ groups: NamespaceRow[]; projects: ProjectRow[] }> {
  const rows = await db
    .selectFrom('namespaces')
    .selectAll()
    .select(
      sql<ProjectJson[] | null>`CASE WHEN namespaces.id = namespaces.root_namespace_id THEN
        (SELECT coalesce(json_agg(p ORDER BY p.id), '[]'::json) FROM projects p WHERE p.root_namespace_id = ${rootNamespaceId})
      END`.as('projects_of_root'),
    )
    .where('root_namespace_id', '=', rootNamespaceId)
    .execute();
  const groups: NamespaceRow[] = [];
  let projects: ProjectRow[] = [];
  for (const { projects_of_root, ...group } of rows) {
    groups.push(group);
    if (projects_of_root) {
      projects = projects_of_root.map((project) => ({
        ...project,
        created_at: new Date(project.created_at),
        updated_at: new Date(project.updated_at),
      }));
    }
  }
  return { groups, projects };
}

/** Changes a group's own settings; the row as it is afterwards. */
export function updateNamespaceSettings(
  db: Executor,
  id: number,
  settings: { emails_disabled?: boolean },
  now: Date,
): Promise<NamespaceRow | undefined> {
  return db
    .updateTable('namespaces')
    .set({ ...settings, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * A new group under `parent` (or a new top-level group, the root of its own partition): its
 * traversal ids and full path follow from the parent's, set with the row in one statement pair.
 */
export async function insertGroup(
  db: Executor,
  group: {
    readonly parent: NamespaceRow | null;
    readonly path: string;
    readonly name: string;
    readonly description: string;
    readonly visibilityLevel: number;
    readonly now: Date;
  },
): Promise<NamespaceRow> {
  const { parent } = group;
  const inserted = await db
    .insertInto('namespaces')
    .values({
      // A top-level group's partition is its own: set to its id below, once it has one.
      root_namespace_id: parent?.root_namespace_id ?? 0,
      parent_id: parent?.id ?? null,
      traversal_ids: [],
      path: group.path,
      name: group.name,
      full_path: parent ? `${parent.full_path}/${group.path}` : group.path,
      full_name: parent ? `${parent.full_name} / ${group.name}` : group.name,
      description: group.description,
      visibility_level: group.visibilityLevel,
      created_at: group.now,
      updated_at: group.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return db
    .updateTable('namespaces')
    .set({
      traversal_ids: [...(parent?.traversal_ids ?? []), inserted.id],
      root_namespace_id: parent?.root_namespace_id ?? inserted.id,
    })
    .where('id', '=', inserted.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The groups at or below any of these, by full path, at most `limit` (where one may create). */
export function findGroupsAtOrBelow(
  db: Executor,
  ids: readonly number[],
  limit: number,
): Promise<NamespaceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('namespaces')
    .selectAll()
    .where(sql<SqlBool>`traversal_ids && ${sql.val([...ids])}::integer[]`)
    .orderBy('full_path')
    .limit(limit)
    .execute();
}
