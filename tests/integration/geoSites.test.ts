/**
 * GitLab's Geo sites API on the primary: administrators only, GitLab's shapes and validation
 * messages, and the statuses of sites that have and have not reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEO_MESSAGES } from '../../src/core/domain/geo.ts';
import { geoAuthorization } from '../../src/server/services/geo/geoAuth.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

/** The SECRET_KEY_BASE the test servers run with (tests/helpers/testServer.ts). */
const TEST_SECRET_KEY_BASE = 'test-secret-key-base-of-at-least-32-characters';

describe.each(BACKENDS)('Geo sites API (%s)', (backend) => {
  let server: TestServer;
  let admin = '';
  let owner = '';
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}/api/v4${path}`, {
      method,
      headers: {
        ...(token ? { 'private-token': token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 30 });
    admin = await server.tokenFor('admin');
    owner = await server.tokenFor('owner');
  });
  afterAll(() => server.close());

  it('is for administrators only', async () => {
    expect((await call('', 'GET', '/geo_nodes')).status).toBe(401);
    expect((await call(owner, 'GET', '/geo_nodes')).status).toBe(403);
    expect((await call(owner, 'POST', '/geo_nodes', { name: 'x', url: 'http://x/' })).status).toBe(403);
    expect(await call(admin, 'GET', '/geo_nodes')).toEqual({ status: 200, body: [] });
  });

  it('makes, changes and removes sites with GitLab’s shapes and refusals', async () => {
    const primary = await call(admin, 'POST', '/geo_nodes', {
      name: 'main',
      url: 'http://main.example.com',
      primary: true,
    });
    expect(primary.status).toBe(201);
    expect(primary.body).toMatchObject({
      name: 'main',
      url: 'http://main.example.com/',
      internal_url: 'http://main.example.com/',
      primary: true,
      enabled: true,
      files_max_capacity: 10,
      repos_max_capacity: 25,
      verification_max_capacity: 100,
      container_repositories_max_capacity: 10,
      minimum_reverification_interval: 90,
      _links: { self: expect.stringMatching(/\/api\/v4\/geo_nodes\/\d+$/) },
    });
    expect(
      await call(admin, 'POST', '/geo_nodes', { name: 'MAIN', url: 'http://other/', primary: true }),
    ).toEqual({
      status: 400,
      body: { message: { name: ['has already been taken'], primary: ['node already exists'] } },
    });
    expect((await call(admin, 'POST', '/geo_nodes', { url: 'ftp://x' })).body).toEqual({
      message: { name: ["can't be blank"], url: ['is blocked: Only allowed schemes are http, https'] },
    });
    const secondary = await call(admin, 'POST', '/geo_nodes', {
      name: 'eu',
      url: 'http://eu.example.com/',
      files_max_capacity: 3,
    });
    expect(secondary.status).toBe(201);
    const id = Number(secondary.body?.id);
    const changed = await call(admin, 'PUT', `/geo_nodes/${id}`, { name: 'eu-west', enabled: false });
    expect(changed.body).toMatchObject({
      name: 'eu-west',
      enabled: false,
      files_max_capacity: 3,
      primary: false,
    });
    expect(await call(admin, 'PUT', `/geo_nodes/${primary.body?.id}`, { enabled: false })).toEqual({
      status: 400,
      body: { message: { enabled: ['Geo primary node cannot be disabled'] } },
    });
    expect((await call(admin, 'GET', '/geo_nodes')).body).toHaveLength(2);
    expect(await call(admin, 'GET', '/geo_nodes/999999')).toEqual({
      status: 404,
      body: { message: `404 ${GEO_MESSAGES.siteNotFound}` },
    });

    const statuses = (await call(admin, 'GET', '/geo_nodes/status')).body as unknown as Record<
      string,
      unknown
    >[];
    expect(statuses[0]).toMatchObject({
      geo_node_id: primary.body?.id,
      healthy: true,
      uploads_count: expect.any(Number),
    });
    expect(statuses[1]).toMatchObject({
      geo_node_id: id,
      healthy: false,
      health: GEO_MESSAGES.notReported,
      health_status: 'Unhealthy',
    });

    expect((await call(admin, 'DELETE', `/geo_nodes/${id}`)).status).toBe(204);
    expect((await call(admin, 'DELETE', `/geo_nodes/${id}`)).status).toBe(404);
  });

  it('replicates only the groups a site’s selective sync names', async () => {
    const groups = await server.db.selectFrom('namespaces').select(['id', 'full_path']).execute();
    const workshop = groups.find((group) => group.full_path === 'workshop')?.id;
    expect(
      (
        await call(admin, 'POST', '/geo_nodes', {
          name: 'bad',
          url: 'http://bad/',
          selective_sync_type: 'namespaces',
          selective_sync_namespace_ids: [999999],
        })
      ).body,
    ).toEqual({ message: { selective_sync_namespace_ids: ['must name existing groups'] } });
    const scoped = await call(admin, 'POST', '/geo_nodes', {
      name: 'scoped',
      url: 'http://scoped.example.com/',
      selective_sync_type: 'namespaces',
      selective_sync_namespace_ids: [workshop],
    });
    expect(scoped.body).toMatchObject({
      selective_sync_type: 'namespaces',
      selective_sync_namespace_ids: [workshop],
    });
    const projects = await server.db.selectFrom('projects').select(['id', 'full_path']).execute();
    const upload = async (path: string) => {
      const data = new FormData();
      data.append('file', new Blob([new Uint8Array(Buffer.from(`notes of ${path}`))]), 'notes.txt');
      const project = projects.find((entry) => entry.full_path === path);
      const response = await fetch(`${server.baseUrl}/api/v4/projects/${project?.id}/uploads`, {
        method: 'POST',
        headers: { 'private-token': admin },
        body: data,
      });
      expect(response.status).toBe(201);
    };
    await upload('workshop/playground');
    await upload('acme/platform/backend/api');
    const signed = (path: string, data: Record<string, string | number>) =>
      fetch(`${server.baseUrl}/api/v4${path}`, {
        headers: { authorization: geoAuthorization(TEST_SECRET_KEY_BASE, 'scoped', data, new Date()) },
      });
    const blobs = (await (await signed('/geo/blobs/Upload', { scope: 'blobs' })).json()) as {
      path: string;
    }[];
    const workshopProject = projects.find((entry) => entry.full_path === 'workshop/playground')?.id;
    expect(blobs.map((blob) => blob.path.split('/').slice(0, 2).join('/'))).toEqual([
      `project/${workshopProject}`,
    ]);
    // Its events name only what it replicates; the other upload reads as gone.
    const events = (await (await signed('/geo/events?after=0', { scope: 'events' })).json()) as {
      events: { path: string | null }[];
    };
    expect(events.events.map((event) => event.path !== null)).toEqual([true, false]);
    expect((await signed('/geo/events', { scope: 'blobs' })).status).toBe(401);
  });

  it('refuses Geo API requests that no secondary site signed', async () => {
    const unsigned = await fetch(`${server.baseUrl}/api/v4/geo/events`);
    expect(unsigned.status).toBe(401);
    const forged = await fetch(`${server.baseUrl}/api/v4/geo/events`, {
      headers: {
        authorization: 'GL-Geo ZXU:eyJhbGciOiJIUzI1NiJ9.eyJkYXRhIjoie30iLCJleHAiOjk5OTk5OTk5OTl9.c2ln',
      },
    });
    expect(forged.status).toBe(401);
  });
});
