/**
 * Geo's database half: PostgreSQL's own streaming replication, as the README's recipe sets it up
 * (two local clusters, a primary and a standby made by pg_basebackup -R), and what a secondary reads
 * of it: a read-only database, in recovery, receiving WAL, and its lag. Runs where PostgreSQL's
 * server programs are installed (Debian's /usr/lib/postgresql/<version>/bin).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../src/server/db/executor.ts';
import { readReplicationState } from '../../src/server/db/repositories/replicationRepository.ts';
import { freePort } from '../helpers/serverProcess.ts';

const VERSIONS = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
const BIN = VERSIONS.length ? `/usr/lib/postgresql/${VERSIONS.at(-1)}/bin` : '';
const available = BIN !== '' && existsSync(join(BIN, 'initdb')) && existsSync(join(BIN, 'pg_basebackup'));
const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program as the `postgres` user when this is root (initdb refuses root). */
function run(program: string, args: string[]): string {
  const command = join(BIN, program);
  return asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : execFileSync(command, args, { encoding: 'utf8' });
}

/** A connection to a cluster; a cluster stopped under it is expected, not an error to report. */
function open(port: number): Executor {
  const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, max: 1 });
  pool.on('error', () => {});
  // Any database: the replication state is PostgreSQL's own, and the probe table is made here.
  return new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool }) }) as unknown as Executor;
}

describe.runIf(available)('Geo database replication on PostgreSQL streaming replication', () => {
  const root = mkdtempSync(join(tmpdir(), 'pt-geo-pg-'));
  const primaryDir = join(root, 'primary');
  const standbyDir = join(root, 'standby');
  let primaryPort = 0;
  let standbyPort = 0;
  let primary: Executor;
  let standby: Executor;

  beforeAll(async () => {
    if (asRoot) execFileSync('chown', ['postgres', root]);
    primaryPort = await freePort();
    standbyPort = await freePort();
    run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    const settings = [
      `port = ${primaryPort}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${root}'`,
      'wal_level = replica',
      'max_wal_senders = 5',
      'max_replication_slots = 5',
      'hot_standby = on',
    ].join('\n');
    // Appending keeps the files the postgres user's.
    appendFileSync(join(primaryDir, 'postgresql.conf'), `${settings}\n`);
    appendFileSync(join(primaryDir, 'pg_hba.conf'), 'host replication postgres 127.0.0.1/32 trust\n');
    run('pg_ctl', ['-D', primaryDir, '-l', join(root, 'primary.log'), '-w', 'start']);
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyDir,
      '-R',
      '-X',
      'stream',
      '-C',
      '-S',
      'pt_standby',
      '-c',
      'fast',
    ]);
    appendFileSync(
      join(standbyDir, 'postgresql.conf'),
      `port = ${standbyPort}\nwal_retrieve_retry_interval = 1s\n`,
    );
    run('pg_ctl', ['-D', standbyDir, '-l', join(root, 'standby.log'), '-w', 'start']);
    primary = open(primaryPort);
    standby = open(standbyPort);
  }, 120_000);

  afterAll(async () => {
    await (standby as Kysely<unknown> | undefined)?.destroy();
    await (primary as Kysely<unknown> | undefined)?.destroy();
    for (const dir of [standbyDir, primaryDir]) {
      if (existsSync(join(dir, 'postmaster.pid')))
        run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
    }
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('shows the primary as writable and the standby as a read-only, receiving replica', async () => {
    expect(await readReplicationState(primary)).toEqual({
      inRecovery: false,
      receiving: false,
      lagSeconds: null,
    });
    await sql`CREATE TABLE geo_probe (id int)`.execute(primary);
    await sql`INSERT INTO geo_probe VALUES (1)`.execute(primary);
    // The standby replays it within moments, and refuses writes of its own.
    let rows: unknown[] = [];
    for (let attempt = 0; attempt < 50 && rows.length === 0; attempt++) {
      rows = await sql`SELECT id FROM geo_probe`
        .execute(standby)
        .then((result) => result.rows)
        .catch(() => []);
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(rows).toEqual([{ id: 1 }]);
    await expect(sql`INSERT INTO geo_probe VALUES (2)`.execute(standby)).rejects.toMatchObject({
      code: '25006',
    });
    const state = await readReplicationState(standby);
    expect(state).toMatchObject({ inRecovery: true, receiving: true });
    expect(state.lagSeconds).toBeGreaterThanOrEqual(0);
  });

  it('sees the standby stop receiving while the primary is down', async () => {
    run('pg_ctl', ['-D', primaryDir, '-m', 'fast', '-w', 'stop']);
    let state = await readReplicationState(standby);
    for (let attempt = 0; attempt < 50 && state.receiving; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await readReplicationState(standby);
    }
    expect(state).toMatchObject({ inRecovery: true, receiving: false });
    run('pg_ctl', ['-D', primaryDir, '-l', join(root, 'primary.log'), '-w', 'start']);
  }, 30_000);
});
