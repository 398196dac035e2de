import { resolve } from 'node:path';
import { readConfig, type ServerConfig } from '../../src/server/config.ts';
import { processPlanFor } from '../../src/server/processes/serverProcesses.ts';
import { GITLAB_QUERIES } from '../../tests/helpers/gitlabQueries.ts';

/** The day the benchmark data is centred on (fixed, so that every run reads the same rows). */
export const BENCH_TODAY = '2026-06-15';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const RESULTS_DIR = resolve(REPO_ROOT, 'bench/results');

/** The admin connection used to create the benchmark database (never the `test` database). */
export const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * BENCH_POSTGRES_DATABASE names another one, so that checkouts with different migrations running on
 * one PostgreSQL server do not migrate each other's database.
 */
export const POSTGRES_BENCH_DATABASE = benchDatabaseName(
  process.env.BENCH_POSTGRES_DATABASE ?? 'plantrack_bench',
);
export const POSTGRES_BENCH_URL = `postgres://postgres@127.0.0.1:5432/${POSTGRES_BENCH_DATABASE}`;

function benchDatabaseName(name: string): string {
  // Interpolated into CREATE DATABASE: a plain lower-case identifier only.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a database name: ${name}`);
  return name;
}

export type Backend = 'pglite' | 'postgres';

/** Where one backend's benchmark data lives. */
export interface BenchTarget {
  readonly backend: Backend;
  /** PostgreSQL connection string, or undefined for PGlite. */
  readonly databaseUrl: string | undefined;
  /** PGlite folder (unused on PostgreSQL). */
  readonly dataDir: string;
}

export function targetFor(backend: Backend, epics: number, issues: number): BenchTarget {
  return backend === 'postgres'
    ? { backend, databaseUrl: POSTGRES_BENCH_URL, dataDir: 'memory://' }
    : { backend, databaseUrl: undefined, dataDir: resolve(RESULTS_DIR, `pglite-${epics}-${issues}`) };
}

/**
 * Server configuration for the benchmark: quiet logs, no demo seeding, the fake client manifest, no
 * API rate limits. The
 * GraphQL response cache is off unless asked for, so that measurements time the real work.
 */
export function benchConfig(clientDir: string, options: { responseCache?: boolean } = {}): ServerConfig {
  return readConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    CLIENT_DIR: clientDir,
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'off',
    EXTERNAL_URL: 'http://localhost',
    GRAPHQL_RESPONSE_CACHE: options.responseCache ? 'on' : 'off',
    // The load test sends thousands of requests a minute from one address and one user: GitLab.com's
    // limits (500 and 2,000 a minute) would answer most of them 429 and time the refusals instead.
    API_RATE_LIMIT_AUTHENTICATED: '1000000',
    API_RATE_LIMIT_UNAUTHENTICATED: '1000000',
  });
}

/**
 * The processes npm start serves from on this database (undefined: PGlite), WEB_CONCURRENCY read
 * from the environment as the server reads it.
 */
export function servedProcesses(databaseUrl: string | undefined): number {
  const env = { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: process.env.WEB_CONCURRENCY };
  return processPlanFor(readConfig(env)).count;
}

/** GitLab's roadmap operations, exactly as the tests send them. */
export const ROADMAP_QUERY = GITLAB_QUERIES.roadmapGroupEpics;
export const CHILD_EPICS_QUERY = GITLAB_QUERIES.epicChildEpics;

/** THREE_YEARS around BENCH_TODAY, as GitLab's roadmap asks for it. */
export const TIMEFRAME = { start: '2025-01-01', end: '2027-12-31' } as const;

/** The roadmap's first page. */
export const ROADMAP_VARIABLES = {
  fullPath: 'acme',
  state: 'all',
  sort: 'start_date_asc',
  timeframe: TIMEFRAME,
  first: 50,
  topLevelHierarchyOnly: true,
} as const;

export function childEpicsVariables(fullPath: string, iid: number) {
  return {
    fullPath,
    iid: String(iid),
    state: 'all',
    sort: 'start_date_asc',
    timeframe: TIMEFRAME,
  } as const;
}

export const graphqlBody = (query: string, variables: object) => JSON.stringify({ query, variables });
