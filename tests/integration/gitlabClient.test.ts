import { Gitlab } from '@gitbeaker/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

/** The acceptance of the foundation: a real GitLab client library, pointed at our /api/v4 with a token. */
describe.each(BACKENDS)('a GitLab client library (gitbeaker) against /api/v4 (%s)', (backend) => {
  let server: TestServer;
  let api: InstanceType<typeof Gitlab>;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    api = new Gitlab({ host: server.baseUrl, token: await server.tokenFor('owner') });
  });
  afterAll(() => server?.close());

  it('reads the current user, groups and projects', async () => {
    expect((await api.Users.showCurrentUser()).username).toBe('owner');
    const [developer] = await api.Users.all({ username: 'developer' });
    expect((await api.Users.show(developer!.id)).username).toBe('developer');
    const groups = await api.Groups.all({ search: 'platform' });
    expect(groups.map((group) => group.full_path)).toContain('acme/platform');
    const subgroups = await api.Groups.allSubgroups('acme');
    expect(subgroups.map((group) => group.full_path)).toEqual(
      expect.arrayContaining(['acme/platform', 'acme/product', 'acme/security']),
    );
    const project = await api.Projects.show('acme/platform/backend/api');
    expect(project.path_with_namespace).toBe('acme/platform/backend/api');
  });

  it('creates, edits, lists the issues of and deletes project and group milestones', async () => {
    const project = await api.ProjectMilestones.create('workshop/playground', 'Client sprint', {
      description: 'Made by gitbeaker',
      startDate: '2026-09-01',
      dueDate: '2026-09-14',
    });
    expect(project).toMatchObject({ title: 'Client sprint', state: 'active', due_date: '2026-09-14' });
    const closed = await api.ProjectMilestones.edit('workshop/playground', project.id, {
      stateEvent: 'close',
    });
    expect(closed.state).toBe('closed');
    const listed = await api.ProjectMilestones.all('workshop/playground', { state: 'closed' });
    expect(listed.map((milestone) => milestone.title)).toContain('Client sprint');
    expect(await api.ProjectMilestones.allAssignedIssues('workshop/playground', project.id)).toEqual([]);
    await api.ProjectMilestones.remove('workshop/playground', project.id);
    await expect(api.ProjectMilestones.show('workshop/playground', project.id)).rejects.toThrow(
      /404|Not Found/,
    );

    const group = await api.GroupMilestones.create('workshop', 'Client quarter');
    expect((await api.GroupMilestones.show('workshop', group.id)).title).toBe('Client quarter');
    await expect(api.GroupMilestones.create('workshop', 'Client quarter')).rejects.toThrow();
    await api.GroupMilestones.remove('workshop', group.id);
  });

  it('lists, creates, updates and deletes group epics', async () => {
    const page = await api.Epics.all('acme', { state: 'opened', perPage: 20, maxPages: 1 });
    expect(page.length).toBe(20);
    expect(page.every((epic) => epic.state === 'opened')).toBe(true);

    const created = await api.Epics.create('acme/product', 'Offline mode for the mobile app', {
      description: 'Read and queue writes while offline',
      labels: 'type::feature',
      startDateIsFixed: true,
      startDateFixed: '2026-08-01',
      dueDateIsFixed: true,
      dueDateFixed: '2026-11-30',
    });
    expect(created).toMatchObject({
      title: 'Offline mode for the mobile app',
      start_date: '2026-08-01',
      due_date: '2026-11-30',
    });

    const edited = await api.Epics.edit('acme/product', created.iid, {
      title: 'Offline mode',
      stateEvent: 'close',
    });
    expect(edited).toMatchObject({ title: 'Offline mode', state: 'closed' });
    expect((await api.Epics.show('acme/product', created.iid)).title).toBe('Offline mode');

    await api.Epics.remove('acme/product', created.iid);
    await expect(api.Epics.show('acme/product', created.iid)).rejects.toThrow(/404|Not Found/);
  });

  it('works on project issues: list, create, edit, subscribe, to-do, participants, links, delete', async () => {
    const project = 'acme/platform/backend/api';
    const opened = await api.Issues.all({ projectId: project, state: 'opened', perPage: 5, maxPages: 1 });
    expect(opened.length).toBeGreaterThan(0);
    const created = await api.Issues.create(project, 'Exports time out on large projects', {
      description: 'Seen on projects with **10k** issues.',
    });
    const edited = await api.Issues.edit(project, created.iid, {
      stateEvent: 'close',
      weight: 3,
      addLabels: 'backend',
    });
    expect([edited.state, edited.weight, edited.labels]).toEqual(['closed', 3, ['backend']]);
    expect((await api.Issues.show(created.iid, { projectId: project })).state).toBe('closed');

    // The author is subscribed by authorship; unsubscribing and subscribing again round-trips.
    expect((await api.Issues.unsubscribe(project, created.iid)).subscribed).toBe(false);
    expect((await api.Issues.subscribe(project, created.iid)).subscribed).toBe(true);
    const todo = await api.Issues.createTodo(project, created.iid);
    expect([todo.action_name, todo.target_type, todo.state]).toEqual(['marked', 'Issue', 'pending']);
    const participants = await api.Issues.allParticipants(project, created.iid);
    expect(participants.map((user) => user.username)).toEqual(['owner']);

    const other = opened[0]!;
    // gitbeaker types the answer loosely; GitLab's shape is { source_issue, target_issue, link_type }.
    const link = (await api.IssueLinks.create(project, created.iid, project, other.iid, {
      linkType: 'blocks',
    })) as unknown as { source_issue: { iid: number }; target_issue: { iid: number }; link_type: string };
    expect([link.source_issue.iid, link.target_issue.iid, link.link_type]).toEqual([
      created.iid,
      other.iid,
      'blocks',
    ]);
    const links = await api.IssueLinks.all(project, created.iid);
    expect(links.map((issue) => [issue.iid, issue.link_type])).toEqual([[other.iid, 'blocks']]);
    await api.IssueLinks.remove(project, created.iid, links[0]!.issue_link_id as number);
    expect(await api.IssueLinks.all(project, created.iid)).toEqual([]);

    await api.Issues.remove(project, created.iid);
    await expect(api.Issues.show(created.iid, { projectId: project })).rejects.toThrow(/404|Not Found/);
  });

  it('comments, threads and reacts on issues and epics (IssueNotes, IssueDiscussions, EpicNotes)', async () => {
    const project = 'acme/platform/backend/api';
    const issue = await api.Issues.create(project, 'Talk about exports');
    const note = await api.IssueNotes.create(project, issue.iid, 'Seen it too');
    expect([note.body, note.noteable_type]).toEqual(['Seen it too', 'Issue']);
    expect((await api.IssueNotes.edit(project, issue.iid, note.id, { body: 'Seen it twice' })).body).toBe(
      'Seen it twice',
    );
    expect((await api.IssueNotes.all(project, issue.iid)).map((item) => item.body)).toEqual([
      'Seen it twice',
    ]);
    expect((await api.IssueNotes.show(project, issue.iid, note.id)).id).toBe(note.id);

    const thread = await api.IssueDiscussions.create(project, issue.iid, 'Should we page?');
    const reply = await api.IssueDiscussions.addNote(project, issue.iid, thread.id, 'Yes', {});
    await api.IssueDiscussions.editNote(project, issue.iid, thread.id, reply.id, { body: 'Yes, by 100' });
    const shown = await api.IssueDiscussions.show(project, issue.iid, thread.id);
    // gitbeaker types `notes` loosely (camelised or not); GitLab's shape is an array of notes.
    const notes = shown.notes as unknown as { body: string }[];
    expect(notes.map((item) => item.body)).toEqual(['Should we page?', 'Yes, by 100']);
    await api.IssueDiscussions.removeNote(project, issue.iid, thread.id, reply.id);
    expect((await api.IssueDiscussions.all(project, issue.iid)).length).toBe(2);

    const award = await api.IssueAwardEmojis.award(project, issue.iid, 'thumbsup');
    expect((await api.Issues.show(issue.iid, { projectId: project })).upvotes).toBe(1);
    await api.IssueAwardEmojis.remove(project, issue.iid, award.id);
    await api.IssueNoteAwardEmojis.award(project, issue.iid, note.id, 'tada');
    expect(
      (await api.IssueNoteAwardEmojis.all(project, issue.iid, note.id)).map((item) => item.name),
    ).toEqual(['tada']);
    await api.IssueNotes.remove(project, issue.iid, note.id);
    expect(await api.IssueNotes.all(project, issue.iid)).toEqual([]);

    const epic = await api.Epics.create('acme', 'Exports epic');
    const epicNote = await api.EpicNotes.create('acme', epic.id, 'On the epic');
    expect(epicNote.noteable_type).toBe('Epic');
    expect((await api.EpicNotes.all('acme', epic.id)).map((item) => item.body)).toEqual(['On the epic']);
    const epicThread = await api.EpicDiscussions.create('acme', epic.id, 'Epic thread');
    expect((await api.EpicDiscussions.show('acme', epic.id, epicThread.id)).id).toBe(epicThread.id);
  });

  it('pages through every epic of a group with the pagination headers', async () => {
    const all = await api.Epics.all('acme', { perPage: 100 });
    const total = Number(
      (
        await fetch(`${server.baseUrl}/api/v4/groups/acme/epics?per_page=1`, {
          headers: { 'PRIVATE-TOKEN': await server.tokenFor('owner') },
        })
      ).headers.get('x-total'),
    );
    expect(all.length).toBe(total);
    expect(new Set(all.map((epic) => epic.id)).size).toBe(total);
  });
});
