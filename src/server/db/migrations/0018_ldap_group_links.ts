import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * GitLab's LDAP group links, and what their sync granted:
 * - ldap_group_links: a group's links to a directory group (`cn`) or to the people an LDAP filter
 *   matches (`filter`), exactly one of the two, each with the access level it grants; one link per
 *   group, provider and cn (or filter). Only the REST API shows links, and no cached response, so
 *   they stay out of the data-version triggers of 0003 (the memberships sync writes bump it).
 * - ldap_group_link_memberships: the direct memberships sync granted or raised, so that it removes
 *   (or lowers back to `previous_access_level`) only those when no link grants them any more, and
 *   never a membership given by hand. A row lives and dies with its group and user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE TABLE ldap_group_links (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  group_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (char_length(provider) BETWEEN 1 AND 255),
  cn text CHECK (char_length(cn) BETWEEN 1 AND 255),
  filter text CHECK (char_length(filter) BETWEEN 1 AND 8192),
  group_access smallint NOT NULL CHECK (group_access IN (10, 20, 30, 40, 50)),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((cn IS NULL) <> (filter IS NULL))
);
CREATE UNIQUE INDEX ldap_group_links_cn ON ldap_group_links (group_id, provider, cn) WHERE cn IS NOT NULL;
CREATE UNIQUE INDEX ldap_group_links_filter ON ldap_group_links (group_id, provider, filter)
  WHERE filter IS NOT NULL;

CREATE TABLE ldap_group_link_memberships (
  root_namespace_id integer NOT NULL,
  group_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  previous_access_level smallint CHECK (previous_access_level IN (10, 20, 30, 40, 50)),
  PRIMARY KEY (group_id, user_id)
);
`,
  );
}
