import { type Cancel, type Clock, systemClock } from '../../../lib/clock.ts';

/** GitLab's hover delay before a task work item loads (spec: 150 ms). */
export const TASK_PREVIEW_DELAY_MS = 150;

export interface HoverIntent {
  /** The pointer entered (or focus arrived): `open` runs after the delay unless cancelled first. */
  start(): void;
  /** The pointer left (or focus went) before the delay: nothing opens. */
  cancel(): void;
}

/** A delayed open that a quicker leave cancels. */
export function hoverIntent(
  open: () => void,
  delayMs: number = TASK_PREVIEW_DELAY_MS,
  clock: Clock = systemClock,
): HoverIntent {
  let pending: Cancel | null = null;
  const cancel = () => {
    pending?.();
    pending = null;
  };
  return {
    start() {
      cancel();
      pending = clock.after(delayMs, () => {
        pending = null;
        open();
      });
    },
    cancel,
  };
}
