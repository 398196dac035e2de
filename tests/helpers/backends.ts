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

/** A fresh, empty PostgreSQL database for one suite; dropped by the returned function. */
export async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pt_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // The suite's pool has ended, but its backends may take a moment to exit: wait for them instead
    // of terminating them (a terminated connection that is still closing reports an error).
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
