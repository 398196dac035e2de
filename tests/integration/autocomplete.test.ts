import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

describe.each(BACKENDS)('filter-token suggestions (%s)', (backend) => {
  let server: TestServer;
  let developer: HttpClient;
  let anonymous: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    developer = HttpClient.withToken(server.baseUrl, await server.tokenFor('developer'));
    anonymous = new HttpClient(server.baseUrl);
  });
  afterAll(() => server?.close());

  it('suggests group labels, ancestors included, matching the search', async () => {
    const labels = await developer.json<{ title: string; color: string; text_color: string }[]>(
      '/groups/acme/platform/-/labels.json?include_ancestor_groups=true&only_group_labels=true&search=priority',
    );
    expect(labels.status).toBe(200);
    expect(labels.body.length).toBeGreaterThan(0);
    expect(labels.body.every((label) => label.title.toLowerCase().includes('priority'))).toBe(true);
  });

  it('suggests milestones by title', async () => {
    const all = await developer.json<{ title: string }[]>('/groups/acme/-/milestones.json');
    expect(all.body.length).toBeGreaterThan(0);
    const word = all.body[0]!.title.split(' ')[0]!;
    const found = await developer.json<{ title: string }[]>(
      `/groups/acme/-/milestones.json?search_title=${encodeURIComponent(word)}`,
    );
    expect(found.body.every((milestone) => milestone.title.toLowerCase().includes(word.toLowerCase()))).toBe(
      true,
    );
  });

  it('suggests users and the emoji the current user awards', async () => {
    const users = await developer.json<{ username: string }[]>('/-/autocomplete/users.json?search=dev');
    expect(users.body.map((user) => user.username)).toContain('developer');
    const emoji = await developer.json<{ name: string }[]>('/-/autocomplete/award_emojis');
    expect(emoji.status).toBe(200);
    expect(Array.isArray(emoji.body)).toBe(true);
    expect((await anonymous.json<unknown[]>('/-/autocomplete/award_emojis')).body).toEqual([]);
  });

  it('caps user suggestions at 20 and answers 400 for a per_page that is not a positive integer', async () => {
    await server.db
      .insertInto('users')
      .values(
        Array.from({ length: 25 }, (_, index) => ({
          username: `zz-extra-${index}`,
          email: `zz-extra-${index}@example.com`,
          name: `Extra Person ${index}`,
          password_hash: 'not a usable hash',
        })),
      )
      .execute();
    const capped = await developer.json<unknown[]>(
      '/-/autocomplete/users.json?search=zz-extra&per_page=1000',
    );
    expect(capped.status).toBe(200);
    expect(capped.body).toHaveLength(20);
    expect(
      (await developer.json<unknown[]>('/-/autocomplete/users.json?search=zz-extra&per_page=5')).body,
    ).toHaveLength(5);
    for (const bad of ['abc', '0', '-3', '2.5']) {
      const response = await developer.get(`/-/autocomplete/users.json?per_page=${bad}`);
      expect(response.status, bad).toBe(400);
      expect(await response.json()).toEqual({ error: 'per_page is invalid' });
    }
  });

  it('ranks members of a visible group first, but never by membership of a private subgroup the viewer cannot see', async () => {
    const outsider = HttpClient.withToken(server.baseUrl, await server.tokenFor('outsider'));
    const acme = await developer.json<{ id: number }>('/api/v4/groups/acme');
    const security = await developer.json<{ id: number }>('/api/v4/groups/acme%2Fsecurity');
    const names = async (client: HttpClient, groupId: number) =>
      (
        await client.json<{ username: string }[]>(
          `/-/autocomplete/users.json?search=a&per_page=20&group_id=${groupId}`,
        )
      ).body.map((user) => user.username);
    // hlamarr belongs only to acme/security, which is private: the outsider cannot see it.
    const ranked = await names(outsider, acme.body.id);
    const acmeMembers = [
      'alovelace',
      'developer',
      'enoether',
      'ghopper',
      'guest',
      'jvonneumann',
      'maintainer',
      'mjackson',
      'owner',
      'reporter',
    ];
    const matchingMembers = acmeMembers.filter((name) => ranked.includes(name));
    expect(matchingMembers.length).toBeGreaterThan(2);
    expect(ranked.slice(0, matchingMembers.length)).toEqual(matchingMembers);
    expect(ranked.indexOf('hlamarr')).toBeGreaterThan(matchingMembers.length);
    // Naming the private group itself changes nothing for the outsider: plain username order.
    const unranked = await names(outsider, security.body.id);
    expect(unranked).toEqual([...unranked].sort());
    expect(unranked[0]).not.toBe('hlamarr');
    // A member of acme may see the security group: its members and acme's (inherited) come first.
    const forMember = await names(developer, security.body.id);
    expect(forMember.slice(0, matchingMembers.length + 1).sort()).toEqual(
      [...matchingMembers, 'hlamarr'].sort(),
    );
  });

  it('answers 404 in JSON for a private group the visitor may not see', async () => {
    const response = await anonymous.get('/groups/acme/security/-/labels.json');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: '404 Group Not Found' });
  });
});
