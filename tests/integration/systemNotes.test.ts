import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../../src/core/domain/gid.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { newEpic, newIssue, sendJson } from './epicLinksFixtures.ts';

const PROJECT = 'acme/platform/backend/api';
const WORKSHOP_PROJECT = 'workshop/playground';

interface NoteRow {
  note: string;
  system_note_action: string | null;
  description_version_id: number | null;
}

describe.each(BACKENDS)('system notes for every change (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  let labels: { id: number; title: string }[];
  let milestone: { id: number; title: string };
  const as = (person: Person | 'anonymous') => clients.get(person)!;

  const notesOf = async (type: 'Epic' | 'Issue', id: number): Promise<NoteRow[]> =>
    server.db
      .selectFrom('notes')
      .select(['note', 'system_note_action', 'description_version_id'])
      .where('noteable_type', '=', type)
      .where('noteable_id', '=', id)
      .where('system', '=', true)
      .orderBy('id')
      .execute();
  const pairs = async (type: 'Epic' | 'Issue', id: number) =>
    (await notesOf(type, id)).map((row) => [row.system_note_action, row.note]);
  const userId = async (username: string) =>
    (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;
  const projectId = async (fullPath: string) => await projectIdOf(server, fullPath);
  const putIssue = async (person: Person, project: string, iid: number, body: Record<string, unknown>) =>
    sendJson(as(person), 'PUT', `/api/v4/projects/${await projectId(project)}/issues/${iid}`, body);
  const putEpic = (group: string, iid: number, body: Record<string, unknown>) =>
    sendJson(as('owner'), 'PUT', `/api/v4/groups/${encodeURIComponent(group)}/epics/${iid}`, body);

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 40 });
    clients = await signedInClients(server);
    const acme = await server.db
      .selectFrom('namespaces')
      .select('id')
      .where('full_path', '=', 'acme')
      .executeTakeFirstOrThrow();
    labels = await server.db
      .selectFrom('labels')
      .select(['id', 'title'])
      .where('group_id', '=', acme.id)
      .where('title', 'not like', '%::%')
      .orderBy('id')
      .limit(2)
      .execute();
    milestone = await server.db
      .selectFrom('milestones')
      .select(['id', 'title'])
      .where('group_id', '=', acme.id)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
  });
  afterAll(() => closeCheckingRollups(server));

  it('writes one note per kind of issue change through REST, with its action', async () => {
    const issue = await newIssue(as('owner'), PROJECT, { title: 'Old title' });
    const developer = await userId('developer');
    const saved = await putIssue('owner', PROJECT, issue.iid, {
      title: 'New title',
      description: 'First words',
      add_labels: labels.map((label) => label.title).join(','),
      milestone_id: milestone.id,
      assignee_ids: [developer],
      due_date: '2026-12-31',
      weight: 3,
      confidential: true,
      discussion_locked: true,
    });
    expect(saved.status).toBe(200);
    // Labels are named in title order, as the issue lists them.
    const labelRefs = labels
      .map((label) => `~"${label.title}"`)
      .sort()
      .join(' ');
    expect(await pairs('Issue', issue.id)).toEqual([
      ['title', 'changed title from **Old title** to **New title**'],
      ['description', 'changed the description'],
      ['confidential', 'made the issue confidential'],
      ['locked', 'locked the discussion in this issue'],
      ['milestone', `changed milestone to %"${milestone.title}"`],
      ['label', `added ${labelRefs} labels`],
      ['assignee', 'assigned to @developer'],
      ['start_date_or_due_date', 'changed due date to December 31, 2026'],
      ['weight', 'changed weight to **3**'],
    ]);

    const before = (await notesOf('Issue', issue.id)).length;
    expect(
      (
        await putIssue('owner', PROJECT, issue.iid, {
          state_event: 'close',
          remove_labels: labels[0]!.title,
          milestone_id: 0,
          assignee_ids: [],
          due_date: '',
          weight: '',
          confidential: false,
        })
      ).status,
    ).toBe(200);
    expect((await pairs('Issue', issue.id)).slice(before)).toEqual([
      ['closed', 'closed'],
      ['visible', 'made the issue visible to everyone'],
      ['milestone', 'removed milestone'],
      ['label', `removed ~"${labels[0]!.title}" label`],
      ['assignee', 'unassigned @developer'],
      ['start_date_or_due_date', 'removed due date December 31, 2026'],
      ['weight', 'removed the weight'],
    ]);
    expect((await putIssue('owner', PROJECT, issue.iid, { state_event: 'reopen' })).status).toBe(200);
    expect((await pairs('Issue', issue.id)).at(-1)).toEqual(['reopened', 'reopened']);
  });

  it('writes nothing for a save that changes nothing, and nothing when the save is refused', async () => {
    const issue = await newIssue(as('owner'), PROJECT, { title: 'Same' });
    expect(
      (await putIssue('owner', PROJECT, issue.iid, { title: 'Same', state_event: 'reopen' })).status,
    ).toBe(200);
    expect((await putIssue('guest', PROJECT, issue.iid, { weight: 5 })).status).toBe(403);
    expect((await putIssue('owner', PROJECT, issue.iid, { weight: -1, title: 'Other' })).status).toBe(400);
    expect(await notesOf('Issue', issue.id)).toEqual([]);
  });

  it('writes the same notes through GraphQL mutations', async () => {
    const issue = await newIssue(as('owner'), PROJECT);
    const mutate = (name: string, input: Record<string, unknown>) =>
      as('owner').graphql(
        `mutation ($input: ${name[0]!.toUpperCase()}${name.slice(1)}Input!) { ${name}(input: $input) { errors } }`,
        { input: { projectPath: PROJECT, iid: String(issue.iid), ...input } },
      );
    await mutate('issueSetWeight', { weight: 8 });
    await mutate('issueSetMilestone', { milestoneId: toGlobalId('Milestone', milestone.id) });
    await mutate('issueSetConfidential', { confidential: true });
    await mutate('updateIssue', { healthStatus: 'atRisk' });
    expect(await pairs('Issue', issue.id)).toEqual([
      ['weight', 'changed weight to **8**'],
      ['milestone', `changed milestone to %"${milestone.title}"`],
      ['confidential', 'made the issue confidential'],
      ['health_status', 'changed health status to **at risk**'],
    ]);
  });

  it('writes notes on every issue of a bulk edit', async () => {
    const first = await newIssue(as('owner'), PROJECT);
    const second = await newIssue(as('owner'), PROJECT);
    const response = await as('owner').request('POST', `/${PROJECT}/-/issues/bulk_update`, {
      json: {
        update: {
          issuable_ids: `${first.id},${second.id}`,
          add_label_ids: [labels[1]!.id],
          state_event: 'close',
        },
      },
      headers: { 'x-csrf-token': as('owner').csrfToken },
    });
    expect(response.status).toBe(200);
    for (const issue of [first, second]) {
      expect(await pairs('Issue', issue.id)).toEqual([
        ['closed', 'closed'],
        ['label', `added ~"${labels[1]!.title}" label`],
      ]);
    }
  });

  it("gives a newly assigned user an 'assigned you' to-do, but not the one who assigns themselves", async () => {
    const issue = await newIssue(as('owner'), PROJECT);
    const [owner, developer] = [await userId('owner'), await userId('developer')];
    expect((await putIssue('owner', PROJECT, issue.iid, { assignee_ids: [owner, developer] })).status).toBe(
      200,
    );
    const todos = await server.db
      .selectFrom('todos')
      .select(['user_id', 'author_id', 'action'])
      .where('target_type', '=', 'Issue')
      .where('target_id', '=', issue.id)
      .execute();
    expect(todos).toEqual([{ user_id: developer, author_id: owner, action: 1 }]);
    const pending = await as('developer').json<{ action_name: string; target: { iid: number } }[]>(
      '/api/v4/todos?action=assigned',
    );
    expect(
      pending.body.some((todo) => todo.action_name === 'assigned' && todo.target.iid === issue.iid),
    ).toBe(true);
  });

  it('keeps every description as a version and diffs one against the previous one', async () => {
    const issue = await newIssue(as('owner'), WORKSHOP_PROJECT, { title: 'Versions' });
    await putIssue('owner', WORKSHOP_PROJECT, issue.iid, { description: 'The quick <fox>' });
    await putIssue('owner', WORKSHOP_PROJECT, issue.iid, { description: 'The slow <fox>' });
    const described = (await notesOf('Issue', issue.id)).filter(
      (row) => row.system_note_action === 'description',
    );
    expect(described).toHaveLength(2);
    const [firstVersion, secondVersion] = described.map((row) => row.description_version_id!);
    const item = `/${WORKSHOP_PROJECT}/-/issues/${issue.iid}`;
    const diff = (person: Person | 'anonymous', path: string) =>
      sendJson<{ html: string }>(as(person), 'GET', path);
    expect((await diff('anonymous', `${item}/descriptions/${firstVersion}/diff`)).body).toEqual({
      html: '<span class="idiff addition">The quick &lt;fox&gt;</span>',
    });
    expect((await diff('guest', `${item}/descriptions/${secondVersion}/diff`)).body).toEqual({
      html: 'The <span class="idiff deletion">quick</span><span class="idiff addition">slow</span> &lt;fox&gt;',
    });
    // Another item's version, a missing one and a malformed id.
    const other = await newIssue(as('owner'), WORKSHOP_PROJECT);
    expect(
      (await diff('owner', `/${WORKSHOP_PROJECT}/-/issues/${other.iid}/descriptions/${secondVersion}/diff`))
        .status,
    ).toBe(404);
    expect((await diff('owner', `${item}/descriptions/999999999/diff`)).status).toBe(404);
    expect((await diff('owner', `${item}/descriptions/abc/diff`)).status).toBe(400);
    // A confidential issue: unreadable for outsiders and anonymous visitors, whatever the id.
    expect((await putIssue('owner', WORKSHOP_PROJECT, issue.iid, { confidential: true })).status).toBe(200);
    expect((await diff('outsider', `${item}/descriptions/${secondVersion}/diff`)).status).toBe(404);
    expect((await diff('anonymous', `${item}/descriptions/abc/diff`)).status).toBe(404);
    expect((await diff('owner', `${item}/descriptions/${secondVersion}/diff`)).status).toBe(200);
  });

  it('keeps the description an item had before its first edit as the previous version', async () => {
    const created = await sendJson<{ id: number; iid: number }>(
      as('owner'),
      'POST',
      `/api/v4/groups/workshop/epics`,
      { title: 'Described', description: 'alpha beta' },
    );
    await putEpic('workshop', created.body.iid, { description: 'alpha gamma' });
    const [note] = await notesOf('Epic', created.body.id);
    expect(note).toMatchObject({ system_note_action: 'description', note: 'changed the description' });
    const answer = await sendJson<{ html: string }>(
      as('reporter'),
      'GET',
      `/groups/workshop/-/epics/${created.body.iid}/descriptions/${note!.description_version_id}/diff`,
    );
    expect(answer.body.html).toBe(
      'alpha <span class="idiff deletion">beta</span><span class="idiff addition">gamma</span>',
    );
  });

  it('writes the notes of epic changes, dates and parents included', async () => {
    const parent = await newEpic(as('owner'), 'workshop', { title: 'Parent' });
    const epic = await newEpic(as('owner'), 'workshop', { title: 'Epic A' });
    expect(
      (
        await putEpic('workshop', epic.iid, {
          title: 'Epic B',
          start_date_fixed: '2026-03-01',
          due_date_fixed: '2026-12-31',
          add_labels: 'priority::high',
          color: '#6699cc',
          state_event: 'close',
          parent_id: parent.id,
        })
      ).status,
    ).toBe(200);
    expect(await pairs('Epic', epic.id)).toEqual([
      ['title', 'changed title from **Epic A** to **Epic B**'],
      ['closed', 'closed'],
      ['color', 'changed color from `#1068bf` to `#6699cc`'],
      ['label', 'added ~"priority::high" label'],
      [
        'start_date_or_due_date',
        'changed start date to March 1, 2026 and changed due date to December 31, 2026',
      ],
      ['relate_epic', `added epic &${parent.iid} as parent epic`],
    ]);
    expect(await pairs('Epic', parent.id)).toEqual([
      ['relate_epic', `added epic &${epic.iid} as child epic`],
    ]);
    const unlinked = await sendJson(
      as('owner'),
      'DELETE',
      `/api/v4/groups/workshop/epics/${parent.iid}/epics/${epic.id}`,
    );
    expect(unlinked.status).toBe(200);
    expect((await pairs('Epic', parent.id)).at(-1)).toEqual([
      'unrelate_epic',
      `removed child epic &${epic.iid}`,
    ]);
    expect((await pairs('Epic', epic.id)).at(-1)).toEqual([
      'unrelate_epic',
      `removed parent epic &${parent.iid}`,
    ]);
  });

  it("writes both sides' notes when an issue joins, moves between and leaves epics", async () => {
    const first = await newEpic(as('owner'), 'workshop');
    const second = await newEpic(as('owner'), 'workshop');
    const issue = await newIssue(as('owner'), WORKSHOP_PROJECT);
    const issueRef = `${WORKSHOP_PROJECT}#${issue.iid}`;
    const add = (epic: { iid: number }) =>
      sendJson<{ id: number }>(
        as('owner'),
        'POST',
        `/api/v4/groups/workshop/epics/${epic.iid}/issues/${issue.id}`,
      );
    expect((await add(first)).status).toBe(201);
    expect(await pairs('Epic', first.id)).toEqual([['epic_issue_added', `added issue ${issueRef}`]]);
    expect(await pairs('Issue', issue.id)).toEqual([
      ['issue_added_to_epic', `added to epic workshop&${first.iid}`],
    ]);
    const moved = await add(second);
    expect(moved.status).toBe(201);
    expect(await pairs('Epic', second.id)).toEqual([
      ['epic_issue_moved', `added issue ${issueRef} from epic &${first.iid}`],
    ]);
    expect((await pairs('Epic', first.id)).at(-1)).toEqual([
      'epic_issue_moved',
      `moved issue ${issueRef} to epic &${second.iid}`,
    ]);
    expect((await pairs('Issue', issue.id)).at(-1)).toEqual([
      'issue_changed_epic',
      `changed epic to workshop&${second.iid}`,
    ]);
    const removed = await sendJson(
      as('owner'),
      'DELETE',
      `/api/v4/groups/workshop/epics/${second.iid}/issues/${moved.body.id}`,
    );
    expect(removed.status).toBe(200);
    expect((await pairs('Epic', second.id)).at(-1)).toEqual([
      'epic_issue_removed',
      `removed issue ${issueRef}`,
    ]);
    expect((await pairs('Issue', issue.id)).at(-1)).toEqual([
      'issue_removed_from_epic',
      `removed from epic workshop&${second.iid}`,
    ]);
    // A refused link writes nothing.
    const count = (await notesOf('Issue', issue.id)).length;
    expect(
      (await sendJson(as('guest'), 'POST', `/api/v4/groups/workshop/epics/${first.iid}/issues/${issue.id}`))
        .status,
    ).toBe(403);
    expect(await notesOf('Issue', issue.id)).toHaveLength(count);
  });

  it('writes relation notes on both issues, and on removal', async () => {
    const source = await newIssue(as('owner'), WORKSHOP_PROJECT);
    const target = await newIssue(as('owner'), WORKSHOP_PROJECT);
    const linksPath = `/api/v4/projects/${await projectId(WORKSHOP_PROJECT)}/issues/${source.iid}/links`;
    const linked = await sendJson<{ source_issue: unknown; link_type: string }>(
      as('owner'),
      'POST',
      linksPath,
      {
        target_project_id: WORKSHOP_PROJECT,
        target_issue_iid: String(target.iid),
        link_type: 'blocks',
      },
    );
    expect(linked.status).toBe(201);
    expect(await pairs('Issue', source.id)).toEqual([
      ['relate', `marked this issue as blocking #${target.iid}`],
    ]);
    expect(await pairs('Issue', target.id)).toEqual([
      ['relate', `marked this issue as blocked by #${source.iid}`],
    ]);
    const [link] = await server.db
      .selectFrom('issue_links')
      .select('id')
      .where('source_id', '=', source.id)
      .execute();
    expect((await sendJson(as('owner'), 'DELETE', `${linksPath}/${link!.id}`)).status).toBe(200);
    expect((await pairs('Issue', source.id)).at(-1)).toEqual([
      'unrelate',
      `removed the relation with #${target.iid}`,
    ]);
    expect((await pairs('Issue', target.id)).at(-1)).toEqual([
      'unrelate',
      `removed the relation with #${source.iid}`,
    ]);
  });

  it('shows system notes in the activity with their action and description version', async () => {
    const issue = await newIssue(as('owner'), WORKSHOP_PROJECT);
    await putIssue('owner', WORKSHOP_PROJECT, issue.iid, { description: 'Shown' });
    const page = await as('guest').json<{
      discussions: {
        notes: { system: boolean; system_note_action: string; description_version_id: number }[];
      }[];
    }>(`/${WORKSHOP_PROJECT}/-/issues/${issue.iid}/discussions.json`);
    const [note] = page.body.discussions.flatMap((discussion) => discussion.notes);
    expect(note).toMatchObject({ system: true, system_note_action: 'description' });
    expect(note?.description_version_id).toBeGreaterThan(0);
  });
});
