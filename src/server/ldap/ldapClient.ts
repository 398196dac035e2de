import { Client, type Entry, FilterParser, NoSuchObjectError } from 'ldapts';
import {
  groupByCnFilter,
  groupSearchFilter,
  LDAP_MAX_TIMEOUT_MS,
  LDAP_MEMBER_DN_ATTRIBUTES,
  LDAP_MEMBER_UID_ATTRIBUTE,
  type LdapProviderConfig,
} from '../../core/domain/ldap.ts';

/** A directory group as GitLab's LDAP API presents it. */
export interface LdapGroup {
  readonly cn: string;
  readonly description: string | null;
}

/** A person the directory names, by what Plantrack can match a user on. */
export interface LdapPerson {
  readonly uid: string | null;
  readonly email: string | null;
}

/** The directory did not answer, or refused: the caller's request fails, nothing is changed. */
export class LdapUnavailableError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'LdapUnavailableError';
  }
}

/** The most people one group or filter may name; a larger answer is cut off by the server. */
const MAX_PEOPLE = 10_000;
/** People looked up by DN at once, on one connection. */
const DN_LOOKUPS_AT_ONCE = 20;

/**
 * A connection's worth of work on the configured LDAP server: each call connects, binds, searches
 * and unbinds, with the connection and every operation bounded by the provider's timeout (at most
 * ten seconds), so no request waits on a directory that does not answer.
 */
export class LdapClient {
  constructor(readonly config: LdapProviderConfig) {}

  private async session<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const timeout = Math.min(this.config.timeoutMs, LDAP_MAX_TIMEOUT_MS);
    const client = new Client({ url: this.config.url, timeout, connectTimeout: timeout });
    try {
      if (this.config.bindDn) await client.bind(this.config.bindDn, this.config.bindPassword);
      return await work(client);
    } catch (error) {
      throw new LdapUnavailableError(
        `LDAP ${this.config.provider}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  /** Groups whose cn starts with `search`, at most `limit`, by cn (code points: the same anywhere). */
  searchGroups(search: string, limit: number): Promise<LdapGroup[]> {
    return this.session(async (client) => {
      const { searchEntries } = await client.search(this.config.groupBase, {
        scope: 'sub',
        filter: groupSearchFilter(search),
        attributes: ['cn', 'description'],
        // A search that reaches the limit answers its first entries (ldapts does not throw then).
        sizeLimit: limit,
      });
      return searchEntries
        .map((entry) => ({ cn: first(entry, 'cn') ?? '', description: first(entry, 'description') }))
        .filter((group) => group.cn !== '')
        .sort((a, b) => (a.cn < b.cn ? -1 : a.cn > b.cn ? 1 : 0));
    });
  }

  /**
   * The people in the group named `cn`: those its `member` / `uniqueMember` DNs name (each read for
   * its uid and mail) and those its `memberUid` values name. An unknown group has nobody.
   */
  groupMembers(cn: string): Promise<LdapPerson[]> {
    return this.session(async (client) => {
      const { searchEntries } = await client.search(this.config.groupBase, {
        scope: 'sub',
        filter: groupByCnFilter(cn),
        attributes: [...LDAP_MEMBER_DN_ATTRIBUTES, LDAP_MEMBER_UID_ATTRIBUTE],
      });
      const dns = new Set<string>();
      const people: LdapPerson[] = [];
      for (const entry of searchEntries) {
        for (const name of LDAP_MEMBER_DN_ATTRIBUTES) for (const dn of all(entry, name)) dns.add(dn);
        for (const uid of all(entry, LDAP_MEMBER_UID_ATTRIBUTE)) people.push({ uid, email: null });
      }
      const list = [...dns].slice(0, MAX_PEOPLE);
      for (let start = 0; start < list.length; start += DN_LOOKUPS_AT_ONCE) {
        const batch = list.slice(start, start + DN_LOOKUPS_AT_ONCE);
        const found = await Promise.all(batch.map((dn) => this.personAt(client, dn)));
        for (const person of found) if (person) people.push(person);
      }
      return people;
    });
  }

  /** The people under the base that match a link's raw LDAP filter (GitLab's filter links). */
  filterMembers(filter: string): Promise<LdapPerson[]> {
    return this.session(async (client) => {
      const { searchEntries } = await client.search(this.config.base, {
        scope: 'sub',
        filter,
        attributes: [this.config.uidAttribute, 'mail'],
        sizeLimit: MAX_PEOPLE,
      });
      return searchEntries.map((entry) => this.personOf(entry));
    });
  }

  private async personAt(client: Client, dn: string): Promise<LdapPerson | null> {
    try {
      const { searchEntries } = await client.search(dn, {
        scope: 'base',
        filter: '(objectClass=*)',
        attributes: [this.config.uidAttribute, 'mail'],
      });
      const [entry] = searchEntries;
      return entry ? this.personOf(entry) : null;
    } catch (error) {
      // A member DN that names no entry (a person since deleted) is nobody, not a failure.
      if (error instanceof NoSuchObjectError) return null;
      throw error;
    }
  }

  private personOf(entry: Entry): LdapPerson {
    return { uid: first(entry, this.config.uidAttribute), email: first(entry, 'mail') };
  }
}

/** Whether `filter` is a well-formed LDAP search filter (RFC 4515), as a link's filter must be. */
export function isValidLdapFilter(filter: string): boolean {
  try {
    FilterParser.parseString(filter);
    return true;
  } catch {
    return false;
  }
}

function all(entry: Entry, name: string): string[] {
  const key = Object.keys(entry).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : entry[key];
  if (value === undefined) return [];
  const values = Array.isArray(value) ? value : [value];
  return values.map((item) => (Buffer.isBuffer(item) ? item.toString('utf8') : String(item)));
}

function first(entry: Entry, name: string): string | null {
  return all(entry, name)[0] ?? null;
}
