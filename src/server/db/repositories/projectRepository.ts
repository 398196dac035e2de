import { type SqlBool, sql } from 'kysely';
import type { Executor } from '../executor.ts';
import { type OffsetLimit, pageWithTotal } from '../pagination.ts';
import type { ProjectRow } from '../schema.ts';
import { fitsSqlInteger } from '../sqlInteger.ts';
import { escapeLike } from './namespaceRepository.ts';
import { projectVisibleTo, type Viewer } from './visibility.ts';

export function findProjectByFullPath(db: Executor, fullPath: string): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('projects')
    .selectAll()
    .where(sql`lower(full_path)`, '=', fullPath.toLowerCase())
    .executeTakeFirst();
}

export function findProjectById(db: Executor, id: number): Promise<ProjectRow | undefined> {
  if (!fitsSqlInteger(id)) return Promise.resolve(undefined);
  return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findProjectsByIds(db: Executor, ids: readonly number[]): Promise<ProjectRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('projects')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export interface ProjectListFilter {
  readonly viewer: Viewer;
  readonly search?: string | undefined;
  /** The search also matches the namespace: the full path and the group names (GitLab's search_namespaces). */
  readonly searchNamespaces?: boolean | undefined;
  /** Only projects of this group, or of it and its subgroups. */
  readonly namespaceId?: number | undefined;
  readonly includeSubgroups?: boolean | undefined;
  readonly membershipOnly?: boolean | undefined;
  readonly visibility?: number | undefined;
  readonly orderBy?: 'id' | 'name' | 'path' | 'created_at' | 'updated_at' | undefined;
  readonly sort?: 'asc' | 'desc' | undefined;
}

function listQuery(db: Executor, filter: ProjectListFilter) {
  let query = db
    .selectFrom('projects')
    .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
    .where((eb) => projectVisibleTo(eb, filter.viewer));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('projects.name', 'ilike', pattern),
        eb('projects.path', 'ilike', pattern),
        ...(filter.searchNamespaces
          ? [eb('projects.full_path', 'ilike', pattern), eb('namespaces.full_name', 'ilike', pattern)]
          : []),
      ]),
    );
  }
  if (filter.namespaceId !== undefined) {
    query = filter.includeSubgroups
      ? query.where(sql<SqlBool>`namespaces.traversal_ids @> ARRAY[${filter.namespaceId}]::integer[]`)
      : query.where('projects.namespace_id', '=', filter.namespaceId);
  }
  if (filter.visibility !== undefined)
    query = query.where('projects.visibility_level', '=', filter.visibility);
  if (filter.membershipOnly && filter.viewer.userId !== null) {
    const userId = filter.viewer.userId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('member_authorizations as members')
          .select(sql`1`.as('one'))
          .where('members.user_id', '=', userId)
          .where((inner) =>
            inner.or([
              inner.and([
                inner('members.source_type', '=', 'Namespace'),
                sql<SqlBool>`members.source_id = ANY(namespaces.traversal_ids)`,
              ]),
              inner.and([
                inner('members.source_type', '=', 'Project'),
                inner('members.source_id', '=', inner.ref('projects.id')),
              ]),
            ]),
          ),
      ),
    );
  }
  return query;
}

export async function listProjects(
  db: Executor,
  filter: ProjectListFilter,
  page: OffsetLimit,
): Promise<{ rows: ProjectRow[]; total: number }> {
  const column = {
    id: 'projects.id',
    name: 'projects.name',
    path: 'projects.full_path',
    created_at: 'projects.created_at',
    updated_at: 'projects.updated_at',
  }[filter.orderBy ?? 'created_at'] as 'projects.id';
  const direction = filter.sort ?? 'desc';
  return pageWithTotal(
    listQuery(db, filter),
    (query) => query.selectAll('projects').orderBy(column, direction).orderBy('projects.id', direction),
    page,
  );
}

export async function countOpenIssuesByProject(
  db: Executor,
  projectIds: readonly number[],
  includeConfidential: (projectId: number) => boolean,
): Promise<Map<number, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('issues')
    .select(['project_id', 'confidential', (eb) => eb.fn.countAll<number>().as('count')])
    .where('project_id', 'in', [...projectIds])
    .where('state', '=', 'opened')
    .where('issue_type', '<>', 'task') // a task counts under its parent, as lists show it
    .groupBy(['project_id', 'confidential'])
    .execute();
  const counts = new Map<number, number>();
  for (const row of rows) {
    if (row.confidential && !includeConfidential(row.project_id)) continue;
    counts.set(row.project_id, (counts.get(row.project_id) ?? 0) + Number(row.count));
  }
  return counts;
}

/** A new project in `group`. */
export function insertProject(
  db: Executor,
  project: {
    readonly group: Pick<ProjectRow, 'root_namespace_id'> & {
      readonly id: number;
      readonly full_path: string;
    };
    readonly path: string;
    readonly name: string;
    readonly description: string;
    readonly visibilityLevel: number;
    readonly now: Date;
  },
): Promise<ProjectRow> {
  return db
    .insertInto('projects')
    .values({
      root_namespace_id: project.group.root_namespace_id,
      namespace_id: project.group.id,
      path: project.path,
      name: project.name,
      full_path: `${project.group.full_path}/${project.path}`,
      description: project.description,
      visibility_level: project.visibilityLevel,
      created_at: project.now,
      updated_at: project.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
