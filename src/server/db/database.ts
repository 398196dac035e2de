import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { acquireLockFile } from './lockFile.ts';
import { prepareRepeatedStatements } from './preparedStatements.ts';
import type { Database } from './schema.ts';
import { SerialisedPGliteKysely } from './serialisedPGlite.ts';
import { SessionLock } from './sessionLock.ts';

export interface DatabaseConfig {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  readonly databaseUrl?: string | undefined;
  /** Folder of the embedded database (`memory://` keeps it in memory, for tests). */
  readonly dataDir: string;
  /** Called once per SQL statement sent (tests count statements per request; the API bench replays them). */
  readonly onStatement?: ((sql: string, parameters: readonly unknown[]) => void) | undefined;
  /**
   * The time budget of a request's statement (timeBudget.ts): PostgreSQL's `statement_timeout` and
   * pool wait, PGlite's wait for its session. None when undefined (migrations, seeding, tools).
   */
  readonly statementTimeoutMs?: number | undefined;
  /**
   * An in-memory PGlite starts from this dump of a data directory instead of running initdb
   * (about 1.8 s of WASM work); the test suites start hundreds of databases from one seeded dump.
   */
  readonly memorySnapshot?: Blob | undefined;
  /**
   * Send repeated statements prepared (preparedStatements.ts, pglitePreparedStatements.ts); on unless
   * false.
   */
  readonly preparedStatements?: boolean | undefined;
  /**
   * PostgreSQL only: told when the server ends an idle connection (a restart, `pg_terminate_backend`,
   * a pooler's idle timeout); the pool drops it and opens another when a request needs one. Warns on
   * stderr when undefined.
   */
  readonly onConnectionLost?: ((error: Error) => void) | undefined;
}

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly kind: 'pglite' | 'postgres';
  /** PGlite only: a dump of the data directory, to open another in-memory database from. */
  readonly snapshot?: () => Promise<Blob>;
  close(): Promise<void>;
}

const OID = { int8: 20, numeric: 1700, date: 1082 } as const;

/** Calendar days stay `YYYY-MM-DD` strings (no time zone can shift them); counts become numbers. */
const parseCalendarDay = (value: string) => value;
const parseBigNumber = (value: string) => Number(value);

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  const log = config.onStatement ? statementCounter(config.onStatement) : undefined;
  if (config.databaseUrl)
    return openPostgres(
      config.databaseUrl,
      log,
      config.statementTimeoutMs,
      config.preparedStatements ?? true,
      config.onConnectionLost ?? warnConnectionLost,
    );
  return openPGlite(
    config.dataDir,
    log,
    config.statementTimeoutMs,
    config.memorySnapshot,
    config.preparedStatements ?? true,
  );
}

type KyselyLog = (event: {
  level: 'query' | 'error';
  query: { sql: string; parameters: readonly unknown[] };
}) => void;

function statementCounter(onStatement: (sql: string, parameters: readonly unknown[]) => void): KyselyLog {
  return (event) => {
    if (event.level === 'query') onStatement(event.query.sql, event.query.parameters);
  };
}

const warnConnectionLost = (error: Error) =>
  console.warn(`PostgreSQL ended an idle connection (${error.message}); the next request opens another.`);

async function openPostgres(
  connectionString: string,
  log: KyselyLog | undefined,
  timeoutMs: number | undefined,
  preparedStatements: boolean,
  onConnectionLost: (error: Error) => void,
): Promise<DatabaseHandle> {
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (oid === OID.date) return parseCalendarDay;
      if (oid === OID.int8 || oid === OID.numeric) return parseBigNumber;
      return pg.types.getTypeParser(oid, format);
    }) as typeof pg.types.getTypeParser,
  };
  // JIT compiling the roadmap's short queries costs more than running them (≈100 ms a page).
  const budget = timeoutMs === undefined ? '' : ` -c statement_timeout=${Math.round(timeoutMs)}`;
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    types,
    options: `-c jit=off${budget}`,
    ...(timeoutMs === undefined ? {} : { connectionTimeoutMillis: timeoutMs }),
  });
  // An idle client's error reaches the pool, which has already dropped the client; without a
  // listener, Node.js would end the whole process for it.
  pool.on('error', onConnectionLost);
  // A client a request holds (between a transaction's statements) has no listener of the pool's:
  // its next statement fails the request instead, and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  if (preparedStatements) prepareRepeatedStatements(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
  await sql`select 1`.execute(db);
  return { db, kind: 'postgres', close: () => db.destroy() };
}

async function openPGlite(
  dataDir: string,
  log: KyselyLog | undefined,
  timeoutMs: number | undefined,
  memorySnapshot: Blob | undefined,
  preparedStatements: boolean,
): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireLockFile(join(dataDir, 'server.lock'));
  try {
    const parsers = {
      [OID.date]: parseCalendarDay,
      [OID.int8]: parseBigNumber,
      [OID.numeric]: parseBigNumber,
    };
    // An in-memory database gets no dataDir at all: `memory://` names no folder.
    const client = await (inMemory
      ? PGlite.create({ parsers, ...(memorySnapshot ? { loadDataDir: memorySnapshot } : {}) })
      : PGlite.create(join(dataDir, 'pgdata'), { parsers }));
    // One session shared by every request: transactions take turns on it (serialisedPGlite.ts).
    const db = new SerialisedPGliteKysely<Database>(
      client,
      log ? { log } : {},
      new SessionLock(timeoutMs),
      preparedStatements,
    );
    return {
      db,
      kind: 'pglite',
      snapshot: () => client.dumpDataDir('none'),
      close: async () => {
        await sql`CHECKPOINT`.execute(db);
        await db.destroy();
        if (!client.closed) await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
