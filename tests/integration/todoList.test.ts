import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISIBILITY_LEVEL } from '../../src/core/domain/visibility.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { createEpic, dataOf, type Person, signedInClients, userId } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const API_PROJECT = 'acme/platform/backend/api';
const HANDBOOK = 'acme/handbook';

interface RestTodo {
  id: number;
  action_name: string;
  target_type: string;
  target: { id: number; iid: number; title: string; web_url: string };
  target_url: string;
  body: string;
  state: string;
  author: { username: string };
  project?: { id: number; path_with_namespace: string; name_with_namespace: string };
  group?: { id: number; full_path: string };
}

describe.each(BACKENDS)('the to-do list over REST (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const ids = new Map<string, number>();
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  const send = (person: Person | 'anonymous', method: string, path: string, json?: unknown) =>
    as(person).request(method, `/api/v4${path}`, {
      ...(json === undefined ? {} : { json }),
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
  const list = async (person: Person | 'anonymous', query = '') => {
    const response = await send(person, 'GET', `/todos${query ? `?${query}` : ''}`);
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as RestTodo[],
    };
  };
  const idsOf = async (person: Person, query = '') => (await list(person, query)).body.map((todo) => todo.id);
  const createIssue = async (projectPath: string, title: string) => {
    const response = await send('owner', 'POST', `/projects/${ids.get(projectPath)}/issues`, { title });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number; iid: number };
  };
  const addIssueTodo = async (person: Person, projectPath: string, iid: number) => {
    const response = await send(person, 'POST', `/projects/${ids.get(projectPath)}/issues/${iid}/todo`);
    expect(response.status).toBe(201);
    return (await response.json()) as RestTodo;
  };
  const addEpicTodo = async (person: Person, epicGid: string) => {
    const result = await as(person).graphql<{ todoCreate: { todo: { id: string } } }>(
      'mutation ($id: TodoableID!) { todoCreate(input: { targetId: $id }) { todo { id } errors } }',
      { id: epicGid },
    );
    return Number(dataOf(result).todoCreate.todo.id.split('/').pop());
  };
  const pendingCount = async (person: Person) =>
    dataOf(
      await as(person).graphql<{ currentUser: { todos: { count: number } } }>(
        '{ currentUser { todos(state: [pending]) { count } } }',
      ),
    ).currentUser.todos.count;
  const stateInDatabase = async (id: number) =>
    (await server.db.selectFrom('todos').select('state').where('id', '=', id).executeTakeFirstOrThrow())
      .state;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60 });
    clients = await signedInClients(server);
    for (const path of [API_PROJECT, HANDBOOK]) {
      const row = await server.db
        .selectFrom('projects')
        .select('id')
        .where('full_path', '=', path)
        .executeTakeFirstOrThrow();
      ids.set(path, row.id);
    }
    for (const path of ['acme', 'acme/platform', 'initech']) {
      const row = await server.db
        .selectFrom('namespaces')
        .select('id')
        .where('full_path', '=', path)
        .executeTakeFirstOrThrow();
      ids.set(path, row.id);
    }
    // The demo seeds to-dos; these people start with none, so each list below is exactly the test's.
    for (const person of ['developer', 'reporter', 'guest', 'outsider'] as const) {
      await server.db
        .deleteFrom('todos')
        .where('user_id', '=', await userId(server, person))
        .execute();
    }
  });
  afterAll(() => server?.close());

  it('answers 401 to an anonymous caller on every route', async () => {
    expect((await list('anonymous')).status).toBe(401);
    expect((await send('anonymous', 'POST', '/todos/1/mark_as_done')).status).toBe(401);
    expect((await send('anonymous', 'POST', '/todos/mark_as_done')).status).toBe(401);
  });

  it('lists pending to-dos on issues and epics in GitLab’s shape, newest first, paged with its headers', async () => {
    const issue = await createIssue(API_PROJECT, 'Listed issue');
    const epic = await createEpic(as('owner'), 'acme/platform', { title: 'Listed epic' });
    const issueTodo = await addIssueTodo('developer', API_PROJECT, issue.iid);
    const epicTodoId = await addEpicTodo('developer', epic.id);

    const { status, body, headers } = await list('developer');
    expect(status).toBe(200);
    expect(body.map((todo) => todo.id)).toEqual([epicTodoId, issueTodo.id]);
    const [onEpic, onIssue] = body as [RestTodo, RestTodo];
    expect(onIssue).toMatchObject({
      action_name: 'marked',
      target_type: 'Issue',
      body: 'Listed issue',
      state: 'pending',
      author: { username: 'developer' },
      project: { id: ids.get(API_PROJECT), path_with_namespace: API_PROJECT },
      target: { id: issue.id, iid: issue.iid, title: 'Listed issue' },
    });
    expect(onIssue.target_url).toMatch(new RegExp(`/${API_PROJECT}/-/issues/${issue.iid}$`));
    expect(onIssue.group).toBeUndefined();
    expect(onEpic).toMatchObject({
      action_name: 'marked',
      target_type: 'Epic',
      body: 'Listed epic',
      group: { id: ids.get('acme/platform'), full_path: 'acme/platform' },
      target: { iid: Number(epic.iid), title: 'Listed epic' },
    });
    expect(onEpic.target_url).toMatch(new RegExp(`/groups/acme/platform/-/epics/${epic.iid}$`));
    expect(onEpic.project).toBeUndefined();
    expect(headers.get('x-total')).toBe('2');

    const firstPage = await list('developer', 'per_page=1');
    expect(firstPage.body.map((todo) => todo.id)).toEqual([epicTodoId]);
    expect(firstPage.headers.get('x-total-pages')).toBe('2');
    expect(firstPage.headers.get('x-next-page')).toBe('2');
    expect((await list('developer', 'per_page=1&page=2')).body.map((todo) => todo.id)).toEqual([
      issueTodo.id,
    ]);
  });

  it('filters by action, author, project, group, type and state', async () => {
    const handbookIssue = await createIssue(HANDBOOK, 'Assigned in the handbook');
    const assigned = await server.db
      .insertInto('todos')
      .values({
        root_namespace_id: ids.get('acme')!,
        user_id: await userId(server, 'developer'),
        author_id: await userId(server, 'owner'),
        target_type: 'Issue',
        target_id: handbookIssue.id,
        project_id: ids.get(HANDBOOK)!,
        group_id: null,
        action: 1,
        state: 'pending',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const all = await idsOf('developer');
    expect(all).toHaveLength(3);
    expect(all[0]).toBe(assigned.id);
    const [, epicTodo, apiTodo] = all;

    expect(await idsOf('developer', 'action=assigned')).toEqual([assigned.id]);
    expect(await idsOf('developer', 'action=marked')).toEqual([epicTodo, apiTodo]);
    expect(await idsOf('developer', 'action=mentioned')).toEqual([]);
    expect(await idsOf('developer', `author_id=${await userId(server, 'owner')}`)).toEqual([assigned.id]);
    expect(await idsOf('developer', `project_id=${ids.get(HANDBOOK)}`)).toEqual([assigned.id]);
    expect(await idsOf('developer', `project_id=${ids.get(API_PROJECT)}`)).toEqual([apiTodo]);
    // A group's to-dos are those in it and below it, on groups and on projects alike.
    expect(await idsOf('developer', `group_id=${ids.get('acme')}`)).toEqual(all);
    expect(await idsOf('developer', `group_id=${ids.get('acme/platform')}`)).toEqual([epicTodo, apiTodo]);
    expect(await idsOf('developer', `group_id=${ids.get('initech')}`)).toEqual([]);
    expect(await idsOf('developer', 'type=Epic')).toEqual([epicTodo]);
    expect(await idsOf('developer', 'type=Issue')).toEqual([assigned.id, apiTodo]);
    expect(await idsOf('developer', 'type=MergeRequest')).toEqual([]);
    expect(await idsOf('developer', 'type=Issue&action=assigned&state=pending')).toEqual([assigned.id]);
    expect(await idsOf('developer', 'state=done')).toEqual([]);
  });

  it('refuses bad filter values with a 400 that names the parameter', async () => {
    for (const [query, error] of [
      ['action=bogus', 'action does not have a valid value'],
      ['state=opened', 'state does not have a valid value'],
      ['type=Banana', 'type does not have a valid value'],
      ['author_id=abc', 'author_id is invalid'],
      ['project_id=1.5', 'project_id is invalid'],
      ['group_id=99999999999', 'group_id is invalid'],
      ['page=0', 'page is invalid'],
    ] as const) {
      const { status, body } = await list('developer', query);
      expect(status, query).toBe(400);
      expect(body, query).toEqual({ error });
    }
    expect((await send('developer', 'POST', '/todos/abc/mark_as_done')).status).toBe(400);
  });

  it('marks the caller’s own to-do done, 404 for anyone else’s, and all pending with a 204', async () => {
    const issue = await createIssue(API_PROJECT, 'Someone else’s to-do');
    const reportersTodo = await addIssueTodo('reporter', API_PROJECT, issue.iid);
    const [mine, ...rest] = await idsOf('developer');

    expect((await send('reporter', 'POST', `/todos/${mine}/mark_as_done`)).status).toBe(404);
    expect(await stateInDatabase(mine!)).toBe('pending');
    expect((await send('developer', 'POST', '/todos/2147483647/mark_as_done')).status).toBe(404);

    const done = await send('developer', 'POST', `/todos/${mine}/mark_as_done`);
    expect(done.status).toBe(201);
    expect(await done.json()).toMatchObject({ id: mine, state: 'done' });
    expect(await idsOf('developer')).toEqual(rest);
    expect(await idsOf('developer', 'state=done')).toEqual([mine]);
    // Again: a done to-do stays done.
    expect((await send('developer', 'POST', `/todos/${mine}/mark_as_done`)).status).toBe(201);

    const all = await send('developer', 'POST', '/todos/mark_as_done');
    expect(all.status).toBe(204);
    expect(await all.text()).toBe('');
    expect(await idsOf('developer')).toEqual([]);
    expect(await pendingCount('developer')).toBe(0);
    expect((await idsOf('developer', 'state=done')).sort()).toEqual([mine, ...rest].sort());
    expect(await idsOf('reporter')).toEqual([reportersTodo.id]);
  });

  it('hides to-dos on an issue made confidential or a project made private, in lists, counts and actions', async () => {
    const secret = await createIssue(API_PROJECT, 'Soon confidential');
    const guestsTodo = await addIssueTodo('guest', API_PROJECT, secret.iid);
    const handbookIssue = await createIssue(HANDBOOK, 'Soon private');
    const outsidersTodo = await addIssueTodo('outsider', HANDBOOK, handbookIssue.iid);
    expect(await idsOf('guest')).toEqual([guestsTodo.id]);
    expect(await pendingCount('guest')).toBe(1);
    expect(await idsOf('outsider')).toEqual([outsidersTodo.id]);

    const update = await send('owner', 'PUT', `/projects/${ids.get(API_PROJECT)}/issues/${secret.iid}`, {
      confidential: true,
    });
    expect(update.status).toBe(200);
    await server.db
      .updateTable('projects')
      .set({ visibility_level: VISIBILITY_LEVEL.private })
      .where('id', '=', ids.get(HANDBOOK)!)
      .execute();

    try {
      expect(await idsOf('guest')).toEqual([]);
      expect(await pendingCount('guest')).toBe(0);
      expect(await idsOf('outsider')).toEqual([]);
      expect(await pendingCount('outsider')).toBe(0);
      expect((await send('guest', 'POST', `/todos/${guestsTodo.id}/mark_as_done`)).status).toBe(404);
      expect((await send('outsider', 'POST', '/todos/mark_as_done')).status).toBe(204);
      expect(await stateInDatabase(outsidersTodo.id)).toBe('pending');
      const graphqlNodes = dataOf(
        await as('guest').graphql<{ currentUser: { todos: { nodes: unknown[] } } }>(
          '{ currentUser { todos { nodes { id } } } }',
        ),
      ).currentUser.todos.nodes;
      expect(graphqlNodes).toEqual([]);
    } finally {
      await server.db
        .updateTable('projects')
        .set({ visibility_level: VISIBILITY_LEVEL.public })
        .where('id', '=', ids.get(HANDBOOK)!)
        .execute();
    }
    // Readable again: the to-do is back, still pending.
    expect(await idsOf('outsider')).toEqual([outsidersTodo.id]);
  });
});
