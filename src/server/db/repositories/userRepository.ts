import { sql } from 'kysely';
import type { Executor } from '../executor.ts';
import { type OffsetLimit, type PageWithTotal, pageWithTotal } from '../pagination.ts';
import type { UserRow } from '../schema.ts';

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUsersByIds(db: Executor, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** The users of these usernames (case-insensitively, as GitLab matches mentions). */
export function findUsersByUsernames(db: Executor, usernames: readonly string[]): Promise<UserRow[]> {
  if (usernames.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .selectAll()
    .where(
      sql`lower(username)`,
      'in',
      usernames.map((name) => name.toLowerCase()),
    )
    .execute();
}

/** Username or email, case-insensitively, as GitLab's sign-in accepts either. */
export function findUserByLogin(db: Executor, login: string): Promise<UserRow | undefined> {
  const lowered = login.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', lowered), eb(sql`lower(email)`, '=', lowered)]))
    .executeTakeFirst();
}

export function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Active users whose username or name matches, members of the root namespace first (token suggestions). */
/**
 * Active users whose username or name contains `search`, by username; members of any of
 * `preferMembersOfNamespaceIds` (direct group memberships) first.
 */
export async function searchUsers(
  db: Executor,
  search: string,
  limit: number,
  preferMembersOfNamespaceIds: readonly number[] = [],
): Promise<UserRow[]> {
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  let query = db
    .selectFrom('users')
    .selectAll('users')
    .where('users.state', '=', 'active')
    .where((eb) => eb.or([eb('users.username', 'ilike', pattern), eb('users.name', 'ilike', pattern)]));
  if (preferMembersOfNamespaceIds.length > 0) {
    query = query.orderBy(
      sql`EXISTS (SELECT 1 FROM members m WHERE m.user_id = users.id AND m.source_type = 'Namespace'
        AND m.source_id IN (${sql.join(preferMembersOfNamespaceIds)}))`,
      'desc',
    );
  }
  return query.orderBy('users.username').limit(limit).execute();
}

/** The emoji names a user has awarded, most used first (GitLab's emoji autocomplete). */
export async function findAwardedEmojiNames(db: Executor, userId: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('award_emoji')
    .select(['name', (eb) => eb.fn.countAll<number>().as('uses')])
    .where('user_id', '=', userId)
    .groupBy('name')
    .orderBy('uses', 'desc')
    .orderBy('name')
    .limit(limit)
    .execute();
  return rows.map((row) => row.name);
}

/**
 * Moves a user from one state to another (active → banned, banned → active); undefined when the
 * user is not in `from` (missing, or in another state), so two moderators cannot race.
 */
export function changeUserState(
  db: Executor,
  id: number,
  from: string,
  to: string,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ state: to })
    .where('id', '=', id)
    .where('state', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/** What GitLab's users list filters by; `states` limits the accounts listed (non-admins: active). */
export interface UserListFilter {
  readonly username?: string | undefined;
  /** Username, name or (for administrators) email containing it, any case. */
  readonly search?: string | undefined;
  readonly searchEmails?: boolean | undefined;
  readonly states?: readonly string[] | undefined;
}

/** One page of users by id, with the total (GitLab's `GET /users`). */
export function listUsers(
  db: Executor,
  filter: UserListFilter,
  page: OffsetLimit,
): Promise<PageWithTotal<UserRow>> {
  let query = db.selectFrom('users');
  if (filter.username !== undefined)
    query = query.where(sql`lower(username)`, '=', filter.username.toLowerCase());
  if (filter.search !== undefined) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('users.username', 'ilike', pattern),
        eb('users.name', 'ilike', pattern),
        ...(filter.searchEmails ? [eb('users.email', 'ilike', pattern)] : []),
      ]),
    );
  }
  if (filter.states) query = query.where('users.state', 'in', [...filter.states]);
  return pageWithTotal(query, (filtered) => filtered.selectAll('users').orderBy('users.id'), page);
}

/** The fields the profile and preferences pages change; absent ones stay as they are. */
export interface UserSettingsUpdate {
  readonly name?: string;
  readonly color_mode?: string | null;
  readonly first_day_of_week?: number | null;
  readonly password_hash?: string;
}

export async function updateUserSettings(
  db: Executor,
  userId: number,
  update: UserSettingsUpdate,
): Promise<void> {
  if (Object.keys(update).length === 0) return;
  await db.updateTable('users').set(update).where('id', '=', userId).execute();
}

/** A new account (an invited person's sign-up). */
export function insertUser(
  db: Executor,
  user: { username: string; email: string; name: string; passwordHash: string; now: Date },
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      username: user.username,
      email: user.email,
      name: user.name,
      password_hash: user.passwordHash,
      created_at: user.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The instance's active administrators' addresses (who is told of a request to the sales team), at most `limit`. */
export async function findAdministratorEmails(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('is_admin', '=', true)
    .where('state', '=', 'active')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.email);
}
