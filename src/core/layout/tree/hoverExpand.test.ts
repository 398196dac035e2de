import { describe, expect, it } from 'vitest';
import { HoverExpand } from './hoverExpand.ts';
import { EXPAND_DELAY } from './treeConstants.ts';

function setup() {
  const clock = { time: 10_000, now: () => clock.time };
  return { clock, hover: new HoverExpand(clock) };
}

describe('hover to expand while dragging', () => {
  it('asks to expand a collapsed epic after the pointer rests on it for the expand delay', () => {
    const { clock, hover } = setup();
    hover.hover('epic:2');
    expect(hover.deadline).toBe(10_000 + EXPAND_DELAY);
    clock.time += EXPAND_DELAY - 1;
    expect(hover.poll()).toBeNull();
    clock.time += 1;
    expect(hover.poll()).toBe('epic:2');
  });

  it('asks only once per hover, and again after leaving and coming back', () => {
    const { clock, hover } = setup();
    hover.hover('epic:2');
    clock.time += EXPAND_DELAY;
    expect(hover.poll()).toBe('epic:2');
    clock.time += EXPAND_DELAY;
    expect(hover.poll()).toBeNull();
    expect(hover.deadline).toBeNull();
    hover.hover(null);
    hover.hover('epic:2');
    clock.time += EXPAND_DELAY;
    expect(hover.poll()).toBe('epic:2');
  });

  it('restarts the delay when the pointer moves to another epic, and keeps it over the same one', () => {
    const { clock, hover } = setup();
    hover.hover('epic:2');
    clock.time += 600;
    hover.hover('epic:2');
    clock.time += 400;
    hover.hover('epic:3');
    clock.time += 999;
    expect(hover.poll()).toBeNull();
    clock.time += 1;
    expect(hover.poll()).toBe('epic:3');
  });

  it('does nothing over rows that cannot expand, or after a reset', () => {
    const { clock, hover } = setup();
    hover.hover(null);
    clock.time += EXPAND_DELAY * 2;
    expect(hover.poll()).toBeNull();
    hover.hover('epic:2');
    hover.reset();
    clock.time += EXPAND_DELAY;
    expect(hover.poll()).toBeNull();
  });
});
