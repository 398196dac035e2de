import { describe, expect, it } from 'vitest';
import { AUTO_SCROLL_MAX_STEP_TIME, AutoScroll, autoScrollStep, autoScrollVelocity } from './autoScroll.ts';
import {
  AUTO_SCROLL_BOOST_TIME,
  AUTO_SCROLL_EDGE,
  AUTO_SCROLL_MAX_BOOST,
  AUTO_SCROLL_SPEED,
} from './treeConstants.ts';

const HEIGHT = 640;

describe('auto-scroll speed while dragging', () => {
  it('is zero away from the edges, including exactly at the band boundary', () => {
    expect(autoScrollVelocity(HEIGHT / 2, HEIGHT)).toBe(0);
    expect(autoScrollVelocity(AUTO_SCROLL_EDGE, HEIGHT)).toBe(0);
    expect(autoScrollVelocity(HEIGHT - AUTO_SCROLL_EDGE, HEIGHT)).toBe(0);
  });

  it('scrolls up near the top and down near the bottom, faster toward the edge', () => {
    expect(autoScrollVelocity(AUTO_SCROLL_EDGE / 2, HEIGHT)).toBeCloseTo(-AUTO_SCROLL_SPEED / 2);
    expect(autoScrollVelocity(0, HEIGHT)).toBeCloseTo(-AUTO_SCROLL_SPEED);
    expect(autoScrollVelocity(HEIGHT - AUTO_SCROLL_EDGE / 4, HEIGHT)).toBeCloseTo(
      (AUTO_SCROLL_SPEED * 3) / 4,
    );
    expect(autoScrollVelocity(HEIGHT, HEIGHT)).toBeCloseTo(AUTO_SCROLL_SPEED);
  });

  it('keeps full speed with the pointer past the edge (the pointer is captured outside the list)', () => {
    expect(autoScrollVelocity(-200, HEIGHT)).toBeCloseTo(-AUTO_SCROLL_SPEED);
    expect(autoScrollVelocity(HEIGHT + 200, HEIGHT)).toBeCloseTo(AUTO_SCROLL_SPEED);
  });

  it('narrows the bands of a short scroller to a third of it each, so its middle never scrolls', () => {
    expect(autoScrollVelocity(50, 96)).toBe(0);
    expect(autoScrollVelocity(31, 96)).toBeLessThan(0);
    expect(autoScrollVelocity(65, 96)).toBeGreaterThan(0);
    expect(autoScrollVelocity(0, 0)).toBe(0);
  });

  it('speeds up the longer a run lasts, up to the maximum boost', () => {
    const half = autoScrollVelocity(HEIGHT, HEIGHT, AUTO_SCROLL_BOOST_TIME / 2);
    expect(half).toBeCloseTo(AUTO_SCROLL_SPEED * (1 + (AUTO_SCROLL_MAX_BOOST - 1) / 2));
    expect(autoScrollVelocity(HEIGHT, HEIGHT, AUTO_SCROLL_BOOST_TIME * 5)).toBeCloseTo(
      AUTO_SCROLL_SPEED * AUTO_SCROLL_MAX_BOOST,
    );
  });
});

describe('one auto-scroll step', () => {
  it('moves by speed × elapsed time, in whole pixels', () => {
    expect(autoScrollStep(100, 1.2, 16, 1000)).toBe(119);
    expect(autoScrollStep(100, -1.2, 16, 1000)).toBe(81);
  });

  it('moves at least one pixel at a crawl, and not at all at zero speed', () => {
    expect(autoScrollStep(100, 0.01, 16, 1000)).toBe(101);
    expect(autoScrollStep(100, -0.01, 16, 1000)).toBe(99);
    expect(autoScrollStep(100.4, 0, 16, 1000)).toBe(100);
  });

  it('stays within the list', () => {
    expect(autoScrollStep(995, 1.2, 16, 1000)).toBe(1000);
    expect(autoScrollStep(5, -1.2, 16, 1000)).toBe(0);
    expect(autoScrollStep(0, 1.2, 16, -50)).toBe(0);
  });

  it('covers at most a short gap after a stalled frame', () => {
    expect(autoScrollStep(0, 1, 5000, 10_000)).toBe(AUTO_SCROLL_MAX_STEP_TIME);
  });
});

describe('auto-scroll runs', () => {
  function setup() {
    const clock = { time: 1000, now: () => clock.time };
    return { clock, scroll: new AutoScroll(clock) };
  }

  it('starts when the pointer enters an edge band and steps with the frames', () => {
    const { clock, scroll } = setup();
    expect(scroll.aim(HEIGHT / 2, HEIGHT)).toBe(false);
    expect(scroll.running).toBe(false);
    expect(scroll.aim(HEIGHT + 10, HEIGHT)).toBe(true);
    // Already running: another move in the band asks for no new frame.
    expect(scroll.aim(HEIGHT + 20, HEIGHT)).toBe(false);
    clock.time += 10;
    expect(scroll.step(0, 5000)).toBe(12);
    clock.time += 10;
    expect(scroll.step(12, 5000)).toBeGreaterThan(24);
  });

  it('stops when the pointer leaves the band, or the list can scroll no further', () => {
    const { clock, scroll } = setup();
    scroll.aim(0, HEIGHT);
    clock.time += 16;
    expect(scroll.step(0, 5000)).toBeNull();
    expect(scroll.running).toBe(false);
    // Moving in the band again starts another run.
    expect(scroll.aim(1, HEIGHT)).toBe(true);
    scroll.aim(HEIGHT / 2, HEIGHT);
    clock.time += 16;
    expect(scroll.step(300, 5000)).toBeNull();
  });

  it('starts each run slow again: the boost belongs to one run', () => {
    const { clock, scroll } = setup();
    scroll.aim(HEIGHT, HEIGHT);
    clock.time += AUTO_SCROLL_BOOST_TIME;
    scroll.step(0, 100_000);
    scroll.reset();
    scroll.aim(HEIGHT, HEIGHT);
    clock.time += 10;
    expect(scroll.step(0, 100_000)).toBe(12);
  });
});
