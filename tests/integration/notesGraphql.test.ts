import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { createEpic, dataOf, NOT_AVAILABLE, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';

const NOTE_FIELDS = `id body bodyHtml internal resolvable resolved system
  author { username } discussion { id } userPermissions { adminNote awardEmoji createNote resolveNote }
  awardEmoji { nodes { name emoji user { username } } }`;

interface NoteNode {
  id: string;
  body: string;
  internal: boolean;
  resolvable: boolean;
  resolved: boolean;
  discussion: { id: string };
  userPermissions: { adminNote: boolean; awardEmoji: boolean; createNote: boolean; resolveNote: boolean };
  awardEmoji: { nodes: { name: string; emoji: string; user: { username: string } }[] };
}

describe.each(BACKENDS)("GitLab's note, discussion and award emoji GraphQL (%s)", (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  let issueGid: string;
  let iid: number;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  const mutate = <T = object>(
    person: Person | 'anonymous',
    name: string,
    input: Record<string, unknown>,
    fields: string,
  ) =>
    as(person).graphql<Record<string, T & { errors: string[] }>>(
      `mutation ($input: ${name[0]!.toUpperCase()}${name.slice(1)}Input!) { ${name}(input: $input) { ${fields} errors } }`,
      { input },
    );
  const issueNotes = async (person: Person | 'anonymous', filter = 'ALL_NOTES') => {
    const result = await as(person).graphql<{
      project: {
        issue: {
          userNotesCount: number;
          userDiscussionsCount: number;
          notes: { nodes: NoteNode[] };
          discussions: {
            count: number;
            nodes: { id: string; resolved: boolean; notes: { nodes: { body: string }[] } }[];
          };
        };
      };
    }>(
      `query ($path: ID!, $iid: String!, $filter: NotesFilterType) { project(fullPath: $path) { issue(iid: $iid) {
        userNotesCount userDiscussionsCount
        notes(filter: $filter) { nodes { ${NOTE_FIELDS} } }
        discussions(filter: $filter) { count nodes { id resolved notes { nodes { body } } } } } } }`,
      { path: PROJECT, iid: String(iid), filter },
    );
    return dataOf(result).project.issue;
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 20 });
    clients = await signedInClients(server);
    const created = await as('owner').graphql<{
      project: { issues: { nodes: { id: string; iid: string }[] } };
    }>(`query { project(fullPath: "${PROJECT}") { issues(first: 1) { nodes { id iid } } } }`);
    const issue = dataOf(created).project.issues.nodes[0]!;
    issueGid = issue.id;
    iid = Number(issue.iid);
  });
  afterAll(() => closeCheckingRollups(server));

  it('creates comments, threads and replies, and lists them as notes and discussions', async () => {
    const comment = await mutate<{ note: NoteNode }>(
      'guest',
      'createNote',
      { noteableId: issueGid, body: 'Hello **there**' },
      `note { ${NOTE_FIELDS} }`,
    );
    const note = dataOf(comment).createNote!.note;
    expect(note).toMatchObject({ body: 'Hello **there**', internal: false, resolvable: false });
    expect(note.id).toMatch(/^gid:\/\/gitlab\/Note\/\d+$/);
    expect(note.discussion.id).toMatch(/^gid:\/\/gitlab\/Discussion\/[0-9a-f]{40}$/);
    expect(note.userPermissions).toMatchObject({ adminNote: true, createNote: true, resolveNote: false });

    const thread = dataOf(
      await mutate<{ note: NoteNode }>(
        'guest',
        'createDiscussion',
        { noteableId: issueGid, body: 'A thread' },
        `note { ${NOTE_FIELDS} }`,
      ),
    ).createDiscussion!.note;
    expect(thread.resolvable).toBe(true);
    const reply = await mutate<{ note: NoteNode }>(
      'reporter',
      'createNote',
      { noteableId: issueGid, body: 'A reply', discussionId: thread.discussion.id },
      `note { ${NOTE_FIELDS} }`,
    );
    expect(dataOf(reply).createNote!.note.discussion.id).toBe(thread.discussion.id);

    const listed = await issueNotes('anonymous');
    expect(listed.notes.nodes.map((n) => n.body)).toEqual(
      expect.arrayContaining(['Hello **there**', 'A thread', 'A reply']),
    );
    expect(listed.userNotesCount).toBeGreaterThanOrEqual(3);
    const threadNode = listed.discussions.nodes.find((d) => d.id === thread.discussion.id);
    expect(threadNode?.notes.nodes.map((n) => n.body)).toEqual(['A thread', 'A reply']);
    expect(
      (await issueNotes('anonymous', 'ONLY_ACTIVITY')).discussions.nodes.every(
        (d) => d.notes.nodes.length > 0,
      ),
    ).toBe(true);

    const resolve = (person: Person, resolveIt: boolean) =>
      mutate<{ discussion: { resolved: boolean } }>(
        person,
        'discussionToggleResolve',
        { id: thread.discussion.id, resolve: resolveIt },
        'discussion { resolved resolvedBy { username } }',
      );
    expect((await resolve('reporter', true)).body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
    expect(dataOf(await resolve('developer', true)).discussionToggleResolve!.discussion.resolved).toBe(true);
  });

  it('keeps internal notes to Reporters and up', async () => {
    const refused = await mutate(
      'guest',
      'createNote',
      { noteableId: issueGid, body: 'Psst', internal: true },
      'note { id }',
    );
    expect(refused.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
    const internal = dataOf(
      await mutate<{ note: NoteNode }>(
        'reporter',
        'createNote',
        { noteableId: issueGid, body: 'Team only', internal: true },
        'note { id internal discussion { id } }',
      ),
    ).createNote!.note;
    expect(internal.internal).toBe(true);
    expect((await issueNotes('guest')).notes.nodes.map((n) => n.body)).not.toContain('Team only');
    expect((await issueNotes('developer')).notes.nodes.map((n) => n.body)).toContain('Team only');
    const guestReply = await mutate(
      'guest',
      'createNote',
      { noteableId: issueGid, body: 'Me?', discussionId: internal.discussion.id },
      'note { id }',
    );
    expect(guestReply.body.errors?.[0]?.message).toBe(
      "The discussion does not exist or you don't have permission to perform this action",
    );
  });

  it('edits and deletes notes with GitLab’s permissions, and refuses bad input', async () => {
    const note = dataOf(
      await mutate<{ note: NoteNode }>(
        'reporter',
        'createNote',
        { noteableId: issueGid, body: 'Draft' },
        'note { id }',
      ),
    ).createNote!.note;
    expect(
      (await mutate('guest', 'updateNote', { id: note.id, body: 'Vandal' }, 'note { id }')).body.errors?.[0]
        ?.message,
    ).toMatch(NOT_AVAILABLE);
    expect(
      dataOf(
        await mutate<{ note: { body: string } }>(
          'reporter',
          'updateNote',
          { id: note.id, body: 'Final' },
          'note { body }',
        ),
      ).updateNote!.note.body,
    ).toBe('Final');
    const blank = dataOf(
      await mutate<{ note: null }>('reporter', 'updateNote', { id: note.id, body: ' ' }, 'note { id }'),
    );
    expect(blank.updateNote!.errors).toEqual(["note can't be blank"]);
    expect(
      (await mutate('anonymous', 'createNote', { noteableId: issueGid, body: 'Hi' }, 'note { id }')).body
        .errors?.[0]?.message,
    ).toMatch(NOT_AVAILABLE);
    expect(
      (await mutate('guest', 'createNote', { noteableId: 'gid://gitlab/Label/1', body: 'Hi' }, 'note { id }'))
        .body.errors?.[0]?.message,
    ).toMatch(/not a valid ID/);
    expect(
      (await mutate('guest', 'destroyNote', { id: note.id }, 'note { id }')).body.errors?.[0]?.message,
    ).toMatch(NOT_AVAILABLE);
    expect(
      dataOf(await mutate('reporter', 'destroyNote', { id: note.id }, 'note { id }')).destroyNote!.errors,
    ).toEqual([]);
    expect((await issueNotes('reporter')).notes.nodes.map((n) => n.body)).not.toContain('Final');
  });

  it('adds, toggles and removes award emoji on issues, epics and notes', async () => {
    const epic = await createEpic(as('owner'), 'acme', { title: 'Reactions' });
    for (const awardableId of [issueGid, epic.id]) {
      const added = await mutate<{ awardEmoji: { name: string; emoji: string } }>(
        'guest',
        'awardEmojiAdd',
        { awardableId, name: 'thumbsup' },
        'awardEmoji { name emoji unicode }',
      );
      expect(dataOf(added).awardEmojiAdd!.awardEmoji).toMatchObject({ name: 'thumbsup', emoji: '👍' });
      const again = dataOf(
        await mutate('guest', 'awardEmojiAdd', { awardableId, name: 'thumbsup' }, 'awardEmoji { name }'),
      );
      expect(again.awardEmojiAdd).toMatchObject({
        awardEmoji: null,
        errors: ['Name has already been taken'],
      });
    }
    const votes = dataOf(
      await as('anonymous').graphql<{
        group: { epic: { upvotes: number; awardEmoji: { nodes: { name: string }[] } } };
      }>(
        `query { group(fullPath: "acme") { epic(iid: "${epic.iid}") { upvotes awardEmoji { nodes { name } } } } }`,
      ),
    );
    expect(votes.group.epic.upvotes).toBe(1);
    const invalid = dataOf(
      await mutate('guest', 'awardEmojiAdd', { awardableId: issueGid, name: 'nope' }, 'awardEmoji { name }'),
    );
    expect(invalid.awardEmojiAdd!.errors).toEqual(['Name is not a valid emoji name']);

    const note = dataOf(
      await mutate<{ note: NoteNode }>(
        'guest',
        'createNote',
        { noteableId: issueGid, body: 'Like me' },
        'note { id }',
      ),
    ).createNote!.note;
    const toggle = () =>
      mutate<{ toggledOn: boolean }>(
        'developer',
        'awardEmojiToggle',
        { awardableId: note.id, name: 'tada' },
        'toggledOn awardEmoji { name }',
      );
    expect(dataOf(await toggle()).awardEmojiToggle!.toggledOn).toBe(true);
    const listed = (await issueNotes('guest')).notes.nodes.find((n) => n.id === note.id);
    expect(listed?.awardEmoji.nodes).toEqual([
      { name: 'tada', emoji: '🎉', user: { username: 'developer' } },
    ]);
    expect(dataOf(await toggle()).awardEmojiToggle).toMatchObject({ toggledOn: false, awardEmoji: null });
    expect(
      dataOf(
        await mutate(
          'developer',
          'awardEmojiRemove',
          { awardableId: note.id, name: 'tada' },
          'awardEmoji { name }',
        ),
      ).awardEmojiRemove!.errors,
    ).toEqual(['User has not awarded emoji of type tada on the awardable']);
    expect(
      (
        await mutate(
          'anonymous',
          'awardEmojiAdd',
          { awardableId: issueGid, name: 'tada' },
          'awardEmoji { name }',
        )
      ).body.errors?.[0]?.message,
    ).toMatch(NOT_AVAILABLE);
  });

  it('shows an outsider nothing of a confidential issue', async () => {
    const owner = as('owner');
    const response = await owner.request('POST', `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues`, {
      json: { title: 'Secret', confidential: true },
      headers: { 'x-csrf-token': owner.csrfToken },
    });
    expect(response.status).toBe(201);
    const secret = `gid://gitlab/Issue/${((await response.json()) as { id: number }).id}`;
    const refused = await mutate('outsider', 'createNote', { noteableId: secret, body: 'Hi' }, 'note { id }');
    expect(refused.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
    const award = await mutate(
      'outsider',
      'awardEmojiAdd',
      { awardableId: secret, name: 'tada' },
      'awardEmoji { name }',
    );
    expect(award.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
  });
});
