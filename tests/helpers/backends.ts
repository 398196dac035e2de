import pg from 'pg';

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether the local PostgreSQL answers; integration suites also run on it when it does. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const reachable = await postgresReachable();
if (!reachable)
  console.warn(`PostgreSQL at ${POSTGRES_ADMIN_URL} is not reachable: its integration runs are skipped.`);

/** The database backends to run a suite against: PGlite always, PostgreSQL when reachable. */
export const BACKENDS: readonly ('pglite' | 'postgres')[] = reachable ? ['pglite', 'postgres'] : ['pglite'];

/** PostgreSQL's "database is being accessed by other users": a closed pool's backends still exiting. */
const OBJECT_IN_USE = '55006';

/**
 * Runs a statement that needs a database nobody is connected to. A pool that has just ended may
 * still have backends exiting, so wait for them instead of terminating them (a terminated
 * connection that is still closing reports an error).
 */
async function whenUnused(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(sql);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await client.end();
  }
}

/** Drops a database once nobody uses it any more. */
export const dropDatabase = (name: string): Promise<void> => whenUnused(`DROP DATABASE IF EXISTS ${name}`);

export interface ScratchDatabase {
  readonly name: string;
  readonly url: string;
  drop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database for one suite, empty or a copy of `template`; dropped by `drop`.
 */
export async function createScratchDatabase(template?: string): Promise<ScratchDatabase> {
  const name = `pt_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropDatabase(name) };
}

/**
 * Makes `scratch` the template database `name`, unless another worker made it first (then
 * `scratch` is dropped). Returns whether this one became the template.
 */
export async function promoteToTemplate(scratch: ScratchDatabase, name: string): Promise<boolean> {
  try {
    await whenUnused(`ALTER DATABASE ${scratch.name} RENAME TO ${name}`);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw error; // duplicate_database
    await scratch.drop();
    return false;
  }
}

/** The names of the databases whose names start with `prefix`. */
export async function databasesNamed(prefix: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    return rows.map((row) => row.datname);
  } finally {
    await admin.end();
  }
}
