/**
 * What the roadmap reports about itself for the render benchmark and the browser tests, published
 * as `window.__roadmapStats`: epics loaded and drawn, frames, when the first bars appeared, and the
 * main thread's JS time of each frame's render path (bounded to the last 2,000 frames).
 */
const MAX_SAMPLES = 2000;

export class RoadmapStats {
  epicsLoaded = 0;
  epicsTotal = 0;
  /** Rows in the laid-out list. */
  epicsDrawn = 0;
  framesDrawn = 0;
  /**
   * Counts per interaction (STYLE principle 12, as Excalidraw's tests count renders): frames asked
   * of the scheduler, scene draws, changes sent to the worker and plain re-layouts asked for.
   */
  frameRequests = 0;
  draws = 0;
  layoutUpdates = 0;
  layoutRequests = 0;
  /** performance.now() of the first frame that drew bars, -1 before. */
  firstBarsAt = -1;
  readonly frameWorkMs: number[] = [];

  recordFrame(workMs: number, hasBars: boolean): void {
    this.framesDrawn += 1;
    if (hasBars && this.firstBarsAt < 0) this.firstBarsAt = performance.now();
    if (this.frameWorkMs.length >= MAX_SAMPLES) this.frameWorkMs.shift();
    this.frameWorkMs.push(workMs);
  }

  publish(): () => void {
    (window as unknown as { __roadmapStats?: RoadmapStats }).__roadmapStats = this;
    return () => {
      const global = window as unknown as { __roadmapStats?: RoadmapStats };
      if (global.__roadmapStats === this) delete global.__roadmapStats;
    };
  }
}
