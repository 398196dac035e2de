import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscussionJson, NoteChangesJson, NoteJson } from '../../src/core/domain/discussions.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { createEpic, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';

interface DiscussionsPage {
  discussions: DiscussionJson[];
  next_cursor: string | null;
  permissions: { create_note: boolean; create_internal_note: boolean; discussion_locked: boolean };
}

describe.each(BACKENDS)('discussions on epics and issues (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  let projectId: number;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  const send = (person: Person | 'anonymous', method: string, path: string, json?: unknown) =>
    as(person).request(method, path, {
      ...(json === undefined ? {} : { json }),
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
  const newIssue = async (fields: Record<string, unknown> = {}) => {
    const response = await send('owner', 'POST', `/api/v4/projects/${projectId}/issues`, {
      title: 'Discussed',
      ...fields,
    });
    expect(response.status).toBe(201);
    const { iid } = (await response.json()) as { iid: number };
    return `/${PROJECT}/-/issues/${iid}`;
  };
  const comment = async (person: Person, item: string, note: string, extra: Record<string, unknown> = {}) => {
    const response = await send(person, 'POST', `${item}/notes`, { note: { note, ...extra } });
    return { status: response.status, body: (await response.json()) as NoteJson };
  };
  const page = async (person: Person | 'anonymous', item: string) => {
    const response = await as(person).json<DiscussionsPage>(`${item}/discussions.json`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const noteTexts = async (person: Person | 'anonymous', item: string) =>
    (await page(person, item)).discussions.flatMap((discussion) => discussion.notes.map((note) => note.note));

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 40 });
    clients = await signedInClients(server);
    projectId = await projectIdOf(server, PROJECT);
  });
  afterAll(() => closeCheckingRollups(server));

  it('lets signed-in readers comment and everyone who reads the issue see it', async () => {
    const item = await newIssue();
    const created = await comment('guest', item, 'Looks **good**');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      note: 'Looks **good**',
      type: null,
      system: false,
      internal: false,
    });
    expect(created.body.note_html).toContain('<strong>good</strong>');
    expect(await noteTexts('anonymous', item)).toEqual(['Looks **good**']);
    const anonymous = await send('anonymous', 'POST', `${item}/notes`, { note: { note: 'Hi' } });
    expect(anonymous.status).toBe(401);
    expect((await page('anonymous', item)).permissions.create_note).toBe(false);
    expect((await page('guest', item)).permissions).toMatchObject({
      create_note: true,
      create_internal_note: false,
    });
  });

  it('keeps internal notes and their replies to Reporters and up', async () => {
    const item = await newIssue();
    expect((await comment('guest', item, 'Psst', { internal: true })).status).toBe(403);
    const internal = await comment('reporter', item, 'Team only', { internal: true });
    expect(internal.status).toBe(201);
    const reply = await send('reporter', 'POST', `${item}/notes`, {
      note: { note: 'Still team only' },
      discussion_id: internal.body.discussion_id,
    });
    expect(((await reply.json()) as NoteJson).internal).toBe(true);
    expect(await noteTexts('guest', item)).toEqual([]);
    expect(await noteTexts('anonymous', item)).toEqual([]);
    expect(await noteTexts('developer', item)).toEqual(['Team only', 'Still team only']);
    const guestReply = await send('guest', 'POST', `${item}/notes`, {
      note: { note: 'Can I?' },
      discussion_id: internal.body.discussion_id,
    });
    expect(guestReply.status).toBe(404);
  });

  it('turns a replied comment into a thread that developers can resolve', async () => {
    const item = await newIssue();
    const first = await comment('guest', item, 'Question');
    const reply = await send('reporter', 'POST', `${item}/notes`, {
      note: { note: 'Answer' },
      discussion_id: first.body.discussion_id,
    });
    expect(reply.status).toBe(201);
    const [thread] = (await page('guest', item)).discussions;
    expect(thread).toMatchObject({ individual_note: false, resolvable: true, resolved: false });
    expect(thread?.notes.map((note) => note.type)).toEqual(['DiscussionNote', 'DiscussionNote']);
    const resolvePath = `${item}/discussions/${first.body.discussion_id}/resolve`;
    expect((await send('guest', 'POST', resolvePath)).status).toBe(403);
    const resolved = await send('developer', 'POST', resolvePath);
    expect(resolved.status).toBe(200);
    expect(((await resolved.json()) as DiscussionJson).resolved).toBe(true);
    const reopened = await send('developer', 'DELETE', resolvePath);
    expect(((await reopened.json()) as DiscussionJson).resolved).toBe(false);
    const standalone = await comment('guest', item, 'Alone');
    const refused = await send(
      'developer',
      'POST',
      `${item}/discussions/${standalone.body.discussion_id}/resolve`,
    );
    expect(refused.status).toBe(422);
  });

  it('lets authors edit and delete their notes, and Maintainers anybody’s', async () => {
    const item = await newIssue();
    const note = await comment('reporter', item, 'Frist');
    const path = `${item}/notes/${note.body.id}`;
    expect((await send('guest', 'PUT', path, { note: { note: 'Vandal' } })).status).toBe(403);
    const edited = await send('reporter', 'PUT', path, { note: { note: 'First' } });
    expect(edited.status).toBe(200);
    const body = (await edited.json()) as NoteJson;
    expect(body.note).toBe('First');
    expect(body.last_edited_by?.username).toBe('reporter');
    expect((await send('owner', 'PUT', path, { note: { note: 'First!' } })).status).toBe(200);
    expect((await send('guest', 'DELETE', path)).status).toBe(403);
    expect((await send('reporter', 'DELETE', path)).status).toBe(204);
    expect(await noteTexts('reporter', item)).toEqual([]);
    expect((await send('reporter', 'DELETE', path)).status).toBe(404);
  });

  it('gives a to-do to the users a comment mentions, if they may read the item', async () => {
    const item = await newIssue();
    const note = await comment('guest', item, '@reporter please look; cc @developer and @outsider');
    expect(note.status).toBe(201);
    const todosOf = async (person: Person) =>
      (await as(person).json<{ action_name: string; body: string }[]>('/api/v4/todos')).body;
    expect((await todosOf('reporter')).map((todo) => todo.action_name)).toContain('directly_addressed');
    expect((await todosOf('developer')).map((todo) => todo.action_name)).toContain('mentioned');

    const secret = await newIssue({ confidential: true });
    const before = (await todosOf('outsider')).length;
    await comment('reporter', secret, 'Ping @outsider');
    expect((await todosOf('outsider')).length).toBe(before);
  });

  it('refuses bad input and changes nothing', async () => {
    const item = await newIssue();
    expect((await comment('guest', item, '   ')).status).toBe(400);
    expect((await send('guest', 'POST', `${item}/notes`, { nothing: true })).status).toBe(400);
    expect((await as('guest').request('GET', `${item}/discussions.json?cursor=abc`)).status).toBe(400);
    const unknownThread = await send('guest', 'POST', `${item}/notes`, {
      note: { note: 'Reply' },
      discussion_id: 'f'.repeat(40),
    });
    expect(unknownThread.status).toBe(404);
    expect((await send('guest', 'PUT', `${item}/notes/99999999`, { note: { note: 'x' } })).status).toBe(404);
    const note = await comment('guest', item, 'React to me');
    const award = (name: string) =>
      send('developer', 'POST', `${item}/notes/${note.body.id}/toggle_award_emoji`, { name });
    expect((await award('not-an-emoji')).status).toBe(422);
    expect(await (await award('thumbsup')).json()).toEqual({ toggled_on: true });
    expect((await page('guest', item)).discussions[0]?.notes[0]?.award_emoji).toEqual([
      expect.objectContaining({ name: 'thumbsup', user: expect.objectContaining({ username: 'developer' }) }),
    ]);
    expect(await (await award('thumbsup')).json()).toEqual({ toggled_on: false });
    expect(await noteTexts('guest', item)).toEqual(['React to me']);
  });

  it('lets only members comment once an issue is locked', async () => {
    const item = await newIssue();
    const iid = item.split('/').pop();
    const locked = await send('owner', 'PUT', `/api/v4/projects/${projectId}/issues/${iid}`, {
      discussion_locked: true,
    });
    expect(locked.status).toBe(200);
    expect((await comment('outsider', item, 'Let me in')).status).toBe(403);
    expect((await comment('guest', item, 'Member here')).status).toBe(201);
  });

  it('answers polls with 304 until a note changes, then with the changed notes', async () => {
    const item = await newIssue();
    await comment('guest', item, 'One');
    const first = await as('reporter').request('GET', `${item}/notes.json`);
    const changes = (await first.json()) as NoteChangesJson;
    expect(changes.notes.map((note) => note.note)).toEqual(['One']);
    const etag = first.headers.get('etag') ?? '';
    const since = `${item}/notes.json?last_fetched_at=${encodeURIComponent(changes.last_fetched_at)}`;
    const again = await as('reporter').request('GET', since, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(200);
    const etagSince = again.headers.get('etag') ?? '';
    const unchanged = await as('reporter').request('GET', since, { headers: { 'if-none-match': etagSince } });
    expect(unchanged.status).toBe(304);
    await comment('developer', item, 'Two');
    const changed = await as('reporter').request('GET', since, { headers: { 'if-none-match': etagSince } });
    expect(changed.status).toBe(200);
    const body = (await changed.json()) as NoteChangesJson;
    expect(body.notes.map((note) => note.note)).toEqual(['Two']);
    expect(body.notes_count).toBe(2);
  });

  it('carries discussions on epics too, paged by their first note', async () => {
    const epic = await createEpic(as('owner'), 'acme', { title: 'Talked about' });
    const item = `/groups/acme/-/epics/${epic.iid}`;
    for (const text of ['a', 'b', 'c']) expect((await comment('reporter', item, text)).status).toBe(201);
    const first = await as('guest').json<DiscussionsPage>(`${item}/discussions.json?per_page=2`);
    expect(first.body.discussions.map((discussion) => discussion.notes[0]?.note)).toEqual(['a', 'b']);
    const second = await as('guest').json<DiscussionsPage>(
      `${item}/discussions.json?per_page=2&cursor=${first.body.next_cursor}`,
    );
    expect(second.body.discussions.map((discussion) => discussion.notes[0]?.note)).toEqual(['c']);
    expect(second.body.next_cursor).toBeNull();
  });
});
