import { useEffect, useRef } from 'react';
import { systemClock } from '../../lib/clock.ts';
import { documentVisibility, startStatusPolling } from './statusPolling.ts';

/** Runs `poll` every 10 s while the tab is visible, and at once when it shows again (statusPolling.ts). */
export function useStatusPolling(poll: () => void): void {
  const latest = useRef(poll);
  latest.current = poll;
  useEffect(
    () => startStatusPolling(() => latest.current(), { clock: systemClock, visibility: documentVisibility }),
    [],
  );
}
