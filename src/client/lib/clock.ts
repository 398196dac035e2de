/**
 * The client's one reader of the wall clock and one starter of timers; animation frames have their
 * own home (canvas/frameScheduler.ts). Code elsewhere asks here, so that the lint can ban raw
 * `new Date()` and `setTimeout` and a test can hand an engine a clock of its own.
 */

/** Stops a pending task; harmless once it ran or was stopped. */
export type Cancel = () => void;

export interface Clock {
  now(): Date;
  /** Runs `task` once after `ms`. */
  after(ms: number, task: () => void): Cancel;
}

export const systemClock: Clock = {
  now: () => new Date(),
  after: (ms, task) => {
    // Looked up at each call, so that a test's fake timers take over.
    const handle = globalThis.setTimeout(task, ms);
    return () => globalThis.clearTimeout(handle);
  },
};
