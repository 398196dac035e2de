import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../../src/core/domain/gid.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { NOT_AVAILABLE, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';

interface IssueFields {
  title: string;
  confidential: boolean;
  discussionLocked: boolean;
  weight: number | null;
  dueDate: string | null;
  healthStatus: string | null;
  state: string;
  milestone: { title: string } | null;
  labels: { nodes: { title: string }[] };
  assignees: { nodes: { username: string }[] };
}

const ISSUE_FIELDS = `title confidential discussionLocked weight dueDate healthStatus state
  milestone { title } labels { nodes { title } } assignees { nodes { username } }`;

describe.each(BACKENDS)("GitLab's issue mutations (%s)", (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  let labels: { id: number; title: string }[];
  let milestone: { id: number; title: string };
  let foreignMilestone: { id: number };

  /** A new issue through GitLab's REST create, by `person` (its author). */
  const createIssue = async (person: Person, title: string): Promise<string> => {
    const project = await server.db
      .selectFrom('projects')
      .select('id')
      .where('full_path', '=', PROJECT)
      .executeTakeFirstOrThrow();
    const response = await as(person).request('POST', `/api/v4/projects/${project.id}/issues`, {
      json: { title },
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
    expect(response.status).toBe(201);
    return String(((await response.json()) as { iid: number }).iid);
  };

  const mutate = async (person: Person | 'anonymous', name: string, input: Record<string, unknown>) => {
    const { body } = await as(person).graphql<
      Record<string, { issue: IssueFields | null; errors: string[] }>
    >(
      `mutation ($input: ${name[0]!.toUpperCase()}${name.slice(1)}Input!) {
        ${name}(input: $input) { issue { ${ISSUE_FIELDS} } errors }
      }`,
      { input: { projectPath: PROJECT, ...input } },
    );
    return { payload: body.data?.[name] ?? null, errors: body.errors ?? [] };
  };

  const read = async (iid: string): Promise<IssueFields> => {
    const { body } = await as('owner').graphql<{ project: { issue: IssueFields } }>(
      `query ($path: ID!, $iid: String!) { project(fullPath: $path) { issue(iid: $iid) { ${ISSUE_FIELDS} } } }`,
      { path: PROJECT, iid },
    );
    return body.data!.project.issue;
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60 });
    clients = await signedInClients(server);
    const project = await server.db
      .selectFrom('projects')
      .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
      .select(['namespaces.traversal_ids'])
      .where('projects.full_path', '=', PROJECT)
      .executeTakeFirstOrThrow();
    const groups = project.traversal_ids as number[];
    labels = await server.db
      .selectFrom('labels')
      .select(['id', 'title'])
      .where('group_id', 'in', groups)
      .where('title', 'not like', '%::%')
      .orderBy('id')
      .limit(3)
      .execute();
    milestone = await server.db
      .selectFrom('milestones')
      .select(['id', 'title'])
      .where('group_id', 'in', groups)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    foreignMilestone = await server.db
      .selectFrom('milestones')
      .select('id')
      .where((eb) => eb.or([eb('group_id', 'not in', groups), eb('group_id', 'is', null)]))
      .where('project_id', 'is not', null)
      .where('project_id', '!=', (eb) =>
        eb.selectFrom('projects').select('id').where('full_path', '=', PROJECT),
      )
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
  });
  afterAll(() => closeCheckingRollups(server));

  it('updateIssue sets every sidebar field a Reporter may set, and they read back', async () => {
    const iid = await createIssue('owner', 'Sidebar fields');
    const { payload, errors } = await mutate('reporter', 'updateIssue', {
      iid,
      weight: 3,
      dueDate: '2026-07-01',
      confidential: true,
      locked: true,
      healthStatus: 'atRisk',
      milestoneId: toGlobalId('Milestone', milestone.id),
      labelIds: labels.slice(0, 2).map((label) => toGlobalId('Label', label.id)),
    });
    expect(errors).toEqual([]);
    expect(payload?.errors).toEqual([]);
    const expected = {
      weight: 3,
      dueDate: '2026-07-01',
      confidential: true,
      discussionLocked: true,
      healthStatus: 'atRisk',
      milestone: { title: milestone.title },
      // GitLab lists an issue's labels by title.
      labels: {
        nodes: labels
          .slice(0, 2)
          .map(({ title }) => ({ title }))
          .sort((a, b) => a.title.localeCompare(b.title)),
      },
    };
    expect(payload?.issue).toMatchObject(expected);
    expect(await read(iid)).toMatchObject(expected);

    const cleared = await mutate('reporter', 'updateIssue', {
      iid,
      weight: null,
      dueDate: null,
      milestoneId: null,
    });
    expect(cleared.payload?.issue).toMatchObject({ weight: null, dueDate: null, milestone: null });
  });

  it('the issueSet* mutations set, add and remove, each on its own', async () => {
    const iid = await createIssue('owner', 'One field at a time');
    const assignees = (payload: { issue: IssueFields | null } | null) =>
      payload?.issue?.assignees.nodes.map((user) => user.username);
    expect(
      assignees(
        (await mutate('developer', 'issueSetAssignees', { iid, assigneeUsernames: ['reporter'] })).payload,
      ),
    ).toEqual(['reporter']);
    expect(
      assignees(
        (
          await mutate('developer', 'issueSetAssignees', {
            iid,
            assigneeUsernames: ['developer'],
            operationMode: 'APPEND',
          })
        ).payload,
      )?.sort(),
    ).toEqual(['developer', 'reporter']);
    expect(
      assignees(
        (
          await mutate('developer', 'issueSetAssignees', {
            iid,
            assigneeUsernames: ['reporter'],
            operationMode: 'REMOVE',
          })
        ).payload,
      ),
    ).toEqual(['developer']);

    const labelIds = labels.map((label) => toGlobalId('Label', label.id));
    await mutate('developer', 'issueSetLabels', { iid, labelIds: labelIds.slice(0, 2) });
    const removed = await mutate('developer', 'issueSetLabels', {
      iid,
      labelIds: labelIds.slice(0, 1),
      operationMode: 'REMOVE',
    });
    expect(removed.payload?.issue?.labels.nodes.map((label) => label.title)).toEqual([labels[1]!.title]);

    const weight = await mutate('developer', 'issueSetWeight', { iid, weight: 5 });
    expect(weight.payload?.issue?.weight).toBe(5);
    const confidential = await mutate('developer', 'issueSetConfidential', { iid, confidential: true });
    expect(confidential.payload?.issue?.confidential).toBe(true);
    const locked = await mutate('developer', 'issueSetLocked', { iid, locked: true });
    expect(locked.payload?.issue?.discussionLocked).toBe(true);
    const due = await mutate('developer', 'issueSetDueDate', { iid, dueDate: '2026-08-15' });
    expect(due.payload?.issue?.dueDate).toBe('2026-08-15');
    const withMilestone = await mutate('developer', 'issueSetMilestone', {
      iid,
      milestoneId: toGlobalId('Milestone', milestone.id),
    });
    expect(withMilestone.payload?.issue?.milestone).toEqual({ title: milestone.title });
    const withoutMilestone = await mutate('developer', 'issueSetMilestone', { iid, milestoneId: null });
    expect(withoutMilestone.payload?.issue?.milestone).toBeNull();
  });

  it('the author edits the text of their own issue, but not its metadata', async () => {
    const iid = await createIssue('guest', 'A guest wrote this');
    const titled = await mutate('guest', 'updateIssue', { iid, title: 'A guest wrote this, then edited it' });
    expect(titled.errors).toEqual([]);
    expect(titled.payload?.issue?.title).toBe('A guest wrote this, then edited it');
    const weighed = await mutate('guest', 'issueSetWeight', { iid, weight: 8 });
    expect(weighed.errors.map((error) => error.message)).toEqual([expect.stringMatching(NOT_AVAILABLE)]);
    expect((await read(iid)).weight).toBeNull();
  });

  it.each([
    ['guest', 'someone else’s issue'],
    ['outsider', 'someone else’s issue'],
    ['anonymous', 'any issue'],
  ] as const)('%s may not change %s: GitLab’s "not available", nothing changed', async (person, _which) => {
    const iid = await createIssue('owner', `Not for ${person}`);
    const { errors } = await mutate(person, 'updateIssue', { iid, title: 'Taken over' });
    expect(errors.map((error) => error.message)).toEqual([expect.stringMatching(NOT_AVAILABLE)]);
    expect((await read(iid)).title).toBe(`Not for ${person}`);
  });

  it.each([
    ['a negative weight', { weight: -1 }, /weight must be greater than or equal to 0/],
    ['a milestone of another project', 'foreign-milestone', /milestone not found/],
    ['an unknown assignee', 'unknown-assignee', /assignees not found/],
  ] as const)('refuses %s in the payload’s errors and changes nothing', async (_case, input, message) => {
    const iid = await createIssue('owner', 'Stays as it is');
    const before = await read(iid);
    const { payload, errors } =
      input === 'unknown-assignee'
        ? await mutate('owner', 'issueSetAssignees', { iid, assigneeUsernames: ['nobody-by-that-name'] })
        : await mutate('owner', 'updateIssue', {
            iid,
            ...(input === 'foreign-milestone'
              ? { milestoneId: toGlobalId('Milestone', foreignMilestone.id) }
              : input),
          });
    expect(errors).toEqual([]);
    expect(payload?.errors).toEqual([expect.stringMatching(message)]);
    expect(await read(iid)).toEqual(before);
  });

  it('issueSetEpic moves an issue into an epic of its hierarchy and out again', async () => {
    const iid = await createIssue('owner', 'Into an epic');
    const epic = await server.db
      .selectFrom('epics')
      .innerJoin('namespaces', 'namespaces.id', 'epics.group_id')
      .select(['epics.id', 'epics.iid', 'namespaces.full_path'])
      .where('namespaces.full_path', '=', 'acme/platform')
      .where('epics.confidential', '=', false)
      .orderBy('epics.id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const epicOf = async () =>
      (
        await as('owner').graphql<{ project: { issue: { epic: { iid: string } | null } } }>(
          'query ($path: ID!, $iid: String!) { project(fullPath: $path) { issue(iid: $iid) { epic { iid } } } }',
          { path: PROJECT, iid },
        )
      ).body.data?.project.issue.epic ?? null;
    const set = await mutate('reporter', 'issueSetEpic', { iid, epicId: toGlobalId('Epic', epic.id) });
    expect(set.errors).toEqual([]);
    expect(set.payload?.errors).toEqual([]);
    expect(await epicOf()).toEqual({ iid: String(epic.iid) });

    const refused = await mutate('guest', 'issueSetEpic', { iid, epicId: null });
    expect(refused.errors.map((error) => error.message)).toEqual([expect.stringMatching(NOT_AVAILABLE)]);
    expect(await epicOf()).toEqual({ iid: String(epic.iid) });

    const removed = await mutate('reporter', 'issueSetEpic', { iid, epicId: null });
    expect(removed.payload?.errors).toEqual([]);
    expect(await epicOf()).toBeNull();
  });

  it('subscribes, adds a to-do, and lists the author, the assignees and commenters as participants', async () => {
    const iid = await createIssue('developer', 'Engaged with');
    const engagement = async (person: Person) =>
      (
        await as(person).graphql<{
          project: {
            issue: {
              id: string;
              subscribed: boolean;
              participants: { nodes: { username: string }[] };
              currentUserTodos: { nodes: { id: string }[] };
            };
          };
        }>(
          `query ($path: ID!, $iid: String!) { project(fullPath: $path) { issue(iid: $iid) {
            id subscribed participants { nodes { username } } currentUserTodos(state: pending) { nodes { id } } } } }`,
          { path: PROJECT, iid },
        )
      ).body.data!.project.issue;

    // The author is subscribed until they say otherwise; the reporter is not.
    expect((await engagement('developer')).subscribed).toBe(true);
    expect((await engagement('reporter')).subscribed).toBe(false);
    const subscribed = await mutate('reporter', 'issueSetSubscription', { iid, subscribedState: true });
    expect(subscribed.payload?.errors).toEqual([]);
    expect((await engagement('reporter')).subscribed).toBe(true);
    await mutate('developer', 'issueSetSubscription', { iid, subscribedState: false });
    expect((await engagement('developer')).subscribed).toBe(false);

    await mutate('owner', 'issueSetAssignees', { iid, assigneeUsernames: ['reporter'] });
    expect((await engagement('owner')).participants.nodes.map((user) => user.username)).toEqual([
      'developer',
      'reporter',
    ]);

    const { id } = await engagement('guest');
    const created = await as('guest').graphql<{
      todoCreate: { todo: { id: string } | null; errors: string[] };
    }>('mutation ($input: TodoCreateInput!) { todoCreate(input: $input) { todo { id } errors } }', {
      input: { targetId: id },
    });
    expect(created.body.errors).toBeUndefined();
    const again = await as('guest').graphql<{ todoCreate: { todo: { id: string } } }>(
      'mutation ($input: TodoCreateInput!) { todoCreate(input: $input) { todo { id } errors } }',
      { input: { targetId: id } },
    );
    // One pending to-do per item, however often it is asked for.
    expect(again.body.data?.todoCreate.todo.id).toBe(created.body.data?.todoCreate.todo?.id);
    expect((await engagement('guest')).currentUserTodos.nodes).toHaveLength(1);
    // The reporter's only to-do is the 'assigned you' one of being assigned above.
    expect((await engagement('reporter')).currentUserTodos.nodes).toHaveLength(1);
  });

  it('answers userPermissions per viewer, and the rendered description with its task progress', async () => {
    const iid = await createIssue('guest', 'Permissions of a guest-written issue');
    expect(
      (await mutate('owner', 'updateIssue', { iid, description: '**Plan**\n\n- [x] a\n- [ ] b' })).errors,
    ).toEqual([]);
    const query = `query ($path: ID!, $iid: String!) { project(fullPath: $path) { issue(iid: $iid) {
      descriptionHtml taskCompletionStatus { count completedCount }
      userPermissions { readIssue updateIssue reopenIssue adminIssue adminIssueRelation createNote destroyIssue }
    } } }`;
    type Answer = {
      project: {
        issue: {
          descriptionHtml: string;
          taskCompletionStatus: { count: number; completedCount: number };
          userPermissions: Record<string, boolean>;
        };
      };
    };
    const permissionsOf = async (person: Person | 'anonymous') =>
      (await as(person).graphql<Answer>(query, { path: PROJECT, iid })).body.data!.project.issue;
    const owner = await permissionsOf('owner');
    expect(owner.descriptionHtml).toContain('<strong>Plan</strong>');
    expect(owner.taskCompletionStatus).toEqual({ count: 2, completedCount: 1 });
    const yes = (names: string[]) =>
      Object.fromEntries(
        [
          'readIssue',
          'updateIssue',
          'reopenIssue',
          'adminIssue',
          'adminIssueRelation',
          'createNote',
          'destroyIssue',
        ].map((name) => [name, names.includes(name)]),
      );
    const everything = [
      'readIssue',
      'updateIssue',
      'reopenIssue',
      'adminIssue',
      'adminIssueRelation',
      'createNote',
    ];
    expect(owner.userPermissions).toEqual(yes([...everything, 'destroyIssue']));
    expect((await permissionsOf('reporter')).userPermissions).toEqual(yes(everything));
    // The author (a guest) edits their own text and state, not the team's metadata.
    expect((await permissionsOf('guest')).userPermissions).toEqual(
      yes(['readIssue', 'updateIssue', 'reopenIssue', 'createNote']),
    );
    expect((await permissionsOf('outsider')).userPermissions).toEqual(yes(['readIssue', 'createNote']));
    expect((await permissionsOf('anonymous')).userPermissions).toEqual(yes(['readIssue']));
  });

  it('refuses a date that is not one before running anything', async () => {
    const iid = await createIssue('owner', 'Dated');
    const { payload, errors } = await mutate('owner', 'updateIssue', { iid, dueDate: '2026-02-30' });
    expect(payload).toBeNull();
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/not a valid ISO 8601 date/),
    ]);
    expect((await read(iid)).dueDate).toBeNull();
  });

  it('refuses an update with nothing in it, as GitLab does', async () => {
    const iid = await createIssue('owner', 'Empty update');
    const { errors } = await mutate('owner', 'updateIssue', { iid });
    expect(errors.map((error) => error.message)).toEqual(['The list of issue attributes is empty']);
  });
});
