import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCURRENT_EDIT_MESSAGE } from '../../src/core/domain/issuableTexts.ts';
import type { IssueRow } from '../../src/server/db/schema.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

interface IssuableJson {
  title: string;
  title_text: string;
  description: string;
  description_text: string;
  task_status: string;
  lock_version: number;
  updated_at: string | null;
  updated_by_name: string | null;
  updated_by_path: string | null;
  web_url?: string;
  state?: string;
}

const PUBLIC_PROJECT = 'acme/platform/backend/api';
const PRIVATE_PROJECT = 'acme/security/vault-audit';

describe.each(BACKENDS)('the issue page issuable endpoints (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;

  const realtimePath = (project: string, iid: number) => `/${project}/-/issues/${iid}/realtime_changes`;
  const updatePath = (project: string, iid: number) => `/${project}/-/issues/${iid}.json`;
  /** The edit form's save, as the page sends it: JSON nested under `issue`, with the CSRF header. */
  const save = (person: Person | 'anonymous', project: string, iid: number, issue: Record<string, unknown>) =>
    as(person).request('PUT', updatePath(project, iid), {
      json: { issue },
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
  const projectId = async (fullPath: string) => await projectIdOf(server, fullPath);
  /** A new issue through GitLab's REST create, by `person` (who becomes its author). */
  const createIssue = async (
    person: Person,
    project: string,
    fields: { title: string; confidential?: boolean },
  ): Promise<IssueRow> => {
    const response = await as(person).request('POST', `/api/v4/projects/${await projectId(project)}/issues`, {
      json: fields,
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    return issueRow(id);
  };
  const issueRow = (id: number) =>
    server.db.selectFrom('issues').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const systemNotes = async (issueId: number) =>
    (
      await server.db
        .selectFrom('notes')
        .select('note')
        .where('noteable_type', '=', 'Issue')
        .where('noteable_id', '=', issueId)
        .where('system', '=', true)
        .orderBy('id')
        .execute()
    ).map((row) => row.note);

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60 });
    clients = await signedInClients(server);
  });
  afterAll(() => server?.close());

  it('saves a title and description, records the editor and GitLab system notes', async () => {
    const issue = await createIssue('owner', PUBLIC_PROJECT, { title: 'Fix the *login*' });
    const never = (await (
      await as('guest').get(realtimePath(PUBLIC_PROJECT, issue.iid))
    ).json()) as IssuableJson;
    expect(never).toMatchObject({ title: 'Fix the <em>login</em>', updated_by_name: null, task_status: '' });

    const saved = await save('reporter', PUBLIC_PROJECT, issue.iid, {
      title: 'Fix the login form',
      description: '- [x] reproduce\n- [ ] fix',
      lock_version: issue.lock_version,
    });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as IssuableJson;
    expect(body).toMatchObject({
      title_text: 'Fix the login form',
      description_text: '- [x] reproduce\n- [ ] fix',
      task_status: '1 of 2 checklist items completed',
      lock_version: issue.lock_version + 1,
      web_url: `/${PUBLIC_PROJECT}/-/issues/${issue.iid}`,
      state: 'opened',
      updated_by_path: '/reporter',
    });
    const polled = await as('anonymous').get(realtimePath(PUBLIC_PROJECT, issue.iid));
    expect(polled.status).toBe(200);
    expect(polled.headers.get('poll-interval')).toBe('3000');
    expect(((await polled.json()) as IssuableJson).updated_by_path).toBe('/reporter');
    expect(await systemNotes(issue.id)).toEqual([
      'changed title from **Fix the *login*** to **Fix the login form**',
      'changed the description',
    ]);
  });

  it('closes and reopens through state_event, setting and clearing closed_at', async () => {
    const issue = await createIssue('owner', PUBLIC_PROJECT, { title: 'Close me' });
    const closed = await save('developer', PUBLIC_PROJECT, issue.iid, { state_event: 'close' });
    expect(closed.status).toBe(200);
    expect(((await closed.json()) as IssuableJson).state).toBe('closed');
    expect((await issueRow(issue.id)).closed_at).not.toBeNull();
    const reopened = await save('developer', PUBLIC_PROJECT, issue.iid, { state_event: 'reopen' });
    expect(((await reopened.json()) as IssuableJson).state).toBe('opened');
    const row = await issueRow(issue.id);
    expect(row).toMatchObject({ state: 'opened', closed_at: null, last_edited_at: null });
  });

  it('refuses a stale lock_version with GitLab’s message and changes nothing', async () => {
    const issue = await createIssue('owner', PUBLIC_PROJECT, { title: 'Edited twice' });
    expect((await save('owner', PUBLIC_PROJECT, issue.iid, { title: 'First', lock_version: 0 })).status).toBe(
      200,
    );
    const stale = await save('reporter', PUBLIC_PROJECT, issue.iid, { title: 'Second', lock_version: 0 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ errors: [CONCURRENT_EDIT_MESSAGE] });
    expect((await issueRow(issue.id)).title).toBe('First');
  });

  it.each([
    ['a blank title', { title: '   ' }, 422],
    ['a title over 255 characters', { title: 'x'.repeat(256) }, 422],
    ['a text lock_version', { title: 'ok', lock_version: 'soon' }, 400],
    ['an unknown state_event', { state_event: 'archive' }, 400],
    ['nothing to save', { lock_version: 0 }, 422],
  ] as const)('answers %s with a 4xx and changes nothing', async (_case, fields, status) => {
    const issue = await createIssue('owner', PUBLIC_PROJECT, { title: 'Unchanged' });
    const response = await save('owner', PUBLIC_PROJECT, issue.iid, fields);
    expect(response.status).toBe(status);
    expect((await response.json()) as { errors: string[] }).toHaveProperty('errors');
    const row = await issueRow(issue.id);
    expect(row).toMatchObject({ title: 'Unchanged', lock_version: issue.lock_version, state: 'opened' });
  });

  it('lets the author edit their own issue, and no other guest or outsider', async () => {
    const own = await createIssue('guest', PUBLIC_PROJECT, { title: 'Guest wrote this' });
    expect((await save('guest', PUBLIC_PROJECT, own.iid, { title: 'Guest edited this' })).status).toBe(200);
    const other = await createIssue('owner', PUBLIC_PROJECT, { title: 'Owner wrote this' });
    for (const person of ['guest', 'outsider', 'anonymous'] as const) {
      const refused = await save(person, PUBLIC_PROJECT, other.iid, { title: `${person} was here` });
      expect([401, 403, 404]).toContain(refused.status);
    }
    expect((await issueRow(other.id)).title).toBe('Owner wrote this');
  });

  it('changes the type from the edit form for Reporters, not for the author who is a guest', async () => {
    const issue = await createIssue('guest', PUBLIC_PROJECT, { title: 'Is this an incident?' });
    const realtime = async () =>
      (await (await as('guest').get(realtimePath(PUBLIC_PROJECT, issue.iid))).json()) as {
        issue_type: string;
      };
    expect((await realtime()).issue_type).toBe('issue');
    const refused = await save('guest', PUBLIC_PROJECT, issue.iid, {
      title: 'Incident!',
      issue_type: 'incident',
    });
    expect(refused.status).toBe(403);
    expect(await issueRow(issue.id)).toMatchObject({ title: 'Is this an incident?', issue_type: 'issue' });
    const invalid = await save('reporter', PUBLIC_PROJECT, issue.iid, { issue_type: 'task' });
    expect(invalid.status).toBe(400);
    const saved = await save('reporter', PUBLIC_PROJECT, issue.iid, { issue_type: 'incident' });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { issue_type: string }).issue_type).toBe('incident');
    expect((await realtime()).issue_type).toBe('incident');
    expect((await issueRow(issue.id)).issue_type).toBe('incident');
  });

  it("ticks a task with GitLab's update_task PATCH for whoever may edit the text", async () => {
    const issue = await createIssue('guest', PUBLIC_PROJECT, { title: 'Checklist' });
    expect((await save('guest', PUBLIC_PROJECT, issue.iid, { description: '- [ ] a\n- [x] b' })).status).toBe(
      200,
    );
    const patch = (person: Person, updateTask: Record<string, unknown>) =>
      as(person).request('PATCH', updatePath(PUBLIC_PROJECT, issue.iid), {
        json: { issue: { update_task: updateTask } },
        headers: { 'x-csrf-token': as(person).csrfToken },
      });
    // The author may tick their own issue's tasks; another guest may not.
    const ticked = await patch('guest', { index: 2, checked: false, line_number: 2, line_source: '- [x] b' });
    expect(ticked.status).toBe(200);
    expect(((await ticked.json()) as { task_status: string }).task_status).toBe(
      '0 of 2 checklist items completed',
    );
    expect(
      (await patch('outsider', { index: 1, checked: true, line_number: 1, line_source: '- [ ] a' })).status,
    ).toBe(403);
    expect((await patch('guest', { index: 1, checked: true, line_number: 9 })).status).toBe(409);
    expect((await issueRow(issue.id)).description).toBe('- [ ] a\n- [ ] b');
  });

  it('hides confidential and private issues from those who may not read them', async () => {
    const secret = await createIssue('owner', PUBLIC_PROJECT, { title: 'Secret', confidential: true });
    expect((await as('guest').get(realtimePath(PUBLIC_PROJECT, secret.iid))).status).toBe(404);
    expect((await as('reporter').get(realtimePath(PUBLIC_PROJECT, secret.iid))).status).toBe(200);
    const refused = await save('guest', PUBLIC_PROJECT, secret.iid, { title: 'Not secret' });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('poll-interval')).toBeNull();

    const hidden = await createIssue('owner', PRIVATE_PROJECT, { title: 'Private' });
    const polled = await as('outsider').get(realtimePath(PRIVATE_PROJECT, hidden.iid));
    expect(polled.status).toBe(404);
    expect(polled.headers.get('poll-interval')).toBe('-1');
    expect((await issueRow(hidden.id)).title).toBe('Private');
  });

  it('previews markdown for readers of the project only', async () => {
    const preview = (person: Person | 'anonymous', project: string) =>
      as(person).request('POST', `/${project}/-/preview_markdown`, {
        json: { text: '**bold**' },
        headers: { 'x-csrf-token': as(person).csrfToken },
      });
    const answer = await preview('guest', PUBLIC_PROJECT);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { body: string }).body).toContain('<strong>bold</strong>');
    expect((await preview('outsider', PRIVATE_PROJECT)).status).toBe(404);
    expect((await preview('anonymous', PUBLIC_PROJECT)).status).toBe(401);
  });

  it('lists the milestones an issue of the project may take: its own and its groups’', async () => {
    const groups = (
      await server.db
        .selectFrom('projects')
        .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
        .select(['projects.id', 'namespaces.traversal_ids'])
        .where('projects.full_path', '=', PUBLIC_PROJECT)
        .executeTakeFirstOrThrow()
    ).traversal_ids as number[];
    const { status, body } = await as('guest').json<{ id: number; group_id?: number; project_id?: number }[]>(
      `/${PUBLIC_PROJECT}/-/milestones.json?per_page=100`,
    );
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    const project = await server.db
      .selectFrom('projects')
      .select('id')
      .where('full_path', '=', PUBLIC_PROJECT)
      .executeTakeFirstOrThrow();
    for (const milestone of body) {
      const owned = milestone.project_id === project.id || groups.includes(milestone.group_id ?? -1);
      expect(owned, JSON.stringify(milestone)).toBe(true);
    }
    expect((await as('outsider').get(`/${PRIVATE_PROJECT}/-/milestones.json`)).status).toBe(404);
  });
});
