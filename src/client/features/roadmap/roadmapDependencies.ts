/**
 * The roadmap's 'blocks' links on the main thread: a DependencyGraph of the loaded epics, rebuilt
 * lazily when they change, that answers which loaded epics an epic blocks (the popover) and fills
 * the frame's highlighted chain when a bar is hovered. The graph work happens on hover, never per frame.
 */
import { DependencyGraph, type DependencyNode } from '../../../core/layout/dependencyChain.ts';
import type { RoadmapFrame } from '../../canvas/roadmapFrame.ts';

export class RoadmapDependencies {
  private epics: readonly DependencyNode[] = [];
  private built: DependencyGraph | null = null;
  private readonly chain = new Set<number>();

  setEpics(epics: readonly DependencyNode[]): void {
    if (epics === this.epics) return;
    this.epics = epics;
    this.built = null;
  }

  get graph(): DependencyGraph {
    this.built ??= new DependencyGraph(this.epics);
    return this.built;
  }

  /** The loaded epics `id` blocks. */
  blockedOf(id: number): readonly number[] {
    return this.graph.blockedOf(id);
  }

  /** Highlights the chain of epic `id` (none for undefined, or for an epic with no links). */
  highlight(frame: RoadmapFrame, id: number | undefined): void {
    if (id === undefined) this.chain.clear();
    else this.graph.chainOf(id, this.chain);
    if (this.chain.size === 1) this.chain.clear();
    frame.highlightedChain = this.chain;
  }
}
