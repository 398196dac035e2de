import { uniqueViolationField } from '../../db/dbErrors.ts';
import type { Executor } from '../../db/executor.ts';
import {
  deleteLdapGroupLink,
  insertLdapGroupLink,
  type LdapLinkTarget,
  listLdapGroupLinks,
} from '../../db/repositories/ldapGroupLinkRepository.ts';
import type { LdapGroupLinkRow, NamespaceRow } from '../../db/schema.ts';
import { isValidLdapFilter } from '../../ldap/ldapClient.ts';
import type { AccessContext } from '../access.ts';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../errors.ts';
import { findReadableGroup } from '../groupService.ts';

/** GitLab's texts for a link that cannot be saved (409, the model's first error). */
export const LDAP_LINK_ERRORS = {
  cnTaken: 'Cn has already been taken',
  filterTaken: 'Filter has already been taken',
  invalidFilter: 'Filter must be a valid filter',
} as const;

/**
 * The group whose links the actor manages: signed in (401), able to read it (404) and its owner
 * (403; GitLab's admin_group, which admin_ldap_group_links follows).
 */
export async function findGroupForLdapLinks(
  db: Executor,
  access: AccessContext,
  idOrPath: string,
): Promise<NamespaceRow> {
  if (!access.actor.user) throw new UnauthorizedError();
  const group = await findReadableGroup(db, access, idOrPath);
  if (!(await access.canInNamespace('admin_group', group))) throw new ForbiddenError();
  return group;
}

/** The group's links, oldest first (the caller went through findGroupForLdapLinks). */
export function listLdapLinks(db: Executor, group: NamespaceRow): Promise<LdapGroupLinkRow[]> {
  return listLdapGroupLinks(db, group.id);
}

export interface NewLdapLink {
  readonly provider: string;
  readonly target: LdapLinkTarget;
  readonly groupAccess: number;
}

/** A new link; a second one to the same cn or filter, or a malformed filter, is a 409 as on GitLab. */
export async function createLdapLink(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  link: NewLdapLink,
): Promise<LdapGroupLinkRow> {
  if ('filter' in link.target && !isValidLdapFilter(link.target.filter)) {
    throw new ConflictError(LDAP_LINK_ERRORS.invalidFilter);
  }
  try {
    return await insertLdapGroupLink(db, {
      rootNamespaceId: group.root_namespace_id,
      groupId: group.id,
      provider: link.provider,
      target: link.target,
      groupAccess: link.groupAccess,
      now: access.now(),
    });
  } catch (error) {
    if (uniqueViolationField(error) === null) throw error;
    throw new ConflictError('cn' in link.target ? LDAP_LINK_ERRORS.cnTaken : LDAP_LINK_ERRORS.filterTaken);
  }
}

/**
 * Deletes the link of that provider to that cn or filter; `provider` undefined matches any (GitLab's
 * deprecated `DELETE …/ldap_group_links/:cn`). Whether one was deleted.
 */
export async function deleteLdapLink(
  db: Executor,
  group: NamespaceRow,
  provider: string | undefined,
  target: LdapLinkTarget,
): Promise<boolean> {
  return deleteLdapGroupLink(db, group.id, provider, target);
}
