import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from 'ldapts';

/** Debian's OpenLDAP server (packages slapd and ldap-utils; `.ci/run` installs them). */
const SLAPD = process.env.SLAPD ?? '/usr/sbin/slapd';
const SLAPADD = process.env.SLAPADD ?? '/usr/sbin/slapadd';
const SCHEMA_DIR = process.env.LDAP_SCHEMA_DIR ?? '/etc/ldap/schema';
const MODULE_DIR = process.env.LDAP_MODULE_DIR ?? '/usr/lib/ldap';
const FIXTURE = fileURLToPath(new URL('../fixtures/ldap/directory.ldif', import.meta.url));

export const LDAP_BASE = 'dc=example,dc=org';
export const LDAP_ADMIN_DN = `cn=admin,${LDAP_BASE}`;
const LDAP_ADMIN_PASSWORD = 'ldap-test-password';

/** A real OpenLDAP server on loopback, loaded with tests/fixtures/ldap/directory.ldif. */
export interface LdapTestServer {
  readonly url: string;
  /** The server's settings as the app reads them (config.ts). */
  readonly env: Readonly<Record<string, string>>;
  /** A client bound as the directory's administrator, to change the directory under the app. */
  admin(): Promise<Client>;
  close(): Promise<void>;
}

function slapdConfig(directory: string): string {
  return [
    ...['core', 'cosine', 'inetorgperson', 'nis'].map((name) => `include ${SCHEMA_DIR}/${name}.schema`),
    `pidfile ${join(directory, 'slapd.pid')}`,
    `modulepath ${MODULE_DIR}`,
    'moduleload back_mdb',
    'database mdb',
    `suffix "${LDAP_BASE}"`,
    `rootdn "${LDAP_ADMIN_DN}"`,
    `rootpw ${LDAP_ADMIN_PASSWORD}`,
    `directory ${join(directory, 'data')}`,
    'maxsize 16777216',
    '',
  ].join('\n');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitUntilListening(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd exited (${child.exitCode}): ${output()}`);
    if (await answers(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`slapd did not listen on port ${port}: ${output()}`);
}

/**
 * Starts slapd in the foreground (`-d 0`, so it is this process's child and stops with it) on a
 * free port, its configuration and database in a temporary folder, loaded with the fixture.
 */
export async function startLdapServer(): Promise<LdapTestServer> {
  if (!existsSync(SLAPD) || !existsSync(SLAPADD)) {
    throw new Error(`${SLAPD} is missing: install Debian's slapd and ldap-utils (see .ci/run)`);
  }
  const directory = mkdtempSync(join(tmpdir(), 'plantrack-ldap-'));
  mkdirSync(join(directory, 'data'));
  const config = join(directory, 'slapd.conf');
  writeFileSync(config, slapdConfig(directory));
  execFileSync(SLAPADD, ['-q', '-f', config, '-l', FIXTURE], { stdio: 'pipe' });
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const child = spawn(SLAPD, ['-f', config, '-h', `${url}/`, '-d', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const stopped = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A test process that dies without closing it leaves no slapd behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    await waitUntilListening(port, child, () => output);
  } catch (error) {
    process.off('exit', killOnExit);
    child.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    env: {
      LDAP_URL: url,
      LDAP_BIND_DN: LDAP_ADMIN_DN,
      LDAP_BIND_PASSWORD: LDAP_ADMIN_PASSWORD,
      LDAP_BASE,
      LDAP_GROUP_BASE: `ou=groups,${LDAP_BASE}`,
    },
    async admin() {
      const client = new Client({ url, timeout: 5000, connectTimeout: 5000 });
      await client.bind(LDAP_ADMIN_DN, LDAP_ADMIN_PASSWORD);
      return client;
    },
    async close() {
      process.off('exit', killOnExit);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await stopped;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
