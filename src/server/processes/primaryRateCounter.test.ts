import { describe, expect, it } from 'vitest';
import { countHitsForWorkers, type PrimaryChannel, PrimaryRateCounter } from './primaryRateCounter.ts';

/**
 * Workers wired to one primary as node:cluster wires them: each worker's sends reach the primary's
 * handler, and the primary's answers reach that worker's listeners. `sent` counts the round trips.
 */
function clusterOf(workers: number, primaryAnswers = true) {
  const handle = countHitsForWorkers(workers);
  const sent = { count: 0 };
  const counters = Array.from({ length: workers }, () => {
    const listeners = new Set<(message: unknown) => void>();
    const channel: PrimaryChannel = {
      connected: true,
      send(message, _handle, _options, done) {
        sent.count++;
        queueMicrotask(() => done(null));
        if (primaryAnswers) {
          handle(
            {
              isConnected: () => true,
              send(answer) {
                for (const listener of listeners) listener(answer);
                return true;
              },
            },
            message,
          );
        }
        return true;
      },
      on: (_event, listener) => listeners.add(listener),
      off: (_event, listener) => listeners.delete(listener),
    };
    return new PrimaryRateCounter(channel);
  });
  return { counters, sent };
}

describe('rate counts kept by the primary process', () => {
  it('add up every worker’s hits in one window per key', async () => {
    const [first, second] = clusterOf(2).counters as [PrimaryRateCounter, PrimaryRateCounter];
    expect((await first.hit('user:1', 60_000)).count).toBe(1);
    expect((await second.hit('user:1', 60_000)).count).toBe(2);
    expect((await second.hit('user:1', 60_000, 10)).count).toBe(12);
    const other = await first.hit('user:2', 60_000);
    expect(other.count).toBe(1);
    expect(other.resetInMs).toBeGreaterThan(59_000);
  });

  it('hand a worker hits in advance below a limit, and never let more than the limit through', async () => {
    const { counters, sent } = clusterOf(2);
    const [first, second] = counters as [PrimaryRateCounter, PrimaryRateCounter];
    let allowed = 0;
    for (let hit = 0; hit < 300; hit++) {
      const worker = hit % 3 === 0 ? second : first;
      if ((await worker.hit('user:1', 60_000, 1, 200)).count <= 200) allowed++;
      // Far from the limit most hits are counted without asking the primary.
      if (hit === 99) expect(sent.count).toBeLessThan(15);
    }
    expect(allowed).toBe(200);
    // Over the limit every hit goes to the primary and comes back over it.
    expect((await first.hit('user:1', 60_000, 1, 200)).count).toBeGreaterThan(200);
    expect((await second.hit('user:1', 60_000, 1, 200)).count).toBeGreaterThan(200);
  });

  it('fail the hit when the primary does not answer, so that the request passes uncounted', async () => {
    const [worker] = clusterOf(1, false).counters as [PrimaryRateCounter];
    await expect(worker.hit('user:1', 60_000)).rejects.toThrow(
      'The primary process did not count within 1000 ms',
    );
  });

  it('fail at once when the worker has no primary', async () => {
    const alone = new PrimaryRateCounter({ connected: false, on: () => undefined, off: () => undefined });
    await expect(alone.hit('user:1', 60_000)).rejects.toThrow('No primary process counts hits');
  });
});
