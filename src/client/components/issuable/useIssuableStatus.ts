import { useCallback, useState } from 'react';
import type { IssuableTextClient, ItemState } from '../../data/index.ts';
import { usePushToast } from '../../state/index.ts';

/** GitLab's document event after each close or reopen attempt (`isClosed` as it then stands). */
export const ISSUABLE_CHANGE_EVENT = 'issuable_vue_app:change';

export interface IssuableStatus {
  readonly state: ItemState;
  /** A close or reopen is in flight. */
  readonly busy: boolean;
  /** Closes an open issuable, reopens a closed one. */
  toggle(): Promise<void>;
}

/**
 * Close / Reopen (spec, "Epic state"): a save with `state_event`, busy while it runs; the state
 * takes the server's answer, or stays as it was on failure, when a toast shows the server's first
 * error or `failureText` ('Unable to update this epic at this time.'); a document event follows
 * every attempt.
 */
export function useIssuableStatus(
  client: IssuableTextClient,
  initial: ItemState,
  failureText: string,
): IssuableStatus {
  const [state, setState] = useState<ItemState>(initial);
  const [busy, setBusy] = useState(false);
  const pushToast = usePushToast();
  const toggle = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    const answer = await client.save({ stateEvent: state === 'closed' ? 'reopen' : 'close' });
    setBusy(false);
    const next = answer.ok ? answer.value.state : state;
    if (answer.ok) setState(next);
    else pushToast(answer.error.errors[0] ?? failureText, 'danger');
    document.dispatchEvent(
      new CustomEvent(ISSUABLE_CHANGE_EVENT, { detail: { isClosed: next === 'closed' } }),
    );
  }, [busy, state, client, failureText, pushToast]);
  return { state, busy, toggle };
}
