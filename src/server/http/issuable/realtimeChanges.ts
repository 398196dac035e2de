import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, type IssuableText, realtimeChangesEtag, realtimeChangesJson } from './issuableJson.ts';

/** GitLab's polling interval for realtime_changes, in milliseconds; -1 tells the client to stop. */
const POLL_INTERVAL_MS = 3000;
const POLLING_STOPPED = -1;

/** A failed poll that will not succeed by asking again (signed out, forbidden, gone) stops polling. */
export function stopPollingOnFailure(reply: FastifyReply, status: number): void {
  if (status === 401 || status === 403 || status === 404) reply.header('Poll-Interval', POLLING_STOPPED);
}

/**
 * realtime_changes' answer: the JSON with Poll-Interval and an ETag, or 304 when the client's
 * If-None-Match names it. Private: confidential items must not sit in shared caches; no-cache:
 * revalidate every poll.
 */
export function answerRealtimeChanges(request: FastifyRequest, reply: FastifyReply, text: IssuableText) {
  const etag = realtimeChangesEtag(text);
  reply
    .header('Poll-Interval', POLL_INTERVAL_MS)
    .header('ETag', etag)
    .header('Cache-Control', 'private, no-cache');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return realtimeChangesJson(text);
}
