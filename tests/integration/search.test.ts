import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

interface Titled {
  id: number;
  iid?: number;
  title?: string;
  name?: string;
  username?: string;
  path_with_namespace?: string;
  full_path?: string;
  references?: { full: string };
}

/** A word no seeded text holds, so that every result below is one of this suite's rows. */
const WORD = 'zebracorn';

/**
 * GitLab's search API (`GET /search`, `/groups/:id/search`, `/projects/:id/search`) and the top
 * bar's endpoints: results by scope, best match first, and nothing the viewer may not read.
 */
describe.each(BACKENDS)('search (%s)', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  const as: Record<string, HttpClient> = {};
  let webappId: number;
  let vaultId: number;
  let acmeId: number;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 30 });
    admin = HttpClient.withToken(server.baseUrl, await server.tokenFor('admin'));
    for (const username of ['outsider', 'hlamarr', 'guest', 'reporter']) {
      as[username] = HttpClient.withToken(server.baseUrl, await server.tokenFor(username));
    }
    webappId = await projectIdOf(server, 'acme/product/web/webapp');
    vaultId = await projectIdOf(server, 'acme/security/vault-audit');
    const acme = await server.db
      .selectFrom('namespaces')
      .select('id')
      .where('full_path', '=', 'acme')
      .executeTakeFirstOrThrow();
    acmeId = acme.id;
    const post = async (path: string, json: unknown) => {
      const response = await admin.request('POST', path, { json });
      expect(response.status, path).toBe(201);
    };
    await post(`/api/v4/projects/${webappId}/issues`, {
      title: `Open ${WORD} checkout`,
      description: 'Plain words',
    });
    await post(`/api/v4/projects/${webappId}/issues`, {
      title: 'Another',
      description: `mentions ${WORD}s once`,
    });
    await post(`/api/v4/projects/${webappId}/issues`, {
      title: `Confidential ${WORD} plan`,
      confidential: true,
    });
    await post(`/api/v4/projects/${vaultId}/issues`, { title: `Private ${WORD} audit` });
    await post(`/api/v4/groups/${acmeId}/epics`, { title: `${WORD} roadmap epic` });
    await post(`/api/v4/groups/${acmeId}/epics`, { title: `Secret ${WORD} epic`, confidential: true });
  });
  afterAll(() => closeCheckingRollups(server));

  const search = async (client: HttpClient, path: string) => {
    const response = await client.get(path);
    expect(response.status, path).toBe(200);
    return { body: (await response.json()) as Titled[], total: Number(response.headers.get('x-total')) };
  };
  const titles = (rows: Titled[]) => rows.map((row) => row.title).sort();

  it('finds issues by a word of the title or description, and by the start of a word', async () => {
    const { body, total } = await search(admin, `/api/v4/search?scope=issues&search=${WORD}`);
    expect(titles(body)).toEqual(
      [`Open ${WORD} checkout`, 'Another', `Confidential ${WORD} plan`, `Private ${WORD} audit`].sort(),
    );
    expect(total).toBe(4);
    const typed = await search(admin, '/api/v4/search?scope=issues&search=ZEBRAC');
    expect(typed.total).toBe(4);
    // The title's word ranks above the same word once in the description.
    expect(body[body.length - 1]?.title).toBe('Another');
  });

  it('hides a private project’s issues from a non-member and shows them to a member', async () => {
    const outsider = await search(as.outsider!, `/api/v4/search?scope=issues&search=${WORD}`);
    expect(titles(outsider.body)).toEqual([`Open ${WORD} checkout`, 'Another'].sort());
    expect(outsider.total).toBe(2);
    const member = await search(as.hlamarr!, `/api/v4/search?scope=issues&search=${WORD}`);
    expect(titles(member.body)).toContain(`Private ${WORD} audit`);
    expect((await search(as.outsider!, '/api/v4/search?scope=projects&search=vault')).body).toEqual([]);
    expect((await search(as.hlamarr!, '/api/v4/search?scope=projects&search=vault')).body).toMatchObject([
      { path_with_namespace: 'acme/security/vault-audit' },
    ]);
    expect(
      (await as.outsider!.get(`/api/v4/projects/${vaultId}/search?scope=issues&search=${WORD}`)).status,
    ).toBe(404);
  });

  it('shows an anonymous visitor only public places, and a private group to none but its members', async () => {
    const anonymous = new HttpClient(server.baseUrl);
    expect((await search(anonymous, '/api/v4/search?scope=projects&search=vault')).body).toEqual([]);
    const issues = await search(anonymous, `/api/v4/search?scope=issues&search=${WORD}`);
    expect(titles(issues.body)).toEqual([`Open ${WORD} checkout`, 'Another'].sort());
    const security = await server.db
      .selectFrom('namespaces')
      .select('id')
      .where('full_path', '=', 'acme/security')
      .executeTakeFirstOrThrow();
    expect(
      (await as.outsider!.get(`/api/v4/groups/${security.id}/search?scope=issues&search=${WORD}`)).status,
    ).toBe(404);
    expect((await as.outsider!.get(`/-/search/counts?search=${WORD}&group_id=${security.id}`)).status).toBe(
      404,
    );
    const groups = await search(as.outsider!, '/api/v4/search?scope=groups&search=security');
    expect(groups.body).toEqual([]);
    const member = await search(
      as.hlamarr!,
      `/api/v4/groups/${security.id}/search?scope=issues&search=${WORD}`,
    );
    expect(titles(member.body)).toEqual([`Private ${WORD} audit`]);
  });

  it('hides confidential issues and epics from a guest and shows them to a reporter', async () => {
    const guestIssues = await search(as.guest!, `/api/v4/search?scope=issues&search=${WORD}`);
    expect(titles(guestIssues.body)).not.toContain(`Confidential ${WORD} plan`);
    const reporterIssues = await search(as.reporter!, `/api/v4/search?scope=issues&search=${WORD}`);
    expect(titles(reporterIssues.body)).toContain(`Confidential ${WORD} plan`);
    const guestEpics = await search(as.guest!, `/api/v4/groups/${acmeId}/search?scope=epics&search=${WORD}`);
    expect(titles(guestEpics.body)).toEqual([`${WORD} roadmap epic`]);
    expect(guestEpics.total).toBe(1);
    const reporterEpics = await search(as.reporter!, `/api/v4/search?scope=epics&search=${WORD}`);
    expect(titles(reporterEpics.body)).toEqual([`${WORD} roadmap epic`, `Secret ${WORD} epic`].sort());
    expect(reporterEpics.body[0]?.references?.full).toMatch(/^acme&\d+$/);
  });

  it('answers a project’s issues, groups and users in their API shapes', async () => {
    const project = await search(admin, `/api/v4/projects/${webappId}/search?scope=issues&search=${WORD}`);
    expect(project.total).toBe(3);
    const groups = await search(admin, `/api/v4/groups/${acmeId}/search?scope=groups&search=web`);
    expect(groups.body.map((group) => group.full_path)).toContain('acme/product/web');
    const users = await search(admin, '/api/v4/search?scope=users&search=hedy');
    expect(users.body).toMatchObject([{ username: 'hlamarr', name: 'Hedy Lamarr' }]);
    const byPrefix = await search(admin, '/api/v4/search?scope=users&search=hlam');
    expect(byPrefix.body.map((user) => user.username)).toEqual(['hlamarr']);
  });

  it('finds an issue by its #iid reference', async () => {
    const [first] = (await search(admin, `/api/v4/projects/${webappId}/search?scope=issues&search=${WORD}`))
      .body;
    const byIid = await search(
      admin,
      `/api/v4/projects/${webappId}/search?scope=issues&search=%23${first!.iid}`,
    );
    expect(byIid.body[0]?.id).toBe(first!.id);
  });

  it('pages with GitLab’s headers', async () => {
    const first = await admin.get(`/api/v4/search?scope=issues&search=${WORD}&per_page=3`);
    expect(first.headers.get('x-total')).toBe('4');
    expect(first.headers.get('x-total-pages')).toBe('2');
    expect(first.headers.get('x-next-page')).toBe('2');
    const second = await search(admin, `/api/v4/search?scope=issues&search=${WORD}&per_page=3&page=2`);
    expect(second.body).toHaveLength(1);
  });

  it('refuses a missing or invalid scope or search, and a term past 255 characters, with 400', async () => {
    const expect400 = async (path: string, error: string) => {
      const response = await admin.get(path);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ error });
    };
    await expect400(`/api/v4/search?search=${WORD}`, 'scope is missing');
    await expect400('/api/v4/search?scope=issues', 'search is missing');
    await expect400(`/api/v4/search?scope=kittens&search=${WORD}`, 'scope does not have a valid value');
    await expect400(
      `/api/v4/projects/${webappId}/search?scope=epics&search=x`,
      'scope does not have a valid value',
    );
    await expect400(
      `/api/v4/search?scope=issues&search=${'a'.repeat(256)}`,
      'search is too long (maximum is 255 characters)',
    );
    const mergeRequests = await search(admin, `/api/v4/search?scope=merge_requests&search=${WORD}`);
    expect(mergeRequests.body).toEqual([]);
  });

  it('suggests a few of each kind with web paths, and counts each tab, as the viewer may see', async () => {
    const outsider = await as.outsider!.json<{ scope: string; title: string; path: string }[]>(
      `/-/search/autocomplete?term=${WORD}`,
    );
    expect(outsider.status).toBe(200);
    expect(outsider.body.map((item) => item.title)).not.toContain(`Private ${WORD} audit`);
    const issue = outsider.body.find((item) => item.title === `Open ${WORD} checkout`);
    expect(issue?.path).toMatch(/^\/acme\/product\/web\/webapp\/-\/issues\/\d+$/);
    const counts = await as.reporter!.json<Record<string, number>>(`/-/search/counts?search=${WORD}`);
    // The reporter reads the private subgroup's project by inheritance from acme.
    expect(counts.body).toMatchObject({ issues: 4, epics: 2, projects: 0, users: 0, groups: 0 });
    expect((await admin.get(`/-/search/counts?search=${'a'.repeat(256)}`)).status).toBe(400);
  });

  it('serves the results page with the term and scope on its mount', async () => {
    const response = await admin.get(`/search?search=${WORD}&scope=issues&group_id=${acmeId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-page="search"');
    expect(html).toContain(`data-search="${WORD}"`);
    expect(html).toContain(`data-group-id="${acmeId}"`);
  });
});
