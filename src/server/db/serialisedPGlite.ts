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
import { PGlitePreparedStatements } from './pglitePreparedStatements.ts';
import { SessionLock } from './sessionLock.ts';

interface LockedConnection extends DatabaseConnection {
  release(): void;
}

/**
 * kysely-pglite's driver, with every connection holding the session lock until it is released, and
 * its statements sent through `prepared` when given (repeated texts run as named statements).
 */
class SerialisedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly lock: SessionLock,
    private readonly prepared: PGlitePreparedStatements | undefined,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.lock.acquire();
    try {
      const connection = await this.inner.acquireConnection();
      const locked: LockedConnection = {
        executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
          this.prepared
            ? // PGlite's own results, as kysely-pglite's connection passes them on.
              (this.prepared.query(query.sql, query.parameters) as Promise<unknown> as Promise<
                QueryResult<R>
              >)
            : connection.executeQuery<R>(query),
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

function serialisedDialect(client: PGlite, lock: SessionLock, preparedStatements: boolean): Dialect {
  const base = new KyselyPGlite(client).dialect;
  const prepared = preparedStatements ? new PGlitePreparedStatements(client) : undefined;
  return { ...base, createDriver: () => new SerialisedDriver(base.createDriver(), lock, prepared) };
}

/**
 * Kysely over one PGlite session, its transactions isolated from each other by the session lock.
 * `transaction()` and `connection()` run their callback as the lock's holder, so the callback may use
 * this root instance without deadlocking on its own transaction.
 */
export class SerialisedPGliteKysely<DB> extends Kysely<DB> {
  readonly #lock: SessionLock;

  constructor(
    client: PGlite,
    config: Omit<KyselyConfig, 'dialect'>,
    lock = new SessionLock(),
    preparedStatements = true,
  ) {
    super({ ...config, dialect: serialisedDialect(client, lock, preparedStatements) });
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
