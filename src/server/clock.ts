/**
 * The server's one reader of the wall clock and one starter of timers. Everything else receives the
 * time: the app gets `now` (ServerDeps), each request's AccessContext carries it, and every write
 * that stamps a time takes it from there, so that tests can fix the clock and read it in one place.
 */

/** Stops a pending task; harmless once it ran or was stopped. */
export type Cancel = () => void;

export const systemNow = (): Date => new Date();

/** Runs `task` once after `ms`. */
export function after(ms: number, task: () => void): Cancel {
  const handle = setTimeout(task, ms);
  return () => clearTimeout(handle);
}

/** Runs `task` every `ms` until cancelled; the timer alone does not keep the process alive. */
export function every(ms: number, task: () => void): Cancel {
  const handle = setInterval(task, ms);
  handle.unref();
  return () => clearInterval(handle);
}
