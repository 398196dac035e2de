import { useCallback, useState } from 'react';
import type { ItemState } from '../../../data/index.ts';
import { saveIssuable } from '../../../data/index.ts';
import { usePushToast } from '../../../state/index.ts';
import { ISSUABLE_TEXT } from './issuableTexts.ts';

/** GitLab's document event after each close or reopen attempt (`isClosed` as it then stands). */
export const ISSUABLE_CHANGE_EVENT = 'issuable_vue_app:change';

/**
 * Close epic / Reopen epic (spec §4 "Epic state"): `PUT {epic}.json` with `state_event`, busy while it
 * runs; the state takes the server's answer, or stays as it was on failure; a document event follows
 * every attempt.
 */
export function useEpicStatus(initial: ItemState, updateEndpoint: string) {
  const [state, setState] = useState<ItemState>(initial);
  const [busy, setBusy] = useState(false);
  const pushToast = usePushToast();
  const toggle = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    const answer = await saveIssuable(updateEndpoint, 'epic', {
      stateEvent: state === 'closed' ? 'reopen' : 'close',
    });
    setBusy(false);
    const next = answer.ok ? answer.state : state;
    if (answer.ok) setState(next);
    else pushToast(answer.errors[0] ?? ISSUABLE_TEXT.unableToUpdateEpic, 'danger');
    document.dispatchEvent(
      new CustomEvent(ISSUABLE_CHANGE_EVENT, { detail: { isClosed: next === 'closed' } }),
    );
  }, [busy, state, updateEndpoint, pushToast]);
  return { state, busy, toggle };
}
