import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteJson } from '../../src/core/domain/discussions.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { createEpic, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';

interface QuickActionsAnswer {
  commands_changes: Record<string, unknown>;
  quick_actions_status: { messages: string[]; error_messages: string[]; command_names: string[] };
}
type NoteAnswer = NoteJson & QuickActionsAnswer;

interface IssueJson {
  iid: number;
  state: string;
  title: string;
  description: string;
  labels: string[];
  assignees: { username: string }[];
  milestone: { title: string } | null;
  due_date: string | null;
  weight: number | null;
  confidential: boolean;
  epic_iid: number | null;
  subscribed?: boolean;
}

describe.each(BACKENDS)('quick actions in comments and descriptions (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  let projectId: number;
  let acmeId: number;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  const send = (person: Person | 'anonymous', method: string, path: string, json?: unknown) =>
    as(person).request(method, path, {
      ...(json === undefined ? {} : { json }),
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
  const newIssue = async (fields: Record<string, unknown> = {}, person: Person = 'owner') => {
    const response = await send(person, 'POST', `/api/v4/projects/${projectId}/issues`, {
      title: 'Commanded',
      ...fields,
    });
    expect(response.status).toBe(201);
    return (await response.json()) as IssueJson;
  };
  const pagePath = (iid: number) => `/${PROJECT}/-/issues/${iid}`;
  const issue = async (iid: number, person: Person = 'owner') =>
    (await as(person).json<IssueJson>(`/api/v4/projects/${projectId}/issues/${iid}`)).body;
  const comment = async (person: Person, path: string, note: string) => {
    const response = await send(person, 'POST', `${path}/notes`, { note: { note } });
    return { status: response.status, body: (await response.json()) as NoteAnswer };
  };
  const issueRow = (iid: number) =>
    server.db
      .selectFrom('issues')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('iid', '=', iid)
      .executeTakeFirstOrThrow();
  // The comments only: the commands' own changes leave system notes beside them.
  const notesOf = async (path: string) =>
    (
      await as('owner').json<{ discussions: { notes: { note: string; system: boolean }[] }[] }>(
        `${path}/discussions.json`,
      )
    ).body.discussions.flatMap((discussion) =>
      discussion.notes.filter((note) => !note.system).map((note) => note.note),
    );

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 20 });
    clients = await signedInClients(server);
    const project = await server.db
      .selectFrom('projects')
      .select(['id', 'root_namespace_id'])
      .where('full_path', '=', PROJECT)
      .executeTakeFirstOrThrow();
    projectId = project.id;
    acmeId = (
      await server.db
        .selectFrom('namespaces')
        .select('id')
        .where('full_path', '=', 'acme')
        .executeTakeFirstOrThrow()
    ).id;
    for (const name of ['qa-bug', 'two words']) {
      const response = await send('owner', 'POST', `/api/v4/groups/${acmeId}/labels`, {
        name,
        color: '#dc143c',
      });
      expect(response.status).toBe(201);
    }
    await server.db
      .insertInto('milestones')
      .values({
        root_namespace_id: project.root_namespace_id,
        group_id: null,
        project_id: project.id,
        iid: 900,
        title: 'QA 1',
        start_date: null,
        due_date: null,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
  });
  afterAll(() => closeCheckingRollups(server));

  it('runs the metadata commands of a comment and keeps the rest as the note', async () => {
    const { iid } = await newIssue();
    const text = [
      'Triaged.',
      '/label ~qa-bug ~"two words"',
      '/assign @developer me',
      '/milestone %"QA 1"',
      '/due 2026-12-31',
      '/weight 3',
      'Thanks',
    ].join('\n');
    const created = await comment('reporter', pagePath(iid), text);
    expect(created.status).toBe(201);
    expect(created.body.note).toBe('Triaged.\nThanks');
    expect(created.body.quick_actions_status.messages).toEqual([
      'Added ~qa-bug ~"two words" labels.',
      'Assigned @developer and @reporter.',
      'Set the milestone to %"QA 1".',
      'Set the due date to Dec 31, 2026.',
      'Set weight to 3.',
    ]);
    expect(created.body.quick_actions_status.error_messages).toEqual([]);
    expect(created.body.commands_changes).toMatchObject({ due_date: '2026-12-31', weight: 3 });
    const after = await issue(iid);
    expect(after.labels.sort()).toEqual(['qa-bug', 'two words']);
    expect(after.assignees.map((user) => user.username).sort()).toEqual(['developer', 'reporter']);
    expect(after.milestone?.title).toBe('QA 1');
    expect(after).toMatchObject({ due_date: '2026-12-31', weight: 3 });
  });

  it('adds no note for a body made only of commands, and undoes with the removing commands', async () => {
    const { iid } = await newIssue({
      labels: 'qa-bug,two words',
      assignee_ids: [],
      due_date: '2027-01-01',
      weight: 2,
    });
    const path = pagePath(iid);
    const only = await comment('reporter', path, '/close\n/lock\n/confidential');
    expect(only.status).toBe(202);
    expect(only.body.quick_actions_status.messages).toEqual([
      'Closed this issue.',
      'Locked the discussion.',
      'Made this issue confidential.',
    ]);
    expect(only.body.commands_changes).toEqual({
      state_event: 'close',
      discussion_locked: true,
      confidential: true,
    });
    expect(await notesOf(path)).toEqual([]);
    expect(await issueRow(iid)).toMatchObject({
      state: 'closed',
      discussion_locked: true,
      confidential: true,
    });

    const undo = await comment(
      'reporter',
      path,
      '/reopen\n/unlock\n/unlabel ~qa-bug\n/remove_due_date\n/clear_weight\n/title Renamed by command',
    );
    expect(undo.status).toBe(202);
    expect(undo.body.quick_actions_status.messages).toEqual([
      'Reopened this issue.',
      'Unlocked the discussion.',
      'Removed ~qa-bug label.',
      'Removed the due date.',
      'Cleared weight.',
      'Changed the title to "Renamed by command".',
    ]);
    const after = await issue(iid);
    expect(after).toMatchObject({ state: 'opened', labels: ['two words'], due_date: null, weight: null });
    expect(after.title).toBe('Renamed by command');
    expect((await comment('reporter', path, '/relabel ~qa-bug')).body.quick_actions_status.messages).toEqual([
      'Replaced all labels with ~qa-bug label.',
    ]);
    expect((await comment('reporter', path, '/unlabel')).body.quick_actions_status.messages).toEqual([
      'Removed all labels.',
    ]);
    expect((await issue(iid)).labels).toEqual([]);
  });

  it('leaves a command in the text when the user may not use it, as the sidebar refuses them', async () => {
    const { iid } = await newIssue();
    const created = await comment('guest', pagePath(iid), '/label ~qa-bug\n/close\n/assign me\nPlease');
    expect(created.status).toBe(201);
    expect(created.body.note).toBe('/label ~qa-bug\n/close\n/assign me\nPlease');
    expect(created.body.commands_changes).toEqual({});
    expect(created.body.quick_actions_status.messages).toEqual([]);
    const after = await issue(iid);
    expect(after).toMatchObject({ state: 'opened', labels: [], assignees: [] });
    // Commands anyone may use on themselves still run for a guest.
    const todo = await comment('guest', pagePath(iid), '/todo\n/subscribe');
    expect(todo.status).toBe(202);
    expect(todo.body.quick_actions_status.messages).toEqual([
      'Added a to-do item.',
      'Subscribed to notifications.',
    ]);
    expect(todo.body.quick_actions_status.command_names).toEqual(['todo', 'subscribe']);
  });

  it('reports what it could not do without stopping the other commands', async () => {
    const { iid } = await newIssue();
    const answer = await comment('reporter', pagePath(iid), '/due someday\n/assign @nobody-here\n/weight 1');
    expect(answer.status).toBe(202);
    expect(answer.body.quick_actions_status.error_messages).toEqual([
      'Failed to set due date because the date format is invalid.',
      'Failed to assign a user because no user was found.',
    ]);
    expect(answer.body.quick_actions_status.messages).toEqual(['Set weight to 1.']);
    expect((await issue(iid)).weight).toBe(1);
    const refused = await send('reporter', 'POST', `${pagePath(iid)}/notes`, { note: { note: '   ' } });
    expect(refused.status).toBe(400);
    expect(
      (await send('anonymous', 'POST', `${pagePath(iid)}/notes`, { note: { note: '/close' } })).status,
    ).toBe(401);
    expect((await issue(iid)).state).toBe('opened');
  });

  it('manages to-dos, subscriptions and assignees for the commenter', async () => {
    const { iid } = await newIssue({ assignee_ids: [] });
    const path = pagePath(iid);
    const todo = await comment('developer', path, '/todo\n/subscribe\n/assign @developer @reporter');
    expect(todo.body.quick_actions_status.messages).toEqual([
      'Added a to-do item.',
      'Subscribed to notifications.',
      'Assigned @developer and @reporter.',
    ]);
    expect(todo.body.commands_changes).toMatchObject({ todo_event: 'add', subscription_event: 'subscribe' });
    const todos = await as('developer').json<{ target: { iid: number } }[]>('/api/v4/todos');
    expect(todos.body.some((entry) => entry.target.iid === iid)).toBe(true);
    const done = await comment('developer', path, '/done\n/unsubscribe\n/unassign @reporter');
    expect(done.body.quick_actions_status.messages).toEqual([
      'Marked to-do item as done.',
      'Unsubscribed from notifications.',
      'Removed assignee @reporter.',
    ]);
    expect((await issue(iid, 'developer')).subscribed).toBe(false);
    expect((await issue(iid)).assignees.map((user) => user.username)).toEqual(['developer']);
    await comment('developer', path, '/remove_milestone\n/unassign');
    expect((await issue(iid)).assignees).toEqual([]);
  });

  it('links related and blocking issues, and unlinks them', async () => {
    const source = await newIssue();
    const other = await newIssue();
    const blocked = await newIssue();
    const path = pagePath(source.iid);
    const linked = await comment('reporter', path, `/relate #${other.iid}\n/blocks #${blocked.iid}`);
    expect(linked.body.quick_actions_status.messages).toEqual([
      `Added #${other.iid} as a linked item related to this issue.`,
      `Added #${blocked.iid} as a linked item blocked by this issue.`,
    ]);
    const links = async () =>
      (
        await as('owner').json<{ iid: number; link_type: string }[]>(
          `/api/v4/projects/${projectId}/issues/${source.iid}/links`,
        )
      ).body.map((link) => [link.iid, link.link_type]);
    expect((await links()).sort()).toEqual(
      [
        [other.iid, 'relates_to'],
        [blocked.iid, 'blocks'],
      ].sort(),
    );
    const unlinked = await comment('reporter', path, `/unlink #${other.iid}`);
    expect(unlinked.body.quick_actions_status.messages).toEqual([`Removed linked item #${other.iid}.`]);
    const missing = await comment('reporter', path, `/unlink #${other.iid}`);
    expect(missing.body.quick_actions_status.error_messages).toEqual([
      'No linked issue matches the provided parameter.',
    ]);
    expect(await links()).toEqual([[blocked.iid, 'blocks']]);
    const guest = await comment('guest', path, `/relate #${other.iid}`);
    expect(guest.status).toBe(201);
    expect(await links()).toEqual([[blocked.iid, 'blocks']]);
  });

  it('puts an issue in an epic and takes it out', async () => {
    const epic = await createEpic(as('owner'), 'acme', { title: 'Holder' });
    const { iid } = await newIssue();
    const path = pagePath(iid);
    // The project's group is acme/platform/backend: its ancestor's epic is named with the group path.
    const added = await comment('reporter', path, `/epic acme&${epic.iid}`);
    expect(added.body.quick_actions_status.messages).toEqual(['Added an issue to an epic.']);
    expect((await issue(iid)).epic_iid).toBe(Number(epic.iid));
    const again = await comment('reporter', path, `/epic acme&${epic.iid}`);
    expect(again.body.quick_actions_status.error_messages).toEqual([
      `Issue #${iid} has already been added to epic &${epic.iid}.`,
    ]);
    const unknown = await comment('reporter', path, '/epic &999999');
    expect(unknown.body.quick_actions_status.error_messages).toEqual([
      "This epic does not exist or you don't have sufficient permission.",
    ]);
    const removed = await comment('reporter', path, '/remove_epic');
    expect(removed.body.quick_actions_status.messages).toEqual(['Removed an issue from an epic.']);
    expect((await issue(iid)).epic_iid).toBeNull();
  });

  it('runs an epic’s commands: labels, state, parent and children, to-do', async () => {
    const parent = await createEpic(as('owner'), 'acme', { title: 'Parent' });
    const epic = await createEpic(as('owner'), 'acme', { title: 'Middle' });
    const child = await createEpic(as('owner'), 'acme', { title: 'Child' });
    const path = `/groups/acme/-/epics/${epic.iid}`;
    const answer = await comment(
      'reporter',
      path,
      `/label ~qa-bug\n/parent_epic &${parent.iid}\n/child_epic &${child.iid}\n/todo\n/due December 31st 2027\n/close`,
    );
    expect(answer.status).toBe(202);
    expect(answer.body.quick_actions_status.messages).toEqual([
      'Added ~qa-bug label.',
      `Set &${parent.iid} as the parent epic.`,
      `Added &${child.iid} as a child epic.`,
      'Added a to-do item.',
      'Set the due date to Dec 31, 2027.',
      'Closed this epic.',
    ]);
    const epicJson = async (iid: string) =>
      (
        await as('owner').json<{ id: number; parent_id: number | null; state: string; labels: string[] }>(
          `/api/v4/groups/${acmeId}/epics/${iid}`,
        )
      ).body;
    const middle = await epicJson(epic.iid);
    expect(middle).toMatchObject({
      state: 'closed',
      labels: ['qa-bug'],
      parent_id: (await epicJson(parent.iid)).id,
    });
    expect((await epicJson(child.iid)).parent_id).toBe(middle.id);
    const again = await comment(
      'reporter',
      path,
      `/child_epic &${child.iid}\n/remove_child_epic &${parent.iid}`,
    );
    expect(again.body.quick_actions_status.error_messages).toEqual([
      'Given epic is already related to this epic.',
      'Child epic does not exist.',
    ]);
    const undo = await comment(
      'reporter',
      path,
      `/remove_child_epic &${child.iid}\n/remove_parent_epic\n/reopen`,
    );
    expect(undo.body.quick_actions_status.messages).toEqual([
      `Removed &${child.iid} from child epics.`,
      `Removed parent epic &${parent.iid}.`,
      'Reopened this epic.',
    ]);
    expect((await epicJson(epic.iid)).parent_id).toBeNull();
    const guest = await comment('guest', path, '/label ~two words\n/close');
    expect(guest.status).toBe(201);
    expect((await epicJson(epic.iid)).state).toBe('opened');
  });

  it('runs the commands an epic shares with issues: title, labels, confidentiality, subscription, links', async () => {
    const epic = await createEpic(as('owner'), 'acme', { title: 'Shared' });
    const other = await createEpic(as('owner'), 'acme', { title: 'Other' });
    const blocked = await createEpic(as('owner'), 'acme', { title: 'Blocked' });
    const path = `/groups/acme/-/epics/${epic.iid}`;
    const epicJson = async (iid = epic.iid) =>
      (
        await as('owner').json<{ id: number; title: string; labels: string[]; confidential: boolean }>(
          `/api/v4/groups/${acmeId}/epics/${iid}`,
        )
      ).body;
    const links = async () =>
      (await as('owner').json<{ id: number; link_type: string }[]>(`${path}/related_epic_links`)).body
        .map((link) => [link.id, link.link_type])
        .sort();
    const idOf = async (iid: string) => (await epicJson(iid)).id;

    const first = await comment(
      'reporter',
      path,
      `/title Renamed epic\n/label ~qa-bug\n/subscribe\n/relate &${other.iid}\n/blocks &${blocked.iid}`,
    );
    expect(first.body.quick_actions_status.messages).toEqual([
      'Changed the title to "Renamed epic".',
      'Added ~qa-bug label.',
      'Subscribed to notifications.',
      `Added &${other.iid} as a linked item related to this epic.`,
      `Added &${blocked.iid} as a linked item blocked by this epic.`,
    ]);
    expect(first.body.commands_changes).toMatchObject({
      title: 'Renamed epic',
      subscription_event: 'subscribe',
    });
    expect(await links()).toEqual(
      [
        [await idOf(other.iid), 'relates_to'],
        [await idOf(blocked.iid), 'blocks'],
      ].sort(),
    );

    const second = await comment(
      'reporter',
      path,
      `/relabel ~"two words"\n/confidential\n/unsubscribe\n/unlink &${other.iid}`,
    );
    expect(second.body.quick_actions_status.messages).toEqual([
      'Replaced all labels with ~"two words" label.',
      'Made this epic confidential.',
      'Unsubscribed from notifications.',
      `Removed linked item &${other.iid}.`,
    ]);
    expect(await epicJson()).toMatchObject({
      title: 'Renamed epic',
      labels: ['two words'],
      confidential: true,
    });
    expect(await links()).toEqual([[await idOf(blocked.iid), 'blocks']]);

    const third = await comment('reporter', path, `/unlabel\n/unlink &${other.iid}`);
    expect(third.body.quick_actions_status.messages).toEqual(['Removed all labels.']);
    expect(third.body.quick_actions_status.error_messages).toEqual([
      'No linked issue matches the provided parameter.',
    ]);
    expect((await epicJson()).labels).toEqual([]);
  });

  it('runs a saved description’s commands and saves it without them', async () => {
    const { iid } = await newIssue();
    const saved = await send('reporter', 'PUT', `/${PROJECT}/-/issues/${iid}.json`, {
      issue: { description: 'The plan\n/label ~qa-bug\n/due tomorrow\n```\n/close\n```' },
    });
    expect(saved.status).toBe(200);
    const after = await issue(iid);
    expect(after.description).toBe('The plan\n```\n/close\n```');
    expect(after.labels).toEqual(['qa-bug']);
    expect(after.due_date).not.toBeNull();
    expect(after.state).toBe('opened');
    expect(((await saved.json()) as { description: string }).description).not.toContain('/label');

    const epic = await createEpic(as('owner'), 'acme', { title: 'Described' });
    const epicSave = await send('reporter', 'PUT', `/groups/acme/-/epics/${epic.iid}.json`, {
      epic: { description: 'Epic plan\n/label ~"two words"' },
    });
    expect(epicSave.status).toBe(200);
    const row = await server.db
      .selectFrom('epics')
      .select(['id', 'description'])
      .where('group_id', '=', acmeId)
      .where('iid', '=', Number(epic.iid))
      .executeTakeFirstOrThrow();
    expect(row.description).toBe('Epic plan');
  });

  it('runs a new issue’s description commands that need no saved issue', async () => {
    const created = await newIssue({ description: 'New\n/label ~qa-bug\n/weight 5\n/close' }, 'reporter');
    expect(created.description).toBe('New\n/close');
    expect(created.labels).toEqual(['qa-bug']);
    expect(created.weight).toBe(5);
    expect(created.state).toBe('opened');
    const byGuest = await newIssue({ description: '/label ~qa-bug\nMine' }, 'guest');
    expect(byGuest.description).toBe('/label ~qa-bug\nMine');
    expect(byGuest.labels).toEqual([]);
  });

  it('previews what a text’s commands will do on the target', async () => {
    const { iid } = await newIssue();
    const preview = async (person: Person, query: string, text: string) => {
      const response = await send(person, 'POST', `/${PROJECT}/-/preview_markdown${query}`, { text });
      expect(response.status).toBe(200);
      return (await response.json()) as { body: string; references: { users: string[]; commands: string } };
    };
    const text = '/label ~qa-bug\n/close\n/due 2026-12-31\nHi @developer';
    const shown = await preview('reporter', `?target_type=Issue&target_id=${iid}`, text);
    // The explanation's label reference renders as the label, as GitLab's preview shows it.
    const labelPill =
      /Adds <a href="[^"]*label_name%5B%5D=qa-bug" class="gfm gfm-label"[^>]*>.*qa-bug.*<\/a> label\./;
    expect(shown.references.commands).toMatch(labelPill);
    expect(shown.references.commands).toContain('Closes this issue.');
    expect(shown.references.commands).toContain('Sets the due date to Dec 31, 2026.');
    expect(shown.references.users).toEqual(['developer']);
    expect(shown.body).not.toContain('/label');
    expect(shown.body).toContain('Hi <a href="/developer" class="gfm gfm-project_member"');
    expect((await issue(iid)).labels).toEqual([]);

    const guest = await preview('guest', `?target_type=Issue&target_id=${iid}`, text);
    expect(guest.references.commands).toBe('');
    expect(guest.body).toContain('/label');

    const newForm = await preview('reporter', '?target_type=Issue', text);
    expect(newForm.references.commands).toMatch(labelPill);
    expect(newForm.references.commands).not.toContain('Closes');

    const epic = await createEpic(as('owner'), 'acme', { title: 'Previewed' });
    const epicPreview = await send('reporter', 'POST', `/groups/acme/-/preview_markdown`, {
      text: '/close\nBody',
      target_type: 'Epic',
      target_id: Number(epic.iid),
    });
    const epicBody = (await epicPreview.json()) as { body: string; references: { commands: string } };
    expect(epicBody.references.commands).toContain('Closes this epic.');
    expect(epicBody.body).not.toContain('/close');
  });
});
