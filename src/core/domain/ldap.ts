import { MEMBER_ACCESS_LEVELS } from './accessLevel.ts';

/**
 * An LDAP server the instance reads groups and people from (GitLab's `ldap_servers` entry), named
 * by its provider (`ldapmain` unless configured otherwise).
 */
export interface LdapProviderConfig {
  readonly provider: string;
  /** `ldap://host:port` or `ldaps://host:port`. */
  readonly url: string;
  /** The account searches bind as; anonymous bind when empty. */
  readonly bindDn: string;
  readonly bindPassword: string;
  /** Where people are searched. */
  readonly base: string;
  /** Where groups are searched (GitLab's `group_base`); the base when not configured. */
  readonly groupBase: string;
  /** The attribute that holds a person's username (GitLab's `uid`, `sAMAccountName` on AD). */
  readonly uidAttribute: string;
  /** Longest wait for the connection and for each operation, in ms (at most 10 000). */
  readonly timeoutMs: number;
}

/** GitLab's default provider name. */
export const DEFAULT_LDAP_PROVIDER = 'ldapmain';
/** GitLab answers at most this many directory groups to a search (ee/lib/api/ldap.rb). */
export const LDAP_GROUP_SEARCH_LIMIT = 20;
/** The longest any LDAP connection or operation may take, in ms: no request waits longer on it. */
export const LDAP_MAX_TIMEOUT_MS = 10_000;

/** The object classes a directory group may have: static groups of DNs, or posix groups of uids. */
export const LDAP_GROUP_OBJECT_CLASSES = ['groupOfNames', 'groupOfUniqueNames', 'posixGroup', 'group'];
/** Attributes that list a group's members: DNs (`member`, `uniqueMember`) or uids (`memberUid`). */
export const LDAP_MEMBER_DN_ATTRIBUTES = ['member', 'uniqueMember'];
export const LDAP_MEMBER_UID_ATTRIBUTE = 'memberUid';

/**
 * A value escaped for an LDAP search filter (RFC 4515, section 3): `*`, `(`, `)`, `\` and NUL become
 * `\2a`, `\28`, `\29`, `\5c` and `\00`, so that user input matches itself and never adds syntax.
 */
export function escapeLdapFilterValue(value: string): string {
  return value.replace(/[*()\\\0]/g, (character) => {
    const code = character.charCodeAt(0).toString(16).padStart(2, '0');
    return `\\${code}`;
  });
}

const anyGroupClass = `(|${LDAP_GROUP_OBJECT_CLASSES.map((name) => `(objectClass=${name})`).join('')})`;

/** Directory groups whose cn starts with `search` (GitLab matches `"<search>*"`); all when empty. */
export function groupSearchFilter(search: string): string {
  return `(&${anyGroupClass}(cn=${escapeLdapFilterValue(search)}*))`;
}

/** The directory group named `cn` exactly. */
export function groupByCnFilter(cn: string): string {
  return `(&${anyGroupClass}(cn=${escapeLdapFilterValue(cn)}))`;
}

/** What a group link grants: the access level to each user LDAP names for it. */
export interface LinkGrant {
  readonly userId: number;
  readonly accessLevel: number;
}

/** Each user's highest level among the grants: a person in several linked groups gets the best. */
export function highestGrants(grants: Iterable<LinkGrant>): Map<number, number> {
  const levels = new Map<number, number>();
  for (const { userId, accessLevel } of grants) {
    if (!MEMBER_ACCESS_LEVELS.includes(accessLevel as never)) {
      throw new Error(`Not a membership access level: ${accessLevel}`);
    }
    levels.set(userId, Math.max(levels.get(userId) ?? 0, accessLevel));
  }
  return levels;
}

/** A direct membership on the synced group, and what LDAP sync knows of it. */
export interface SyncedMembership {
  readonly userId: number;
  readonly accessLevel: number;
  /**
   * Whether LDAP sync granted or raised it (tracked apart from the membership), and if it raised an
   * existing one, that membership's level before (null when sync created it).
   */
  readonly ldap: { readonly previousAccessLevel: number | null } | null;
}

/** The changes that bring a group's direct memberships in line with its links. */
export interface LdapSyncPlan {
  /** New memberships LDAP grants. */
  readonly add: readonly LinkGrant[];
  /** Memberships whose level changes; `previousAccessLevel` is what to restore when LDAP lets go. */
  readonly update: readonly (LinkGrant & { readonly previousAccessLevel: number | null })[];
  /** Memberships LDAP granted and no link grants any more. */
  readonly remove: readonly number[];
  /** Memberships LDAP raised and no link grants any more: back to their own level, untracked. */
  readonly restore: readonly LinkGrant[];
}

/**
 * How to sync a group, as GitLab's group sync: everyone the links grant is a member at their highest
 * granted level; a membership given by hand at a higher level is never lowered (nor taken over);
 * one at a lower level is raised, and gets its own level back when no link grants it any more;
 * memberships LDAP granted that no link grants any more are removed.
 */
export function planLdapSync(
  granted: ReadonlyMap<number, number>,
  current: readonly SyncedMembership[],
): LdapSyncPlan {
  const add: LinkGrant[] = [];
  const update: (LinkGrant & { previousAccessLevel: number | null })[] = [];
  const remove: number[] = [];
  const restore: LinkGrant[] = [];
  const byUser = new Map(current.map((membership) => [membership.userId, membership]));
  for (const [userId, accessLevel] of granted) {
    const membership = byUser.get(userId);
    if (!membership) {
      add.push({ userId, accessLevel });
    } else if (membership.ldap) {
      if (membership.accessLevel !== accessLevel) {
        const { previousAccessLevel } = membership.ldap;
        // LDAP grants no less than what the member had of their own.
        const level = Math.max(accessLevel, previousAccessLevel ?? 0);
        if (level !== membership.accessLevel)
          update.push({ userId, accessLevel: level, previousAccessLevel });
      }
    } else if (membership.accessLevel < accessLevel) {
      update.push({ userId, accessLevel, previousAccessLevel: membership.accessLevel });
    }
  }
  for (const membership of current) {
    if (!membership.ldap || granted.has(membership.userId)) continue;
    const { previousAccessLevel } = membership.ldap;
    if (previousAccessLevel === null) remove.push(membership.userId);
    else restore.push({ userId: membership.userId, accessLevel: previousAccessLevel });
  }
  return { add, update, remove, restore };
}
