import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKENDS, createScratchDatabase, type ScratchDatabase } from '../helpers/backends.ts';
import { createClientManifestDir } from '../helpers/fakeClientBundle.ts';
import { listeningUrl, type ServerProcess, startServer, waitFor } from '../helpers/serverProcess.ts';

/**
 * The server processes `pid` started (Linux's /proc: what the operating system says runs), leaving
 * out the TypeScript loader's esbuild service.
 */
function serverProcessesUnder(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (command) state ppid ...": the command may hold spaces, the fields after it do not.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (parent === pid && command.includes('src/server/main.ts')) children.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return children.sort((a, b) => a - b);
}

/** A request on a connection of its own, as separate clients make them; answers the status. */
function onNewConnection(url: string, form?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: form === undefined ? 'GET' : 'POST',
        agent: false,
        headers:
          form === undefined
            ? {}
            : { 'content-type': 'application/x-www-form-urlencoded', 'content-length': form.length },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(form);
  });
}

const signInOnNewConnection = (baseUrl: string) =>
  onNewConnection(`${baseUrl}/users/sign_in`, 'user%5Blogin%5D=nobody&user%5Bpassword%5D=wrong');

describe.runIf(BACKENDS.includes('postgres'))('the server on PostgreSQL with WEB_CONCURRENCY=2', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pt-processes-'));
  const clientDir = createClientManifestDir();
  let database: ScratchDatabase | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves from two processes that share the rate limits, replaces one that dies, and stops them all', async () => {
    database = await createScratchDatabase();
    server = startServer(dataDir, clientDir, {
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: '2',
      SIGN_IN_RATE_LIMIT: '4',
      API_RATE_LIMIT_UNAUTHENTICATED: '6',
    });
    const baseUrl = await listeningUrl(server, 120_000);
    expect(server.output()).toContain('(database: postgres, 2 processes)');
    const primary = server.child.pid ?? 0;
    const workers = serverProcessesUnder(primary);
    expect(workers).toHaveLength(2);

    // Connections are dealt to the workers in turn: counted apart, no worker would reach the limit.
    const answers: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) answers.push(await signInOnNewConnection(baseUrl));
    expect(answers).toEqual([422, 422, 422, 422, 429, 429]);
    const apiAnswers: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      apiAnswers.push(await onNewConnection(`${baseUrl}/api/v4/projects`));
    }
    expect(apiAnswers).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);

    process.kill(workers[0] ?? 0, 'SIGKILL');
    // Once the primary knows, the other worker takes every connection until the new one listens (a
    // connection handed to the dying worker in the instant before is lost with it, as in any crash).
    await waitFor(
      () => server?.output().includes('Server process 0 exited (signal SIGKILL); starting another.') ?? false,
      10_000,
    );
    expect((await fetch(`${baseUrl}/users/sign_in`)).status).toBe(200);
    await waitFor(() => {
      const now = serverProcessesUnder(primary);
      return now.length === 2 && !now.includes(workers[0] ?? 0);
    }, 30_000);
    // The replacement listens too: every new connection is answered.
    await waitFor(async () => (await fetch(`${baseUrl}/users/sign_in`)).status === 200, 30_000);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect(await signInOnNewConnection(baseUrl)).toBe(429);
    }

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(serverProcessesUnder(primary)).toEqual([]);
  }, 180_000);
});
