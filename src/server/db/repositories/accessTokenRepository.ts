import { compiledOnce } from '../compiledOnce.ts';
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

/** The live token of this digest, with its user and their snapshot (every API request sends it). */
export const findLiveAccessToken = compiledOnce((db: Executor, digest: string, now: Date) =>
  db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .selectAll('users')
    .select([
      'access_tokens.id as token_id',
      'access_tokens.scopes',
      'access_tokens.kind',
      'access_tokens.last_used_at as token_last_used_at',
    ])
    .select(viewerSnapshotColumns('users.id'))
    .where('access_tokens.token_digest', '=', digest)
    .where('access_tokens.revoked', '=', false)
    .where('users.state', '=', 'active')
    .where((eb) =>
      eb.or([eb('access_tokens.expires_at', 'is', null), eb('access_tokens.expires_at', '>', now)]),
    ),
);

/** Records a token's use, unless it was recorded less than `minIntervalMs` ago. */
export async function touchAccessToken(
  db: Executor,
  id: number,
  now: Date,
  minIntervalMs: number,
): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', new Date(now.getTime() - minIntervalMs)),
      ]),
    )
    .execute();
}

export interface PersonalTokenFilter {
  readonly userId: number | null;
  /** `active`: neither revoked nor expired; `inactive`: either. */
  readonly state?: 'active' | 'inactive' | undefined;
  readonly revoked?: boolean | undefined;
  /** A part of the name, any case. */
  readonly search?: string | undefined;
}

function personalTokens(db: Executor, filter: PersonalTokenFilter, now: Date) {
  let query = db.selectFrom('access_tokens').where('kind', '=', 'personal');
  if (filter.userId !== null) query = query.where('user_id', '=', filter.userId);
  if (filter.revoked !== undefined) query = query.where('revoked', '=', filter.revoked);
  if (filter.state === 'active') {
    query = query
      .where('revoked', '=', false)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
  } else if (filter.state === 'inactive') {
    query = query.where((eb) => eb.or([eb('revoked', '=', true), eb('expires_at', '<=', now)]));
  }
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    query = query.where('name', 'ilike', pattern);
  }
  return query;
}

/** Personal access tokens (never OAuth ones), newest first, a page at a time, with their count. */
export async function listPersonalTokens(
  db: Executor,
  filter: PersonalTokenFilter,
  now: Date,
  page: { offset: number; limit: number },
) {
  const [rows, count] = await Promise.all([
    personalTokens(db, filter, now)
      .selectAll()
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    personalTokens(db, filter, now)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export function findPersonalToken(db: Executor, id: number) {
  return db
    .selectFrom('access_tokens')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', 'personal')
    .executeTakeFirst();
}

export async function revokeAccessToken(db: Executor, id: number): Promise<void> {
  await db.updateTable('access_tokens').set({ revoked: true }).where('id', '=', id).execute();
}
