/**
 * GitLab's Geo status polling, without React: `poll` runs every `intervalMs` while the tab is
 * visible; hiding it stops the timer, showing it again polls at once and starts over.
 */
import type { Cancel, Clock } from '../../lib/clock.ts';

/** How often the statuses are read again while the tab is visible (GitLab polls them too). */
export const STATUS_POLL_MS = 10_000;

/** The tab's visibility (`document.visibilityState`), and word of its changes. */
export interface Visibility {
  isVisible(): boolean;
  /** Calls `listener` on each change; answers how to stop. */
  subscribe(listener: () => void): Cancel;
}

/** The browser's tab visibility. */
export const documentVisibility: Visibility = {
  isVisible: () => document.visibilityState === 'visible',
  subscribe: (listener) => {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/** Starts polling (the first poll is the caller's: it comes `intervalMs` from now); answers how to stop. */
export function startStatusPolling(
  poll: () => void,
  {
    clock,
    visibility,
    intervalMs = STATUS_POLL_MS,
  }: { clock: Clock; visibility: Visibility; intervalMs?: number },
): Cancel {
  let cancelTimer: Cancel = () => undefined;
  let stopped = false;
  const schedule = () => {
    cancelTimer();
    if (stopped || !visibility.isVisible()) return;
    cancelTimer = clock.after(intervalMs, () => {
      poll();
      schedule();
    });
  };
  const unsubscribe = visibility.subscribe(() => {
    if (!visibility.isVisible()) {
      cancelTimer();
      return;
    }
    // Back on the tab: what is shown may be long stale.
    poll();
    schedule();
  });
  schedule();
  return () => {
    stopped = true;
    cancelTimer();
    unsubscribe();
  };
}
