import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type DiscussionJson,
  mergeChangedNotes,
  type NoteablePermissionsJson,
  type NoteJson,
  withoutNote,
} from '../../../core/domain/discussions.ts';
import { createDiscussionClient, type DiscussionClient } from '../../data/discussions/discussionClient.ts';
import { type Cancel, systemClock } from '../../lib/clock.ts';

/** GitLab polls notes every few seconds while the page is visible. */
const DEFAULT_POLL_MS = 3000;

export interface DiscussionsState {
  readonly discussions: readonly DiscussionJson[];
  readonly permissions: NoteablePermissionsJson | null;
  /** Every page has arrived. */
  readonly complete: boolean;
  readonly failed: boolean;
  readonly client: DiscussionClient;
  /** Folds a note the reader just wrote or edited into the list. */
  readonly applyNote: (note: NoteJson) => void;
  readonly removeNote: (noteId: number) => void;
  readonly replaceDiscussion: (discussion: DiscussionJson) => void;
  /** Asks for changes now (after a reaction, say) instead of at the next tick. */
  readonly refresh: () => void;
}

const countNotes = (discussions: readonly DiscussionJson[]) =>
  discussions.reduce((sum, discussion) => sum + discussion.notes.length, 0);

/**
 * The discussions of one epic or issue: loads every page in turn (the list is windowed, so holding
 * thousands is cheap), then polls for changes with the ETag. A poll that reports fewer notes than
 * are held means some were deleted elsewhere: the list is loaded afresh.
 */
export function useDiscussions(itemPath: string): DiscussionsState {
  const client = useMemo(() => createDiscussionClient(itemPath), [itemPath]);
  const [discussions, setDiscussions] = useState<readonly DiscussionJson[]>([]);
  const [permissions, setPermissions] = useState<NoteablePermissionsJson | null>(null);
  const [complete, setComplete] = useState(false);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);
  const held = useRef<readonly DiscussionJson[]>([]);
  const pollNow = useRef<() => void>(() => {});

  const update = useCallback((next: (current: readonly DiscussionJson[]) => readonly DiscussionJson[]) => {
    setDiscussions((current) => {
      const value = next(current);
      held.current = value;
      return value;
    });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation loads the list afresh
  useEffect(() => {
    const controller = new AbortController();
    let cancelTimer: Cancel = () => {};
    let lastFetchedAt: string | null = null;
    let etag: string | null = null;
    let stopped = false;

    const schedule = (delay: number) => {
      if (stopped) return;
      cancelTimer();
      cancelTimer = systemClock.after(delay, () => void poll());
    };

    const poll = async () => {
      if (stopped) return;
      if (typeof document !== 'undefined' && document.hidden) return schedule(DEFAULT_POLL_MS);
      try {
        const answer = await client.poll(lastFetchedAt, etag, controller.signal);
        if (answer.kind === 'stopped') {
          stopped = true;
          return;
        }
        if (answer.kind === 'changed') {
          etag = answer.etag;
          lastFetchedAt = answer.changes.last_fetched_at;
          const merged = mergeChangedNotes(held.current, answer.changes.notes);
          if (countNotes(merged) !== answer.changes.notes_count) {
            stopped = true;
            setGeneration((value) => value + 1);
            return;
          }
          update(() => merged);
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      schedule(DEFAULT_POLL_MS);
    };
    pollNow.current = () => schedule(0);

    const load = async () => {
      let cursor: string | null = null;
      let first = true;
      try {
        do {
          const page = await client.page(cursor, controller.signal);
          if (first) {
            lastFetchedAt = page.fetchedAt;
            setPermissions(page.permissions);
            update(() => page.discussions);
            first = false;
          } else {
            update((current) => [...current, ...page.discussions]);
          }
          cursor = page.nextCursor;
        } while (cursor !== null);
        setComplete(true);
        schedule(DEFAULT_POLL_MS);
      } catch {
        if (!controller.signal.aborted) setFailed(true);
      }
    };
    setComplete(false);
    setFailed(false);
    void load();
    return () => {
      stopped = true;
      controller.abort();
      cancelTimer();
    };
  }, [client, update, generation]);

  const applyNote = useCallback(
    (note: NoteJson) => update((current) => mergeChangedNotes(current, [note])),
    [update],
  );
  const removeNote = useCallback(
    (noteId: number) => update((current) => withoutNote(current, noteId)),
    [update],
  );
  const replaceDiscussion = useCallback(
    (discussion: DiscussionJson) =>
      update((current) => current.map((held) => (held.id === discussion.id ? discussion : held))),
    [update],
  );
  const refresh = useCallback(() => pollNow.current(), []);

  return {
    discussions,
    permissions,
    complete,
    failed,
    client,
    applyNote,
    removeNote,
    replaceDiscussion,
    refresh,
  };
}
