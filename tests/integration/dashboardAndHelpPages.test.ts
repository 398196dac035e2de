import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPICS_DOCS_PATH, MARKDOWN_DOCS_PATH } from '../../src/core/domain/webPaths.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

/** The issues dashboard (signed in only) and the help topics the app links to. */
describe.each(BACKENDS)('dashboard and help pages (%s)', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 5, issues: 10 });
  });
  afterAll(() => closeCheckingRollups(server));

  it('sends a visitor to sign in before the issues dashboard, and back to it after', async () => {
    const visitor = new HttpClient(server.baseUrl);
    const answer = await visitor.get('/dashboard/issues?state=closed');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(
      `/users/sign_in?redirect_to=${encodeURIComponent('/dashboard/issues?state=closed')}`,
    );
    const user = new HttpClient(server.baseUrl);
    await user.signIn('developer', TEST_PASSWORD);
    const page = await user.get('/dashboard/issues');
    expect(page.status).toBe(200);
    expect((await mountData(page)).page).toBe('dashboard-issues');
  });

  it('answers the help index and the help topics the app links to, and 404 for any other', async () => {
    const visitor = new HttpClient(server.baseUrl);
    for (const path of ['/help', '/help/']) {
      const index = await visitor.get(path);
      expect(index.status, path).toBe(200);
      expect((await mountData(index)).page).toBe('help-index');
    }
    for (const path of [EPICS_DOCS_PATH, MARKDOWN_DOCS_PATH]) {
      const page = await visitor.get(path);
      expect(page.status, path).toBe(200);
      expect(await mountData(page)).toMatchObject({ page: 'help', topic: path.slice('/help/'.length) });
    }
    expect((await visitor.get('/help/user/nothing-here')).status).toBe(404);
  });
});
