import type { LdapProviderConfig } from '../../../core/domain/ldap.ts';
import { LdapClient, LdapUnavailableError } from '../../ldap/ldapClient.ts';
import { NotFoundError, UnavailableError } from '../errors.ts';

/** What the caller is told when the directory fails; the reason stays in the server's log. */
export const LDAP_UNAVAILABLE_MESSAGE = 'The LDAP server did not answer';

/**
 * The client of the named LDAP provider (the configured one when `provider` is undefined, as
 * GitLab's `/ldap/groups` takes the first); 404 for a provider that is not configured, and for any
 * when LDAP is off.
 */
export function ldapClientFor(ldap: LdapProviderConfig | undefined, provider?: string): LdapClient {
  if (!ldap || (provider !== undefined && provider !== ldap.provider)) {
    throw new NotFoundError('LDAP provider');
  }
  return new LdapClient(ldap);
}

/** The directory's failure as the service error callers answer with (503), others unchanged. */
export function asServiceFailure(error: unknown): unknown {
  return error instanceof LdapUnavailableError ? new UnavailableError(LDAP_UNAVAILABLE_MESSAGE) : error;
}
