import { after } from '../clock.ts';
import { MemoryRateCounter, type RateCounter, type WindowCount } from '../http/rateLimit/rateCounter.ts';

/** A worker's hit, sent to the primary process over the cluster's IPC channel. */
interface HitMessage {
  readonly type: 'plantrack:rate-hit';
  readonly id: number;
  readonly key: string;
  readonly windowMs: number;
  readonly amount: number;
  readonly limit: number | null;
}

/** The primary's count, sent back to the worker that asked, with the hits it set aside for it. */
interface CountMessage {
  readonly type: 'plantrack:rate-count';
  readonly id: number;
  readonly count: number;
  readonly resetInMs: number;
  readonly leased: number;
}

/** Past this the hit is not counted and the request passes, as when Redis is away. */
const ANSWER_WITHIN_MS = 1000;

/**
 * Most hits a worker is handed in advance. A lease spares a round trip to the primary per request
 * (a busy user's requests cost one in thirty-three); its unused hits are lost when the window ends.
 */
const MAX_LEASE = 32;

/** Leases kept before expired ones are swept. */
const SWEEP_ABOVE = 10_000;

/** The IPC end a worker process talks to its primary through (`process` in a cluster worker). */
export interface PrimaryChannel {
  readonly connected: boolean;
  send?(
    message: HitMessage,
    sendHandle: undefined,
    options: undefined,
    done: (error: Error | null) => void,
  ): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/** Hits a worker may count without asking: the primary counted them already. */
interface Lease {
  left: number;
  /** The count as of the worker's last hit, the leased hits not included. */
  count: number;
  /** When the window ends, on this process's monotonic clock. */
  readonly endsAt: number;
}

/**
 * A worker's counter when the server runs as several processes on one machine without Redis: the
 * primary process keeps the counts, so that a limit holds across the workers as it does in one
 * process (a client's keep-alive connections may land on different workers). Below a caller's limit
 * the primary hands a worker a few hits in advance (a lease), so that most requests count without a
 * round trip; the leased hits are counted when handed out, so the limit is never exceeded.
 */
export class PrimaryRateCounter implements RateCounter {
  #lastId = 0;
  readonly #waiting = new Map<
    number,
    { resolve(answer: CountMessage): void; reject(error: Error): void; cancelTimeout(): void }
  >();
  readonly #leases = new Map<string, Lease>();
  readonly #onMessage = (message: unknown): void => {
    if (!isCountMessage(message)) return;
    const waiting = this.#waiting.get(message.id);
    if (!waiting) return; // answered after its time was up
    this.#waiting.delete(message.id);
    waiting.cancelTimeout();
    waiting.resolve(message);
  };

  constructor(
    private readonly channel: PrimaryChannel = process as unknown as PrimaryChannel,
    private readonly monotonicMs: () => number = () => performance.now(),
  ) {
    channel.on('message', this.#onMessage);
  }

  async hit(key: string, windowMs: number, amount = 1, limit?: number): Promise<WindowCount> {
    const now = this.monotonicMs();
    const lease = this.#leases.get(key);
    if (lease && lease.endsAt > now && lease.left >= amount) {
      lease.left -= amount;
      lease.count += amount;
      return { count: lease.count, resetInMs: lease.endsAt - now };
    }
    const answer = await this.#ask(key, windowMs, amount, limit ?? null);
    if (answer.leased > 0) {
      if (this.#leases.size >= SWEEP_ABOVE) this.#sweep(now);
      this.#leases.set(key, { left: answer.leased, count: answer.count, endsAt: now + answer.resetInMs });
    } else this.#leases.delete(key);
    return { count: answer.count, resetInMs: answer.resetInMs };
  }

  async close(): Promise<void> {
    this.channel.off('message', this.#onMessage);
    this.#leases.clear();
    for (const [id, waiting] of this.#waiting) {
      waiting.cancelTimeout();
      waiting.reject(new Error('The rate counter closed'));
      this.#waiting.delete(id);
    }
  }

  #ask(key: string, windowMs: number, amount: number, limit: number | null): Promise<CountMessage> {
    const send = this.channel.send?.bind(this.channel);
    if (!send || !this.channel.connected) return Promise.reject(new Error('No primary process counts hits'));
    const id = ++this.#lastId;
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        const waiting = this.#waiting.get(id);
        if (!waiting) return;
        this.#waiting.delete(id);
        waiting.cancelTimeout();
        reject(error);
      };
      const cancelTimeout = after(ANSWER_WITHIN_MS, () =>
        fail(new Error(`The primary process did not count within ${ANSWER_WITHIN_MS} ms`)),
      );
      this.#waiting.set(id, { resolve, reject, cancelTimeout });
      send(
        { type: 'plantrack:rate-hit', id, key, windowMs, amount, limit },
        undefined,
        undefined,
        (error) => {
          if (error) fail(error);
        },
      );
    });
  }

  #sweep(now: number): void {
    for (const [key, lease] of this.#leases) if (lease.endsAt <= now) this.#leases.delete(key);
  }
}

/** The worker end the primary answers (a cluster `Worker`). */
export interface WorkerChannel {
  isConnected(): boolean;
  send(message: CountMessage): boolean;
}

/**
 * The primary's side: counts the hits its `workers` send in one counter of its own and answers each.
 * A hit under its limit also reserves a lease for the worker: at most a quarter of what is left
 * shared among the workers, so that leases shrink to nothing near the limit and the last hits are
 * counted one by one. Returns the handler of the workers' messages; others are left alone.
 */
export function countHitsForWorkers(
  workers: number,
  counter: RateCounter = new MemoryRateCounter(),
): (worker: WorkerChannel, message: unknown) => void {
  return (worker, message) => {
    if (!isHitMessage(message)) return;
    const { id, key, windowMs, amount, limit } = message;
    const answer = async (): Promise<CountMessage> => {
      const { count, resetInMs } = await counter.hit(key, windowMs, amount);
      const lease =
        limit === null || count > limit
          ? 0
          : Math.min(MAX_LEASE, Math.floor((limit - count) / (4 * workers)));
      if (lease > 0) await counter.hit(key, windowMs, lease);
      return { type: 'plantrack:rate-count', id, count, resetInMs, leased: lease };
    };
    answer().then(
      (counted) => {
        if (worker.isConnected()) worker.send(counted);
      },
      // Unanswered, the worker's hit times out and its request passes uncounted.
      () => undefined,
    );
  };
}

function isHitMessage(message: unknown): message is HitMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { type, id, key, windowMs, amount, limit } = message as Record<string, unknown>;
  return (
    type === 'plantrack:rate-hit' &&
    Number.isSafeInteger(id) &&
    typeof key === 'string' &&
    typeof windowMs === 'number' &&
    windowMs > 0 &&
    Number.isSafeInteger(amount) &&
    (amount as number) > 0 &&
    (limit === null || typeof limit === 'number')
  );
}

function isCountMessage(message: unknown): message is CountMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { type, id, count, resetInMs, leased } = message as Record<string, unknown>;
  return (
    type === 'plantrack:rate-count' &&
    typeof id === 'number' &&
    typeof count === 'number' &&
    typeof resetInMs === 'number' &&
    typeof leased === 'number'
  );
}
