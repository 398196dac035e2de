/**
 * The app on a seeded PGlite folder, for the browser benchmarks (bench/render, bench/tree): the
 * project's seed CLI fills a fresh folder, and the app's own server (src/server/main.ts, in a process
 * of its own) serves it on a free port. Servers still running when the harness exits are stopped with it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { csrfTokenOf } from '../../tests/helpers/csrfToken.ts';
import { SERVER_NODE_FLAGS } from '../serverNodeFlags.ts';
import { TODAY } from './data.ts';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface AppServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** Runs a command to completion; rejects with the tail of its output when it fails. */
export function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

/**
 * A fresh PGlite folder (under the system's temp folder, named `<prefix>…`) filled by the project's
 * seed CLI with the given flags (src/server/db/seed/cli.ts); removed again when seeding fails.
 */
export async function seedFreshDatabase(seedArgs: readonly string[], prefix = 'pt-bench-'): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const seeded = run('node', ['--import', 'tsx', 'src/server/db/seed/cli.ts', ...seedArgs], {
    ...process.env,
    DATA_DIR: dataDir,
  });
  await seeded.catch((error: unknown) => {
    removeDatabase(dataDir);
    throw error;
  });
  return dataDir;
}

/**
 * A fresh PGlite folder with N epics shaped for the roadmap (`--roadmap-flat`: all top-level, all
 * overlapping the THREE_YEARS timeframe around TODAY) and 3N issues.
 */
export function seedDatabase(size: number): Promise<string> {
  return seedFreshDatabase(
    ['--epics', String(size), '--issues', String(size * 3), '--today', TODAY, '--roadmap-flat'],
    'pt-render-',
  );
}

export function removeDatabase(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

const running = new Set<ChildProcess>();
// Should the harness die without stopping them (an exception, a closed stdout), the servers go too.
process.on('exit', () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGTERM');
});

/**
 * Starts the server on a seeded folder and resolves once it says it is listening. `env` adds to the
 * harness's environment (CLIENT_DIR: serve a client built elsewhere than dist/client).
 */
export async function startAppServer(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<AppServer> {
  const port = await freePort();
  const child = spawn('node', [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SEED: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  await new Promise<void>((done, fail) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`server did not start in 120 s:\n${output}`));
    }, 120_000);
    const watch = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      if (output.includes('Plantrack is running at')) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout?.on('data', watch);
    child.stderr?.on('data', watch);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited ${code} before listening:\n${output}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopServer(child) };
}

/** Signs the page's context in through the sign-in form (demo users share DEMO_PASSWORD's default). */
export async function signIn(page: Page, baseUrl: string, username = 'owner'): Promise<void> {
  await page.goto(`${baseUrl}/users/sign_in`);
  await page.fill('[data-testid="username-field"]', username);
  await page.fill('[data-testid="password-field"]', 'demo-password');
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith('/users/sign_in'), { timeout: 30_000 }),
    page.click('[data-testid="sign-in-button"]'),
  ]);
}

/**
 * Signs in without loading a page (the form's POST from the context's request API, which shares the
 * browser's cookies), so that the next page the browser opens is a first visit: nothing cached.
 */
export async function signInWithoutPage(page: Page, baseUrl: string, username = 'owner'): Promise<void> {
  const { request } = page.context();
  const form = await (await request.get(`${baseUrl}/users/sign_in`)).text();
  const token = csrfTokenOf(form);
  const answer = await request.post(`${baseUrl}/users/sign_in`, {
    form: { authenticity_token: token, 'user[login]': username, 'user[password]': 'demo-password' },
    maxRedirects: 0,
  });
  if (answer.status() !== 302) throw new Error(`signing in as ${username} answered ${answer.status()}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
