import type { LdapProviderConfig } from '../../core/domain/ldap.ts';
import type { Executor } from '../db/executor.ts';
import { syncAllLdapGroups } from '../services/ldap/ldapGroupSyncService.ts';
import { type PeriodicJob, startPeriodicJob } from './periodicJob.ts';

/** How often every linked group is synced with the directory (GitLab's hourly LDAP group sync). */
export const LDAP_GROUP_SYNC_INTERVAL_MS = 60 * 60 * 1000;

export type LdapGroupSync = PeriodicJob;

/**
 * Syncs every group that has LDAP links (or memberships LDAP granted) with the directory, once an
 * interval: people who joined or left a directory group gain or lose their membership without
 * anyone touching the links. One pass at a time; a group whose sync fails is tried next pass.
 */
export function startLdapGroupSync(
  db: Executor,
  ldap: LdapProviderConfig,
  log: (message: string) => void,
  intervalMs = LDAP_GROUP_SYNC_INTERVAL_MS,
): LdapGroupSync {
  const pass = async () => {
    const { failed } = await syncAllLdapGroups(db, ldap);
    for (const { groupId, error } of failed) {
      log(`LDAP group sync of group ${groupId}: ${error instanceof Error ? error.message : error}`);
    }
  };
  return startPeriodicJob('LDAP group sync', intervalMs, pass, log);
}
