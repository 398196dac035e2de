import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

/**
 * Issue 13: the hostile set includes invalid UTF-8, which must get a 4xx and change nothing. Bodies
 * were decoded leniently, so a Latin-1 'é' (byte 0xE9) became U+FFFD and was stored.
 */
describe.each(BACKENDS)('request bodies that are not UTF-8 (%s)', (backend) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    token = await server.tokenFor('owner');
  });
  afterAll(() => server?.close());

  const latin1Json = (title: string) =>
    Buffer.concat([Buffer.from(`{"title":"${title} caf`), Buffer.from([0xe9]), Buffer.from('"}')]);

  async function send(path: string, body: Uint8Array | string, contentType: string): Promise<Response> {
    return fetch(new URL(path, server.baseUrl), {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': token, 'content-type': contentType },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
  }

  async function epicTitles(search: string): Promise<string[]> {
    const response = await fetch(
      new URL(`/api/v4/groups/workshop/epics?search=${encodeURIComponent(search)}`, server.baseUrl),
      { headers: { 'PRIVATE-TOKEN': token } },
    );
    return ((await response.json()) as { title: string }[]).map((epic) => epic.title);
  }

  it('refuses a JSON body with bytes that are not UTF-8, and creates nothing', async () => {
    const response = await send(
      '/api/v4/groups/workshop/epics',
      latin1Json('Encoding probe'),
      'application/json',
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('must be valid UTF-8');
    expect(await epicTitles('Encoding probe')).toEqual([]);
  });

  it('refuses such a GraphQL body with a GraphQL error', async () => {
    const body = Buffer.concat([
      Buffer.from('{"query":"{ currentUser { username } }","x":"'),
      Buffer.from([0xff]),
      Buffer.from('"}'),
    ]);
    const response = await send('/api/graphql', body, 'application/json');
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { errors?: { message: string }[] };
    expect(answer.errors?.[0]?.message).toContain('must be valid UTF-8');
  });

  it('refuses form data whose escapes are not UTF-8', async () => {
    const response = await send(
      '/users/sign_in',
      'username=owner%FF&password=x',
      'application/x-www-form-urlencoded',
    );
    expect(response.status).toBe(400);
  });

  it('still takes UTF-8 text, escaped or not', async () => {
    const created = await send(
      '/api/v4/groups/workshop/epics',
      JSON.stringify({ title: 'Encoding probe café ✓' }),
      'application/json',
    );
    expect(created.status).toBe(201);
    expect(await epicTitles('Encoding probe')).toEqual(['Encoding probe café ✓']);
  });
});
