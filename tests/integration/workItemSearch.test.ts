import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';
const PRIVATE_PROJECT = 'acme/security/vault-audit';
const TASK_TYPE = 'gid://gitlab/WorkItems::Type/5';
const ISSUE_TYPE = 'gid://gitlab/WorkItems::Type/1';

interface Found {
  id: string;
  iid: string;
  title: string;
  confidential: boolean;
  workItemType: { name: string };
}

const SEARCH = `query ($path: ID!, $search: String, $types: [IssueType!], $state: IssuableState, $first: Int) {
  project(fullPath: $path) {
    workItems(search: $search, types: $types, state: $state, first: $first) {
      count nodes { id iid title confidential workItemType { name } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

/** `Project.workItems`: the task picker's search, under the issue list's visibility rules. */
describe.each(BACKENDS)("GitLab's project work item search (%s)", (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;

  const search = async (person: Person | 'anonymous', variables: Record<string, unknown>, path = PROJECT) => {
    const { body } = await as(person).graphql<{
      project: { workItems: { count: number; nodes: Found[]; pageInfo: { hasNextPage: boolean } } } | null;
    }>(SEARCH, { path, ...variables });
    expect(body.errors ?? []).toEqual([]);
    return body.data?.project?.workItems ?? null;
  };
  const create = async (input: Record<string, unknown>) => {
    const { body } = await as('owner').graphql<{
      workItemCreate: { errors: string[]; workItem: { id: string; iid: string } };
    }>(
      'mutation ($input: WorkItemCreateInput!) { workItemCreate(input: $input) { errors workItem { id iid } } }',
      { input: { projectPath: PROJECT, ...input } },
    );
    expect(body.data?.workItemCreate.errors).toEqual([]);
    return body.data!.workItemCreate.workItem;
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 40 });
    clients = await signedInClients(server);
  });
  afterAll(() => closeCheckingRollups(server));

  it('finds tasks by title words, and keeps only the asked types', async () => {
    const parent = await create({ title: 'Searchable parent', workItemTypeId: ISSUE_TYPE });
    const task = await create({
      title: 'Zebra crossing paint',
      workItemTypeId: TASK_TYPE,
      hierarchyWidget: { parentId: parent.id },
    });
    await create({ title: 'Zebra crossing issue', workItemTypeId: ISSUE_TYPE });
    const tasks = await search('reporter', { search: 'zebra crossing', types: ['TASK'] });
    expect(tasks?.nodes.map((item) => [item.id, item.title, item.workItemType.name])).toEqual([
      [task.id, 'Zebra crossing paint', 'Task'],
    ]);
    const all = await search('reporter', { search: 'zebra crossing' });
    expect(all?.nodes.map((item) => item.title).sort()).toEqual([
      'Zebra crossing issue',
      'Zebra crossing paint',
    ]);
    const closed = await search('reporter', { search: 'zebra crossing', state: 'closed' });
    expect(closed?.nodes).toEqual([]);
  });

  it('pages by `first`, newest first', async () => {
    const parent = await create({ title: 'Pager parent', workItemTypeId: ISSUE_TYPE });
    for (const title of ['Quokka one', 'Quokka two', 'Quokka three']) {
      await create({ title, workItemTypeId: TASK_TYPE, hierarchyWidget: { parentId: parent.id } });
    }
    const page = await search('guest', { search: 'quokka', types: ['TASK'], first: 2 });
    expect(page?.nodes.map((item) => item.title)).toEqual(['Quokka three', 'Quokka two']);
    expect(page?.pageInfo.hasNextPage).toBe(true);
    expect(page?.count).toBe(3);
  });

  it('shows confidential tasks only to those who may read them, and nothing of a private project to outsiders', async () => {
    const parent = await create({ title: 'Secret parent', workItemTypeId: ISSUE_TYPE, confidential: true });
    const task = await create({
      title: 'Narwhal secret task',
      workItemTypeId: TASK_TYPE,
      hierarchyWidget: { parentId: parent.id },
    });
    const seen = await search('reporter', { search: 'narwhal', types: ['TASK'] });
    expect(seen?.nodes).toEqual([expect.objectContaining({ id: task.id, confidential: true })]);
    expect((await search('guest', { search: 'narwhal', types: ['TASK'] }))?.nodes).toEqual([]);
    expect((await search('anonymous', { search: 'narwhal', types: ['TASK'] }))?.nodes).toEqual([]);
    expect(await search('outsider', { types: ['TASK'] }, PRIVATE_PROJECT)).toBeNull();
  });
});
