import type { LdapProviderConfig } from '../../core/domain/ldap.ts';
import { every } from '../clock.ts';
import type { Executor } from '../db/executor.ts';
import { syncAllLdapGroups } from '../services/ldap/ldapGroupSyncService.ts';

/** How often every linked group is synced with the directory (GitLab's hourly LDAP group sync). */
export const LDAP_GROUP_SYNC_INTERVAL_MS = 60 * 60 * 1000;

export interface LdapGroupSync {
  stop(): Promise<void>;
}

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
  let running: Promise<void> | null = null;
  const pass = async () => {
    const { failed } = await syncAllLdapGroups(db, ldap);
    for (const { groupId, error } of failed) {
      log(`LDAP group sync of group ${groupId}: ${error instanceof Error ? error.message : error}`);
    }
  };
  const cancel = every(intervalMs, () => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => log(`LDAP group sync: ${error instanceof Error ? error.message : error}`))
      .finally(() => {
        running = null;
      });
  });
  return {
    async stop() {
      cancel();
      await running;
    },
  };
}
