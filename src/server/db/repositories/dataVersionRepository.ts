import { type AliasedRawBuilder, sql } from 'kysely';
import type { Executor } from '../executor.ts';
import type { MembershipRow } from './memberRepository.ts';

/** The current version of everything a response may show (see migration 0003). */
export async function readDataVersion(db: Executor): Promise<string> {
  const row = await db.selectFrom('data_version').select('version').executeTakeFirstOrThrow();
  return String(row.version);
}

/**
 * The data version and the memberships of the user in `userIdColumn`, as two columns to add to the
 * statement that authenticates a request: one statement, one snapshot, for who asks and what they
 * may see.
 */
export function viewerSnapshotColumns(
  userIdColumn: string,
): [AliasedRawBuilder<string, 'data_version'>, AliasedRawBuilder<MembershipRow[], 'memberships'>] {
  return [
    sql<string>`(SELECT version FROM data_version)`.as('data_version'),
    sql<MembershipRow[]>`(SELECT coalesce(json_agg(json_build_object(
      'source_type', m.source_type, 'source_id', m.source_id, 'access_level', m.access_level)), '[]'::json)
      FROM member_authorizations m WHERE m.user_id = ${sql.ref(userIdColumn)})`.as('memberships'),
  ];
}
