import { useCallback, useEffect, useMemo, useState } from 'react';
import type { NoteAwardJson } from '../../../core/domain/discussions.ts';
import { createDiscussionClient } from '../../data/discussions/discussionClient.ts';
import { usePageSettled } from '../../data/index.ts';

export interface IssuableAwardsState {
  readonly awards: readonly NoteAwardJson[];
  readonly canAward: boolean;
  /** The server's message when the last toggle failed (the bar is back as the server has it). */
  readonly failure: string | null;
  /** Gives or takes back the reader's reaction: shown at once, then as the server answers. */
  readonly toggle: (name: string) => void;
  /** Reads the reactions again (after a `/react` quick action, say). */
  readonly refresh: () => void;
}

/** The reader's reaction added or taken back, before the server has answered. */
function toggledLocally(
  awards: readonly NoteAwardJson[],
  name: string,
  username: string,
): readonly NoteAwardJson[] {
  const mine = (award: NoteAwardJson) => award.name === name && award.user.username === username;
  if (awards.some(mine)) return awards.filter((award) => !mine(award));
  return [...awards, { name, user: { id: 0, name: username, username } }];
}

/** An epic's or issue's own reactions (`<item>/award_emoji.json`) and the reader's toggle of them. */
export function useIssuableAwards(itemPath: string, currentUsername: string | null): IssuableAwardsState {
  const client = useMemo(() => createDiscussionClient(itemPath), [itemPath]);
  const [awards, setAwards] = useState<readonly NoteAwardJson[]>([]);
  const [canAward, setCanAward] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((value) => value + 1), []);
  usePageSettled(loaded);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation reads the reactions again
  useEffect(() => {
    const controller = new AbortController();
    client.itemAwards(controller.signal).then(
      (answer) => {
        setAwards(answer.award_emoji);
        setCanAward(answer.can_award_emoji);
        setLoaded(true);
      },
      () => {
        // An aborted read is replaced by the newer one; a failed one leaves the bar as it was.
        if (!controller.signal.aborted) setLoaded(true);
      },
    );
    return () => controller.abort();
  }, [client, generation]);

  const toggle = useCallback(
    (name: string) => {
      if (currentUsername === null) return;
      setFailure(null);
      setAwards((current) => toggledLocally(current, name, currentUsername));
      void client.toggleItemAward(name).then((answer) => {
        if (!answer.ok) setFailure(answer.error);
        refresh();
      });
    },
    [client, currentUsername, refresh],
  );

  return { awards, canAward, failure, toggle, refresh };
}
