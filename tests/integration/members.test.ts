import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembersPageJson } from '../../src/core/pages/pageMount.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

interface MemberJson {
  id: number;
  username: string;
  name: string;
  state: string;
  web_url: string;
  access_level: number;
  created_at: string;
  expires_at: string | null;
}

const STORAGE = encodeURIComponent('acme/platform/backend/storage');
const SECURITY = encodeURIComponent('acme/security');
const API_PROJECT = encodeURIComponent('acme/platform/backend/api');

/**
 * GitLab's members API (read-only) and the members pages: direct and inherited members, each user
 * once with their highest level, hidden with the group or project from whoever may not read it.
 */
describe.each(BACKENDS)('members of groups and projects (%s)', (backend) => {
  let server: TestServer;
  let anonymous: HttpClient;
  let owner: HttpClient;
  let outsider: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 20 });
    anonymous = new HttpClient(server.baseUrl);
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    outsider = HttpClient.withToken(server.baseUrl, await server.tokenFor('outsider'));
  });
  afterAll(() => closeCheckingRollups(server));

  const members = async (client: HttpClient, path: string) => {
    const response = await client.get(path);
    expect(response.status, path).toBe(200);
    return { body: (await response.json()) as MemberJson[], total: Number(response.headers.get('x-total')) };
  };
  const levels = (list: MemberJson[]) =>
    Object.fromEntries(list.map((member) => [member.username, member.access_level]));

  it('lists a group’s direct members, and with /all its inherited ones at their highest level', async () => {
    const direct = await members(anonymous, `/api/v4/groups/${STORAGE}/members`);
    expect(levels(direct.body)).toEqual({ enoether: 30 });
    expect(direct.body[0]).toMatchObject({
      state: 'active',
      expires_at: null,
      web_url: expect.stringMatching(/\/enoether$/),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const all = await members(anonymous, `/api/v4/groups/${STORAGE}/members/all?per_page=100`);
    // Guest on acme, Developer on storage: listed once, as Developer.
    expect(levels(all.body)).toMatchObject({
      owner: 50,
      enoether: 30,
      aturing: 30,
      edijkstra: 30,
      guest: 10,
    });
    expect(all.body.filter((member) => member.username === 'enoether')).toHaveLength(1);
    expect(all.total).toBe(all.body.length);
    // Members of sibling groups are not inherited.
    expect(levels(all.body)).not.toHaveProperty('cshannon');
  });

  it('lists a project’s members inherited from its groups; it has no direct ones', async () => {
    expect((await members(anonymous, `/api/v4/projects/${API_PROJECT}/members`)).body).toEqual([]);
    const all = await members(anonymous, `/api/v4/projects/${API_PROJECT}/members/all?per_page=100`);
    expect(levels(all.body)).toMatchObject({ owner: 50, edijkstra: 30, aturing: 30 });
  });

  it('searches by name or username, filters by user ids and pages with GitLab’s headers', async () => {
    const found = await members(anonymous, '/api/v4/groups/acme/members?query=LOVELACE');
    expect(found.body.map((member) => member.username)).toEqual(['alovelace']);
    const [ada] = found.body;
    const byId = await members(anonymous, `/api/v4/groups/acme/members/all?user_ids=${ada!.id}`);
    expect(byId.body.map((member) => member.username)).toEqual(['alovelace']);
    const skipped = await members(
      anonymous,
      `/api/v4/groups/acme/members?skip_users=${ada!.id}&per_page=100`,
    );
    expect(skipped.body.map((member) => member.username)).not.toContain('alovelace');

    const first = await members(anonymous, '/api/v4/groups/acme/members?per_page=3&page=1');
    const second = await members(anonymous, '/api/v4/groups/acme/members?per_page=3&page=2');
    expect(first.total).toBeGreaterThan(3);
    expect(new Set([...first.body, ...second.body].map((member) => member.id)).size).toBe(6);
  });

  it('answers one member, direct or with /all inherited; 404 Not found for a non-member', async () => {
    const [enoether] = (await members(anonymous, `/api/v4/groups/${STORAGE}/members`)).body;
    const [owner_] = (await members(anonymous, '/api/v4/groups/acme/members?query=owner')).body;
    const one = await anonymous.get(`/api/v4/groups/${STORAGE}/members/${enoether!.id}`);
    expect(await one.json()).toMatchObject({ username: 'enoether', access_level: 30 });

    const inherited = await anonymous.get(`/api/v4/groups/${STORAGE}/members/${owner_!.id}`);
    expect(inherited.status).toBe(404);
    expect(await inherited.json()).toEqual({ message: '404 Not found' });
    const all = await anonymous.get(`/api/v4/groups/${STORAGE}/members/all/${owner_!.id}`);
    expect(await all.json()).toMatchObject({ username: 'owner', access_level: 50 });
    expect((await anonymous.get(`/api/v4/projects/${API_PROJECT}/members/all/${owner_!.id}`)).status).toBe(
      200,
    );
    expect((await anonymous.get(`/api/v4/groups/${STORAGE}/members/all/99999999`)).status).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    expect((await anonymous.get('/api/v4/groups/acme/members/all/owner')).status).toBe(400);
    expect((await anonymous.get('/api/v4/groups/acme/members?user_ids=x')).status).toBe(400);
    expect((await anonymous.get(`/api/v4/groups/acme/members?query=${'a'.repeat(256)}`)).status).toBe(400);
    expect((await anonymous.get('/api/v4/groups/acme/members?page=0')).status).toBe(400);
  });

  it('hides a private group’s members from whoever may not read it, with the group’s 404', async () => {
    for (const client of [anonymous, outsider]) {
      for (const path of [
        `/api/v4/groups/${SECURITY}/members`,
        `/api/v4/groups/${SECURITY}/members/all`,
        `/api/v4/projects/${encodeURIComponent('acme/security/vault-audit')}/members/all`,
      ]) {
        const response = await client.get(path);
        expect(response.status, path).toBe(404);
      }
    }
    expect(levels((await members(owner, `/api/v4/groups/${SECURITY}/members/all`)).body)).toMatchObject({
      hlamarr: 30,
      owner: 50,
    });
  });

  it('serves the members pages with each member’s source, and 404 for what the viewer may not read', async () => {
    const page = await anonymous.get('/groups/acme/platform/backend/storage/-/group_members?search=n');
    expect(page.status).toBe(200);
    const data = await mountData(page);
    expect(data.page).toBe('group-members');
    expect(data.search).toBe('n');
    const json = JSON.parse(data.members ?? '') as MembersPageJson;
    const enoether = json.members.find((member) => member.user.username === 'enoether');
    expect(enoether).toMatchObject({
      is_direct_member: true,
      access_level: { integer_value: 30, string_value: 'Developer' },
      source: { web_path: '/groups/acme/platform/backend/storage' },
    });
    const turing = json.members.find((member) => member.user.username === 'aturing');
    expect(turing).toMatchObject({ is_direct_member: false, source: { full_name: 'Acme Corp / Platform' } });
    expect(json.members.every((member) => /n/i.test(member.user.name + member.user.username))).toBe(true);

    // The page embeds the first page of its list; its window fetches the others as JSON.
    const project = await mountData(
      await anonymous.get('/acme/platform/backend/api/-/project_members?page=2'),
    );
    expect(project.page).toBe('project-members');
    expect((JSON.parse(project.members ?? '') as MembersPageJson).page).toBe(1);
    const second = await anonymous.json<MembersPageJson>(
      '/acme/platform/backend/api/-/project_members.json?page=2',
    );
    expect(second.body).toMatchObject({ page: 2, per_page: 50 });

    expect((await anonymous.get('/groups/acme/security/-/group_members')).status).toBe(404);
    const outsiderBrowser = new HttpClient(server.baseUrl);
    await outsiderBrowser.signIn('outsider', TEST_PASSWORD);
    expect((await outsiderBrowser.get('/acme/security/vault-audit/-/project_members')).status).toBe(404);
    const ownerBrowser = new HttpClient(server.baseUrl);
    await ownerBrowser.signIn('owner', TEST_PASSWORD);
    expect((await ownerBrowser.get('/acme/security/vault-audit/-/project_members')).status).toBe(200);
  });
});
