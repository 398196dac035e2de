import { LDAP_GROUP_SEARCH_LIMIT, type LdapProviderConfig } from '../../../core/domain/ldap.ts';
import type { LdapGroup } from '../../ldap/ldapClient.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import { asServiceFailure, ldapClientFor } from './ldapProviders.ts';

/**
 * GitLab's `GET /ldap/:provider/groups`: the directory's groups whose cn starts with `search`, at
 * most 20 (fewer when `limit` asks), by cn. Signed-in users who own some group may look (GitLab's
 * "Allow group owners to manage LDAP-related group settings"), and administrators; anonymous
 * callers get 401, others 403, and an unknown provider 404.
 */
export async function searchLdapGroups(
  access: AccessContext,
  ldap: LdapProviderConfig | undefined,
  provider: string | undefined,
  search: string,
  limit: number = LDAP_GROUP_SEARCH_LIMIT,
): Promise<LdapGroup[]> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (!(await access.mayAdminAnyGroup())) throw new ForbiddenError();
  const client = ldapClientFor(ldap, provider);
  try {
    return await client.searchGroups(search, Math.min(Math.max(limit, 1), LDAP_GROUP_SEARCH_LIMIT));
  } catch (error) {
    throw asServiceFailure(error);
  }
}
