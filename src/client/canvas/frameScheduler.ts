/**
 * The one module that calls requestAnimationFrame (STYLE principle 7). Features ask for a frame
 * with a task; every task asked for before the frame runs once in it, in the order asked. A task
 * asked for again while pending still runs once.
 */
export type FrameTask = (time: number) => void;

const pending = new Set<FrameTask>();
let handle = 0;

function runFrame(time: number): void {
  handle = 0;
  const tasks = [...pending];
  pending.clear();
  for (const task of tasks) task(time);
}

export function requestFrame(task: FrameTask): void {
  pending.add(task);
  if (handle === 0) handle = requestAnimationFrame(runFrame);
}

export function cancelFrame(task: FrameTask): void {
  pending.delete(task);
}

/** The scheduler as an object, so an engine can be handed a fake one in tests. */
export interface FrameScheduler {
  request(task: FrameTask): void;
  cancel(task: FrameTask): void;
}

export const frameScheduler: FrameScheduler = { request: requestFrame, cancel: cancelFrame };
