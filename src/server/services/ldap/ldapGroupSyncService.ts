import {
  highestGrants,
  type LdapProviderConfig,
  type LdapSyncPlan,
  type LinkGrant,
  planLdapSync,
} from '../../../core/domain/ldap.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import {
  applyLdapSyncPlan,
  findActiveUserIdsMatching,
  listGroupIdsToSync,
  listLdapGroupLinks,
  lockSyncedMemberships,
} from '../../db/repositories/ldapGroupLinkRepository.ts';
import { findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import type { LdapGroupLinkRow, NamespaceRow } from '../../db/schema.ts';
import { LdapClient, type LdapPerson } from '../../ldap/ldapClient.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, ServiceError, UnauthorizedError } from '../errors.ts';
import { findReadableGroup } from '../groupService.ts';
import { asServiceFailure } from './ldapProviders.ts';

/**
 * GitLab's LDAP group sync for one group: reads who each of its links names in the directory, maps
 * them to users (uid = username, or mail = email), and brings the group's direct memberships in
 * line (core/domain/ldap.ts's planLdapSync). The directory is read first, outside any transaction;
 * if it fails, nothing changes. Links of a provider that is not configured grant nothing.
 * Does nothing when LDAP is off, so turning it off never strips anyone of a membership.
 */
export async function syncLdapGroup(
  db: Executor,
  ldap: LdapProviderConfig | undefined,
  groupId: number,
): Promise<LdapSyncPlan | null> {
  if (!ldap) return null;
  const group = await findNamespaceById(db, groupId);
  if (!group) return null;
  const client = new LdapClient(ldap);
  const grants: LinkGrant[] = [];
  for (const link of await listLdapGroupLinks(db, groupId)) {
    if (link.provider !== ldap.provider) continue;
    const userIds = await usersOf(db, await peopleOf(client, link));
    for (const userId of userIds) grants.push({ userId, accessLevel: link.group_access });
  }
  const granted = highestGrants(grants);
  return inTransaction(db, async (trx) => {
    const plan = planLdapSync(granted, await lockSyncedMemberships(trx, group.id));
    await applyLdapSyncPlan(trx, { id: group.id, rootNamespaceId: group.root_namespace_id }, plan);
    return plan;
  });
}

function peopleOf(client: LdapClient, link: LdapGroupLinkRow): Promise<LdapPerson[]> {
  if (link.cn !== null) return client.groupMembers(link.cn);
  if (link.filter !== null) return client.filterMembers(link.filter);
  return Promise.resolve([]);
}

function usersOf(db: Executor, people: readonly LdapPerson[]): Promise<number[]> {
  const usernames = people.flatMap((person) => (person.uid ? [person.uid] : []));
  const emails = people.flatMap((person) => (person.email ? [person.email] : []));
  return findActiveUserIdsMatching(db, usernames, emails);
}

/** One pass of the periodic sync: every group with links or with memberships LDAP granted. */
export async function syncAllLdapGroups(
  db: Executor,
  ldap: LdapProviderConfig | undefined,
): Promise<{ readonly synced: number; readonly failed: readonly { groupId: number; error: unknown }[] }> {
  if (!ldap) return { synced: 0, failed: [] };
  let synced = 0;
  const failed: { groupId: number; error: unknown }[] = [];
  for (const groupId of await listGroupIdsToSync(db)) {
    try {
      await syncLdapGroup(db, ldap, groupId);
      synced++;
    } catch (error) {
      failed.push({ groupId, error });
    }
  }
  return { synced, failed };
}

/**
 * GitLab's `POST /groups/:id/ldap_sync`: signed-in callers (401), with LDAP on (404), on a group
 * they may read (404) and own (403). Syncs at once; a directory that fails is a 503.
 */
export async function requestLdapGroupSync(
  db: Executor,
  access: AccessContext,
  ldap: LdapProviderConfig | undefined,
  idOrPath: string,
): Promise<NamespaceRow> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (!ldap) throw new ServiceError('not_found', 'Not Found');
  const group = await findReadableGroup(db, access, idOrPath);
  if (!(await access.canInNamespace('admin_group', group))) throw new ForbiddenError();
  try {
    await syncLdapGroup(db, ldap, group.id);
  } catch (error) {
    throw asServiceFailure(error);
  }
  return group;
}
