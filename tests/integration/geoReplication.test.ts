/**
 * Geo end to end: a primary and a secondary as two server processes, each with its own data folder
 * and embedded database. Images uploaded on the primary, before and after the secondary starts,
 * reach the secondary with the primary's checksums; a copy corrupted on the secondary is found by
 * reverify and mended by resync; a primary killed mid-sync and started again loses nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEO_MESSAGES } from '../../src/core/domain/geo.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { findUserByUsername } from '../../src/server/db/repositories/userRepository.ts';
import { seedDemoData } from '../../src/server/db/seed/demoOrganisation.ts';
import { createPersonalAccessToken } from '../../src/server/services/auth/authService.ts';
import { createClientManifestDir } from '../helpers/fakeClientBundle.ts';
import {
  freePort,
  listeningUrl,
  type ServerProcess,
  startServer,
  waitFor,
} from '../helpers/serverProcess.ts';
import { TEST_PASSWORD, TEST_TODAY } from '../helpers/testServer.ts';

const SECRET_KEY_BASE = 'geo-test-secret-key-base-of-at-least-32-characters';
const PROJECT = 'acme/platform/backend/api';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface RegistryItem {
  id: number;
  model_type: string;
  path: string;
  state: string;
  verification_state: string;
  checksum_mismatch: boolean;
}

/** Every stored blob under a data folder, by its key, with its SHA-256. */
function blobsIn(dataDir: string): Map<string, string> {
  const root = join(dataDir, 'uploads');
  const blobs = new Map<string, string>();
  let entries: import('node:fs').Dirent[] = [];
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch {
    return blobs;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const key = relative(root, path);
    if (key.startsWith('tmp')) continue;
    blobs.set(key, createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return blobs;
}

describe('Geo: a secondary site replicates the primary’s blobs', () => {
  const primaryDir = mkdtempSync(join(tmpdir(), 'pt-geo-primary-'));
  const secondaryDir = mkdtempSync(join(tmpdir(), 'pt-geo-secondary-'));
  const clientDir = createClientManifestDir();
  let primary: ServerProcess;
  let secondary: ServerProcess;
  let primaryUrl = '';
  let secondaryUrl = '';
  let token = '';
  let projectId = 0;
  let issueIid = 0;

  const env = { SECRET_KEY_BASE, LOG_LEVEL: 'error' };
  const startPrimary = async (port = '0') => {
    primary = startServer(primaryDir, clientDir, { ...env, PORT: port, GEO_NODE_NAME: 'primary' });
    primaryUrl = await listeningUrl(primary);
  };
  const api = (base: string, method: string, path: string, body?: unknown) =>
    fetch(`${base}/api/v4${path}`, {
      method,
      headers: {
        'private-token': token,
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
  const image = () => Buffer.concat([PNG, randomBytes(4096)]);
  const form = (bytes: Buffer, name: string) => {
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(bytes)]), name);
    return data;
  };
  let uploaded = 0;
  const uploadImages = async (count: number) => {
    for (let index = 0; index < count; index++) {
      uploaded += 1;
      const response =
        uploaded % 3 === 0
          ? await api(
              primaryUrl,
              'POST',
              `/projects/${projectId}/issues/${issueIid}/metric_images`,
              form(image(), `graph-${uploaded}.png`),
            )
          : await api(
              primaryUrl,
              'POST',
              `/projects/${projectId}/uploads`,
              form(image(), `shot-${uploaded}.png`),
            );
      expect(response.status).toBe(201);
    }
  };
  const registry = async (): Promise<RegistryItem[]> => {
    const response = await api(secondaryUrl, 'GET', '/geo_replication/uploads?per_page=100');
    expect(response.status).toBe(200);
    return (await response.json()) as RegistryItem[];
  };
  /** The secondary holds every blob of the primary, byte for byte, and its registry says so. */
  const replicated = async () => {
    const onPrimary = blobsIn(primaryDir);
    const onSecondary = blobsIn(secondaryDir);
    if (onPrimary.size === 0 || onPrimary.size !== onSecondary.size) return false;
    for (const [key, sum] of onPrimary) if (onSecondary.get(key) !== sum) return false;
    const items = await registry();
    return (
      items.length === onPrimary.size &&
      items.every((item) => item.state === 'synced' && item.verification_state === 'succeeded')
    );
  };

  beforeAll(async () => {
    // The primary's data: the demo at a small size, and an administrator's token.
    const setup = await openDatabase({ dataDir: primaryDir });
    await migrateToLatest(setup.db);
    await seedDemoData(setup.db, {
      epics: 20,
      issues: 100,
      today: TEST_TODAY,
      passwordHash: await hash(TEST_PASSWORD),
    });
    const admin = await findUserByUsername(setup.db, 'admin');
    if (!admin) throw new Error('no admin');
    token = await createPersonalAccessToken(setup.db, admin, 'geo', ['api'], null);
    const project = await setup.db
      .selectFrom('projects')
      .select('id')
      .where('full_path', '=', PROJECT)
      .executeTakeFirstOrThrow();
    projectId = project.id;
    const incident = await setup.db
      .selectFrom('issues')
      .select('iid')
      .where('project_id', '=', projectId)
      .orderBy('iid')
      .executeTakeFirstOrThrow();
    issueIid = incident.iid;
    await setup.db
      .updateTable('issues')
      .set({ issue_type: 'incident' })
      .where('project_id', '=', projectId)
      .where('iid', '=', issueIid)
      .execute();
    await setup.close();
    await startPrimary();
  }, 180_000);

  afterAll(async () => {
    for (const server of [secondary, primary]) {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
    for (const dir of [primaryDir, secondaryDir, clientDir]) rmSync(dir, { recursive: true, force: true });
  });

  it('copies blobs from before and after the secondary started, with matching checksums', async () => {
    // The sites, as an administrator sets them up on the primary.
    const made = await api(primaryUrl, 'POST', '/geo_nodes', {
      name: 'primary',
      url: primaryUrl,
      primary: true,
    });
    expect(made.status).toBe(201);
    // Blobs from before the secondary site existed reach it through its backfill.
    await uploadImages(4);
    const port = await freePort();
    secondaryUrl = `http://127.0.0.1:${port}`;
    const site = await api(primaryUrl, 'POST', '/geo_nodes', {
      name: 'secondary',
      url: `${secondaryUrl}/`,
      files_max_capacity: 2,
    });
    expect(site.status).toBe(201);
    secondary = startServer(secondaryDir, clientDir, {
      ...env,
      PORT: String(port),
      GEO_PRIMARY_URL: primaryUrl,
      GEO_NODE_NAME: 'secondary',
      GEO_POLL_MS: '200',
      GEO_RETRY_MAX_SECONDS: '30',
    });
    await listeningUrl(secondary);
    // Blobs made since reach it through the event log.
    await uploadImages(5);
    await waitFor(replicated, 60_000);
    expect(blobsIn(secondaryDir).size).toBe(9);
  }, 120_000);

  it('finds a corrupted copy on reverify and mends it on resync', async () => {
    const [item] = await registry();
    if (!item) throw new Error('no item');
    const file = join(secondaryDir, 'uploads', item.path);
    const original = readFileSync(file);
    writeFileSync(file, randomBytes(original.length));
    expect((await api(secondaryUrl, 'PUT', `/geo_replication/uploads/${item.id}/reverify`)).status).toBe(200);
    await waitFor(async () => {
      const found = (await registry()).find((entry) => entry.id === item.id);
      return found?.verification_state === 'failed' && found.checksum_mismatch && found.state === 'failed';
    }, 30_000);
    expect((await api(secondaryUrl, 'PUT', `/geo_replication/uploads/${item.id}/resync`)).status).toBe(200);
    await waitFor(replicated, 30_000);
    expect(readFileSync(file).equals(original)).toBe(true);
  }, 90_000);

  it('catches up after the primary stops mid-sync and comes back, losing nothing', async () => {
    await uploadImages(12);
    const port = new URL(primaryUrl).port;
    primary.child.kill('SIGKILL');
    await primary.exited;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await startPrimary(port);
    await uploadImages(3);
    await waitFor(replicated, 90_000);
    expect(blobsIn(secondaryDir).size).toBe(uploaded);
    const items = await registry();
    expect(items.filter((item) => item.state !== 'synced')).toEqual([]);
  }, 150_000);

  it('reports the secondary’s progress to the primary, and refuses writes on the secondary', async () => {
    await waitFor(async () => {
      const statuses = (await (await api(primaryUrl, 'GET', '/geo_nodes/status')).json()) as Record<
        string,
        unknown
      >[];
      const reported = statuses.find(
        (status) => status.uploads_synced_count !== undefined && status.uploads_synced_count !== null,
      );
      return reported?.uploads_synced_count === uploaded;
    }, 30_000);
    const statuses = (await (await api(primaryUrl, 'GET', '/geo_nodes/status')).json()) as Record<
      string,
      unknown
    >[];
    const [primaryStatus, secondaryStatus] = statuses;
    expect(primaryStatus).toMatchObject({ uploads_count: uploaded, healthy: true });
    expect(secondaryStatus).toMatchObject({
      healthy: true,
      uploads_registry_count: uploaded,
      uploads_synced_in_percentage: '100.00%',
      uploads_verified_count: uploaded,
      db_replication_available: false,
      db_replication_lag_seconds: null,
    });
    const write = await api(
      secondaryUrl,
      'POST',
      `/projects/${projectId}/uploads`,
      form(image(), 'nope.png'),
    );
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({ message: GEO_MESSAGES.readOnly });
    const onPrimary = await api(primaryUrl, 'GET', '/geo_replication/uploads');
    expect(await onPrimary.json()).toEqual({ message: `403 Forbidden - ${GEO_MESSAGES.secondaryOnly}` });
  }, 60_000);

  it('removes a copy when its blob is deleted on the primary', async () => {
    const images = (await (
      await api(primaryUrl, 'GET', `/projects/${projectId}/issues/${issueIid}/metric_images`)
    ).json()) as { id: number }[];
    const [first] = images;
    if (!first) throw new Error('no metric image');
    const before = blobsIn(secondaryDir).size;
    const removed = await api(
      primaryUrl,
      'DELETE',
      `/projects/${projectId}/issues/${issueIid}/metric_images/${first.id}`,
    );
    expect(removed.status).toBe(204);
    await waitFor(() => blobsIn(secondaryDir).size === before - 1, 30_000);
  }, 60_000);
});
