import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type ConnectionBuilder,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type KyselyConfig,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionBuilder,
} from 'kysely';
import { PGlitePreparedStatements } from './pglitePreparedStatements.ts';
import { SessionLock } from './sessionLock.ts';

interface LockedConnection extends DatabaseConnection {
  release(): void;
}

/**
 * Kysely's driver for one PGlite session: every connection holds the session lock until it is
 * released, and its statements go through `prepared` when given (repeated texts run as named
 * statements). Written here rather than taken from kysely-pglite, whose one entry point also loads
 * its code generator and migrator: 0.65 s of every server start, for a driver of a few lines.
 */
class SerialisedDriver implements Driver {
  constructor(
    private readonly client: PGlite,
    private readonly lock: SessionLock,
    private readonly prepared: PGlitePreparedStatements | undefined,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.lock.acquire();
    const locked: LockedConnection = {
      // PGlite's results carry `rows` (and `affectedRows`), as Kysely reads them.
      executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
        (this.prepared
          ? this.prepared.query(query.sql, query.parameters)
          : this.client.query(query.sql, [...query.parameters])) as Promise<unknown> as Promise<
          QueryResult<R>
        >,
      streamQuery: () => {
        throw new Error('PGlite does not stream query results');
      },
      release,
    };
    return locked;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  // Kysely releases in a `finally`, after COMMIT or ROLLBACK, so a failed transaction frees the lock too.
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as LockedConnection).release();
  }

  async destroy(): Promise<void> {
    await this.client.close();
  }
}

function serialisedDialect(client: PGlite, lock: SessionLock, preparedStatements: boolean): Dialect {
  const prepared = preparedStatements ? new PGlitePreparedStatements(client) : undefined;
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new SerialisedDriver(client, lock, prepared),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
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
