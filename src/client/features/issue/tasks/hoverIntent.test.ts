import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hoverIntent, TASK_PREVIEW_DELAY_MS } from './hoverIntent.ts';

describe('hoverIntent', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens once the pointer stayed 150 ms', () => {
    const open = vi.fn();
    hoverIntent(open).start();
    vi.advanceTimersByTime(TASK_PREVIEW_DELAY_MS - 1);
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('opens nothing when the pointer leaves sooner', () => {
    const open = vi.fn();
    const intent = hoverIntent(open);
    intent.start();
    vi.advanceTimersByTime(100);
    intent.cancel();
    vi.advanceTimersByTime(500);
    expect(open).not.toHaveBeenCalled();
  });

  it('restarts the wait when the pointer comes back', () => {
    const open = vi.fn();
    const intent = hoverIntent(open);
    intent.start();
    vi.advanceTimersByTime(100);
    intent.start();
    vi.advanceTimersByTime(100);
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(open).toHaveBeenCalledTimes(1);
  });
});
