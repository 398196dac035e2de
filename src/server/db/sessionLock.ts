import { AsyncLocalStorage } from 'node:async_hooks';
import { after, type Cancel } from '../clock.ts';
import { currentDatabaseClient, startTakingTurns } from './databaseClients.ts';
import { DatabaseBusyError } from './timeBudget.ts';

interface Waiter {
  readonly client: symbol;
  readonly grant: () => void;
  cancelTimer?: Cancel;
}

/**
 * PGlite is one database session. Without care, two requests' BEGIN … COMMIT interleave on it: a
 * ROLLBACK undoes the other request's writes, and a plain statement lands inside someone else's
 * transaction. This lock gives that session to one user at a time: a single statement holds it while
 * it runs, a transaction from BEGIN to COMMIT or ROLLBACK.
 *
 * Code running inside a transaction's callback may still use the root `db` (the request's access
 * context does, for instance): it re-enters the lock instead of waiting for itself. The holder is
 * recognised by its async flow (AsyncLocalStorage), so only that transaction's own code re-enters.
 *
 * Waiters take turns by client (databaseClients.ts), round robin, and in order within a client: a
 * request that queues ten statements at once delays another request's next statement by one of
 * them, not ten.
 */
export class SessionLock {
  #holder: symbol | null = null;
  #busy = false;
  /** Each client's waiters; the map's order is the round's order (a served client goes last). */
  readonly #queues = new Map<symbol, Waiter[]>();
  readonly #flow = new AsyncLocalStorage<symbol>();

  /** @param maxWaitMs how long a newcomer waits for the session before DatabaseBusyError; none when undefined. */
  constructor(private readonly maxWaitMs?: number) {
    startTakingTurns();
  }

  /** Waits for the session; the returned function gives it back (calling it twice is harmless). */
  async acquire(): Promise<() => void> {
    if (this.#heldByThisFlow()) return () => {};
    return (await this.#take()).release;
  }

  /** Runs the task holding the session; whatever the task awaits re-enters instead of waiting. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#heldByThisFlow()) return task();
    const { token, release } = await this.#take();
    try {
      return await this.#flow.run(token, task);
    } finally {
      release();
    }
  }

  #heldByThisFlow(): boolean {
    return this.#holder !== null && this.#flow.getStore() === this.#holder;
  }

  #take(): Promise<{ token: symbol; release: () => void }> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve(this.#hold());
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        client: currentDatabaseClient() ?? Symbol('unscoped database client'),
        grant: () => resolve(this.#hold()),
      };
      const queue = this.#queues.get(waiter.client);
      if (queue) queue.push(waiter);
      else this.#queues.set(waiter.client, [waiter]);
      if (this.maxWaitMs !== undefined) {
        waiter.cancelTimer = after(this.maxWaitMs, () => {
          this.#forget(waiter);
          reject(new DatabaseBusyError());
        });
      }
    });
  }

  #hold(): { token: symbol; release: () => void } {
    const token = Symbol('PGlite session holder');
    this.#holder = token;
    let released = false;
    return {
      token,
      release: () => {
        if (released) return;
        released = true;
        this.#holder = null;
        this.#handOver();
      },
    };
  }

  /** Gives the session to the first waiter of the next client in the round, or frees it. */
  #handOver(): void {
    const next = this.#queues.entries().next();
    if (next.done) {
      this.#busy = false;
      return;
    }
    const [client, queue] = next.value;
    const waiter = queue.shift()!;
    this.#queues.delete(client);
    if (queue.length > 0) this.#queues.set(client, queue);
    waiter.cancelTimer?.();
    waiter.grant();
  }

  #forget(waiter: Waiter): void {
    const queue = this.#queues.get(waiter.client);
    if (!queue) return;
    const at = queue.indexOf(waiter);
    if (at >= 0) queue.splice(at, 1);
    if (queue.length === 0) this.#queues.delete(waiter.client);
  }
}
