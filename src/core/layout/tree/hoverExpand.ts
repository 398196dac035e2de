/**
 * Hover-to-expand while dragging (spec, "Tree items"; GitLab's related-items tree EXPAND_DELAY): hovering a
 * collapsed epic that has children for EXPAND_DELAY asks to expand it, once per hover. It never
 * collapses anything. A pure state machine over an injected clock: the caller reports what is under
 * the pointer (`DropProbe.hoverKey`) and polls at `deadline`.
 */
import { EXPAND_DELAY } from './treeConstants.ts';
import type { TreeItemKey } from './treeItem.ts';

export interface Clock {
  /** Milliseconds on a monotonic clock. */
  now(): number;
}

export class HoverExpand {
  private key: TreeItemKey | null = null;
  private since = 0;
  private fired = false;

  constructor(
    private readonly clock: Clock,
    private readonly delay = EXPAND_DELAY,
  ) {}

  /** The collapsed epic with children under the pointer, or null; the same key keeps its timer. */
  hover(key: TreeItemKey | null): void {
    if (key === this.key) return;
    this.key = key;
    this.since = this.clock.now();
    this.fired = false;
  }

  /** When (clock ms) `poll` will next have something to say, or null when nothing is pending. */
  get deadline(): number | null {
    return this.key === null || this.fired ? null : this.since + this.delay;
  }

  /** The epic to expand now, or null; a hover asks at most once. */
  poll(): TreeItemKey | null {
    const deadline = this.deadline;
    if (deadline === null || this.clock.now() < deadline) return null;
    this.fired = true;
    return this.key;
  }

  reset(): void {
    this.key = null;
    this.fired = false;
  }
}
