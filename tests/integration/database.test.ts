import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClientManifestDir } from '../helpers/fakeClientBundle.ts';
import { startServer, waitFor } from '../helpers/serverProcess.ts';

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

  it('keeps what a user wrote when the server is killed without warning', async () => {
    const crashDir = mkdtempSync(join(tmpdir(), 'pt-crash-'));
    const env = { DEMO_SEED: 'on', DEMO_PASSWORD: 'crash-test' };
    try {
      const server = startServer(crashDir, clientDir, env);
      await waitFor(() => /running at (http:\/\/\S+)/.test(server.output()), 120_000);
      const baseUrl = /running at (http:\/\/\S+)/.exec(server.output())![1]!;
      const grant = await fetch(`${baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=password&username=owner&password=crash-test',
      });
      const { access_token: token } = (await grant.json()) as { access_token: string };
      const created = await fetch(`${baseUrl}/api/v4/groups/acme/epics`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Written just before the crash' }),
      });
      expect(created.status).toBe(201);
      const { iid } = (await created.json()) as { iid: number };
      server.child.kill('SIGKILL');
      await server.exited;

      const restarted = startServer(crashDir, clientDir, env);
      await waitFor(() => /running at (http:\/\/\S+)/.test(restarted.output()), 120_000);
      const again = /running at (http:\/\/\S+)/.exec(restarted.output())![1]!;
      const epic = await fetch(`${again}/api/v4/groups/acme/epics/${iid}`);
      expect(epic.status).toBe(200);
      expect(((await epic.json()) as { title: string }).title).toBe('Written just before the crash');
      restarted.child.kill('SIGTERM');
      expect(await restarted.exited).toBe(0);
    } finally {
      rmSync(crashDir, { recursive: true, force: true });
    }
  }, 300_000);
});
