import { useCallback, useEffect, useRef, useState } from 'react';
import { type IssuableText, type IssuableTextClient, RealtimeError } from '../../data/index.ts';
import { type Cancel, systemClock } from '../../lib/clock.ts';

/** A save answered while a poll was out is newer than that poll's older version: keep the newer text. */
function newerText(current: IssuableText | null, incoming: IssuableText): IssuableText {
  return current && current.lockVersion > incoming.lockVersion ? current : incoming;
}

/** After a failed poll the next waits longer, up to this, so a server in trouble is not hammered. */
const MAX_RETRY_MS = 60_000;
/** Used until the server has told its interval (GitLab's realtime_changes sends 3000). */
const DEFAULT_INTERVAL_MS = 3000;

export interface IssuablePolling {
  /** The issuable's text as last read or saved; null before the first answer. */
  readonly text: IssuableText | null;
  /** The first load failed (the page shows 'Error updating …'). */
  readonly failed: boolean;
  /** Takes a save's answer as the current text (and its lock version). */
  readonly accept: (text: IssuableText) => void;
  /** Polls now (after a task-list update, say). */
  readonly refresh: () => void;
}

/**
 * GitLab's issuable polling: `realtime_changes` at the server's `Poll-Interval` while the page is
 * visible, paused while hidden or while `paused` (a task-list update is in flight), resumed with an
 * immediate poll; ETags make an idle poll a 304. A -1 interval stops polling (the issuable is gone).
 * `client` must be kept across renders (memoised): a new one restarts the polling.
 */
export function useIssuablePolling(client: IssuableTextClient, paused: boolean): IssuablePolling {
  const [text, setText] = useState<IssuableText | null>(null);
  const [failed, setFailed] = useState(false);
  const etag = useRef<string | null>(null);
  const cancelTimer = useRef<Cancel>(() => undefined);
  const stopped = useRef(false);
  const pausedRef = useRef(paused);
  const inFlight = useRef<AbortController | null>(null);
  const loaded = useRef(false);
  const pollRef = useRef<() => void>(() => undefined);

  const schedule = useCallback((delay: number) => {
    cancelTimer.current();
    if (stopped.current || delay < 0) return;
    cancelTimer.current = systemClock.after(delay, () => pollRef.current());
  }, []);

  const poll = useCallback(async () => {
    if (stopped.current || pausedRef.current || document.hidden || inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    let next = DEFAULT_INTERVAL_MS;
    try {
      const answer = await client.fetchRealtimeChanges(etag.current, controller.signal);
      next = answer.pollInterval;
      if (answer.kind === 'changed') {
        etag.current = answer.etag;
        setText((current) => newerText(current, answer.text));
      }
      loaded.current = true;
      setFailed(false);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof RealtimeError && error.pollInterval < 0) next = -1;
      else next = Math.min(MAX_RETRY_MS, Math.max(DEFAULT_INTERVAL_MS, next) * 2);
      if (!loaded.current) setFailed(true);
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
    if (next < 0) stopped.current = true;
    schedule(next);
  }, [client, schedule]);
  pollRef.current = () => void poll();

  useEffect(() => {
    stopped.current = false;
    void poll();
    const onVisibility = () => {
      if (document.hidden) cancelTimer.current();
      else void poll();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      cancelTimer.current();
      inFlight.current?.abort();
      inFlight.current = null;
      stopped.current = true;
    };
  }, [poll]);

  // Resuming after a pause polls at once: the paused update may have changed the text.
  useEffect(() => {
    pausedRef.current = paused;
    if (!paused && loaded.current) void poll();
  }, [paused, poll]);

  const accept = useCallback((saved: IssuableText) => {
    setText((current) => newerText(current, saved));
  }, []);
  const refresh = useCallback(() => void poll(), [poll]);
  return { text, failed, accept, refresh };
}
