import { sql } from 'kysely';
import type { Executor } from '../executor.ts';
import type { MembershipRow } from './memberRepository.ts';

export interface DataVersionRead {
  /** The current version of everything a response may show (see migration 0003). */
  readonly version: string;
  /** The viewer's memberships from the same snapshot, when a user is signed in. */
  readonly memberships: MembershipRow[] | null;
}

/**
 * Reads the data version and the viewer's memberships in ONE statement, hence one snapshot: a
 * response cached under this version was computed with exactly these permissions, and the request
 * spends no extra statement on the version.
 */
export async function readDataVersion(db: Executor, userId: number | null): Promise<DataVersionRead> {
  const memberships =
    userId === null
      ? sql<MembershipRow[] | null>`NULL`
      : sql<MembershipRow[] | null>`(SELECT coalesce(json_agg(json_build_object(
          'source_type', m.source_type, 'source_id', m.source_id, 'access_level', m.access_level)), '[]'::json)
        FROM members m WHERE m.user_id = ${userId})`;
  const row = await db
    .selectFrom('data_version')
    .select(['version', memberships.as('memberships')])
    .executeTakeFirstOrThrow();
  return { version: String(row.version), memberships: row.memberships };
}
