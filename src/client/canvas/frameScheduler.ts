/**
 * The one module that calls requestAnimationFrame (STYLE principle 7). Features ask for a frame
 * with a task; every task asked for before the frame runs once in it, in the order asked. A task
 * asked for again while pending still runs once.
 */
export type FrameTask = (time: number) => void;

const pending = new Set<FrameTask>();
let handle = 0;
const settledListeners = new Set<() => void>();

function runFrame(time: number): void {
  handle = 0;
  const tasks = [...pending];
  pending.clear();
  for (const task of tasks) task(time);
  if (pending.size === 0) for (const listener of settledListeners) listener();
}

export function requestFrame(task: FrameTask): void {
  pending.add(task);
  if (handle === 0) handle = requestAnimationFrame(runFrame);
}

export function cancelFrame(task: FrameTask): void {
  pending.delete(task);
}

export function isFramePending(): boolean {
  return pending.size > 0;
}

/** Called after a frame that left nothing pending (the page's idle signal listens). */
export function onFramesSettled(listener: () => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}
