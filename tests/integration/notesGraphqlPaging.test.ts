import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { dataOf, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';

interface Connection<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

describe.each(BACKENDS)('GraphQL notes and discussions, page by page (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  let iid: number;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  const send = (person: Person, method: string, path: string, json?: unknown) =>
    as(person).request(method, path, {
      ...(json === undefined ? {} : { json }),
      headers: { 'x-csrf-token': as(person).csrfToken },
    });

  const page = async <T>(
    person: Person,
    field: 'notes' | 'discussions',
    selection: string,
    args: { first: number; after: string | null; filter: string },
  ) => {
    const result = await as(person).graphql<{ project: { issue: Record<string, Connection<T>> } }>(
      `query ($path: ID!, $iid: String!, $first: Int, $after: String, $filter: NotesFilterType) {
        project(fullPath: $path) { issue(iid: $iid) {
          ${field}(first: $first, after: $after, filter: $filter) {
            nodes { ${selection} } pageInfo { hasNextPage endCursor } } } } }`,
      { path: PROJECT, iid: String(iid), ...args },
    );
    return dataOf(result).project.issue[field]!;
  };
  const walk = async <T>(
    person: Person,
    field: 'notes' | 'discussions',
    selection: string,
    first: number,
    filter = 'ALL_NOTES',
  ) => {
    const seen: T[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 100; guard += 1) {
      const found: Connection<T> = await page<T>(person, field, selection, { first, after, filter });
      seen.push(...found.nodes);
      if (!found.pageInfo.hasNextPage) return seen;
      after = found.pageInfo.endCursor;
    }
    throw new Error('paging never ended');
  };
  /** The comments written below; anything else is a system note. */
  const isComment = (body: string) =>
    ['c1', 'c2', 'secret', 'r1', 'c3'].includes(body) || body.startsWith('bulk');
  const bodies = (person: Person, first: number, filter?: string) =>
    walk<{ body: string }>(person, 'notes', 'body', first, filter).then((nodes) => nodes.map((n) => n.body));

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 20 });
    clients = await signedInClients(server);
    const project = await server.db
      .selectFrom('projects')
      .select('id')
      .where('full_path', '=', PROJECT)
      .executeTakeFirstOrThrow();
    const created = await send('owner', 'POST', `/api/v4/projects/${project.id}/issues`, { title: 'Busy' });
    iid = ((await created.json()) as { iid: number }).iid;
    const item = `/${PROJECT}/-/issues/${iid}`;
    const comment = async (note: string, internal = false, extra: Record<string, unknown> = {}) => {
      const response = await send('owner', 'POST', `${item}/notes`, { note: { note, internal }, ...extra });
      expect(response.status).toBe(201);
      return (await response.json()) as { discussion_id: string };
    };
    await comment('c1');
    const thread = await comment('c2', false, { start_thread: true });
    await comment('secret', true);
    await send('owner', 'PUT', `/api/v4/projects/${project.id}/issues/${iid}`, { state_event: 'close' });
    await comment('r1', false, { discussion_id: thread.discussion_id });
    await comment('c3');
    // Many more comments than a page holds, written straight to the table.
    const model = await server.db
      .selectFrom('notes')
      .selectAll()
      .where('note', '=', 'c3')
      .executeTakeFirstOrThrow();
    const { id: _id, ...fields } = model;
    await server.db
      .insertInto('notes')
      .values(
        Array.from({ length: 105 }, (_, index) => ({
          ...fields,
          note: `bulk${index}`,
          discussion_id: createHash('sha1').update(`bulk-${iid}-${index}`).digest('hex'),
        })),
      )
      .execute();
  });
  afterAll(() => closeCheckingRollups(server));

  it('yields every note exactly once, in order, whatever the page size', async () => {
    const everything = await bodies('reporter', 100);
    expect(everything.length).toBeGreaterThan(110);
    expect(everything.slice(0, 3)).toEqual(['c1', 'c2', 'secret']);
    expect(everything.filter(isComment)).toHaveLength(110);
    expect(new Set(everything).size).toBe(everything.length);
    expect(await bodies('reporter', 7)).toEqual(everything);
    expect(await bodies('guest', 7)).toEqual(everything.filter((body) => body !== 'secret'));
  });

  it('pages filtered notes and discussions the same way', async () => {
    const comments = await bodies('guest', 100, 'ONLY_COMMENTS');
    expect(comments.slice(0, 4)).toEqual(['c1', 'c2', 'r1', 'c3']);
    expect(comments).toHaveLength(109);
    expect(await bodies('guest', 9, 'ONLY_COMMENTS')).toEqual(comments);
    const history = await bodies('guest', 1, 'ONLY_ACTIVITY');
    expect(history.length).toBeGreaterThan(0);
    expect(history).toEqual(await bodies('guest', 100, 'ONLY_ACTIVITY'));

    type Discussion = { notes: { nodes: { body: string }[] } };
    const threads = (first: number, filter = 'ALL_NOTES') =>
      walk<Discussion>('reporter', 'discussions', 'notes { nodes { body } }', first, filter).then((nodes) =>
        nodes.map((node) => node.notes.nodes.map((note) => note.body).join('+')),
      );
    const all = await threads(100);
    expect(all.slice(0, 3)).toEqual(['c1', 'c2+r1', 'secret']);
    expect(await threads(4)).toEqual(all);
    const commentThreads = all.filter((thread) => isComment(thread.split('+')[0] ?? ''));
    expect(commentThreads).toHaveLength(all.length - 1);
    expect(await threads(5, 'ONLY_COMMENTS')).toEqual(commentThreads);
  });

  it('never answers more than 100 notes a page', async () => {
    const found = await page<{ body: string }>('reporter', 'notes', 'body', {
      first: 500,
      after: null,
      filter: 'ALL_NOTES',
    });
    expect(found.nodes).toHaveLength(100);
    expect(found.pageInfo.hasNextPage).toBe(true);
  });
});
