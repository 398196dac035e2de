import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { dataOf, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';

type Who = Person | 'anonymous';

describe.each(BACKENDS)('comment counts of issues (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Who, HttpClient>;
  let projectId: number;
  const iids: number[] = [];
  const as = (person: Who) => clients.get(person)!;
  const send = (person: Who, method: string, path: string, json?: unknown) =>
    as(person).request(method, path, {
      ...(json === undefined ? {} : { json }),
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
  const comment = async (iid: number, note: string, internal = false) => {
    const response = await send('owner', 'POST', `/${PROJECT}/-/issues/${iid}/notes`, {
      note: { note, internal },
    });
    expect(response.status).toBe(201);
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 20 });
    clients = await signedInClients(server);
    projectId = await projectIdOf(server, PROJECT);
    for (const title of ['Talked about', 'Quiet', 'Only internal']) {
      const response = await send('owner', 'POST', `/api/v4/projects/${projectId}/issues`, { title });
      iids.push(((await response.json()) as { iid: number }).iid);
    }
    const [talked, , internalOnly] = iids as [number, number, number];
    await comment(talked, 'First');
    await comment(talked, 'Second');
    await comment(talked, 'Team only', true);
    // A system note ("closed") is not a comment.
    expect(
      (
        await send('owner', 'PUT', `/api/v4/projects/${projectId}/issues/${talked}`, {
          state_event: 'close',
        })
      ).status,
    ).toBe(200);
    await comment(internalOnly, 'Secret', true);
  });
  afterAll(() => closeCheckingRollups(server));

  const restCounts = async (person: Who) => {
    const query = iids.map((iid) => `iids[]=${iid}`).join('&');
    const listed = await as(person).json<{ iid: number; user_notes_count: number }[]>(
      `/api/v4/projects/${projectId}/issues?${query}&state=all&order_by=created_at&sort=asc`,
    );
    expect(listed.status).toBe(200);
    return listed.body.map((issue) => issue.user_notes_count);
  };

  it('counts comments in REST lists, internal ones only for those who may read them', async () => {
    expect(await restCounts('reporter')).toEqual([3, 0, 1]);
    expect(await restCounts('guest')).toEqual([2, 0, 0]);
    expect(await restCounts('anonymous')).toEqual([2, 0, 0]);
  });

  it('counts the same on a single issue', async () => {
    const single = async (person: Who) =>
      (await as(person).json<{ user_notes_count: number }>(`/api/v4/projects/${projectId}/issues/${iids[0]}`))
        .body.user_notes_count;
    expect(await single('owner')).toBe(3);
    expect(await single('guest')).toBe(2);
  });

  it('counts the same in GraphQL lists', async () => {
    const counts = async (person: Who) => {
      const result = await as(person).graphql<{
        project: {
          issues: { nodes: { iid: string; userNotesCount: number; userDiscussionsCount: number }[] };
        };
      }>(
        `query ($path: ID!, $iids: [String!]) { project(fullPath: $path) {
          issues(iids: $iids, state: all, sort: CREATED_ASC) { nodes { iid userNotesCount userDiscussionsCount } } } }`,
        { path: PROJECT, iids: iids.map(String) },
      );
      return dataOf(result).project.issues.nodes.map((node) => [
        node.userNotesCount,
        node.userDiscussionsCount,
      ]);
    };
    expect(await counts('reporter')).toEqual([
      [3, 3],
      [0, 0],
      [1, 1],
    ]);
    expect(await counts('guest')).toEqual([
      [2, 2],
      [0, 0],
      [0, 0],
    ]);
  });
});
