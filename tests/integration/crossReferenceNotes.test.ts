import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import {
  type CreatedEpic,
  type CreatedIssue,
  epicPagePath,
  newEpic,
  newIssue,
  sendJson,
} from './epicLinksFixtures.ts';

const PROJECT = 'workshop/playground';

interface NoteJson {
  id: number;
  body: string;
  system: boolean;
}

/**
 * System notes that name other items ('marked this epic as related to acme/security&4', 'added issue
 * workshop/playground#9') show only to readers who may see every item they name, as GitLab's do:
 * otherwise a visitor of a public epic would read the path and number of a private group's epic, or
 * learn that a confidential issue exists.
 */
describe.each(BACKENDS)('system notes naming items the reader may not see (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;

  const epicNotesPath = (epic: CreatedEpic) =>
    `/api/v4/groups/${encodeURIComponent(epic.group)}/epics/${epic.id}/notes`;
  const issueNotesPath = (issue: CreatedIssue) =>
    `/api/v4/projects/${encodeURIComponent(issue.project)}/issues/${issue.iid}/notes`;
  const systemNotes = async (person: Person | 'anonymous', path: string) => {
    const answer = await sendJson<NoteJson[]>(as(person), 'GET', `${path}?sort=asc`);
    expect(answer.status).toBe(200);
    return answer.body.filter((note) => note.system).map((note) => note.body);
  };
  const graphqlEpicNotes = async (person: Person | 'anonymous', epic: CreatedEpic) => {
    const answer = await as(person).graphql<{
      group: { epic: { notes: { nodes: { body: string }[] }; discussions: { nodes: unknown[] } } };
    }>(
      `query ($path: ID!, $iid: ID) { group(fullPath: $path) { epic(iid: $iid) {
        notes(filter: ONLY_ACTIVITY) { nodes { body } } discussions(filter: ONLY_ACTIVITY) { nodes { id } }
      } } }`,
      { path: epic.group, iid: String(epic.iid) },
    );
    expect(answer.body.errors).toBeUndefined();
    const found = answer.body.data!.group.epic;
    return {
      bodies: found.notes.nodes.map((note) => note.body),
      discussions: found.discussions.nodes.length,
    };
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 40 });
    clients = await signedInClients(server);
  });
  afterAll(() => server?.close());

  it("hides a public epic's relation to a private group's epic from those who may not read it", async () => {
    const shown = await newEpic(as('owner'), 'workshop');
    const secret = await newEpic(as('owner'), 'acme/security');
    const related = await sendJson(as('owner'), 'POST', `${epicPagePath(shown)}/related_epic_links`, {
      issuable_references: [`acme/security&${secret.iid}`],
    });
    expect(related.status).toBe(200);
    const note = `marked this epic as related to acme/security&${secret.iid}`;

    expect(await systemNotes('owner', epicNotesPath(shown))).toEqual([note]);
    expect((await graphqlEpicNotes('owner', shown)).bodies).toEqual([note]);
    for (const person of ['outsider', 'anonymous'] as const) {
      expect(await systemNotes(person, epicNotesPath(shown))).toEqual([]);
      expect(await graphqlEpicNotes(person, shown)).toEqual({ bodies: [], discussions: 0 });
    }

    // The note alone, by id, is as missing as any other note the reader may not see.
    const [byOwner] = (await sendJson<NoteJson[]>(as('owner'), 'GET', epicNotesPath(shown))).body.filter(
      (each) => each.system,
    );
    expect((await sendJson(as('owner'), 'GET', `${epicNotesPath(shown)}/${byOwner!.id}`)).status).toBe(200);
    expect((await sendJson(as('outsider'), 'GET', `${epicNotesPath(shown)}/${byOwner!.id}`)).status).toBe(
      404,
    );
  });

  it('hides a relation to a confidential issue, even beside one the reader may see', async () => {
    const issue = await newIssue(as('owner'), PROJECT);
    const open = await newIssue(as('owner'), PROJECT);
    const secret = await newIssue(as('owner'), PROJECT, { confidential: true });
    const links = `/${PROJECT}/-/issues/${issue.iid}/links`;
    expect(
      (await sendJson(as('owner'), 'POST', links, { issuable_references: [`#${open.iid}`] })).status,
    ).toBe(200);
    expect(
      (
        await sendJson(as('owner'), 'POST', links, {
          issuable_references: [`#${open.iid}`, `#${secret.iid}`],
        })
      ).status,
    ).toBe(200);
    const both = [
      `marked this issue as related to #${open.iid}`,
      `marked this issue as related to #${secret.iid}`,
    ];

    expect(await systemNotes('reporter', issueNotesPath(issue))).toEqual(both);
    expect(await systemNotes('guest', issueNotesPath(issue))).toEqual([both[0]]);
    expect(await systemNotes('anonymous', issueNotesPath(issue))).toEqual([both[0]]);
    // The issue's activity page (discussions.json) leaves it out too.
    const page = await as('guest').json<{ discussions: { notes: { note: string }[] }[] }>(
      `/${PROJECT}/-/issues/${issue.iid}/discussions.json`,
    );
    expect(page.body.discussions.flatMap((discussion) => discussion.notes.map((note) => note.note))).toEqual([
      both[0],
    ]);

    // A note naming a deleted issue beside a visible one still shows (GitLab counts what exists).
    const kept = await newIssue(as('owner'), PROJECT);
    const gone = await newIssue(as('owner'), PROJECT);
    const pair = [`#${kept.iid}`, `#${gone.iid}`];
    expect((await sendJson(as('owner'), 'POST', links, { issuable_references: pair })).status).toBe(200);
    const issuePath = `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues`;
    expect((await sendJson(as('owner'), 'DELETE', `${issuePath}/${gone.iid}`)).status).toBe(204);
    const third = `marked this issue as related to #${kept.iid} and #${gone.iid}`;
    expect(await systemNotes('guest', issueNotesPath(issue))).toEqual([both[0], third]);

    // Once the issue is no longer confidential, its readers see the note.
    const opened = await sendJson(
      as('owner'),
      'PUT',
      `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/${secret.iid}`,
      {
        confidential: false,
      },
    );
    expect(opened.status).toBe(200);
    expect(await systemNotes('guest', issueNotesPath(issue))).toEqual([...both, third]);
  });

  it("hides an epic's note about a confidential issue it holds from those who may not read the issue", async () => {
    const epic = await newEpic(as('owner'), 'workshop');
    const secret = await newIssue(as('owner'), PROJECT, { confidential: true });
    const added = await sendJson(
      as('owner'),
      'POST',
      `/api/v4/groups/workshop/epics/${epic.iid}/issues/${secret.id}`,
    );
    expect(added.status).toBe(201);
    const note = `added issue ${PROJECT}#${secret.iid}`;
    expect(await systemNotes('reporter', epicNotesPath(epic))).toEqual([note]);
    expect(await systemNotes('guest', epicNotesPath(epic))).toEqual([]);
    expect(await systemNotes('anonymous', epicNotesPath(epic))).toEqual([]);
  });
  it('decides for a page of such notes with a fixed number of statements, whatever their number', async () => {
    const epic = await newEpic(as('owner'), 'workshop');
    const addIssue = async () => {
      const issue = await newIssue(as('owner'), PROJECT);
      const path = `/api/v4/groups/workshop/epics/${epic.iid}/issues/${issue.id}`;
      expect((await sendJson(as('owner'), 'POST', path)).status).toBe(201);
    };
    // Measured twice, the fewer kept: a session's activity is recorded once a minute, in whichever
    // request comes then.
    const once = async () => {
      const before = server.statementCount();
      await systemNotes('guest', epicNotesPath(epic));
      return server.statementCount() - before;
    };
    const statements = async () => Math.min(await once(), await once());
    await addIssue();
    const withOne = await statements();
    for (let count = 0; count < 5; count += 1) await addIssue();
    expect(await systemNotes('guest', epicNotesPath(epic))).toHaveLength(6);
    expect(await statements()).toBe(withOne);
  });
});
