import type { Executor } from '../executor.ts';
import { viewerSnapshotColumns } from './dataVersionRepository.ts';

export async function insertAccessToken(
  db: Executor,
  token: {
    userId: number;
    name: string;
    kind: 'personal' | 'oauth';
    digest: string;
    scopes: string[];
    expiresAt: Date | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('access_tokens')
    .values({
      user_id: token.userId,
      name: token.name,
      kind: token.kind,
      token_digest: token.digest,
      scopes: token.scopes,
      expires_at: token.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findLiveAccessToken(db: Executor, digest: string, now: Date) {
  return db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .selectAll('users')
    .select(['access_tokens.id as token_id', 'access_tokens.scopes', 'access_tokens.kind'])
    .select(viewerSnapshotColumns('users.id'))
    .where('access_tokens.token_digest', '=', digest)
    .where('access_tokens.revoked', '=', false)
    .where('users.state', '=', 'active')
    .where((eb) =>
      eb.or([eb('access_tokens.expires_at', 'is', null), eb('access_tokens.expires_at', '>', now)]),
    )
    .executeTakeFirst();
}
