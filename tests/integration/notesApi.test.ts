import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { createEpic, PEOPLE, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';

interface ApiNote {
  id: number;
  type: string | null;
  body: string;
  system: boolean;
  noteable_type: string;
  noteable_id: number;
  noteable_iid: number | null;
  project_id: number | null;
  internal: boolean;
  resolvable: boolean;
  resolved: boolean;
  author: { username: string };
}

interface ApiDiscussion {
  id: string;
  individual_note: boolean;
  notes: ApiNote[];
}

describe.each(BACKENDS)("GitLab's notes, discussions and award emoji REST APIs (%s)", (backend) => {
  let server: TestServer;
  let api: Map<Person | 'anonymous', HttpClient>;
  let projectId: number;
  const as = (person: Person | 'anonymous') => api.get(person)!;
  const call = async (person: Person | 'anonymous', method: string, path: string, json?: unknown) => {
    const response = await as(person).request(method, `/api/v4${path}`, json === undefined ? {} : { json });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
  const newIssue = async (fields: Record<string, unknown> = {}) => {
    const created = await call('owner', 'POST', `/projects/${projectId}/issues`, {
      title: 'Noted',
      ...fields,
    });
    expect(created.status).toBe(201);
    return `/projects/${projectId}/issues/${created.body.iid}`;
  };
  const noteCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('notes')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 20 });
    api = new Map();
    for (const person of PEOPLE)
      api.set(person, HttpClient.withToken(server.baseUrl, await server.tokenFor(person)));
    api.set('anonymous', new HttpClient(server.baseUrl));
    projectId = await projectIdOf(server, PROJECT);
  });
  afterAll(() => closeCheckingRollups(server));

  it('creates, lists, shows, edits and deletes issue notes in GitLab shapes', async () => {
    const issue = await newIssue();
    const created = await call('guest', 'POST', `${issue}/notes`, { body: 'First!' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: null,
      body: 'First!',
      attachment: null,
      system: false,
      noteable_type: 'Issue',
      project_id: projectId,
      resolvable: false,
      resolved: false,
      resolved_by: null,
      resolved_at: null,
      confidential: false,
      internal: false,
      imported: false,
      imported_from: 'none',
      author: expect.objectContaining({ username: 'guest' }),
    });
    expect(created.body.noteable_iid).toBe(Number(issue.split('/').pop()));
    await call('reporter', 'POST', `${issue}/notes`, { body: 'Second' });

    const listed = await call('anonymous', 'GET', `${issue}/notes`);
    expect(listed.status).toBe(200);
    expect((listed.body as ApiNote[]).map((note) => note.body)).toEqual(['Second', 'First!']);
    expect(listed.headers.get('x-total')).toBe('2');
    const ascending = await call(
      'anonymous',
      'GET',
      `${issue}/notes?sort=asc&order_by=updated_at&per_page=1`,
    );
    expect((ascending.body as ApiNote[]).map((note) => note.body)).toEqual(['First!']);
    expect(ascending.headers.get('x-next-page')).toBe('2');

    const path = `${issue}/notes/${created.body.id}`;
    expect((await call('anonymous', 'GET', path)).body.body).toBe('First!');
    expect((await call('reporter', 'PUT', path, { body: 'Not yours' })).status).toBe(403);
    const edited = await call('guest', 'PUT', path, { body: 'First, edited' });
    expect([edited.status, edited.body.body]).toEqual([200, 'First, edited']);
    expect((await call('owner', 'PUT', path, { body: 'Maintainers edit anyone’s' })).status).toBe(200);
    expect((await call('reporter', 'DELETE', path)).status).toBe(403);
    expect((await call('guest', 'DELETE', path)).status).toBe(204);
    expect((await call('guest', 'GET', path)).status).toBe(404);
  });

  it('refuses bad input and strangers, and changes nothing', async () => {
    const issue = await newIssue();
    const before = await noteCount();
    expect((await call('anonymous', 'POST', `${issue}/notes`, { body: 'Hi' })).status).toBe(401);
    expect((await call('guest', 'POST', `${issue}/notes`, {})).body).toEqual({ error: 'body is missing' });
    expect((await call('guest', 'POST', `${issue}/notes`, { body: '  ' })).status).toBe(400);
    expect((await call('guest', 'POST', `${issue}/notes`, { body: 'x'.repeat(1_000_001) })).status).toBe(400);
    expect((await call('guest', 'GET', `${issue}/notes?sort=sideways`)).status).toBe(400);
    expect((await call('guest', 'GET', `${issue}/notes/abc`)).status).toBe(400);
    expect((await call('guest', 'GET', `${issue}/notes/99999999`)).status).toBe(404);
    expect((await call('guest', 'GET', `/projects/${projectId}/issues/999999/notes`)).status).toBe(404);

    const secret = await newIssue({ confidential: true });
    expect((await call('outsider', 'GET', `${secret}/notes`)).status).toBe(404);
    expect((await call('outsider', 'POST', `${secret}/notes`, { body: 'Let me in' })).status).toBe(404);
    expect((await call('guest', 'POST', `${issue}/notes`, { body: 'Psst', internal: true })).status).toBe(
      403,
    );
    expect(await noteCount()).toBe(before);
  });

  it('keeps internal notes to Reporters and up, and leaves thread notes out of the notes list', async () => {
    const issue = await newIssue();
    const internal = await call('reporter', 'POST', `${issue}/notes`, { body: 'Team only', internal: true });
    expect(internal.body).toMatchObject({ internal: true, confidential: true });
    const deprecated = await call('reporter', 'POST', `${issue}/notes`, { body: 'Also', confidential: true });
    expect(deprecated.body.internal).toBe(true);
    expect((await call('guest', 'GET', `${issue}/notes`)).body).toEqual([]);
    expect((await call('guest', 'GET', `${issue}/notes/${internal.body.id}`)).status).toBe(404);
    expect((await call('developer', 'GET', `${issue}/notes`)).body).toHaveLength(2);

    const thread = await call('guest', 'POST', `${issue}/discussions`, { body: 'A thread' });
    expect(thread.status).toBe(201);
    const listed = (await call('developer', 'GET', `${issue}/notes`)).body as ApiNote[];
    expect(listed.map((note) => note.body)).not.toContain('A thread');
  });

  it('starts threads, replies, edits and deletes replies, and resolves threads', async () => {
    const issue = await newIssue();
    const created = await call('guest', 'POST', `${issue}/discussions`, { body: 'Shall we?' });
    const discussion = created.body as ApiDiscussion;
    expect(discussion.id).toMatch(/^[0-9a-f]{40}$/);
    expect(discussion.individual_note).toBe(false);
    expect(discussion.notes[0]).toMatchObject({ type: 'DiscussionNote', resolvable: true, resolved: false });
    const base = `${issue}/discussions/${discussion.id}`;
    const reply = await call('reporter', 'POST', `${base}/notes`, { body: 'Yes' });
    expect([reply.status, reply.body.type]).toEqual([201, 'DiscussionNote']);
    await call('guest', 'POST', `${issue}/notes`, { body: 'Standalone' });

    const listed = await call('anonymous', 'GET', `${issue}/discussions`);
    expect(listed.headers.get('x-total')).toBe('2');
    expect((listed.body as ApiDiscussion[]).map((item) => [item.individual_note, item.notes.length])).toEqual(
      [
        [false, 2],
        [true, 1],
      ],
    );
    expect(((await call('anonymous', 'GET', base)).body as ApiDiscussion).notes.map((n) => n.body)).toEqual([
      'Shall we?',
      'Yes',
    ]);

    const notePath = `${base}/notes/${reply.body.id}`;
    expect((await call('guest', 'PUT', notePath, { body: 'No' })).status).toBe(403);
    expect((await call('reporter', 'PUT', notePath, { body: 'Yes!' })).body.body).toBe('Yes!');
    const otherThread = (await call('guest', 'POST', `${issue}/discussions`, { body: 'Other' })).body;
    expect(
      (
        await call('reporter', 'PUT', `${issue}/discussions/${otherThread.id}/notes/${reply.body.id}`, {
          body: 'x',
        })
      ).status,
    ).toBe(404);

    expect((await call('reporter', 'PUT', base, { resolved: true })).status).toBe(403);
    expect((await call('developer', 'PUT', base, {})).status).toBe(400);
    const resolved = await call('developer', 'PUT', base, { resolved: true });
    expect(resolved.status).toBe(200);
    expect((resolved.body as ApiDiscussion).notes.every((note) => note.resolved)).toBe(true);
    expect((resolved.body as ApiDiscussion).notes[0]).toMatchObject({
      resolved_by: expect.objectContaining({ username: 'developer' }),
    });
    const reopened = await call('developer', 'PUT', base, { resolved: false });
    expect((reopened.body as ApiDiscussion).notes.some((note) => note.resolved)).toBe(false);

    expect((await call('reporter', 'DELETE', notePath)).status).toBe(204);
    expect(((await call('guest', 'GET', base)).body as ApiDiscussion).notes).toHaveLength(1);
    expect((await call('guest', 'GET', `${issue}/discussions/${'a'.repeat(40)}`)).status).toBe(404);
    expect((await call('guest', 'GET', `${issue}/discussions/not-hex`)).status).toBe(404);
    expect((await call('anonymous', 'POST', `${base}/notes`, { body: 'Me too' })).status).toBe(401);
  });

  it('serves epic notes and discussions by the epic id, not its iid', async () => {
    const clients = await signedInClients(server);
    const epic = await createEpic(clients.get('owner')!, 'acme', { title: 'Epic talk' });
    const base = `/groups/acme/epics/${epic.numericId}`;
    const created = await call('reporter', 'POST', `${base}/notes`, { body: 'On the epic' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      noteable_type: 'Epic',
      noteable_id: epic.numericId,
      noteable_iid: null,
      project_id: null,
    });
    expect(((await call('guest', 'GET', `${base}/notes`)).body as ApiNote[]).map((n) => n.body)).toEqual([
      'On the epic',
    ]);
    const thread = await call('guest', 'POST', `${base}/discussions`, { body: 'Epic thread' });
    const resolved = await call('owner', 'PUT', `${base}/discussions/${thread.body.id}`, { resolved: true });
    expect((resolved.body as ApiDiscussion).notes[0]?.resolved).toBe(true);
    // Another group's path, or an id that is no epic, is not found.
    expect((await call('guest', 'GET', `/groups/workshop/epics/${epic.numericId}/notes`)).status).toBe(404);
    expect((await call('guest', 'GET', `/groups/acme/epics/99999999/notes`)).status).toBe(404);
  });

  it('awards, lists and removes emoji on issues, epics and notes', async () => {
    const issue = await newIssue();
    const award = await call('developer', 'POST', `${issue}/award_emoji`, { name: 'thumbsup' });
    expect(award.status).toBe(201);
    expect(award.body).toMatchObject({
      name: 'thumbsup',
      awardable_type: 'Issue',
      user: expect.objectContaining({ username: 'developer' }),
      url: null,
    });
    await call('guest', 'POST', `${issue}/award_emoji`, { name: 'thumbsdown' });
    const listed = await call('anonymous', 'GET', `${issue}/award_emoji`);
    expect((listed.body as { name: string }[]).map((item) => item.name)).toEqual(['thumbsup', 'thumbsdown']);
    expect((await call('anonymous', 'GET', `${issue}/award_emoji/${award.body.id}`)).body.id).toBe(
      award.body.id,
    );
    const shown = await call('anonymous', 'GET', `/projects/${projectId}/issues/${issue.split('/').pop()}`);
    expect([shown.body.upvotes, shown.body.downvotes]).toEqual([1, 1]);

    const duplicate = await call('developer', 'POST', `${issue}/award_emoji`, { name: 'thumbsup' });
    expect(duplicate).toMatchObject({
      status: 404,
      body: { message: '404 Award Emoji Name has already been taken Not Found' },
    });
    const invalid = await call('developer', 'POST', `${issue}/award_emoji`, { name: 'no_such_emoji' });
    expect(invalid.body).toEqual({ message: '404 Award Emoji Name is not a valid emoji name Not Found' });
    expect((await call('anonymous', 'POST', `${issue}/award_emoji`, { name: 'tada' })).status).toBe(401);
    expect((await call('guest', 'DELETE', `${issue}/award_emoji/${award.body.id}`)).status).toBe(401);
    expect((await call('developer', 'DELETE', `${issue}/award_emoji/${award.body.id}`)).status).toBe(204);
    expect((await call('developer', 'GET', `${issue}/award_emoji/${award.body.id}`)).status).toBe(404);

    const note = await call('guest', 'POST', `${issue}/notes`, { body: 'React to me' });
    const noteAwards = `${issue}/notes/${note.body.id}/award_emoji`;
    const onNote = await call('reporter', 'POST', noteAwards, { name: 'tada' });
    expect(onNote.body).toMatchObject({ awardable_type: 'Note', awardable_id: note.body.id });
    expect((await call('guest', 'GET', noteAwards)).body).toHaveLength(1);

    const epic = await createEpic((await signedInClients(server)).get('owner')!, 'acme', { title: 'Liked' });
    const epicAwards = `/groups/acme/epics/${epic.iid}/award_emoji`;
    expect((await call('guest', 'POST', epicAwards, { name: 'rocket' })).status).toBe(201);
    expect((await call('guest', 'GET', epicAwards)).body).toEqual([
      expect.objectContaining({ name: 'rocket', awardable_type: 'Epic', awardable_id: epic.numericId }),
    ]);

    const secret = await newIssue({ confidential: true });
    expect((await call('outsider', 'GET', `${secret}/award_emoji`)).status).toBe(404);
    expect((await call('outsider', 'POST', `${secret}/award_emoji`, { name: 'tada' })).status).toBe(404);
  });

  it('gives a to-do raised by a note the note as its body', async () => {
    const issue = await newIssue();
    await call('guest', 'POST', `${issue}/notes`, { body: '@reporter have a look at this' });
    const todos = (await call('reporter', 'GET', '/todos')).body as { body: string; action_name: string }[];
    expect(todos).toContainEqual(
      expect.objectContaining({ action_name: 'directly_addressed', body: '@reporter have a look at this' }),
    );
  });
});
