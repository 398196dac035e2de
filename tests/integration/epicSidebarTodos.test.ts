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
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

/** GitLab's sidebar documents: the to-do query and its two mutations, aliased as the UI does. */
const EPIC_TODOS = `query ($fullPath: ID!, $iid: ID) {
  workspace: group(fullPath: $fullPath) { issuable: epic(iid: $iid) { id currentUserTodos(state: pending) { nodes { id } } } }
}`;
const TODO_CREATE = `mutation ($targetId: TodoableID!) {
  todoMutation: todoCreate(input: { targetId: $targetId }) { todo { id state action targetType group { fullPath } author { username } } errors }
}`;
const TODO_MARK_DONE = `mutation ($todoId: TodoID!) {
  todoMutation: todoMarkDone(input: { id: $todoId, clientMutationId: "done" }) { todo { id state } errors clientMutationId }
}`;
const PENDING_COUNT = '{ currentUser { todos(state: [pending]) { count } } }';

interface TodoNode {
  id: string;
  state: string;
  action: string;
  targetType: string;
  group: { fullPath: string } | null;
  author: { username: string };
}

describe.each(BACKENDS)('the epic sidebar to-do (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;

  const pendingTodos = async (person: Person | 'anonymous', fullPath: string, iid: string) =>
    dataOf(
      await as(person).graphql<{
        workspace: { issuable: { currentUserTodos: { nodes: { id: string }[] } } };
      }>(EPIC_TODOS, { fullPath, iid }),
    ).workspace.issuable.currentUserTodos.nodes.map((node) => node.id);
  const pendingCount = async (person: Person) =>
    dataOf(await as(person).graphql<{ currentUser: { todos: { count: number } } }>(PENDING_COUNT)).currentUser
      .todos.count;
  const todoRows = async (username: string, epicId: number) =>
    server.db
      .selectFrom('todos')
      .select(['id', 'state', 'action'])
      .where('user_id', '=', await userId(server, username))
      .where('target_type', '=', 'Epic')
      .where('target_id', '=', epicId)
      .orderBy('id')
      .execute();
  /** The REST calls of the sidebar's to-do button, from a signed-in page (with its CSRF token). */
  const restCreate = (person: Person | 'anonymous', groupPath: string, body: Record<string, unknown>) =>
    as(person).request('POST', `/groups/${groupPath}/-/todos`, {
      json: body,
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
  const restDone = (person: Person | 'anonymous', path: string) =>
    as(person).request('DELETE', path, { headers: { 'x-csrf-token': as(person).csrfToken } });

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 60, issues: 300 });
    clients = await signedInClients(server);
  });
  afterAll(() => server?.close());

  it('adds a to-do once however often it is asked, shows it, and marks it done', async () => {
    const epic = await createEpic(as('owner'), 'acme/platform');
    const countBefore = await pendingCount('reporter');
    expect(await pendingTodos('reporter', 'acme/platform', epic.iid)).toEqual([]);

    const created = dataOf(
      await as('reporter').graphql<{ todoMutation: { todo: TodoNode; errors: string[] } }>(TODO_CREATE, {
        targetId: epic.id,
      }),
    ).todoMutation;
    expect(created.errors).toEqual([]);
    expect(created.todo).toMatchObject({
      state: 'pending',
      action: 'marked',
      targetType: 'EPIC',
      group: { fullPath: 'acme/platform' },
      author: { username: 'reporter' },
    });
    expect(created.todo.id).toMatch(/^gid:\/\/gitlab\/Todo\/\d+$/);
    const again = dataOf(
      await as('reporter').graphql<{ todoMutation: { todo: TodoNode } }>(TODO_CREATE, { targetId: epic.id }),
    ).todoMutation;
    expect(again.todo.id).toBe(created.todo.id);
    expect(await todoRows('reporter', epic.numericId)).toHaveLength(1);
    expect(await pendingTodos('reporter', 'acme/platform', epic.iid)).toEqual([created.todo.id]);
    expect(await pendingCount('reporter')).toBe(countBefore + 1);
    // Another user's view of the same epic is theirs alone.
    expect(await pendingTodos('developer', 'acme/platform', epic.iid)).toEqual([]);

    const done = dataOf(
      await as('reporter').graphql<{
        todoMutation: { todo: TodoNode; errors: string[]; clientMutationId: string };
      }>(TODO_MARK_DONE, { todoId: created.todo.id }),
    ).todoMutation;
    expect(done).toMatchObject({
      errors: [],
      clientMutationId: 'done',
      todo: { id: created.todo.id, state: 'done' },
    });
    expect(await pendingTodos('reporter', 'acme/platform', epic.iid)).toEqual([]);
    expect(await pendingCount('reporter')).toBe(countBefore);
    // Marking a done to-do done again changes nothing; the count stays where it is.
    const twice = dataOf(
      await as('reporter').graphql<{ todoMutation: { todo: TodoNode } }>(TODO_MARK_DONE, {
        todoId: created.todo.id,
      }),
    ).todoMutation;
    expect(twice.todo.state).toBe('done');
    expect(await pendingCount('reporter')).toBe(countBefore);
    // After a done one, adding starts a new pending to-do.
    const fresh = dataOf(
      await as('reporter').graphql<{ todoMutation: { todo: TodoNode } }>(TODO_CREATE, { targetId: epic.id }),
    ).todoMutation;
    expect(fresh.todo.id).not.toBe(created.todo.id);
    expect((await todoRows('reporter', epic.numericId)).map((row) => row.state)).toEqual(['done', 'pending']);
  });

  it("lets nobody mark someone else's to-do done, and nobody signed out touch to-dos", async () => {
    const epic = await createEpic(as('owner'), 'acme');
    const created = dataOf(
      await as('developer').graphql<{ todoMutation: { todo: TodoNode } }>(TODO_CREATE, { targetId: epic.id }),
    ).todoMutation.todo;
    for (const person of ['reporter', 'owner', 'anonymous'] as const) {
      const refused = await as(person).graphql(TODO_MARK_DONE, { todoId: created.id });
      expect(refused.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
    }
    expect((await todoRows('developer', epic.numericId)).map((row) => row.state)).toEqual(['pending']);
    const anonymousCreate = await as('anonymous').graphql(TODO_CREATE, { targetId: epic.id });
    expect(anonymousCreate.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
    expect(await pendingTodos('anonymous', 'acme', epic.iid)).toEqual([]);
    expect(
      dataOf(await as('anonymous').graphql<{ currentUser: null }>(PENDING_COUNT)).currentUser,
    ).toBeNull();
  });

  it('refuses to-dos on epics the user may not read, and ids of the wrong kind', async () => {
    const secret = await createEpic(as('owner'), 'acme/security');
    const confidential = await createEpic(as('owner'), 'acme', { confidential: true });
    for (const [person, epic] of [
      ['outsider', secret],
      ['guest', confidential],
    ] as const) {
      const refused = await as(person).graphql(TODO_CREATE, { targetId: epic.id });
      expect(refused.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
      expect(await todoRows(person, epic.numericId)).toEqual([]);
    }
    // Epics, issues, work items and merge requests take to-dos; anything else is refused before it runs.
    const wrongKind = await as('reporter').graphql(TODO_CREATE, { targetId: 'gid://gitlab/Milestone/1' });
    expect(wrongKind.body.errors?.[0]?.message).toContain(
      'gid://gitlab/Milestone/1 is not a valid ID for Epic, Issue, WorkItem, MergeRequest.',
    );
    const malformed = await as('reporter').graphql(TODO_MARK_DONE, { todoId: 'todo-1' });
    expect(malformed.body.errors?.[0]?.message).toContain('todo-1 is not a valid GitLab ID.');
    for (const todoId of ['gid://gitlab/Todo/99999999999', 'gid://gitlab/Todo/0']) {
      const missing = await as('reporter').graphql(TODO_MARK_DONE, { todoId });
      expect(missing.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
    }
  });

  it('adds and marks done through the REST endpoints the page calls, answering the pending count', async () => {
    const epic = await createEpic(as('owner'), 'acme/platform/backend');
    const countBefore = await pendingCount('reporter');
    const body = { issuable_id: epic.numericId, issuable_type: 'epic' };
    const added = await restCreate('reporter', 'acme/platform/backend', body);
    expect(added.status).toBe(200);
    const first = (await added.json()) as { count: number; delete_path: string };
    expect(first.count).toBe(countBefore + 1);
    expect(first.delete_path).toMatch(/^\/dashboard\/todos\/\d+$/);
    const repeated = (await (
      await restCreate('reporter', 'acme/platform/backend', body)
    ).json()) as typeof first;
    expect(repeated).toEqual(first);
    expect(await pendingTodos('reporter', 'acme/platform/backend', epic.iid)).toEqual([
      `gid://gitlab/Todo/${first.delete_path.split('/').pop()}`,
    ]);

    const removed = await restDone('reporter', first.delete_path);
    expect(removed.status).toBe(200);
    const counts = (await removed.json()) as { count: number; done_count: number };
    expect(counts.count).toBe(countBefore);
    expect(counts.done_count).toBeGreaterThan(0);
    const removedAgain = (await (await restDone('reporter', first.delete_path)).json()) as typeof counts;
    expect(removedAgain).toEqual(counts);
  });

  it('keeps the count at zero, never below, for a user with no other to-do', async () => {
    const epic = await createEpic(as('owner'), 'acme');
    expect(await pendingCount('outsider')).toBe(0);
    const added = (await (
      await restCreate('outsider', 'acme', { issuable_id: epic.numericId, issuable_type: 'epic' })
    ).json()) as { count: number; delete_path: string };
    expect(added.count).toBe(1);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await (await restDone('outsider', added.delete_path)).json()).toMatchObject({ count: 0 });
    }
    expect(await pendingCount('outsider')).toBe(0);
  });

  it('refuses bad REST calls with 4xx and writes nothing', async () => {
    const epic = await createEpic(as('owner'), 'acme/platform');
    const body = { issuable_id: epic.numericId, issuable_type: 'epic' };
    const developerTodo = (await (await restCreate('developer', 'acme/platform', body)).json()) as {
      delete_path: string;
    };
    const expectations: [string, () => Promise<Response>, number][] = [
      [
        'no CSRF token',
        () => as('reporter').request('POST', '/groups/acme/platform/-/todos', { json: body }),
        422,
      ],
      ['anonymous', () => restCreate('anonymous', 'acme/platform', body), 401],
      ['an epic of another group', () => restCreate('reporter', 'acme', body), 404],
      ['an unknown group', () => restCreate('reporter', 'acme/nowhere', body), 404],
      ['an issue', () => restCreate('reporter', 'acme/platform', { ...body, issuable_type: 'issue' }), 404],
      ['no issuable_id', () => restCreate('reporter', 'acme/platform', { issuable_type: 'epic' }), 400],
      [
        'a word as issuable_id',
        () => restCreate('reporter', 'acme/platform', { ...body, issuable_id: 'x' }),
        400,
      ],
      [
        // Past an SQL integer: bad input, refused where parameters are read (issue 13).
        'a huge issuable_id',
        () => restCreate('reporter', 'acme/platform', { ...body, issuable_id: 2 ** 40 }),
        400,
      ],
      ["someone else's to-do", () => restDone('reporter', developerTodo.delete_path), 404],
      ['a to-do that is not there', () => restDone('reporter', '/dashboard/todos/999999'), 404],
      ['a to-do id that is not a number', () => restDone('reporter', '/dashboard/todos/abc'), 404],
      ['anonymous marking done', () => restDone('anonymous', developerTodo.delete_path), 401],
      [
        'a to-do marked done without CSRF',
        () => as('developer').request('DELETE', developerTodo.delete_path),
        422,
      ],
    ];
    for (const [what, call, status] of expectations) expect((await call()).status, what).toBe(status);
    expect(await todoRows('reporter', epic.numericId)).toEqual([]);
    expect((await todoRows('developer', epic.numericId)).map((row) => row.state)).toEqual(['pending']);

    const secret = await createEpic(as('owner'), 'acme/security');
    const hidden = await restCreate('outsider', 'acme/security', {
      issuable_id: secret.numericId,
      issuable_type: 'epic',
    });
    expect(hidden.status).toBe(404);
    expect(await todoRows('outsider', secret.numericId)).toEqual([]);
  });

  it('answers a stale page whose epic was deleted meanwhile with not found, and keeps the count right', async () => {
    const epic = await createEpic(as('owner'), 'acme');
    const added = (await (
      await restCreate('reporter', 'acme', { issuable_id: epic.numericId, issuable_type: 'epic' })
    ).json()) as { count: number; delete_path: string };
    const destroyed = await as('owner').graphql<{ destroyEpic: { errors: string[] } }>(
      `mutation { destroyEpic(input: { groupPath: "acme", iid: "${epic.iid}" }) { errors } }`,
    );
    expect(dataOf(destroyed).destroyEpic.errors).toEqual([]);
    // Deleting the epic took its to-dos with it: the badge drops by one, and the old button finds nothing.
    expect(await pendingCount('reporter')).toBe(added.count - 1);
    expect((await restDone('reporter', added.delete_path)).status).toBe(404);
    const recreate = await as('reporter').graphql(TODO_CREATE, { targetId: epic.id });
    expect(recreate.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
    expect(
      (await restCreate('reporter', 'acme', { issuable_id: epic.numericId, issuable_type: 'epic' })).status,
    ).toBe(404);
    expect(await pendingCount('reporter')).toBe(added.count - 1);
  });

  it('takes a personal access token without CSRF, as API clients call', async () => {
    const epic = await createEpic(as('owner'), 'acme');
    const client = HttpClient.withToken(server.baseUrl, await server.tokenFor('maintainer'));
    const added = await client.request('POST', '/groups/acme/-/todos', {
      form: { issuable_id: String(epic.numericId), issuable_type: 'epic' },
    });
    expect(added.status).toBe(200);
    expect(await todoRows('maintainer', epic.numericId)).toHaveLength(1);
  });
});
