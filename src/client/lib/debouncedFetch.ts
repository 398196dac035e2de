import { systemClock } from './clock.ts';

/**
 * Starts `run` once `delayMs` (ms) has passed and returns the cancel: calling it before the delay
 * drops the run, calling it later aborts the fetch in flight through its signal. The answer (or
 * failure) of a cancelled run is never reported, so a newer request never sees an older answer.
 * The suggestion fetches of the filter bar and of the reference inputs share this contract.
 */
export function startDebouncedFetch<T>(
  delayMs: number,
  run: (signal: AbortSignal) => Promise<T>,
  onValue: (value: T) => void,
  onError: (error: unknown) => void,
): () => void {
  const controller = new AbortController();
  const cancelTimer = systemClock.after(delayMs, () => {
    run(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) onValue(value);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) onError(error);
      },
    );
  });
  return () => {
    cancelTimer();
    controller.abort();
  };
}
