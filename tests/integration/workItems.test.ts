import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../../src/core/domain/gid.ts';
import { CONCURRENT_EDIT_MESSAGE } from '../../src/core/domain/issuableTexts.ts';
import { HIERARCHY_MESSAGES } from '../../src/core/domain/workItemHierarchy.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData, NOT_AVAILABLE, type Person, signedInClients, userId } from '../helpers/epicSidebar.ts';
import { readWithImports } from '../helpers/gitlabQueries.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';
const OTHER_PROJECT = 'acme/handbook';
const PRIVATE_PROJECT = 'acme/security/vault-audit';
const TASK_TYPE = 'gid://gitlab/WorkItems::Type/5';
const ISSUE_TYPE = 'gid://gitlab/WorkItems::Type/1';

interface WorkItem {
  id: string;
  iid: string;
  title: string;
  state: string;
  confidential: boolean;
  description: string;
  lockVersion: number;
  workItemType: { name: string };
  widgets: { type: string; parent?: { id: string } | null; children?: { nodes: { id: string }[] } }[];
}

const FIELDS = `id iid title state confidential description lockVersion workItemType { name }
  widgets { type ... on WorkItemWidgetHierarchy { parent { id } children { nodes { id } } } }`;

type Payload = { workItem?: WorkItem | null; newWorkItem?: WorkItem | null; errors: string[] } | null;

describe.each(BACKENDS)("GitLab's work items (%s)", (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;

  const mutate = async (
    person: Person | 'anonymous',
    name: string,
    input: Record<string, unknown>,
    read = '',
  ) => {
    const type = `${name[0]!.toUpperCase()}${name.slice(1)}Input`;
    const { body } = await as(person).graphql<Record<string, Payload>>(
      `mutation ($input: ${type}!) { ${name}(input: $input) { errors ${read} } }`,
      { input },
    );
    return { payload: body.data?.[name] ?? null, errors: body.errors ?? [] };
  };
  const create = (person: Person | 'anonymous', input: Record<string, unknown>) =>
    mutate(person, 'workItemCreate', { projectPath: PROJECT, ...input }, `workItem { ${FIELDS} }`);
  const update = (person: Person | 'anonymous', input: Record<string, unknown>) =>
    mutate(person, 'workItemUpdate', input, `workItem { ${FIELDS} }`);
  const read = async (id: string, person: Person | 'anonymous' = 'owner') => {
    const { body } = await as(person).graphql<{ workItem: WorkItem | null }>(
      `query ($id: WorkItemID!) { workItem(id: $id) { ${FIELDS} } }`,
      { id },
    );
    return body.data?.workItem ?? null;
  };
  const hierarchy = (item: WorkItem | null | undefined) => item?.widgets.find((w) => w.type === 'HIERARCHY');
  /** A new work item by `person`, answered in full. */
  const made = async (person: Person, input: Record<string, unknown>): Promise<WorkItem> => {
    const { payload, errors } = await create(person, input);
    expect(errors).toEqual([]);
    expect(payload?.errors).toEqual([]);
    return payload!.workItem!;
  };
  const newIssue = (title: string, extra: Record<string, unknown> = {}) =>
    made('owner', { title, workItemTypeId: ISSUE_TYPE, ...extra });
  const newTask = (parent: WorkItem, title: string, extra: Record<string, unknown> = {}) =>
    made('reporter', {
      title,
      workItemTypeId: TASK_TYPE,
      hierarchyWidget: { parentId: parent.id },
      ...extra,
    });

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 40 });
    clients = await signedInClients(server);
  });
  afterAll(() => closeCheckingRollups(server));

  it("lists GitLab's work item types with their ids and icons on projects, groups and namespaces", async () => {
    const { body } = await as('anonymous').graphql<{
      project: { workItemTypes: { nodes: { id: string; name: string; iconName: string }[] } };
      group: { workItemTypes: { nodes: { name: string }[] } };
      task: { namespace: { workItemTypes: { nodes: { id: string; name: string }[] } } };
    }>(
      `query ($path: ID!) {
        project(fullPath: $path) { workItemTypes { nodes { id name iconName } } }
        group(fullPath: "acme") { workItemTypes { nodes { name } } }
        task: project(fullPath: $path) { namespace { workItemTypes(name: TASK) { nodes { id name } } } }
      }`,
      { path: PROJECT },
    );
    expect(body.data?.project.workItemTypes.nodes.map((type) => type.name)).toEqual([
      'Issue',
      'Incident',
      'Test Case',
      'Requirement',
      'Task',
      'Objective',
      'Key Result',
      'Epic',
    ]);
    expect(body.data?.project.workItemTypes.nodes[4]).toEqual({
      id: TASK_TYPE,
      name: 'Task',
      iconName: 'issue-type-task',
    });
    expect(body.data?.group.workItemTypes.nodes).toHaveLength(8);
    expect(body.data?.task.namespace.workItemTypes.nodes).toEqual([{ id: TASK_TYPE, name: 'Task' }]);
  });

  it('creates a task under an issue, and both sides of the link read back', async () => {
    const parent = await newIssue('Parent of tasks');
    const task = await newTask(parent, 'Write the migration');
    expect(task).toMatchObject({
      title: 'Write the migration',
      state: 'OPEN',
      workItemType: { name: 'Task' },
    });
    expect(hierarchy(task)?.parent).toEqual({ id: parent.id });
    expect(hierarchy(await read(parent.id))?.children?.nodes).toEqual([{ id: task.id }]);
    const { body } = await as('reporter').graphql<{ project: { workItem: { id: string } } }>(
      `query ($path: ID!, $iid: String!) { project(fullPath: $path) { workItem(iid: $iid) { id } } }`,
      { path: PROJECT, iid: task.iid },
    );
    expect(body.data?.project.workItem.id).toBe(task.id);
    // REST keeps GitLab's issue_type, and its lists leave tasks out unless the type asks for them.
    const projectId = (
      await server.db
        .selectFrom('projects')
        .select('id')
        .where('full_path', '=', PROJECT)
        .executeTakeFirstOrThrow()
    ).id;
    const single = await as('reporter').get(`/api/v4/projects/${projectId}/issues/${task.iid}`);
    expect(((await single.json()) as { issue_type: string }).issue_type).toBe('task');
    const listed = async (query: string) =>
      (
        (await (
          await as('reporter').get(`/api/v4/projects/${projectId}/issues?per_page=100&${query}`)
        ).json()) as {
          iid: number;
        }[]
      ).map((issue) => String(issue.iid));
    expect(await listed('search=Write%20the%20migration')).toEqual([]);
    expect(await listed('search=Write%20the%20migration&issue_type=task')).toEqual([task.iid]);
  });

  it("refuses creating without exactly one of projectPath and namespacePath, with GitLab's message", async () => {
    const both = await mutate('owner', 'workItemCreate', {
      projectPath: PROJECT,
      namespacePath: PROJECT,
      title: 'x',
      workItemTypeId: ISSUE_TYPE,
    });
    expect(both.errors.map((error) => error.message)).toEqual([
      'Please provide either projectPath or namespacePath argument, but not both.',
    ]);
    const neither = await mutate('owner', 'workItemCreate', { title: 'x', workItemTypeId: ISSUE_TYPE });
    expect(neither.errors).toHaveLength(1);
    const byNamespace = await mutate(
      'owner',
      'workItemCreate',
      { namespacePath: PROJECT, title: 'By namespace path', workItemTypeId: ISSUE_TYPE },
      'workItem { title }',
    );
    expect(byNamespace.payload).toEqual({ errors: [], workItem: { title: 'By namespace path' } });
  });

  it('refuses anonymous callers, and outsiders on a private project, as resources not available', async () => {
    const anonymous = await create('anonymous', { title: 'x', workItemTypeId: ISSUE_TYPE });
    expect(anonymous.errors[0]?.message).toMatch(NOT_AVAILABLE);
    const outsider = await mutate('outsider', 'workItemCreate', {
      projectPath: PRIVATE_PROJECT,
      title: 'x',
      workItemTypeId: ISSUE_TYPE,
    });
    expect(outsider.errors[0]?.message).toMatch(NOT_AVAILABLE);
    const secret = await made('owner', {
      projectPath: PRIVATE_PROJECT,
      title: 'Private',
      workItemTypeId: ISSUE_TYPE,
    });
    expect(await read(secret.id, 'outsider')).toBeNull();
    expect(await read(secret.id, 'anonymous')).toBeNull();
    const edit = await update('outsider', { id: secret.id, title: 'Mine now' });
    expect(edit.errors[0]?.message).toMatch(NOT_AVAILABLE);
    expect((await read(secret.id))?.title).toBe('Private');
  });

  it('keeps the hierarchy rules: tasks under issues of their project only', async () => {
    const parent = await newIssue('Hierarchy parent');
    const task = await newTask(parent, 'A task');
    const underTask = await create('reporter', {
      title: 'Task under a task',
      workItemTypeId: TASK_TYPE,
      hierarchyWidget: { parentId: task.id },
    });
    expect(underTask.payload?.errors[0]).toMatch(`cannot be added: ${HIERARCHY_MESSAGES.typeNotAllowed}`);
    const issueUnderIssue = await create('owner', {
      title: 'Issue under an issue',
      workItemTypeId: ISSUE_TYPE,
      hierarchyWidget: { parentId: parent.id },
    });
    expect(issueUnderIssue.payload?.errors[0]).toMatch(HIERARCHY_MESSAGES.typeNotAllowed);
    const requirement = await create('owner', {
      title: 'A requirement',
      workItemTypeId: 'gid://gitlab/WorkItems::Type/4',
    });
    expect(requirement.payload).toEqual({
      errors: ['Requirement work items cannot be created in a project here'],
      workItem: null,
    });
    const elsewhere = await made('owner', {
      projectPath: OTHER_PROJECT,
      title: 'Other',
      workItemTypeId: ISSUE_TYPE,
    });
    const moved = await update('reporter', { id: task.id, hierarchyWidget: { parentId: elsewhere.id } });
    expect(moved.payload?.errors).toEqual([
      `#${task.iid} cannot be added: ${HIERARCHY_MESSAGES.otherProject}`,
    ]);
    const both = await update('reporter', {
      id: parent.id,
      hierarchyWidget: { parentId: null, childrenIds: [task.id] },
    });
    expect(both.payload?.errors).toEqual([HIERARCHY_MESSAGES.parentAndChildren]);
    const unknown = await update('reporter', {
      id: task.id,
      hierarchyWidget: { parentId: 'gid://gitlab/WorkItem/999999' },
    });
    expect(unknown.payload?.errors).toEqual([HIERARCHY_MESSAGES.notFound]);
    expect(hierarchy(await read(task.id))?.parent).toEqual({ id: parent.id });
    // A guest may not move tasks (GitLab's admin_parent_link is Reporters and up).
    const guest = await update('guest', { id: task.id, hierarchyWidget: { parentId: null } });
    expect(guest.errors[0]?.message).toMatch(NOT_AVAILABLE);
    // Reporters may take a task off its parent and put it under another.
    const other = await newIssue('Second parent');
    const freed = await update('reporter', { id: task.id, hierarchyWidget: { parentId: null } });
    expect(freed.payload?.errors).toEqual([]);
    // A change of place alone leaves the work item's lock version as it was.
    expect(freed.payload?.workItem?.lockVersion).toBe(task.lockVersion);
    expect(hierarchy(await read(task.id))?.parent).toBeNull();
    const adopt = await update('reporter', { id: other.id, hierarchyWidget: { childrenIds: [task.id] } });
    expect(adopt.payload?.errors).toEqual([]);
    expect(hierarchy(await read(other.id))?.children?.nodes).toEqual([{ id: task.id }]);
  });

  it('makes a confidential parent take confidential children only', async () => {
    const parent = await newIssue('Confidential parent', { confidential: true });
    const inherited = await newTask(parent, 'Inherits confidentiality');
    expect(inherited.confidential).toBe(true);
    const publicChild = await create('reporter', {
      title: 'Public child',
      workItemTypeId: TASK_TYPE,
      confidential: false,
      hierarchyWidget: { parentId: parent.id },
    });
    expect(publicChild.payload?.errors[0]).toMatch(HIERARCHY_MESSAGES.confidentialParent);
    const reveal = await update('reporter', { id: inherited.id, confidential: false });
    expect(reveal.payload?.errors).toEqual([HIERARCHY_MESSAGES.nonConfidentialChild]);
    expect((await read(inherited.id))?.confidential).toBe(true);
    const open = await newIssue('Open parent');
    await newTask(open, 'Public task');
    const hide = await update('reporter', { id: open.id, confidential: true });
    expect(hide.payload?.errors).toEqual([HIERARCHY_MESSAGES.confidentialWithPublicChildren]);
    expect((await read(open.id))?.confidential).toBe(false);
  });

  it('updates title, state, description and the metadata widgets through the issue rules', async () => {
    const parent = await newIssue('Widgets parent');
    const task = await newTask(parent, 'Widgets task');
    const labels = await server.db
      .selectFrom('labels')
      .select(['id', 'title'])
      .where('group_id', 'is not', null)
      .where('title', 'not like', '%::%')
      .orderBy('id')
      .limit(2)
      .execute();
    const reporterId = await userId(server, 'reporter');
    const { body } = await as('reporter').graphql<{
      workItemUpdate: { errors: string[]; workItem: unknown };
    }>(
      `mutation ($input: WorkItemUpdateInput!) { workItemUpdate(input: $input) { errors workItem {
        title state description lockVersion
        widgets {
          ... on WorkItemWidgetAssignees { assignees { nodes { username } } }
          ... on WorkItemWidgetLabels { labels { nodes { title } } }
          ... on WorkItemWidgetWeight { weight }
          ... on WorkItemWidgetStartAndDueDate { dueDate }
        } } } }`,
      {
        input: {
          id: task.id,
          title: 'Renamed task',
          stateEvent: 'CLOSE',
          descriptionWidget: { description: 'Now with a description' },
          assigneesWidget: { assigneeIds: [toGlobalId('User', reporterId)] },
          labelsWidget: { addLabelIds: labels.map((label) => toGlobalId('Label', label.id)) },
          weightWidget: { weight: 3 },
          startAndDueDateWidget: { dueDate: '2026-12-01' },
        },
      },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.workItemUpdate.errors).toEqual([]);
    expect(body.data?.workItemUpdate.workItem).toMatchObject({
      title: 'Renamed task',
      state: 'CLOSED',
      description: 'Now with a description',
      lockVersion: task.lockVersion + 1,
      widgets: expect.arrayContaining([
        { assignees: { nodes: [{ username: 'reporter' }] } },
        { labels: { nodes: expect.arrayContaining(labels.map(({ title }) => ({ title }))) } },
        { weight: 3 },
        { dueDate: '2026-12-01' },
      ]),
    });
    const removed = await update('reporter', {
      id: task.id,
      stateEvent: 'REOPEN',
      labelsWidget: { removeLabelIds: [toGlobalId('Label', labels[0]!.id)] },
      weightWidget: { weight: null },
    });
    expect(removed.payload?.errors).toEqual([]);
    expect(removed.payload?.workItem?.state).toBe('OPEN');
    // A guest may read but not change it.
    const guest = await update('guest', { id: task.id, title: 'Guest was here' });
    expect(guest.errors[0]?.message).toMatch(NOT_AVAILABLE);
    expect((await read(task.id))?.title).toBe('Renamed task');
  });

  it('deletes a work item for project owners only, and its parent forgets it', async () => {
    const parent = await newIssue('Delete parent');
    const task = await newTask(parent, 'Doomed task');
    const refused = await mutate('reporter', 'workItemDelete', { id: task.id });
    expect(refused.errors[0]?.message).toMatch(NOT_AVAILABLE);
    const deleted = await mutate('owner', 'workItemDelete', { id: task.id }, 'project { fullPath }');
    expect(deleted.payload).toEqual({ errors: [], project: { fullPath: PROJECT } });
    expect(await read(task.id)).toBeNull();
    expect(hierarchy(await read(parent.id))?.children?.nodes).toEqual([]);
  });

  it('turns a task-list line into a task, and puts its title back when that task is deleted', async () => {
    const parent = await newIssue('Checklist parent', {
      descriptionWidget: { description: 'Plan:\n- [ ] Draft the schema\n- [x] Agree on names' },
    });
    const stale = await mutate(
      'owner',
      'workItemCreateFromTask',
      {
        id: parent.id,
        workItemData: {
          lineNumberStart: 2,
          lineNumberEnd: 2,
          lockVersion: parent.lockVersion + 1,
          title: 'Draft the schema',
          workItemTypeId: TASK_TYPE,
        },
      },
      `workItem { ${FIELDS} } newWorkItem { ${FIELDS} }`,
    );
    expect(stale.payload?.errors).toEqual([CONCURRENT_EDIT_MESSAGE]);
    expect(hierarchy(await read(parent.id))?.children?.nodes).toEqual([]);
    const notATask = await mutate('owner', 'workItemCreateFromTask', {
      id: parent.id,
      workItemData: {
        lineNumberStart: 1,
        lineNumberEnd: 1,
        lockVersion: parent.lockVersion,
        title: 'x',
        workItemTypeId: TASK_TYPE,
      },
    });
    expect(notATask.payload?.errors).toEqual(['Unable to detect a task on line 1']);

    const converted = await mutate(
      'owner',
      'workItemCreateFromTask',
      {
        id: parent.id,
        workItemData: {
          lineNumberStart: 2,
          lineNumberEnd: 2,
          lockVersion: parent.lockVersion,
          title: 'Draft the schema',
          workItemTypeId: TASK_TYPE,
        },
      },
      `workItem { ${FIELDS} } newWorkItem { ${FIELDS} }`,
    );
    expect(converted.payload?.errors).toEqual([]);
    const task = converted.payload!.newWorkItem!;
    const saved = converted.payload!.workItem!;
    expect(task).toMatchObject({ title: 'Draft the schema', workItemType: { name: 'Task' } });
    expect(saved.description).toBe(`Plan:\n- [ ] #${task.iid}+\n- [x] Agree on names`);
    expect(hierarchy(saved)?.children?.nodes).toEqual([{ id: task.id }]);

    const renamed = await mutate(
      'reporter',
      'workItemUpdateTask',
      { id: parent.id, taskData: { id: task.id, title: 'Draft the schema v2' } },
      'task { title } workItem { id }',
    );
    expect(renamed.payload).toEqual({
      errors: [],
      task: { title: 'Draft the schema v2' },
      workItem: { id: parent.id },
    });

    const lines = { id: task.id, lineNumberStart: 2, lineNumberEnd: 2 };
    const staleDelete = await mutate('owner', 'workItemDeleteTask', {
      id: parent.id,
      lockVersion: parent.lockVersion,
      taskData: lines,
    });
    expect(staleDelete.payload?.errors).toEqual([CONCURRENT_EDIT_MESSAGE]);
    expect(await read(task.id)).not.toBeNull();
    const removed = await mutate(
      'owner',
      'workItemDeleteTask',
      { id: parent.id, lockVersion: saved.lockVersion, taskData: lines },
      `workItem { ${FIELDS} }`,
    );
    expect(removed.payload?.errors).toEqual([]);
    expect(removed.payload?.workItem?.description).toBe(
      'Plan:\n- [ ] Draft the schema v2\n- [x] Agree on names',
    );
    expect(await read(task.id)).toBeNull();
  });

  it("takes comments, reactions and to-dos by the work item's id, and its widgets show them", async () => {
    const parent = await newIssue('Talked about');
    const task = await newTask(parent, 'Discussed task');
    const note = await mutate(
      'reporter',
      'createNote',
      { noteableId: task.id, body: 'Looks good' },
      'note { body }',
    );
    expect(note.payload).toEqual({ errors: [], note: { body: 'Looks good' } });
    const award = await mutate(
      'reporter',
      'awardEmojiToggle',
      { awardableId: task.id, name: 'thumbsup' },
      'toggledOn',
    );
    expect(award.payload).toEqual({ errors: [], toggledOn: true });
    const todo = await mutate('reporter', 'todoCreate', { targetId: task.id }, 'todo { state }');
    expect(todo.payload).toEqual({ errors: [], todo: { state: 'pending' } });
    const { body } = await as('reporter').graphql<{ workItem: { widgets: Record<string, unknown>[] } }>(
      `query ($id: WorkItemID!) { workItem(id: $id) { widgets {
        ... on WorkItemWidgetNotes { discussions(filter: ONLY_COMMENTS) { nodes { notes { nodes { body } } } } }
        ... on WorkItemWidgetAwardEmoji { upvotes awardEmoji { nodes { name } } }
        ... on WorkItemWidgetCurrentUserTodos { currentUserTodos(state: pending) { nodes { state } } }
        ... on WorkItemWidgetNotifications { subscribed }
      } } }`,
      { id: task.id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.workItem.widgets).toEqual(
      expect.arrayContaining([
        { discussions: { nodes: [{ notes: { nodes: [{ body: 'Looks good' }] } }] } },
        { upvotes: 1, awardEmoji: { nodes: [{ name: 'thumbsup' }] } },
        { currentUserTodos: { nodes: [{ state: 'pending' }] } },
      ]),
    );
  });

  it("answers GitLab's own work item query, sent unchanged", async () => {
    const parent = await newIssue('Fixture parent', { descriptionWidget: { description: '**Bold** plan' } });
    const task = await newTask(parent, 'Fixture task');
    const { body } = await as('reporter').graphql<{ workItem: Record<string, unknown> }>(
      readWithImports('workItem.query'),
      { id: parent.id },
    );
    expect(body.errors).toBeUndefined();
    const item = body.data!.workItem;
    expect(item).toMatchObject({
      id: parent.id,
      iid: parent.iid,
      title: 'Fixture parent',
      state: 'OPEN',
      confidential: false,
      project: { fullPath: PROJECT, archived: false },
      workItemType: { id: ISSUE_TYPE, name: 'Issue', iconName: 'issue-type-issue' },
      userPermissions: { deleteWorkItem: false, updateWorkItem: true },
    });
    const widgets = item.widgets as { type: string; [key: string]: unknown }[];
    expect(widgets.find((widget) => widget.type === 'DESCRIPTION')).toMatchObject({
      description: '**Bold** plan',
      descriptionHtml: expect.stringContaining('<strong>Bold</strong>'),
    });
    expect(widgets.find((widget) => widget.type === 'HIERARCHY')).toMatchObject({
      hasChildren: true,
      parent: null,
      children: {
        nodes: [
          {
            id: task.id,
            title: 'Fixture task',
            state: 'OPEN',
            workItemType: { id: TASK_TYPE, name: 'Task', iconName: 'issue-type-task' },
          },
        ],
      },
    });
    expect(widgets.find((widget) => widget.type === 'WEIGHT')).toEqual({ type: 'WEIGHT', weight: null });
  });
});

describe("work item settings: GitLab's work_items_mvc_2 flag and issue-weights feature", () => {
  const issuePage = async (server: TestServer) => {
    const issue = await server.db
      .selectFrom('issues')
      .innerJoin('projects', 'projects.id', 'issues.project_id')
      .select(['issues.id', 'issues.iid'])
      .where('projects.full_path', '=', PROJECT)
      .where('issues.confidential', '=', false)
      .where('issues.issue_type', '=', 'issue')
      .orderBy('issues.iid')
      .executeTakeFirstOrThrow();
    const client = new HttpClient(server.baseUrl);
    const data = await mountData(await client.get(`/${PROJECT}/-/issues/${issue.iid}`));
    const { body } = await client.graphql<{ workItem: { widgets: { type: string }[] } }>(
      'query ($id: WorkItemID!) { workItem(id: $id) { widgets { type } } }',
      { id: toGlobalId('WorkItem', issue.id) },
    );
    return { data, widgets: body.data?.workItem.widgets.map((widget) => widget.type) ?? [] };
  };

  it('on, as a demo instance: the issue page says so and work items carry weight', async () => {
    const server = await startTestServer({ backend: 'pglite', epics: 4, issues: 10 });
    try {
      const { data, widgets } = await issuePage(server);
      expect(data).toMatchObject({ 'work-items-mvc2': 'true', 'issue-weights': 'true' });
      expect(widgets).toContain('WEIGHT');
      expect(widgets).toEqual(expect.arrayContaining(['ASSIGNEES', 'LABELS', 'HIERARCHY', 'DESCRIPTION']));
    } finally {
      await server.close();
    }
  });

  it('off: the issue page says so and work items carry no weight widget', async () => {
    const server = await startTestServer({
      backend: 'pglite',
      epics: 4,
      issues: 10,
      env: { WORK_ITEMS_MVC_2: 'off', ISSUE_WEIGHTS: 'off' },
    });
    try {
      const { data, widgets } = await issuePage(server);
      expect(data).toMatchObject({ 'work-items-mvc2': 'false', 'issue-weights': 'false' });
      expect(widgets).not.toContain('WEIGHT');
      expect(widgets).toContain('ASSIGNEES');
    } finally {
      await server.close();
    }
  });
});
