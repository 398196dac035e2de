import { describe, expect, it } from 'vitest';
import { DependencyGraph } from './dependencyChain.ts';

// 1 → 2 → 3, 1 → 4, 5 → 3, 6 alone; a cycle 7 ⇄ 8 must not loop.
const graph = new DependencyGraph([
  { id: 1 },
  { id: 2, blockedByIds: [1] },
  { id: 3, blockedByIds: [2, 5] },
  { id: 4, blockedByIds: [1] },
  { id: 5 },
  { id: 6 },
  { id: 7, blockedByIds: [8] },
  { id: 8, blockedByIds: [7] },
]);

describe('DependencyGraph', () => {
  it('knows which loaded epics an epic blocks', () => {
    expect(graph.blockedOf(1)).toEqual([2, 4]);
    expect(graph.blockedOf(3)).toEqual([]);
    expect(graph.blockersOf(3)).toEqual([2, 5]);
  });

  it("a chain holds the epic's transitive blockers and blocked epics, not its siblings", () => {
    expect([...graph.chainOf(2)].sort()).toEqual([1, 2, 3]);
    expect([...graph.chainOf(4)].sort()).toEqual([1, 4]);
    expect([...graph.chainOf(6)]).toEqual([6]);
  });

  it('walks a cycle once', () => {
    expect([...graph.chainOf(7)].sort()).toEqual([7, 8]);
  });

  it('reuses the set it is given', () => {
    const out = new Set([42]);
    expect(graph.chainOf(5, out)).toBe(out);
    expect([...out].sort()).toEqual([3, 5]);
  });
});
