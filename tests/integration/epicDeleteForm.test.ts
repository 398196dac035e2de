import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPIC_DELETED_NOTICE } from '../../src/core/domain/issuableTexts.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { createEpic, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

describe.each(BACKENDS)("the epic page's delete form (%s)", (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  let api: HttpClient;
  const as = (person: Person | 'anonymous') => clients.get(person)!;

  /** The form the delete button submits: method override, CSRF token, confirmation. */
  const submitDelete = (
    person: Person | 'anonymous',
    group: string,
    iid: string,
    fields: Record<string, string> = {},
  ) =>
    as(person).request('POST', `/groups/${group}/-/epics/${iid}`, {
      form: {
        _method: 'delete',
        authenticity_token: as(person).csrfToken,
        destroy_confirm: 'true',
        ...fields,
      },
    });
  const epicExists = async (id: number) =>
    (await server.db.selectFrom('epics').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 40, issues: 120 });
    clients = await signedInClients(server);
    api = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
  });
  afterAll(() => closeCheckingRollups(server));

  it('deletes the epic and its descendant epics, keeps issues, and redirects with a flash notice', async () => {
    const owner = as('owner');
    const grandparent = await createEpic(owner, 'acme', { title: 'Stays' });
    const doomed = await createEpic(owner, 'acme', { title: 'Doomed', parentId: grandparent.id });
    const child = await createEpic(owner, 'acme/platform', { title: 'Doomed child', parentId: doomed.id });
    const grandchild = await createEpic(owner, 'acme/platform', {
      title: 'Doomed grandchild',
      parentId: child.id,
    });
    const sibling = await createEpic(owner, 'acme', { title: 'Sibling stays', parentId: grandparent.id });
    // The child's fixed dates flow up to the grandparent, which must lose them with the subtree.
    const dated = await api.request('PUT', `/api/v4/groups/acme%2Fplatform/epics/${child.iid}`, {
      json: {
        start_date_fixed: '2026-07-01',
        start_date_is_fixed: true,
        due_date_fixed: '2027-01-31',
        due_date_is_fixed: true,
      },
    });
    expect(dated.status).toBe(200);
    const grandparentDates = async () =>
      server.db
        .selectFrom('epics')
        .select(['start_date', 'due_date'])
        .where('id', '=', grandparent.numericId)
        .executeTakeFirstOrThrow();
    expect(await grandparentDates()).toEqual({ start_date: '2026-07-01', due_date: '2027-01-31' });
    const issue = await sql<{ id: number; root_namespace_id: number }>`
      SELECT i.id, i.root_namespace_id FROM issues i JOIN projects p ON p.id = i.project_id
      WHERE NOT i.confidential AND p.visibility_level = 20
        AND NOT EXISTS (SELECT 1 FROM epic_issues ei WHERE ei.issue_id = i.id)
      ORDER BY i.id LIMIT 1`.execute(server.db);
    const issueId = issue.rows[0]!.id;
    await server.db
      .insertInto('epic_issues')
      .values({
        root_namespace_id: issue.rows[0]!.root_namespace_id,
        epic_id: child.numericId,
        issue_id: issueId,
        relative_position: 0,
      })
      .execute();

    const response = await submitDelete('owner', 'acme', doomed.iid);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/groups/acme/-/epics');
    expect(decodeURIComponent(owner.cookie('flash_notice') ?? '')).toBe(EPIC_DELETED_NOTICE);

    for (const gone of [doomed, child, grandchild]) expect(await epicExists(gone.numericId)).toBe(false);
    for (const kept of [grandparent, sibling]) expect(await epicExists(kept.numericId)).toBe(true);
    expect(
      await server.db.selectFrom('issues').select('id').where('id', '=', issueId).executeTakeFirst(),
    ).toBeDefined();
    expect(
      await server.db
        .selectFrom('epic_issues')
        .select('id')
        .where('issue_id', '=', issueId)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await grandparentDates()).toEqual({ start_date: null, due_date: null });
    const counts = await owner.graphql<{ group: { epic: { descendantCounts: Record<string, number> } } }>(
      'query ($iid: ID) { group(fullPath: "acme") { epic(iid: $iid) { descendantCounts { openedEpics closedEpics openedIssues closedIssues } } } }',
      { iid: grandparent.iid },
    );
    expect(counts.body.data?.group.epic.descendantCounts).toEqual({
      openedEpics: 1,
      closedEpics: 0,
      openedIssues: 0,
      closedIssues: 0,
    });
    // The flash shows once, on the next page.
    const next = await owner.get('/groups/acme/-/epics');
    expect(await next.text()).toContain(EPIC_DELETED_NOTICE);
    expect(owner.cookie('flash_notice')).toBeUndefined();
  });

  it.each([
    ['without destroy_confirm', { destroy_confirm: '' }, 422],
    ['with destroy_confirm=false', { destroy_confirm: 'false' }, 422],
    ['with a malformed destroy_confirm', { destroy_confirm: 'maybe' }, 400],
    ['without the delete method override', { _method: '' }, 400],
    ['with another method override', { _method: 'put' }, 400],
    ['without the CSRF token', { authenticity_token: '' }, 422],
  ])('refuses the form %s and deletes nothing', async (_case, fields, status) => {
    const epic = await createEpic(as('owner'), 'acme', { title: 'Survivor' });
    const response = await submitDelete('owner', 'acme', epic.iid, fields);
    expect(response.status).toBe(status);
    expect(await epicExists(epic.numericId)).toBe(true);
  });

  it.each([
    ['reporter', 'acme', 403],
    ['guest', 'acme', 403],
    ['outsider', 'acme', 403],
    ['anonymous', 'acme', 401],
    ['outsider', 'acme/security', 404],
    ['anonymous', 'acme/security', 401],
  ] as const)('%s may not delete a %s epic (%i), and nothing is deleted', async (person, group, status) => {
    const epic = await createEpic(as('owner'), group, { title: 'Protected' });
    const response = await submitDelete(person, group, epic.iid);
    expect(response.status).toBe(status);
    expect(await epicExists(epic.numericId)).toBe(true);
  });

  it('shows the not-found page for a missing epic', async () => {
    const response = await submitDelete('owner', 'acme', '999999');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});
