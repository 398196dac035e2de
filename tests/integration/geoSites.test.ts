/**
 * GitLab's Geo sites API on the primary: administrators only, GitLab's shapes and validation
 * messages, and the statuses of sites that have and have not reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEO_MESSAGES } from '../../src/core/domain/geo.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

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
