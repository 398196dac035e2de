import { createHash } from 'node:crypto';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';

/**
 * Who administers a secondary whose own database knows no users (the embedded database replicates
 * blobs only): the primary's administrators. A token the secondary does not know is asked about at
 * the primary (`GET /api/v4/user`), and the answer kept a minute.
 */

const REMEMBER_MS = 60_000;
const answers = new Map<string, { admin: boolean; until: number }>();

function tokenOf(headers: Record<string, string | string[] | undefined>): string | null {
  const privateToken = headers['private-token'];
  if (typeof privateToken === 'string' && privateToken) return privateToken;
  const authorization = headers.authorization;
  const bearer = typeof authorization === 'string' ? /^Bearer (.+)$/i.exec(authorization)?.[1] : undefined;
  return bearer ?? null;
}

/** 401 without a token anyone knows, 403 for one that is not an administrator's. */
export async function requireSiteAdministrator(
  access: AccessContext,
  headers: Record<string, string | string[] | undefined>,
  primaryUrl: string | undefined,
  nowMs: number,
): Promise<void> {
  const user = access.actor.user;
  if (user) {
    if (!user.is_admin) throw new ForbiddenError();
    return;
  }
  const token = tokenOf(headers);
  if (!token || !primaryUrl) throw new UnauthorizedError();
  const key = createHash('sha256').update(token).digest('hex');
  let known = answers.get(key);
  if (!known || known.until < nowMs) {
    const response = await fetch(`${primaryUrl}/api/v4/user`, {
      headers: { 'private-token': token },
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    if (!response) throw new UnauthorizedError();
    if (response.status === 401) throw new UnauthorizedError();
    const body = (await response.json().catch(() => ({}))) as { is_admin?: unknown };
    known = { admin: response.ok && body.is_admin === true, until: nowMs + REMEMBER_MS };
    answers.set(key, known);
  }
  if (!known.admin) throw new ForbiddenError();
}
