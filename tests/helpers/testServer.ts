import { rmSync } from 'node:fs';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { systemNow } from '../../src/server/clock.ts';
import { readConfig } from '../../src/server/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { findUserByUsername } from '../../src/server/db/repositories/userRepository.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { seedDemoData } from '../../src/server/db/seed/demoOrganisation.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { createPersonalAccessToken } from '../../src/server/services/auth/authService.ts';
import { createScratchDatabase } from './backends.ts';
import { createClientManifestDir } from './fakeClientBundle.ts';
import { seededSnapshot, seededTemplateDatabase } from './seededSnapshot.ts';

export const TEST_PASSWORD = 'test-password';
/** A fixed "today" so that the demo data and every date rule are reproducible. */
export const TEST_TODAY = '2026-06-15';

/** The session's last-activity write (authService's touch), made at most once a minute. */
const isSessionTouch = (sql: string) => sql.startsWith('update "sessions" set "last_activity_at"');

export interface TestServer {
  readonly baseUrl: string;
  readonly db: Kysely<Database>;
  readonly app: FastifyInstance;
  /** The PostgreSQL database it serves (undefined on PGlite): another server may share it. */
  readonly databaseUrl: string | undefined;
  /** SQL statements sent so far, but for the periodic settings read (compare before and after one request). */
  statementCount(): number;
  /** A personal access token for a demo user (`api` scope unless told otherwise). */
  tokenFor(username: string, scopes?: string[]): Promise<string>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  readonly backend: 'pglite' | 'postgres';
  readonly epics?: number;
  readonly issues?: number;
  readonly env?: Record<string, string>;
  /** Serve this existing (migrated and seeded) PostgreSQL database instead of a scratch one. */
  readonly databaseUrl?: string;
  /** The server's clock (the system's unless a suite fixes it). */
  readonly now?: () => Date;
}

/**
 * Integration tests talk HTTP to a real server on a real database: a fresh in-memory PGlite, or a
 * scratch database on the local PostgreSQL. The client bundle is not needed, so a minimal manifest
 * stands in for it.
 */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const clientDir = createClientManifestDir();
  const config = readConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    CLIENT_DIR: clientDir,
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'off',
    // The demo's flags (config.ts): tests see what a demo instance shows unless a suite turns one off.
    EPIC_COLOR_HIGHLIGHT: 'on',
    WORK_ITEMS_MVC_2: 'on',
    // Two cores run two suites at once: a generous database budget, so that only the suites that
    // test the budget meet it.
    DB_STATEMENT_TIMEOUT_MS: '30000',
    // Suites send thousands of API requests a minute from one address; only rate-limit suites meet limits.
    API_RATE_LIMIT_AUTHENTICATED: '1000000',
    API_RATE_LIMIT_UNAUTHENTICATED: '1000000',
    SECRET_KEY_BASE: 'test-secret-key-base-of-at-least-32-characters',
    ...options.env,
  });

  const seedKey = `${options.epics ?? 150}/${options.issues ?? 900}/${TEST_TODAY}`;
  let statements = 0;
  const prepare = async (db: Kysely<Database>) => {
    await migrateToLatest(db);
    await seedDemoData(db, {
      epics: options.epics ?? 150,
      issues: options.issues ?? 900,
      today: TEST_TODAY,
      passwordHash: await hash(TEST_PASSWORD),
    });
  };
  // As in main.ts: PostgreSQL is seeded without the requests' time budget, on a pool of its own.
  const scratch =
    options.backend === 'postgres' && !options.databaseUrl
      ? await createScratchDatabase(await seededTemplateDatabase(seedKey, prepare))
      : undefined;
  const databaseUrl = options.databaseUrl ?? scratch?.url;
  const memorySnapshot = databaseUrl ? undefined : await seededSnapshot(seedKey, prepare);
  const database: DatabaseHandle = await openDatabase({
    databaseUrl,
    dataDir: 'memory://',
    memorySnapshot,
    // The instance settings are read again every few seconds whatever the request, value stream
    // analytics' aggregation job looks for work as often, and a session's last activity is written
    // at most once a minute, so counting them would make a request's statement budget depend on
    // when it ran.
    onStatement: (sql) => {
      if (!sql.includes('"application_settings"') && !sql.includes('vsa_') && !isSessionTouch(sql))
        statements++;
    },
    statementTimeoutMs: config.dbStatementTimeoutMs,
  });
  const app = await buildApp({
    config: { ...config, externalUrl: 'http://localhost' },
    db: database.db,
    now: options.now ?? systemNow,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db: database.db,
    app,
    databaseUrl,
    statementCount: () => statements,
    async tokenFor(username, scopes = ['api']) {
      const user = await findUserByUsername(database.db, username);
      if (!user) throw new Error(`No demo user ${username}`);
      return createPersonalAccessToken(database.db, user, `test ${username}`, scopes, null);
    },
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
      rmSync(clientDir, { recursive: true, force: true });
    },
  };
}
