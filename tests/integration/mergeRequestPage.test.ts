import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscussionJson, NoteJson } from '../../src/core/domain/discussions.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';

/**
 * The merge request page and what hangs off its path: the mount and who may do what, the title and
 * description editor (realtime_changes and the .json save), the activity (notes, threads, reactions),
 * the issue page's Development card, and `!iid` references in rendered text.
 */
describe.each(BACKENDS)('the merge request page (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  let projectId: number;
  let branch = 0;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  const send = (person: Person | 'anonymous', method: string, path: string, json?: unknown) =>
    as(person).request(method, path, {
      ...(json === undefined ? {} : { json }),
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
  const newMergeRequest = async (fields: Record<string, unknown> = {}) => {
    branch += 1;
    const response = await send('developer', 'POST', `/api/v4/projects/${projectId}/merge_requests`, {
      title: 'Add the login page',
      source_branch: `feature/page-${branch}`,
      target_branch: 'main',
      ...fields,
    });
    expect(response.status).toBe(201);
    const { iid } = (await response.json()) as { iid: number };
    return { iid, path: `/${PROJECT}/-/merge_requests/${iid}` };
  };
  const newIssue = async (title = 'Closed by a merge') => {
    const response = await send('owner', 'POST', `/api/v4/projects/${projectId}/issues`, { title });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number; iid: number };
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 30 });
    clients = await signedInClients(server);
    projectId = await projectIdOf(server, PROJECT);
  });
  afterAll(() => closeCheckingRollups(server));

  it('mounts the page with what each person may do', async () => {
    const { iid, path } = await newMergeRequest();
    const developer = await mountData(await as('developer').get(path));
    expect(developer).toMatchObject({
      page: 'merge-request',
      iid: String(iid),
      'can-update': 'true',
      'can-admin': 'true',
      'can-merge': 'true',
      // The author does not approve their own merge request.
      'can-approve': 'false',
      endpoint: path,
      'update-endpoint': `${path}.json`,
    });
    expect(await mountData(await as('owner').get(path))).toMatchObject({ 'can-approve': 'true' });
    expect(await mountData(await as('reporter').get(path))).toMatchObject({
      page: 'merge-request',
      'can-update': 'false',
      'can-merge': 'false',
    });
    expect((await as('developer').get(`/${PROJECT}/-/merge_requests/999999`)).status).toBe(404);
  });

  it('saves title, description and state through the editor, refusing stale and unpermitted saves', async () => {
    const { path } = await newMergeRequest();
    const first = await as('developer').json<{ lock_version: number; title_text: string }>(
      `${path}/realtime_changes`,
    );
    expect(first.status).toBe(200);
    expect(first.body.title_text).toBe('Add the login page');
    const saved = await send('developer', 'PUT', `${path}.json`, {
      merge_request: {
        title: 'Add the sign-in page',
        description: 'Done.',
        lock_version: first.body.lock_version,
      },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      title_text: 'Add the sign-in page',
      description_text: 'Done.',
    });
    const stale = await send('developer', 'PUT', `${path}.json`, {
      merge_request: { title: 'Too late', lock_version: first.body.lock_version },
    });
    expect(stale.status).toBe(409);
    expect((await send('reporter', 'PUT', `${path}.json`, { merge_request: { title: 'Mine' } })).status).toBe(
      403,
    );
    const closed = await send('developer', 'PUT', `${path}.json`, {
      merge_request: { state_event: 'close' },
    });
    expect(await closed.json()).toMatchObject({ state: 'closed' });
    const row = await server.db
      .selectFrom('merge_requests')
      .select(['title', 'state', 'closed_at'])
      .where('project_id', '=', projectId)
      .where('title', '=', 'Add the sign-in page')
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('closed');
    expect(row.closed_at).not.toBeNull();
  });

  it('keeps its activity: comments, threads, reactions and the system notes of changes', async () => {
    const { path } = await newMergeRequest();
    const comment = await send('reporter', 'POST', `${path}/notes`, { note: { note: 'Looks **good**' } });
    expect(comment.status).toBe(201);
    const note = (await comment.json()) as NoteJson;
    expect(note.note).toBe('Looks **good**');
    const award = await send('reporter', 'POST', `${path}/toggle_award_emoji`, { name: 'thumbsup' });
    expect(await award.json()).toEqual({ toggled_on: true });
    await send('developer', 'PUT', `${path}.json`, { merge_request: { title: 'Draft: Add the login page' } });
    const readable = await as('anonymous').json<{ discussions: DiscussionJson[] }>(
      `${path}/discussions.json`,
    );
    expect(readable.status).toBe(200);
    const texts = readable.body.discussions.flatMap((discussion) =>
      discussion.notes.map((each) => each.note),
    );
    expect(texts).toContain('Looks **good**');
    expect(texts).toContain('marked this merge request as **draft**');
  });

  it('links the merge requests that close an issue, from the description and by hand', async () => {
    const issue = await newIssue();
    const described = await newMergeRequest({ description: `Closes #${issue.iid}` });
    const byHand = await newMergeRequest({ title: 'Fix the tests' });
    const card = `/${PROJECT}/-/issues/${issue.iid}/closing_merge_requests`;
    type Item = { id: number; iid: number; reference: string; state: string; relation_path: string | null };
    const listed = async (person: Person) =>
      (await as(person).json<Item[]>(card)).body.map((item) => item.iid);
    expect(await listed('reporter')).toEqual([described.iid]);
    const added = await send('reporter', 'POST', card, { issuable_references: [`!${byHand.iid}`] });
    expect(added.status).toBe(201);
    expect(await listed('reporter')).toEqual([described.iid, byHand.iid]);
    expect((await send('reporter', 'POST', card, { issuable_references: ['!999999'] })).status).toBe(404);
    expect((await send('outsider', 'POST', card, { issuable_references: [`!${byHand.iid}`] })).status).toBe(
      403,
    );
    const items = (await as('reporter').json<Item[]>(card)).body;
    const removed = await send('reporter', 'DELETE', items[1]!.relation_path!);
    expect(removed.status).toBe(200);
    expect(await listed('reporter')).toEqual([described.iid]);
    // Merging closes the issue, with GitLab's note on it.
    const merged = await send(
      'developer',
      'PUT',
      `/api/v4/projects/${projectId}/merge_requests/${described.iid}/merge`,
      {},
    );
    expect(merged.status).toBe(200);
    const row = await server.db
      .selectFrom('issues')
      .select('state')
      .where('id', '=', issue.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('closed');
    const notes = await server.db
      .selectFrom('notes')
      .select('note')
      .where('noteable_type', '=', 'Issue')
      .where('noteable_id', '=', issue.id)
      .where('system', '=', true)
      .execute();
    expect(notes.map((each) => each.note)).toContain(`closed via merge request !${described.iid}`);
  });

  it('gives a requested reviewer a to-do that the To-Do API lists with its merge request', async () => {
    const { iid } = await newMergeRequest({ title: 'Review me' });
    const reviewer = await server.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'owner')
      .executeTakeFirstOrThrow();
    const updated = await send('developer', 'PUT', `/api/v4/projects/${projectId}/merge_requests/${iid}`, {
      reviewer_ids: [reviewer.id],
    });
    expect(updated.status).toBe(200);
    type Todo = {
      action_name: string;
      target_type: string;
      target: { iid: number; title: string };
      body: string;
    };
    const todos = await as('owner').json<Todo[]>('/api/v4/todos?type=MergeRequest');
    const mine = todos.body.filter((todo) => todo.target.iid === iid && todo.target.title === 'Review me');
    expect(mine).toEqual([
      expect.objectContaining({
        action_name: 'review_requested',
        target_type: 'MergeRequest',
        body: 'Review me',
      }),
    ]);
  });

  it('renders !iid as a link to a merge request the reader may see, marking merged ones', async () => {
    const { iid } = await newMergeRequest({ title: 'Rename the service' });
    const issue = await newIssue('Mentions a merge request');
    const issuePath = `/${PROJECT}/-/issues/${issue.iid}`;
    await send('owner', 'PUT', `${issuePath}.json`, { issue: { description: `See !${iid} and !999999.` } });
    const rendered = await as('reporter').json<{ description: string }>(`${issuePath}/realtime_changes`);
    expect(rendered.body.description).toContain(`href="/${PROJECT}/-/merge_requests/${iid}"`);
    expect(rendered.body.description).toContain('class="gfm gfm-merge_request" title="Rename the service"');
    expect(rendered.body.description).not.toContain('merge_requests/999999');
    await send('developer', 'PUT', `/api/v4/projects/${projectId}/merge_requests/${iid}/merge`, {});
    const after = await as('reporter').json<{ description: string }>(`${issuePath}/realtime_changes`);
    expect(after.body.description).toContain(`!${iid} (merged)</a>`);
  });
});
