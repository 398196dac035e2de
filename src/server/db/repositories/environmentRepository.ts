import { type Insertable, sql } from 'kysely';
import type { EnvironmentState } from '../../../core/domain/environments.ts';
import type { Executor } from '../executor.ts';
import { type OffsetLimit, type PageWithTotal, pageWithTotal } from '../pagination.ts';
import type { EnvironmentRow, EnvironmentsTable } from '../schema.ts';
import { fitsSqlInteger } from '../sqlInteger.ts';
import { escapeLike } from './namespaceRepository.ts';

/** What an environment list asks for (GitLab's EnvironmentsFinder); every condition holds at once. */
export interface EnvironmentFilter {
  readonly projectId: number;
  /** Exactly this name. */
  readonly name?: string | undefined;
  /** Names starting with this, in any case (Environment.for_name_like). */
  readonly search?: string | undefined;
  readonly states?: readonly EnvironmentState[] | undefined;
}

/** One offset page of the project's environments, by id, and how many match. */
export function listEnvironments(
  db: Executor,
  filter: EnvironmentFilter,
  page: OffsetLimit,
): Promise<PageWithTotal<EnvironmentRow>> {
  let query = db.selectFrom('environments').where('project_id', '=', filter.projectId);
  if (filter.name !== undefined) query = query.where('name', '=', filter.name);
  if (filter.search !== undefined) {
    query = query.where(sql`lower(name)`, 'like', `${escapeLike(filter.search.toLowerCase())}%`);
  }
  if (filter.states !== undefined) query = query.where('state', 'in', [...filter.states]);
  return pageWithTotal(query, (filtered) => filtered.selectAll().orderBy('id'), page);
}

/** How many of the project's environments are in each state (a state none is in is absent). */
export async function countEnvironmentsByState(
  db: Executor,
  projectId: number,
): Promise<Map<EnvironmentState, number>> {
  const rows = await db
    .selectFrom('environments')
    .select(['state', (eb) => eb.fn.countAll<string>().as('count')])
    .where('project_id', '=', projectId)
    .groupBy('state')
    .execute();
  return new Map(rows.map((row) => [row.state, Number(row.count)]));
}

export function findEnvironment(
  db: Executor,
  projectId: number,
  id: number,
): Promise<EnvironmentRow | undefined> {
  if (!fitsSqlInteger(id)) return Promise.resolve(undefined);
  return db
    .selectFrom('environments')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findEnvironmentByName(
  db: Executor,
  projectId: number,
  name: string,
): Promise<EnvironmentRow | undefined> {
  return db
    .selectFrom('environments')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export function findEnvironmentsByIds(db: Executor, ids: readonly number[]): Promise<EnvironmentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('environments')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export type NewEnvironment = Insertable<EnvironmentsTable>;

export function insertEnvironment(db: Executor, row: NewEnvironment): Promise<EnvironmentRow> {
  return db.insertInto('environments').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * The project's environment of that name, made from `row` when there is none (GitLab's
 * find_or_create_by_name): two reports racing for a new name both get the one environment.
 */
export async function findOrInsertEnvironment(db: Executor, row: NewEnvironment): Promise<EnvironmentRow> {
  const inserted = await db
    .insertInto('environments')
    .values(row)
    .onConflict((conflict) => conflict.columns(['project_id', 'name']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? (await findEnvironmentByName(db, row.project_id, row.name)) ?? missing(row.name);
}

function missing(name: string): never {
  throw new Error(`Environment ${name} was neither inserted nor found`);
}

export type EnvironmentChanges = Partial<
  Pick<
    EnvironmentRow,
    'description' | 'external_url' | 'tier' | 'auto_stop_setting' | 'state' | 'auto_stop_at' | 'updated_at'
  >
>;

export function updateEnvironment(
  db: Executor,
  id: number,
  changes: EnvironmentChanges,
): Promise<EnvironmentRow | undefined> {
  return db.updateTable('environments').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteEnvironment(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('environments').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Stops, in one statement, the project's available environments that nothing touched since
 * `before`: not updated, and not deployed to (no deployment of theirs updated since), leaving out the
 * protected ones (Environment.deployed_and_updated_before.without_protected). Returns how many.
 */
export async function stopStaleEnvironments(
  db: Executor,
  projectId: number,
  before: Date,
  now: Date,
): Promise<number> {
  const result = await db
    .updateTable('environments')
    .set({ state: 'stopped', auto_stop_at: null, updated_at: now })
    .where('project_id', '=', projectId)
    .where('state', '=', 'available')
    .where('updated_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('deployments')
            .select(sql`1`.as('one'))
            .whereRef('deployments.environment_id', '=', 'environments.id')
            .where('deployments.updated_at', '>=', before),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('protected_environments')
            .select(sql`1`.as('one'))
            .whereRef('protected_environments.project_id', '=', 'environments.project_id')
            .whereRef('protected_environments.name', '=', 'environments.name'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The project's stopped review apps (environments in the `review` folder) created before `before`
 * and not yet scheduled for deletion, oldest first, at most `limit` (Environment.stopped_review_apps).
 */
export function findStoppedReviewApps(
  db: Executor,
  projectId: number,
  before: Date,
  limit: number,
): Promise<EnvironmentRow[]> {
  return db
    .selectFrom('environments')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('state', '=', 'stopped')
    .where('environment_type', '=', 'review')
    .where('auto_delete_at', 'is', null)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Schedules the environments' deletion (Environment.schedule_to_delete). */
export async function scheduleEnvironmentsDeletion(
  db: Executor,
  ids: readonly number[],
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('environments')
    .set({ auto_delete_at: at })
    .where('id', 'in', [...ids])
    .execute();
}
