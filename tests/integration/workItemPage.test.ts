import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';
const PRIVATE_PROJECT = 'acme/security/vault-audit';
const TASK_TYPE = 'gid://gitlab/WorkItems::Type/5';
const ISSUE_TYPE = 'gid://gitlab/WorkItems::Type/1';

interface Made {
  readonly id: string;
  readonly iid: string;
  readonly webUrl: string;
}

/** The work item page (`/-/work_items/:iid`), the task redirect from its issue path, and its webUrl. */
describe.each(BACKENDS)('work item page (%s)', (backend) => {
  let server: TestServer;
  let anonymous: HttpClient;
  let owner: HttpClient;

  const create = async (input: Record<string, unknown>): Promise<Made> => {
    const { body } = await owner.graphql<{ workItemCreate: { workItem: Made; errors: string[] } }>(
      'mutation ($input: WorkItemCreateInput!) { workItemCreate(input: $input) { workItem { id iid webUrl } errors } }',
      { input },
    );
    expect(body.data?.workItemCreate.errors).toEqual([]);
    return body.data!.workItemCreate.workItem;
  };
  const taskIn = async (projectPath: string) => {
    const parent = await create({ projectPath, title: 'Parent', workItemTypeId: ISSUE_TYPE });
    const task = await create({
      projectPath,
      title: 'Child task',
      workItemTypeId: TASK_TYPE,
      hierarchyWidget: { parentId: parent.id },
    });
    return { parent, task };
  };

  beforeAll(async () => {
    server = await startTestServer({ backend });
    anonymous = new HttpClient(server.baseUrl);
    owner = new HttpClient(server.baseUrl);
    await owner.signIn('owner', TEST_PASSWORD);
  });
  afterAll(() => server?.close());

  it("serves a task's page with its project, iid and the view's flags", async () => {
    const { task } = await taskIn(PROJECT);
    const response = await anonymous.get(`/${PROJECT}/-/work_items/${task.iid}`);
    expect(response.status).toBe(200);
    const data = await mountData(response);
    expect(data).toMatchObject({ page: 'work-item', 'full-path': PROJECT, iid: task.iid });
    expect(data['work-items-mvc2']).toMatch(/^(true|false)$/);
    expect(data['issue-weights']).toMatch(/^(true|false)$/);
  });

  it("answers a task's webUrl with its work item page, and an issue's with its issue page", async () => {
    const { parent, task } = await taskIn(PROJECT);
    expect(new URL(task.webUrl).pathname).toBe(`/${PROJECT}/-/work_items/${task.iid}`);
    expect(new URL(parent.webUrl).pathname).toBe(`/${PROJECT}/-/issues/${parent.iid}`);
  });

  it("links a task to its work item page wherever an issue's address is given", async () => {
    const { parent, task } = await taskIn(PROJECT);
    const rest = await owner.get(`/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/${task.iid}`);
    expect(new URL(((await rest.json()) as { web_url: string }).web_url).pathname).toBe(
      `/${PROJECT}/-/work_items/${task.iid}`,
    );
    const { body } = await owner.graphql<{ project: { issue: { webPath: string; webUrl: string } } }>(
      'query ($path: ID!, $iid: String!) { project(fullPath: $path) { issue(iid: $iid) { webPath webUrl } } }',
      { path: PROJECT, iid: task.iid },
    );
    expect(body.data?.project.issue.webPath).toBe(`/${PROJECT}/-/work_items/${task.iid}`);
    expect(new URL(body.data!.project.issue.webUrl).pathname).toBe(`/${PROJECT}/-/work_items/${task.iid}`);
    // A reference to the task in markdown links there too; the parent keeps its issue page.
    const preview = await owner.request('POST', `/${PROJECT}/-/preview_markdown`, {
      json: { text: `#${task.iid} and #${parent.iid}` },
      headers: { 'x-csrf-token': owner.csrfToken },
    });
    const html = ((await preview.json()) as { body: string }).body;
    expect(html).toContain(`href="/${PROJECT}/-/work_items/${task.iid}"`);
    expect(html).toContain(`href="/${PROJECT}/-/issues/${parent.iid}"`);
  });

  it('sends a task opened at its issue path to its work item page, keeping the query', async () => {
    const { parent, task } = await taskIn(PROJECT);
    const redirected = await anonymous.get(`/${PROJECT}/-/issues/${task.iid}?work_item_id=3`);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe(`/${PROJECT}/-/work_items/${task.iid}?work_item_id=3`);
    const issue = await anonymous.get(`/${PROJECT}/-/issues/${parent.iid}`);
    expect(issue.status).toBe(200);
    expect((await mountData(issue)).page).toBe('issue');
  });

  it('answers 404 for a missing work item and for one the visitor may not read', async () => {
    const missing = await anonymous.get(`/${PROJECT}/-/work_items/999999`);
    expect(missing.status).toBe(404);
    expect((await mountData(missing)).page).toBe('not-found');
    const { task } = await taskIn(PRIVATE_PROJECT);
    expect((await anonymous.get(`/${PRIVATE_PROJECT}/-/work_items/${task.iid}`)).status).toBe(404);
    expect((await owner.get(`/${PRIVATE_PROJECT}/-/work_items/${task.iid}`)).status).toBe(200);
    expect((await anonymous.get(`/${PRIVATE_PROJECT}/-/issues/${task.iid}`)).status).toBe(404);
  });
});
