import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClientManifestDir } from '../helpers/fakeClientBundle.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * npm start runs the server as scripts/build/server.ts compiles it, not as tsx runs it from source:
 * this checks that the compiled one still finds what it reads at run time (packages, the SDL).
 */
describe('the compiled server', () => {
  // Inside the repository, where the bundle's package imports resolve; dist/ is ignored by git.
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const outDir = mkdtempSync(join(ROOT, 'dist', 'test-server-'));
  const clientDir = createClientManifestDir();
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('starts with plain node, serves pages and GraphQL, and stops cleanly', async () => {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build/server.ts', '--out-dir', outDir], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    const child = spawn(process.execPath, [join(outDir, 'main.mjs')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: 'memory://',
        CLIENT_DIR: clientDir,
        DEMO_SEED: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const baseUrl = await new Promise<string>((done, fail) => {
      const poll = setInterval(() => {
        const address = /running at (http:\/\/\S+)/.exec(output)?.[1];
        if (address) {
          clearInterval(poll);
          done(address);
        } else if (child.exitCode !== null) {
          clearInterval(poll);
          fail(new Error(`The compiled server exited: ${output}`));
        }
      }, 50);
    });

    const page = await fetch(`${baseUrl}/users/sign_in`);
    expect(page.status).toBe(200);
    const graphql = await fetch(`${baseUrl}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ currentUser { username } }' }),
    });
    expect(await graphql.json()).toEqual({ data: { currentUser: null } });

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
