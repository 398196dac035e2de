import { sql } from 'kysely';
import type { LdapSyncPlan, SyncedMembership } from '../../../core/domain/ldap.ts';
import type { Executor } from '../executor.ts';
import type { LdapGroupLinkRow } from '../schema.ts';
import { insertMember } from './memberRepository.ts';

/** Which link: a directory group by cn, or an LDAP filter; exactly one. */
export type LdapLinkTarget = { readonly cn: string } | { readonly filter: string };

/** A group's LDAP links, oldest first. */
export function listLdapGroupLinks(db: Executor, groupId: number): Promise<LdapGroupLinkRow[]> {
  return db
    .selectFrom('ldap_group_links')
    .selectAll()
    .where('group_id', '=', groupId)
    .orderBy('id')
    .execute();
}

/** A new link; the unique indexes refuse a second one of the same group, provider and cn or filter. */
export function insertLdapGroupLink(
  db: Executor,
  link: {
    readonly rootNamespaceId: number;
    readonly groupId: number;
    readonly provider: string;
    readonly target: LdapLinkTarget;
    readonly groupAccess: number;
    readonly now: Date;
  },
): Promise<LdapGroupLinkRow> {
  return db
    .insertInto('ldap_group_links')
    .values({
      root_namespace_id: link.rootNamespaceId,
      group_id: link.groupId,
      provider: link.provider,
      cn: 'cn' in link.target ? link.target.cn : null,
      filter: 'filter' in link.target ? link.target.filter : null,
      group_access: link.groupAccess,
      created_at: link.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Deletes the group's link to that cn or filter of that provider (of any provider when undefined:
 * the oldest such link); whether there was one.
 */
export async function deleteLdapGroupLink(
  db: Executor,
  groupId: number,
  provider: string | undefined,
  target: LdapLinkTarget,
): Promise<boolean> {
  let match = db
    .selectFrom('ldap_group_links')
    .select('id')
    .where('group_id', '=', groupId)
    .where((eb) => ('cn' in target ? eb('cn', '=', target.cn) : eb('filter', '=', target.filter)));
  if (provider !== undefined) match = match.where('provider', '=', provider);
  const rows = await db
    .deleteFrom('ldap_group_links')
    .where('id', '=', (eb) => eb.selectFrom(match.orderBy('id').limit(1).as('m')).select('m.id'))
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Groups that sync has work in: those with links, and those holding memberships it granted. */
export async function listGroupIdsToSync(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('ldap_group_links')
    .select('group_id')
    .union(db.selectFrom('ldap_group_link_memberships').select('group_id'))
    .orderBy('group_id')
    .execute();
  return rows.map((row) => row.group_id);
}

/**
 * Active users whose username is one of `usernames` or whose email is one of `emails`, any case
 * (how LDAP people are matched to users).
 */
export async function findActiveUserIdsMatching(
  db: Executor,
  usernames: readonly string[],
  emails: readonly string[],
): Promise<number[]> {
  const names = [...new Set(usernames.map((name) => name.toLowerCase()))];
  const mails = [...new Set(emails.map((mail) => mail.toLowerCase()))];
  if (names.length === 0 && mails.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('state', '=', 'active')
    .where((eb) =>
      eb.or([
        ...(names.length > 0 ? [eb(eb.fn('lower', ['username']), 'in', names)] : []),
        ...(mails.length > 0 ? [eb(eb.fn('lower', ['email']), 'in', mails)] : []),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The group's direct memberships with what sync knows of each, read after locking the group's row
 * so that two syncs of one group (a link's change and the hourly job) run one after the other.
 */
export async function lockSyncedMemberships(db: Executor, groupId: number): Promise<SyncedMembership[]> {
  await sql`select id from namespaces where id = ${groupId} for update`.execute(db);
  const rows = await db
    .selectFrom('members')
    .leftJoin('ldap_group_link_memberships as l', (join) =>
      join.onRef('l.group_id', '=', 'members.source_id').onRef('l.user_id', '=', 'members.user_id'),
    )
    .select(['members.user_id', 'members.access_level', 'l.user_id as tracked', 'l.previous_access_level'])
    .where('members.source_type', '=', 'Namespace')
    .where('members.source_id', '=', groupId)
    .orderBy('members.user_id')
    .execute();
  // Sync's record of a membership removed by hand since is dropped with no membership to describe.
  await db
    .deleteFrom('ldap_group_link_memberships')
    .where('group_id', '=', groupId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('members')
            .select('members.id')
            .where('members.source_type', '=', 'Namespace')
            .whereRef('members.source_id', '=', 'ldap_group_link_memberships.group_id')
            .whereRef('members.user_id', '=', 'ldap_group_link_memberships.user_id'),
        ),
      ),
    )
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    accessLevel: row.access_level,
    ldap: row.tracked === null ? null : { previousAccessLevel: row.previous_access_level },
  }));
}

/** Applies a sync plan to the group's direct memberships and sync's record of them. */
export async function applyLdapSyncPlan(
  db: Executor,
  group: { readonly id: number; readonly rootNamespaceId: number },
  plan: LdapSyncPlan,
): Promise<void> {
  for (const { userId, accessLevel } of plan.add) {
    await insertMember(db, {
      rootNamespaceId: group.rootNamespaceId,
      userId,
      sourceType: 'Namespace',
      sourceId: group.id,
      accessLevel,
    });
    await track(db, group, userId, null);
  }
  for (const { userId, accessLevel, previousAccessLevel } of plan.update) {
    await setLevel(db, group.id, userId, accessLevel);
    await track(db, group, userId, previousAccessLevel);
  }
  for (const { userId, accessLevel } of plan.restore) {
    await setLevel(db, group.id, userId, accessLevel);
    await untrack(db, group.id, [userId]);
  }
  if (plan.remove.length > 0) {
    await db
      .deleteFrom('members')
      .where('source_type', '=', 'Namespace')
      .where('source_id', '=', group.id)
      .where('user_id', 'in', [...plan.remove])
      .execute();
    await untrack(db, group.id, plan.remove);
  }
}

async function setLevel(db: Executor, groupId: number, userId: number, accessLevel: number) {
  await db
    .updateTable('members')
    .set({ access_level: accessLevel })
    .where('source_type', '=', 'Namespace')
    .where('source_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
}

async function track(
  db: Executor,
  group: { readonly id: number; readonly rootNamespaceId: number },
  userId: number,
  previousAccessLevel: number | null,
) {
  await db
    .insertInto('ldap_group_link_memberships')
    .values({
      root_namespace_id: group.rootNamespaceId,
      group_id: group.id,
      user_id: userId,
      previous_access_level: previousAccessLevel,
    })
    .onConflict((conflict) =>
      conflict.columns(['group_id', 'user_id']).doUpdateSet({ previous_access_level: previousAccessLevel }),
    )
    .execute();
}

async function untrack(db: Executor, groupId: number, userIds: readonly number[]) {
  await db
    .deleteFrom('ldap_group_link_memberships')
    .where('group_id', '=', groupId)
    .where('user_id', 'in', [...userIds])
    .execute();
}
