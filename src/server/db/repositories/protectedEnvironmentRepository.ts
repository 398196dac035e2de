import { sql } from 'kysely';
import type { Executor } from '../executor.ts';
import { type OffsetLimit, type PageWithTotal, pageWithTotal } from '../pagination.ts';
import type { ApprovalRuleRow, DeployAccessLevelRow, ProtectedEnvironmentRow } from '../schema.ts';

/** One offset page of the project's protected environments, by name (GitLab's sorted_by_name). */
export function listProtectedEnvironments(
  db: Executor,
  projectId: number,
  page: OffsetLimit,
): Promise<PageWithTotal<ProtectedEnvironmentRow>> {
  const query = db.selectFrom('protected_environments').where('project_id', '=', projectId);
  return pageWithTotal(query, (filtered) => filtered.selectAll().orderBy('name').orderBy('id'), page);
}

export function findProtectedEnvironment(
  db: Executor,
  projectId: number,
  name: string,
): Promise<ProtectedEnvironmentRow | undefined> {
  return db
    .selectFrom('protected_environments')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** The project's protected environments among these names. */
export function findProtectedEnvironmentsByNames(
  db: Executor,
  projectId: number,
  names: readonly string[],
): Promise<ProtectedEnvironmentRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('protected_environments')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('name', 'in', [...names])
    .execute();
}

export function insertProtectedEnvironment(
  db: Executor,
  row: {
    readonly rootNamespaceId: number;
    readonly projectId: number;
    readonly name: string;
    readonly now: Date;
  },
): Promise<ProtectedEnvironmentRow> {
  return db
    .insertInto('protected_environments')
    .values({
      root_namespace_id: row.rootNamespaceId,
      project_id: row.projectId,
      name: row.name,
      created_at: row.now,
      updated_at: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function touchProtectedEnvironment(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('protected_environments').set({ updated_at: now }).where('id', '=', id).execute();
}

export async function deleteProtectedEnvironment(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('protected_environments').where('id', '=', id).execute();
}

export function findDeployAccessLevels(
  db: Executor,
  protectedEnvironmentIds: readonly number[],
): Promise<DeployAccessLevelRow[]> {
  if (protectedEnvironmentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('protected_environment_deploy_access_levels')
    .selectAll()
    .where('protected_environment_id', 'in', [...protectedEnvironmentIds])
    .orderBy('id')
    .execute();
}

export function findApprovalRules(
  db: Executor,
  protectedEnvironmentIds: readonly number[],
): Promise<ApprovalRuleRow[]> {
  if (protectedEnvironmentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('protected_environment_approval_rules')
    .selectAll()
    .where('protected_environment_id', 'in', [...protectedEnvironmentIds])
    .orderBy('id')
    .execute();
}

/** A deploy access level or approval rule as written: exactly one of the three kinds. */
export interface AccessEntryWrite {
  readonly accessLevel: number | null;
  readonly userId: number | null;
  readonly groupId: number | null;
  readonly groupInheritanceType: number;
}

export type EntryTable =
  | 'protected_environment_deploy_access_levels'
  | 'protected_environment_approval_rules';

export async function insertAccessEntry(
  db: Executor,
  table: EntryTable,
  owner: { readonly rootNamespaceId: number; readonly protectedEnvironmentId: number; readonly now: Date },
  entry: AccessEntryWrite & { readonly requiredApprovals?: number | undefined },
): Promise<void> {
  const common = {
    root_namespace_id: owner.rootNamespaceId,
    protected_environment_id: owner.protectedEnvironmentId,
    access_level: entry.accessLevel,
    user_id: entry.userId,
    group_id: entry.groupId,
    group_inheritance_type: entry.groupInheritanceType,
    created_at: owner.now,
  };
  if (table === 'protected_environment_approval_rules') {
    await db
      .insertInto(table)
      .values({ ...common, required_approvals: entry.requiredApprovals ?? 1 })
      .execute();
  } else {
    await db.insertInto(table).values(common).execute();
  }
}

export async function updateAccessEntry(
  db: Executor,
  table: EntryTable,
  id: number,
  entry: AccessEntryWrite & { readonly requiredApprovals?: number | undefined },
): Promise<void> {
  const common = {
    access_level: entry.accessLevel,
    user_id: entry.userId,
    group_id: entry.groupId,
    group_inheritance_type: entry.groupInheritanceType,
  };
  if (table === 'protected_environment_approval_rules' && entry.requiredApprovals !== undefined) {
    await db
      .updateTable(table)
      .set({ ...common, required_approvals: entry.requiredApprovals })
      .where('id', '=', id)
      .execute();
  } else {
    await db.updateTable(table).set(common).where('id', '=', id).execute();
  }
}

export async function deleteAccessEntry(db: Executor, table: EntryTable, id: number): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}

/** Which of these groups the user is a direct, unexpired member of. */
export async function findDirectGroupMemberships(
  db: Executor,
  userId: number,
  groupIds: readonly number[],
): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectFrom('members')
    .select('source_id')
    .where('user_id', '=', userId)
    .where('source_type', '=', 'Namespace')
    .where('source_id', 'in', [...groupIds])
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<string>`current_date`)]))
    .execute();
  return rows.map((row) => row.source_id);
}

/** Which of these groups the project is shared with (GitLab's invited_groups). */
export async function findInvitedGroupIds(
  db: Executor,
  projectId: number,
  groupIds: readonly number[],
): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectFrom('project_group_links')
    .select('group_id')
    .where('project_id', '=', projectId)
    .where('group_id', 'in', [...groupIds])
    .execute();
  return rows.map((row) => row.group_id);
}
