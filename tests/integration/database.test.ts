import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClientManifestDir } from '../helpers/fakeClientBundle.ts';

function startServer(
  dataDir: string,
  clientDir: string,
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      DEMO_SEED: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the embedded database folder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pt-data-'));
  const clientDir = createClientManifestDir();
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('is opened by one server at a time, and released by a clean shutdown', async () => {
    const first = startServer(dataDir, clientDir);
    await waitFor(() => first.output().includes('is running at'), 60_000);

    const second = startServer(dataDir, clientDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('already in use by another process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const third = startServer(dataDir, clientDir);
    await waitFor(() => third.output().includes('is running at'), 60_000);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 120_000);
});
