import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

interface MilestoneJson {
  id: number;
  group_id: number;
  title: string;
}

/** A duplicate name is bad input: a 400 naming the field, as GitLab answers, never a 500. */
describe.each(BACKENDS)('duplicate names (%s)', (backend) => {
  let server: TestServer;
  let owner: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 20 });
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
  });
  afterAll(() => server?.close());

  it('refuses renaming a group milestone to a title the group already has', async () => {
    const { body: milestones } = await owner.json<MilestoneJson[]>(
      '/api/v4/groups/acme/milestones?per_page=100',
    );
    const [first, second] = milestones;
    expect(second).toBeDefined();
    const response = await owner.request('PUT', `/api/v4/groups/acme/milestones/${second!.id}`, {
      json: { title: first!.title, description: 'not applied either' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: { title: ['has already been taken'] } });
    const after = await owner.json<MilestoneJson & { description: string | null }>(
      `/api/v4/groups/acme/milestones/${second!.id}`,
    );
    expect(after.body.title).toBe(second!.title);
    expect(after.body.description).not.toBe('not applied either');
  });
});
