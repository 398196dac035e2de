import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../src/server/db/database.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { createScratchDatabase, databasesNamed, dropDatabase, promoteToTemplate } from './backends.ts';

/**
 * What a seeded database depends on: the schema, the seed and the code it calls (repositories,
 * core rules), and the database engine's version in the lock file.
 */
const SOURCES = ['src/server/db', 'src/core', 'src/server/clock.ts', 'package-lock.json'];
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => !name.endsWith('.test.ts'))
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

function sourceHash(key: string): string {
  const digest = createHash('sha256').update(key);
  for (const file of SOURCES.flatMap((source) => filesUnder(join(ROOT, source)))) {
    digest.update(relative(ROOT, file)).update(readFileSync(file));
  }
  return digest.digest('hex').slice(0, 16);
}

/**
 * An in-memory PGlite migrated and seeded by `prepare`, as a dump to start from. Starting PGlite
 * runs initdb in WASM (~1.8 s) and the demo seed adds ~0.6 s; loading a dump takes ~0.5 s, and the
 * integration suites start a database for nearly every test file. The dump is kept in the temp
 * directory under a hash of the migrations and the seed code, so a changed schema or seed makes a
 * new one; parallel test workers that build it at once each write a whole file and rename it.
 */
export async function seededSnapshot(
  key: string,
  prepare: (db: Kysely<Database>) => Promise<void>,
): Promise<Blob> {
  const dir = join(tmpdir(), 'plantrack-test-snapshots');
  const path = join(dir, `${sourceHash(key)}.tar`);
  try {
    return new Blob([readFileSync(path)]);
  } catch {
    // Not built yet: build it below.
  }
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    await prepare(handle.db);
    const dump = await (handle.snapshot as () => Promise<Blob>)();
    mkdirSync(dir, { recursive: true });
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
    return dump;
  } finally {
    await handle.close();
  }
}

const TEMPLATE_PREFIX = 'pt_template_';

/**
 * A PostgreSQL database migrated and seeded by `prepare`, kept as a template for the suites'
 * scratch databases: migrating and seeding take ~3.5 s, copying the template ~0.5 s. It is named by
 * the same hash as the PGlite dump, so a changed schema or seed makes a new one (and the older one
 * of the same options is dropped); parallel workers that build it at once race to rename their
 * copy, and the loser drops its own.
 */
export async function seededTemplateDatabase(
  key: string,
  prepare: (db: Kysely<Database>) => Promise<void>,
): Promise<string> {
  // Named by the seed's options, then by the code that built it: the older builds of the same
  // options are the stale ones.
  const options = `${TEMPLATE_PREFIX}${createHash('sha256').update(key).digest('hex').slice(0, 8)}_`;
  const name = `${options}${sourceHash(key)}`;
  const existing = await databasesNamed(options);
  if (existing.includes(name)) return name;
  const building = await createScratchDatabase();
  const setup = await openDatabase({ databaseUrl: building.url, dataDir: 'memory://' });
  await prepare(setup.db)
    .finally(() => setup.close())
    .catch(async (error: unknown) => {
      await building.drop();
      throw error;
    });
  if (await promoteToTemplate(building, name)) {
    // Templates of an older schema or seed: nothing builds from them any more.
    for (const stale of existing) await dropDatabase(stale).catch(() => undefined);
  }
  return name;
}
