import { every } from '../clock.ts';

export interface PeriodicJob {
  /** Stops the timer and waits for a pass in flight, so a server closes with no write half done. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` once an interval, never two at a time (a slow pass makes the next ticks wait, not
 * pile up); a pass that throws is logged under `name` and the next one runs as usual.
 */
export function startPeriodicJob(
  name: string,
  intervalMs: number,
  pass: () => Promise<void>,
  log: (message: string) => void,
): PeriodicJob {
  let running: Promise<void> | null = null;
  const cancel = every(intervalMs, () => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => log(`${name}: ${error instanceof Error ? error.message : error}`))
      .finally(() => {
        running = null;
      });
  });
  return {
    async stop() {
      cancel();
      await running;
    },
  };
}
