import { Attribute, Change } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config.ts';
import { startLdapGroupSync } from '../../src/server/jobs/ldapGroupSync.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { LDAP_BASE, type LdapTestServer, startLdapServer } from '../helpers/ldapServer.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const SECURITY = encodeURIComponent('acme/security');
const LINKS = `/api/v4/groups/${SECURITY}/ldap_group_links`;
const SECURITY_TEAM = `cn=security-team,ou=groups,${LDAP_BASE}`;

interface LinkJson {
  cn: string | null;
  filter: string | null;
  group_access: number;
  provider: string;
  member_role_id: null;
}

/**
 * GitLab's LDAP group links against a real OpenLDAP server (tests/fixtures/ldap/directory.ldif):
 * browsing the directory's groups, linking them to a group, and the sync that makes the people of
 * linked directory groups members of the group — acme/security, a private group whose only direct
 * member is hlamarr (Developer); owner owns it through acme.
 */
describe.each(BACKENDS)('LDAP group links (%s)', (backend) => {
  let ldap: LdapTestServer;
  let server: TestServer;
  let anonymous: HttpClient;
  let owner: HttpClient;
  let developer: HttpClient;
  let maintainer: HttpClient;
  let admin: HttpClient;
  let outsider: HttpClient;

  beforeAll(async () => {
    ldap = await startLdapServer();
    server = await startTestServer({ backend, epics: 5, issues: 20, env: { ...ldap.env } });
    anonymous = new HttpClient(server.baseUrl);
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    developer = HttpClient.withToken(server.baseUrl, await server.tokenFor('developer'));
    maintainer = HttpClient.withToken(server.baseUrl, await server.tokenFor('maintainer'));
    admin = HttpClient.withToken(server.baseUrl, await server.tokenFor('admin'));
    outsider = HttpClient.withToken(server.baseUrl, await server.tokenFor('outsider'));
  });
  afterAll(async () => {
    await server?.close();
    await ldap?.close();
  });

  const groups = async (client: HttpClient, path: string) => {
    const response = await client.get(path);
    expect(response.status, path).toBe(200);
    return ((await response.json()) as { cn: string; description: string | null }[]).map((group) => group.cn);
  };
  const send = (client: HttpClient, method: string, path: string, json?: unknown) =>
    client.request(method, path, json === undefined ? {} : { json });
  const expectAnswer = async (response: Response, status: number, body?: unknown) => {
    expect(response.status).toBe(status);
    if (body !== undefined) expect(await response.json()).toEqual(body);
  };
  /** The direct members of acme/security, username → access level. */
  const securityMembers = async () => {
    const { status, body } = await owner.json<{ username: string; access_level: number }[]>(
      `/api/v4/groups/${SECURITY}/members?per_page=100`,
    );
    expect(status).toBe(200);
    return Object.fromEntries(body.map((member) => [member.username, member.access_level]));
  };

  describe('the directory’s groups', () => {
    it('lists at most 20 groups, by cn, and those whose cn starts with the search term', async () => {
      const all = await groups(owner, '/api/v4/ldap/ldapmain/groups');
      expect(all).toHaveLength(20);
      expect(all).toEqual([...all].sort());
      expect(await groups(owner, '/api/v4/ldap/ldapmain/groups?search=sec')).toEqual(['security-team']);
      expect(await groups(owner, '/api/v4/ldap/ldapmain/groups?search=bulk')).toHaveLength(20);
      const { body } = await owner.json('/api/v4/ldap/ldapmain/groups?search=audit');
      expect(body).toEqual([{ cn: 'auditors', description: 'Read-only reviewers' }]);
    });

    it('matches the search term as text, never as filter syntax', async () => {
      expect(
        await groups(owner, `/api/v4/ldap/ldapmain/groups?search=${encodeURIComponent('ops(')}`),
      ).toEqual(['ops(eu)']);
      expect(await groups(owner, '/api/v4/ldap/ldapmain/groups?search=*')).toEqual([]);
      const injection = encodeURIComponent('*)(objectClass=*');
      expect(await groups(owner, `/api/v4/ldap/ldapmain/groups?search=${injection}`)).toEqual([]);
    });

    it('answers the pages’ .json path and the first provider’s path, honouring per_page', async () => {
      const ops = await groups(owner, '/api/v4/ldap/ldapmain/groups.json?search=ops&per_page=20&active=true');
      expect(ops).toEqual(['ops(eu)', 'ops-us']);
      expect(await groups(owner, '/api/v4/ldap/groups?search=ops')).toEqual(ops);
      expect(await groups(owner, '/api/v4/ldap/groups.json?search=bulk&per_page=5')).toHaveLength(5);
    });

    it('is for group owners and administrators: 401 anonymous, 403 others, 404 an unknown provider', async () => {
      expect(await groups(admin, '/api/v4/ldap/ldapmain/groups?search=sec')).toEqual(['security-team']);
      await expectAnswer(await anonymous.get('/api/v4/ldap/ldapmain/groups'), 401, {
        message: '401 Unauthorized',
      });
      await expectAnswer(await maintainer.get('/api/v4/ldap/ldapmain/groups'), 403, {
        message: '403 Forbidden',
      });
      await expectAnswer(await outsider.get('/api/v4/ldap/groups.json'), 403);
      await expectAnswer(await owner.get('/api/v4/ldap/corp/groups'), 404, {
        message: '404 LDAP provider Not Found',
      });
    });
  });

  describe('links and sync', () => {
    it('refuses anonymous callers, non-owners and those who cannot see the group', async () => {
      await expectAnswer(await anonymous.get(LINKS), 401, { message: '401 Unauthorized' });
      await expectAnswer(
        await send(anonymous, 'POST', LINKS, { cn: 'x', group_access: 10, provider: 'ldapmain' }),
        401,
      );
      await expectAnswer(await developer.get(LINKS), 403, { message: '403 Forbidden' });
      await expectAnswer(
        await send(maintainer, 'POST', LINKS, { cn: 'x', group_access: 10, provider: 'ldapmain' }),
        403,
      );
      await expectAnswer(await outsider.get(LINKS), 404, { message: '404 Group Not Found' });
      await expectAnswer(await send(developer, 'DELETE', `${LINKS}/ldapmain/x`), 403);
      await expectAnswer(await send(anonymous, 'POST', `/api/v4/groups/${SECURITY}/ldap_sync`), 401);
      await expectAnswer(await send(developer, 'POST', `/api/v4/groups/${SECURITY}/ldap_sync`), 403);
    });

    it('answers 404 while a group has no links', async () => {
      await expectAnswer(await owner.get(LINKS), 404, { message: 'No linked LDAP groups found' });
    });

    it('refuses a link without exactly one of cn and filter, a provider, or a valid access level', async () => {
      await expectAnswer(await send(owner, 'POST', LINKS, {}), 400, {
        error:
          'group_access is missing, provider is missing, cn, filter are missing, exactly one parameter must be provided',
      });
      await expectAnswer(
        await send(owner, 'POST', LINKS, {
          cn: 'a',
          filter: '(uid=a)',
          group_access: 10,
          provider: 'ldapmain',
        }),
        400,
        { error: 'cn, filter are mutually exclusive' },
      );
      await expectAnswer(
        await send(owner, 'POST', LINKS, { cn: 'a', group_access: 60, provider: 'ldapmain' }),
        400,
        {
          error: 'group_access does not have a valid value',
        },
      );
      await expectAnswer(
        await send(owner, 'POST', LINKS, { cn: 'a', group_access: 'x', provider: 'ldapmain' }),
        400,
        {
          error: 'group_access is invalid',
        },
      );
      await expectAnswer(
        await send(owner, 'POST', LINKS, { filter: '(uid=', group_access: 10, provider: 'ldapmain' }),
        409,
        {
          message: 'Filter must be a valid filter',
        },
      );
      await expectAnswer(await owner.get(LINKS), 404);
    });

    it('grants the people of a linked group its access level, matched by uid or mail', async () => {
      await expectAnswer(await outsider.get(`/api/v4/groups/${SECURITY}`), 404);
      const created = await send(owner, 'POST', LINKS, {
        cn: 'security-team',
        group_access: 30,
        provider: 'ldapmain',
      });
      await expectAnswer(created, 201, {
        cn: 'security-team',
        group_access: 30,
        provider: 'ldapmain',
        filter: null,
        member_role_id: null,
      });
      // outsider by uid, rfranklin by mail (any case); ghost is no user, and a departed DN nobody.
      expect(await securityMembers()).toEqual({ hlamarr: 30, outsider: 30, rfranklin: 30 });
      await expectAnswer(await outsider.get(`/api/v4/groups/${SECURITY}`), 200);
      await expectAnswer(
        await send(owner, 'POST', LINKS, { cn: 'security-team', group_access: 10, provider: 'ldapmain' }),
        409,
        { message: 'Cn has already been taken' },
      );
    });

    it('gives each person the highest level of their links, and never lowers a membership given by hand', async () => {
      const filter = await send(owner, 'POST', LINKS, {
        filter: '(uid=outsider)',
        group_access: '40',
        provider: 'ldapmain',
      });
      expect(filter.status).toBe(201);
      // auditors (a posixGroup) names hlamarr, a Developer by hand, and outsider: as Guests.
      const auditors = await send(owner, 'POST', LINKS, {
        cn: 'auditors',
        group_access: 10,
        provider: 'ldapmain',
      });
      expect(auditors.status).toBe(201);
      expect(await securityMembers()).toEqual({ hlamarr: 30, outsider: 40, rfranklin: 30 });
      const { body } = await owner.json<LinkJson[]>(LINKS);
      expect(body.map((link) => [link.cn, link.filter, link.group_access])).toEqual([
        ['security-team', null, 30],
        [null, '(uid=outsider)', 40],
        ['auditors', null, 10],
      ]);
    });

    it('raises a lower membership given by hand, and gives it back when the link goes', async () => {
      await expectAnswer(await send(owner, 'DELETE', `${LINKS}/ldapmain/auditors`), 204);
      const raised = await send(owner, 'POST', LINKS, {
        cn: 'auditors',
        group_access: 50,
        provider: 'ldapmain',
      });
      expect(raised.status).toBe(201);
      expect(await securityMembers()).toEqual({ hlamarr: 50, outsider: 50, rfranklin: 30 });
      await expectAnswer(await send(owner, 'DELETE', `${LINKS}/auditors`), 204);
      expect(await securityMembers()).toEqual({ hlamarr: 30, outsider: 40, rfranklin: 30 });
    });

    it('deletes links by cn or filter, with GitLab’s refusals, and takes back what they granted', async () => {
      await expectAnswer(await send(owner, 'DELETE', LINKS), 400, {
        error: 'provider is missing, cn, filter are missing, exactly one parameter must be provided',
      });
      await expectAnswer(await send(owner, 'DELETE', `${LINKS}?provider=ldapmain&cn=nobody`), 404, {
        message: 'Linked LDAP group not found',
      });
      await expectAnswer(await send(owner, 'DELETE', `${LINKS}/ldapmain/nobody`), 404, {
        message: 'Linked LDAP group not found',
      });
      await expectAnswer(await send(owner, 'DELETE', `${LINKS}/corp/security-team`), 404);
      const filter = encodeURIComponent('(uid=outsider)');
      await expectAnswer(await send(owner, 'DELETE', `${LINKS}?provider=ldapmain&filter=${filter}`), 204);
      expect(await securityMembers()).toEqual({ hlamarr: 30, outsider: 30, rfranklin: 30 });
    });

    it('follows the directory when synced on request or by the periodic sync', async () => {
      const directory = await ldap.admin();
      try {
        await directory.modify(SECURITY_TEAM, [
          new Change({
            operation: 'delete',
            modification: new Attribute({ type: 'member', values: [`uid=rosalind,ou=people,${LDAP_BASE}`] }),
          }),
          new Change({
            operation: 'add',
            modification: new Attribute({ type: 'member', values: [`uid=guest,ou=people,${LDAP_BASE}`] }),
          }),
        ]);
        // No link changed: nothing happens until a sync.
        expect(await securityMembers()).toEqual({ hlamarr: 30, outsider: 30, rfranklin: 30 });
        const sync = await send(owner, 'POST', `/api/v4/groups/${SECURITY}/ldap_sync`);
        expect(sync.status).toBe(202);
        expect(await securityMembers()).toEqual({ guest: 30, hlamarr: 30, outsider: 30 });

        await directory.modify(SECURITY_TEAM, [
          new Change({
            operation: 'add',
            modification: new Attribute({ type: 'member', values: [`uid=rosalind,ou=people,${LDAP_BASE}`] }),
          }),
        ]);
        // The periodic job, on a short interval: the next pass brings rosalind back.
        const config = readConfig({ ...ldap.env }).ldap;
        if (!config) throw new Error('The test directory configures no LDAP provider');
        const problems: string[] = [];
        const job = startLdapGroupSync(server.db, config, (message) => problems.push(message), 50);
        try {
          await expect
            .poll(securityMembers, { timeout: 10_000, interval: 100 })
            .toEqual({ guest: 30, hlamarr: 30, outsider: 30, rfranklin: 30 });
        } finally {
          await job.stop();
        }
        expect(problems).toEqual([]);
      } finally {
        await directory.unbind();
      }
    });

    it('takes every granted membership back when the last link goes, and the group hides again', async () => {
      await expectAnswer(await send(owner, 'DELETE', `${LINKS}?provider=ldapmain&cn=security-team`), 204);
      expect(await securityMembers()).toEqual({ hlamarr: 30 });
      await expectAnswer(await outsider.get(`/api/v4/groups/${SECURITY}`), 404);
      await expectAnswer(await owner.get(LINKS), 404, { message: 'No linked LDAP groups found' });
    });
  });
});

describe('LDAP routes without a directory', () => {
  let server: TestServer;
  let owner: HttpClient;

  afterAll(() => server?.close());

  it('answer 404 for every provider and for sync when LDAP is off', async () => {
    server = await startTestServer({ backend: 'pglite', epics: 5, issues: 20 });
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    expect((await owner.get('/api/v4/ldap/groups')).status).toBe(404);
    expect((await owner.get('/api/v4/ldap/ldapmain/groups.json')).status).toBe(404);
    const sync = await owner.request('POST', `/api/v4/groups/${SECURITY}/ldap_sync`);
    expect(sync.status).toBe(404);
    expect(await sync.json()).toEqual({ message: '404 Not Found' });
  });

  it('answer 503 when the directory does not answer, and still save a link', async () => {
    await server.close();
    server = await startTestServer({
      backend: 'pglite',
      epics: 5,
      issues: 20,
      env: { LDAP_URL: 'ldap://127.0.0.1:9', LDAP_BASE, LDAP_TIMEOUT_MS: '2000' },
    });
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    const search = await owner.get('/api/v4/ldap/ldapmain/groups');
    expect(search.status).toBe(503);
    expect(await search.json()).toEqual({
      message: '503 Service Unavailable - The LDAP server did not answer',
    });
    const link = await owner.request('POST', LINKS, {
      json: { cn: 'security-team', group_access: 30, provider: 'ldapmain' },
    });
    expect(link.status).toBe(201);
    expect((await owner.request('POST', `/api/v4/groups/${SECURITY}/ldap_sync`)).status).toBe(503);
  });
});
