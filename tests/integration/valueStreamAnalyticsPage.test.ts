import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

const PAGE = '/groups/acme/-/analytics/value_stream_analytics';

/**
 * The value stream analytics page and its navigation item: Reporters and up of a group whose plan
 * has it (acme is on Ultimate) get the page, and every group page tells the navigation to show the
 * item; guests get 404, visitors sign in first, and a Free group shows the upsell.
 */
describe.each(BACKENDS)('the value stream analytics page (%s)', (backend) => {
  let server: TestServer;
  const signedIn = async (username: string) => {
    const client = new HttpClient(server.baseUrl);
    await client.signIn(username, TEST_PASSWORD);
    return client;
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 10 });
  });
  afterAll(() => closeCheckingRollups(server));

  it('mounts the page for a reporter, who may shape value streams, and shows the item on group pages', async () => {
    const reporter = await signedIn('reporter');
    const page = await reporter.get(PAGE);
    expect(page.status).toBe(200);
    expect(await mountData(page)).toMatchObject({
      page: 'group-value-stream-analytics',
      'full-path': 'acme',
      'can-read-cycle-analytics': 'true',
      'can-admin-value-streams': 'true',
    });
    expect(await mountData(await reporter.get('/groups/acme/-/issues'))).toMatchObject({
      'can-read-cycle-analytics': 'true',
    });
  });

  it('is not found for a guest, whose group pages leave the item out, and asks a visitor to sign in', async () => {
    const guest = await signedIn('guest');
    expect((await guest.get(PAGE)).status).toBe(404);
    expect(await mountData(await guest.get('/groups/acme'))).toMatchObject({
      'can-read-cycle-analytics': 'false',
    });
    const visitor = await new HttpClient(server.baseUrl).get(PAGE);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toMatch(/^\/users\/sign_in\?redirect_to=/);
    expect(await mountData(await new HttpClient(server.baseUrl).get('/groups/acme'))).toMatchObject({
      'can-read-cycle-analytics': 'false',
    });
  });

  it('shows the upsell on a Free group, the item left out of its navigation', async () => {
    const owner = await signedIn('owner');
    const page = await owner.get('/groups/sandbox/-/analytics/value_stream_analytics');
    expect(page.status).toBe(200);
    expect(await mountData(page)).toMatchObject({
      page: 'feature-upsell',
      feature: 'value_stream_analytics',
      'plan-title': 'Free',
      'can-read-cycle-analytics': 'false',
    });
  });
});
