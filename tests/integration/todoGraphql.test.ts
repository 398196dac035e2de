import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import {
  createEpic,
  dataOf,
  NOT_AVAILABLE,
  type Person,
  signedInClients,
  userId,
} from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const TODO_FIELDS = `id state action targetType body targetUrl author { username }
  target { webUrl ... on Issue { reference(full: true) issueTitle: title } ... on Epic { reference(full: true) epicTitle: title } }`;
const TODOS = `query ($state: [TodoStateEnum!], $type: [TodoTargetEnum!], $action: [TodoActionEnum!],
  $authorId: [ID!], $projectId: [ID!], $groupId: [ID!]) {
  currentUser { todos(state: $state, type: $type, action: $action, authorId: $authorId,
    projectId: $projectId, groupId: $groupId) { count nodes { ${TODO_FIELDS} } } }
}`;
const TODO_CREATE = `mutation ($id: TodoableID!) { todoCreate(input: { targetId: $id }) { todo { id } errors } }`;
const TODO_MARK_DONE = `mutation ($id: TodoID!) { todoMarkDone(input: { id: $id }) { todo { id state } errors } }`;
const TODO_RESTORE = `mutation ($id: TodoID!) {
  todoRestore(input: { id: $id, clientMutationId: "undo" }) { todo { id state } errors clientMutationId }
}`;
const MARK_ALL_DONE = `mutation ($targetId: TodoableID) {
  todosMarkAllDone(input: { targetId: $targetId }) { todos { id state } errors }
}`;

interface TodoNode {
  id: string;
  state: string;
  action: string;
  targetType: string;
  body: string;
  targetUrl: string;
  author: { username: string };
  target: { webUrl: string; reference: string; issueTitle?: string; epicTitle?: string };
}

describe.each(BACKENDS)('to-dos over GraphQL (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  const todos = async (person: Person, variables: Record<string, unknown> = {}) =>
    dataOf(
      await as(person).graphql<{ currentUser: { todos: { count: number; nodes: TodoNode[] } } }>(
        TODOS,
        variables,
      ),
    ).currentUser.todos;
  const create = async (person: Person, targetId: string) =>
    dataOf(await as(person).graphql<{ todoCreate: { todo: { id: string } } }>(TODO_CREATE, { id: targetId }))
      .todoCreate.todo.id;
  let issueGid: string;
  let issueReference: string;
  let epic: { id: string; iid: string };

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60 });
    clients = await signedInClients(server);
    for (const person of ['developer', 'reporter', 'guest'] as const) {
      await server.db
        .deleteFrom('todos')
        .where('user_id', '=', await userId(server, person))
        .execute();
    }
    const issue = await server.db
      .selectFrom('issues')
      .innerJoin('projects', 'projects.id', 'issues.project_id')
      .select(['issues.id', 'issues.iid', 'projects.full_path'])
      .where('projects.full_path', '=', 'acme/platform/backend/api')
      .where('issues.confidential', '=', false)
      .orderBy('issues.id')
      .executeTakeFirstOrThrow();
    issueGid = `gid://gitlab/Issue/${issue.id}`;
    issueReference = `${issue.full_path}#${issue.iid}`;
    epic = await createEpic(as('owner'), 'acme/platform', { title: 'GraphQL to-do epic' });
  });
  afterAll(() => server?.close());

  it('lists the user’s to-dos with their targets, and filters them as GitLab does', async () => {
    const onIssue = await create('developer', issueGid);
    const onEpic = await create('developer', epic.id);
    const all = await todos('developer');
    expect(all.count).toBe(2);
    expect(all.nodes.map((node) => node.id)).toEqual([onEpic, onIssue]);
    const [epicNode, issueNode] = all.nodes as [TodoNode, TodoNode];
    expect(issueNode).toMatchObject({
      action: 'marked',
      targetType: 'ISSUE',
      author: { username: 'developer' },
    });
    expect(issueNode.target.reference).toBe(issueReference);
    expect(issueNode.body).toBe(issueNode.target.issueTitle);
    expect(issueNode.targetUrl).toBe(issueNode.target.webUrl);
    expect(epicNode).toMatchObject({
      targetType: 'EPIC',
      body: 'GraphQL to-do epic',
      target: { reference: `acme/platform&${epic.iid}`, epicTitle: 'GraphQL to-do epic' },
    });
    expect(epicNode.targetUrl).toMatch(new RegExp(`/groups/acme/platform/-/epics/${epic.iid}$`));

    const ids = async (variables: Record<string, unknown>) =>
      (await todos('developer', variables)).nodes.map((node) => node.id);
    expect(await ids({ type: ['EPIC'] })).toEqual([onEpic]);
    expect(await ids({ action: ['marked'] })).toEqual([onEpic, onIssue]);
    expect(await ids({ action: ['assigned', 'mentioned'] })).toEqual([]);
    expect(await ids({ authorId: [String(await userId(server, 'developer'))] })).toEqual([onEpic, onIssue]);
    expect(await ids({ authorId: [String(await userId(server, 'owner'))] })).toEqual([]);
    const project = await server.db
      .selectFrom('projects')
      .select('id')
      .where('full_path', '=', 'acme/platform/backend/api')
      .executeTakeFirstOrThrow();
    expect(await ids({ projectId: [String(project.id)] })).toEqual([onIssue]);
    const platform = await server.db
      .selectFrom('namespaces')
      .select('id')
      .where('full_path', '=', 'acme/platform')
      .executeTakeFirstOrThrow();
    expect(await ids({ groupId: [`gid://gitlab/Group/${platform.id}`] })).toEqual([onEpic, onIssue]);

    const bad = await as('developer').graphql(TODOS, { authorId: ['someone'] });
    expect(bad.body.errors?.[0]?.message).toMatch(/someone is not a valid authorId/);
  });

  it('restores a done to-do, and marks all done, or only those on one target', async () => {
    const [onEpic, onIssue] = (await todos('developer', { state: ['pending'] })).nodes.map((node) => node.id);
    const onlyEpic = dataOf(
      await as('developer').graphql<{ todosMarkAllDone: { todos: { id: string; state: string }[] } }>(
        MARK_ALL_DONE,
        { targetId: epic.id },
      ),
    ).todosMarkAllDone;
    expect(onlyEpic).toEqual({ todos: [{ id: onEpic, state: 'done' }], errors: [] });
    expect((await todos('developer', { state: ['pending'] })).nodes.map((node) => node.id)).toEqual([
      onIssue,
    ]);

    const done = dataOf(
      await as('developer').graphql<{ todoMarkDone: { todo: { state: string } } }>(TODO_MARK_DONE, {
        id: onIssue,
      }),
    );
    expect(done.todoMarkDone.todo.state).toBe('done');
    const restored = dataOf(
      await as('developer').graphql<{ todoRestore: { todo: { id: string; state: string } } }>(TODO_RESTORE, {
        id: onIssue,
      }),
    );
    expect(restored.todoRestore).toEqual({
      todo: { id: onIssue, state: 'pending' },
      errors: [],
      clientMutationId: 'undo',
    });
    expect((await todos('developer', { state: ['pending'] })).count).toBe(1);

    // Someone else's to-do is not theirs to restore or finish.
    const foreign = await as('reporter').graphql(TODO_RESTORE, { id: onEpic });
    expect(foreign.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
    expect((await as('anonymous').graphql(MARK_ALL_DONE, {})).body.errors?.[0]?.message).toMatch(
      NOT_AVAILABLE,
    );

    const all = dataOf(
      await as('developer').graphql<{ todosMarkAllDone: { todos: { id: string }[] } }>(MARK_ALL_DONE, {}),
    ).todosMarkAllDone;
    expect(all.todos.map((todo) => todo.id)).toEqual([onIssue]);
    expect((await todos('developer', { state: ['pending'] })).count).toBe(0);
    expect((await todos('developer', { state: ['done'] })).count).toBe(2);
  });

  it('refuses to mark all done on a target the user cannot read', async () => {
    const secret = await createEpic(as('owner'), 'acme/security', { title: 'Private group epic' });
    // outsider is in no group: the private group's epic is hidden from them.
    const result = await as('outsider').graphql(MARK_ALL_DONE, { targetId: secret.id });
    expect(result.body.errors?.[0]?.message).toBe(`Resource not available: ${secret.id}`);
  });

  it('hides a to-do whose issue became confidential, and will not restore it', async () => {
    const issue = await server.db
      .selectFrom('issues')
      .select(['id'])
      .where('id', '=', Number(issueGid.split('/').pop()))
      .executeTakeFirstOrThrow();
    const todoId = await create('guest', issueGid);
    expect((await todos('guest')).count).toBe(1);
    dataOf(await as('guest').graphql(TODO_MARK_DONE, { id: todoId }));
    await server.db.updateTable('issues').set({ confidential: true }).where('id', '=', issue.id).execute();
    try {
      expect(await todos('guest')).toEqual({ count: 0, nodes: [] });
      const restore = await as('guest').graphql(TODO_RESTORE, { id: todoId });
      expect(restore.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
    } finally {
      await server.db.updateTable('issues').set({ confidential: false }).where('id', '=', issue.id).execute();
    }
  });
});
