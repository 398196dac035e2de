import { sql } from 'kysely';
import type { Executor } from '../executor.ts';

/**
 * How many people became members of the group or of one of its subgroups since `since` (GitLab's
 * GroupMembersFinder with its direct and descendant memberships, one per person): a person who joined
 * two of them counts once. Memberships of the group's projects are not group members.
 */
export async function countRecentGroupMembers(db: Executor, groupId: number, since: Date): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(DISTINCT members.user_id)::integer AS count
      FROM members JOIN namespaces ON namespaces.id = members.source_id
     WHERE members.source_type = 'Namespace'
       AND namespaces.traversal_ids @> ARRAY[${groupId}]::integer[]
       AND members.created_at >= ${since}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}
