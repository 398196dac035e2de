import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type ConnectionBuilder,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type KyselyConfig,
  type QueryResult,
  type TransactionBuilder,
  type TransactionSettings,
} from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';
import { DatabaseBusyError } from './timeBudget.ts';

/**
 * PGlite is one database session. Without care, two requests' BEGIN … COMMIT interleave on it: a
 * ROLLBACK undoes the other request's writes, and a plain statement lands inside someone else's
 * transaction. This lock gives that session to one user at a time: a single statement holds it while
 * it runs, a transaction from BEGIN to COMMIT or ROLLBACK.
 *
 * Code running inside a transaction's callback may still use the root `db` (the request's access
 * context does, for instance): it re-enters the lock instead of waiting for itself. The holder is
 * recognised by its async flow (AsyncLocalStorage), so only that transaction's own code re-enters.
 */
export class SessionLock {
  #tail: Promise<void> = Promise.resolve();
  #holder: symbol | null = null;
  readonly #flow = new AsyncLocalStorage<symbol>();

  /** @param maxWaitMs how long a newcomer waits for the session before DatabaseBusyError; none when undefined. */
  constructor(private readonly maxWaitMs?: number) {}

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

  /** Resolves true when the previous holder is done, false when the wait outlasted the budget. */
  async #waitFor(previous: Promise<void>): Promise<boolean> {
    if (this.maxWaitMs === undefined) {
      await previous;
      return true;
    }
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.maxWaitMs);
    });
    try {
      return await Promise.race([previous.then(() => true), expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  #heldByThisFlow(): boolean {
    return this.#holder !== null && this.#flow.getStore() === this.#holder;
  }

  async #take(): Promise<{ token: symbol; release: () => void }> {
    const previous = this.#tail;
    let free!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      free = resolve;
    });
    if (!(await this.#waitFor(previous))) {
      // Our turn still comes; pass it straight on so that the queue behind us keeps moving.
      void previous.then(free);
      throw new DatabaseBusyError();
    }
    const token = Symbol('PGlite session holder');
    this.#holder = token;
    let released = false;
    return {
      token,
      release: () => {
        if (released) return;
        released = true;
        this.#holder = null;
        free();
      },
    };
  }
}

interface LockedConnection extends DatabaseConnection {
  release(): void;
}

/** kysely-pglite's driver, with every connection holding the session lock until it is released. */
class SerialisedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly lock: SessionLock,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.lock.acquire();
    try {
      const connection = await this.inner.acquireConnection();
      const locked: LockedConnection = {
        executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => connection.executeQuery<R>(query),
        streamQuery: <R>(query: CompiledQuery, chunkSize?: number) =>
          connection.streamQuery<R>(query, chunkSize),
        release,
      };
      return locked;
    } catch (error) {
      release();
      throw error;
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  // Kysely releases in a `finally`, after COMMIT or ROLLBACK, so a failed transaction frees the lock too.
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as LockedConnection).release();
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

function serialisedDialect(client: PGlite, lock: SessionLock): Dialect {
  const base = new KyselyPGlite(client).dialect;
  return { ...base, createDriver: () => new SerialisedDriver(base.createDriver(), lock) };
}

/**
 * Kysely over one PGlite session, its transactions isolated from each other by the session lock.
 * `transaction()` and `connection()` run their callback as the lock's holder, so the callback may use
 * this root instance without deadlocking on its own transaction.
 */
export class SerialisedPGliteKysely<DB> extends Kysely<DB> {
  readonly #lock: SessionLock;

  constructor(client: PGlite, config: Omit<KyselyConfig, 'dialect'>, lock = new SessionLock()) {
    super({ ...config, dialect: serialisedDialect(client, lock) });
    this.#lock = lock;
  }

  override transaction(): TransactionBuilder<DB> {
    return holdingLock(super.transaction(), this.#lock);
  }

  override connection(): ConnectionBuilder<DB> {
    return holdingLock(super.connection(), this.#lock);
  }
}

interface Executable {
  execute(callback: (db: never) => Promise<unknown>): Promise<unknown>;
}

/** The builder, with `execute` run as the lock's holder (also for builders derived from it). */
function holdingLock<B extends object>(builder: B, lock: SessionLock): B {
  return new Proxy(builder, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'execute') {
        return (callback: (db: never) => Promise<unknown>) =>
          lock.run(() => (target as unknown as Executable).execute(callback));
      }
      // setIsolationLevel and friends return a new builder: keep it holding the lock too.
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        return result && typeof result === 'object' && 'execute' in result
          ? holdingLock(result, lock)
          : result;
      };
    },
  });
}
