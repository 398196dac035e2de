import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startDebouncedFetch } from './debouncedFetch.ts';

describe('startDebouncedFetch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs only after the delay and reports the answer', async () => {
    const run = vi.fn(async () => 'answer');
    const onValue = vi.fn();
    startDebouncedFetch(500, run, onValue, vi.fn());
    await vi.advanceTimersByTimeAsync(499);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(onValue).toHaveBeenCalledWith('answer');
  });

  it('never runs when cancelled before the delay', async () => {
    const run = vi.fn(async () => 'answer');
    const cancel = startDebouncedFetch(500, run, vi.fn(), vi.fn());
    cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).not.toHaveBeenCalled();
  });

  it('aborts the fetch in flight and reports neither its answer nor its failure', async () => {
    let signal: AbortSignal | null = null;
    let settle: (value: string) => void = () => undefined;
    const onValue = vi.fn();
    const onError = vi.fn();
    const cancel = startDebouncedFetch(
      10,
      (given) => {
        signal = given;
        return new Promise<string>((resolve) => {
          settle = resolve;
        });
      },
      onValue,
      onError,
    );
    await vi.advanceTimersByTimeAsync(10);
    cancel();
    expect(signal!.aborted).toBe(true);
    settle('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(onValue).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a failure of a run that was not cancelled', async () => {
    const onError = vi.fn();
    startDebouncedFetch(10, async () => Promise.reject(new Error('down')), vi.fn(), onError);
    await vi.advanceTimersByTimeAsync(10);
    expect(onError).toHaveBeenCalledWith(new Error('down'));
  });
});
