/**
 * Auto-scroll of the tree's list while a row is dragged: a pointer within AUTO_SCROLL_EDGE px of the
 * scroller's top or bottom edge (or past it) scrolls the list toward that edge, faster the closer it
 * is, and faster the longer the run lasts so that a list of thousands of rows can be crossed. Pure
 * maths over scroller px and an injected clock; the caller runs one `step` per animation frame,
 * scrolls to what it returns and probes the drop target again at the new scroll position.
 */
import type { Clock } from './hoverExpand.ts';
import {
  AUTO_SCROLL_BOOST_TIME,
  AUTO_SCROLL_EDGE,
  AUTO_SCROLL_MAX_BOOST,
  AUTO_SCROLL_SPEED,
} from './treeConstants.ts';

/** Longest gap between two frames one step covers, ms: after a stall the list does not jump. */
export const AUTO_SCROLL_MAX_STEP_TIME = 50;

/**
 * Scroll velocity in px/ms (negative scrolls up, 0 outside both edge bands) for a pointer `pointerY`
 * px below the top of a scroller `height` px tall, `runningFor` ms into a run. The band shrinks to a
 * third of a short scroller so that its middle never scrolls.
 */
export function autoScrollVelocity(pointerY: number, height: number, runningFor = 0): number {
  if (height <= 0) return 0;
  const band = Math.min(AUTO_SCROLL_EDGE, height / 3);
  const fromTop = pointerY;
  const fromBottom = height - pointerY;
  if (fromTop >= band && fromBottom >= band) return 0;
  const direction = fromTop < band ? -1 : 1;
  const distance = direction < 0 ? fromTop : fromBottom;
  const depth = Math.min(1, (band - distance) / band);
  const boost = Math.min(
    AUTO_SCROLL_MAX_BOOST,
    1 + ((AUTO_SCROLL_MAX_BOOST - 1) * Math.max(0, runningFor)) / AUTO_SCROLL_BOOST_TIME,
  );
  return direction * AUTO_SCROLL_SPEED * depth * boost;
}

/**
 * The scrollTop after `elapsed` ms at `velocity` px/ms: whole px, at least 1 px when moving (a slow
 * speed must not round to a standstill), within [0, maxScrollTop].
 */
export function autoScrollStep(
  scrollTop: number,
  velocity: number,
  elapsed: number,
  maxScrollTop: number,
): number {
  const top = Math.round(scrollTop);
  const distance =
    velocity === 0
      ? 0
      : Math.sign(velocity) *
        Math.max(
          1,
          Math.round(Math.abs(velocity) * Math.min(Math.max(elapsed, 0), AUTO_SCROLL_MAX_STEP_TIME)),
        );
  return Math.min(Math.max(top + distance, 0), Math.max(0, Math.round(maxScrollTop)));
}

/**
 * One drag's auto-scroll runs. A run starts when the pointer enters an edge band and stops when it
 * leaves it or the list can scroll no further that way (the next `aim` may start another).
 */
export class AutoScroll {
  private pointerY = 0;
  private height = 0;
  /** Clock ms when the current run started, or null between runs. */
  private since: number | null = null;
  private lastStep = 0;

  constructor(private readonly clock: Clock) {}

  /** A run is under way: the caller keeps asking for frames. */
  get running(): boolean {
    return this.since !== null;
  }

  /**
   * Where the pointer is, px below the scroller's top, in a scroller `height` px tall. Returns true
   * when this starts a run (the caller asks for a frame).
   */
  aim(pointerY: number, height: number): boolean {
    this.pointerY = pointerY;
    this.height = height;
    if (autoScrollVelocity(pointerY, height) === 0) {
      this.since = null;
      return false;
    }
    if (this.since !== null) return false;
    this.since = this.clock.now();
    this.lastStep = this.since;
    return true;
  }

  /** One frame of the run: the scrollTop to go to, or null when the run has stopped. */
  step(scrollTop: number, maxScrollTop: number): number | null {
    if (this.since === null) return null;
    const now = this.clock.now();
    const velocity = autoScrollVelocity(this.pointerY, this.height, now - this.since);
    const next = autoScrollStep(scrollTop, velocity, now - this.lastStep, maxScrollTop);
    this.lastStep = now;
    if (next === Math.round(scrollTop)) {
      this.since = null;
      return null;
    }
    return next;
  }

  reset(): void {
    this.since = null;
  }
}
