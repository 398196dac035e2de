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

  it('answers 404 in JSON for a private group the visitor may not see', async () => {
    const response = await anonymous.get('/groups/acme/security/-/labels.json');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: '404 Group Not Found' });
  });
});
