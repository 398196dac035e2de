import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/executor.ts';
import type { AccessContext } from '../../services/access.ts';
import { dataVersionFor } from '../../services/actor.ts';
import { renderMarkdownFor } from '../../services/markdown/referenceRendering.ts';
import {
  etagMatches,
  type IssuableText,
  issuableUpdateJson,
  realtimeChangesEtag,
  realtimeChangesJson,
} from './issuableJson.ts';

/** GitLab's polling interval for realtime_changes, in milliseconds; -1 tells the client to stop. */
const POLL_INTERVAL_MS = 3000;
const POLLING_STOPPED = -1;

/** A failed poll that will not succeed by asking again (signed out, forbidden, gone) stops polling. */
export function stopPollingOnFailure(reply: FastifyReply, status: number): void {
  if (status === 401 || status === 403 || status === 404) reply.header('Poll-Interval', POLLING_STOPPED);
}

/** The description as this reader sees it: references to what they may open are links. */
function describedFor(db: Executor, access: AccessContext, text: IssuableText) {
  return renderMarkdownFor(db, access, text.context, text.row.description);
}

/**
 * realtime_changes' answer: the JSON with Poll-Interval and an ETag, or 304 when the client's
 * If-None-Match names it. Private: confidential items must not sit in shared caches; no-cache:
 * revalidate every poll.
 */
export async function answerRealtimeChanges(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  text: IssuableText,
) {
  const { access } = request;
  const etag = await realtimeChangesEtag(text, {
    userId: access.actor.user?.id ?? null,
    dataVersion: () => dataVersionFor(db, access.actor),
  });
  reply
    .header('Poll-Interval', POLL_INTERVAL_MS)
    .header('ETag', etag)
    .header('Cache-Control', 'private, no-cache');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return realtimeChangesJson(text, await describedFor(db, access, text));
}

/** The update endpoint's answer, the description rendered for the one who saved it. */
export async function answerIssuableUpdate(db: Executor, access: AccessContext, text: IssuableText) {
  return issuableUpdateJson(text, await describedFor(db, access, text));
}
