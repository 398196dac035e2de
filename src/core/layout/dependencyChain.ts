/**
 * The 'blocks' links among the loaded epics as a graph, on the main thread: which loaded epics an
 * epic blocks (the server names only its blockers), and the chain a hovered bar highlights — every
 * epic it transitively waits for and every epic transitively waiting for it.
 */

export interface DependencyNode {
  readonly id: number;
  readonly blockedByIds?: readonly number[];
}

const NONE: readonly number[] = [];

export class DependencyGraph {
  private readonly blockers = new Map<number, readonly number[]>();
  private readonly blocked = new Map<number, number[]>();

  constructor(epics: readonly DependencyNode[]) {
    for (const epic of epics) {
      const ids = epic.blockedByIds ?? NONE;
      if (ids.length === 0) continue;
      this.blockers.set(epic.id, ids);
      for (const blocker of ids) {
        const list = this.blocked.get(blocker);
        if (list) list.push(epic.id);
        else this.blocked.set(blocker, [epic.id]);
      }
    }
  }

  /** The epics blocking `id` (loaded or not). */
  blockersOf(id: number): readonly number[] {
    return this.blockers.get(id) ?? NONE;
  }

  /** The loaded epics `id` blocks. */
  blockedOf(id: number): readonly number[] {
    return this.blocked.get(id) ?? NONE;
  }

  /** `id`, its transitive blockers and the epics transitively blocked by it, into `out` (cleared first). */
  chainOf(id: number, out: Set<number> = new Set()): Set<number> {
    out.clear();
    out.add(id);
    this.walk(id, this.blockers, out);
    this.walk(id, this.blocked, out);
    return out;
  }

  private walk(id: number, edges: ReadonlyMap<number, readonly number[]>, out: Set<number>): void {
    const seen = new Set<number>([id]);
    const stack = [id];
    while (stack.length > 0) {
      for (const next of edges.get(stack.pop()!) ?? NONE) {
        if (seen.has(next)) continue;
        seen.add(next);
        out.add(next);
        stack.push(next);
      }
    }
  }
}
