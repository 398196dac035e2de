import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCURRENT_EDIT_MESSAGE } from '../../src/core/domain/issuableTexts.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { createEpic, epicRow, type Person, signedInClients, userId } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
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

describe.each(BACKENDS)('the epic page issuable endpoints (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  let publicEpic: { iid: string; numericId: number };
  let privateEpic: { iid: string; numericId: number };
  let confidentialEpic: { iid: string; numericId: number };

  const realtimePath = (group: string, iid: string) => `/groups/${group}/-/epics/${iid}/realtime_changes`;
  const updatePath = (group: string, iid: string) => `/groups/${group}/-/epics/${iid}.json`;
  /** The edit form's save, as the page sends it: JSON nested under `epic`, with the CSRF header. */
  const save = (person: Person | 'anonymous', group: string, iid: string, epic: Record<string, unknown>) =>
    as(person).request('PUT', updatePath(group, iid), {
      json: { epic },
      headers: { 'x-csrf-token': as(person).csrfToken },
    });

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 40, issues: 120 });
    clients = await signedInClients(server);
    const owner = as('owner');
    publicEpic = await createEpic(owner, 'acme', { title: 'Public issuable' });
    privateEpic = await createEpic(owner, 'acme/security', { title: 'Private issuable' });
    confidentialEpic = await createEpic(owner, 'acme', { title: 'Secret issuable', confidential: true });
  });
  afterAll(() => server?.close());

  describe('realtime_changes', () => {
    it('returns the rendered and raw title and description, with GitLab polling headers', async () => {
      const epic = await createEpic(as('owner'), 'acme', { title: 'Ship *it*' });
      const saved = await save('owner', 'acme', epic.iid, { description: '- [x] done\n- [ ] todo' });
      expect(saved.status).toBe(200);
      const response = await as('reporter').get(realtimePath('acme', epic.iid));
      expect(response.status).toBe(200);
      expect(response.headers.get('poll-interval')).toBe('3000');
      expect(response.headers.get('etag')).toMatch(/^W\/".+"$/);
      const body = (await response.json()) as IssuableJson;
      expect(body).toMatchObject({
        title: 'Ship <em>it</em>',
        title_text: 'Ship *it*',
        description_text: '- [x] done\n- [ ] todo',
        task_status: '1 of 2 checklist items completed',
        lock_version: (await epicRow(server, epic.numericId)).lock_version,
        updated_by_name: 'Olivia Owens',
        updated_by_path: '/owner',
      });
      expect(body.description).toContain('class="task-list-item"');
      expect(body.description).toContain('data-sourcepos="1:1-1:10"');
      expect(new Date(body.updated_at!).getTime()).toBeGreaterThan(0);
    });

    it('has no editor before the first edit', async () => {
      const epic = await createEpic(as('owner'), 'acme', { title: 'Never edited' });
      const body = (await (await as('owner').get(realtimePath('acme', epic.iid))).json()) as IssuableJson;
      expect(body).toMatchObject({
        updated_at: null,
        updated_by_name: null,
        updated_by_path: null,
        task_status: '',
      });
    });

    it('answers 304 to an unchanged ETag, and 200 again after an edit', async () => {
      const path = realtimePath('acme', publicEpic.iid);
      const first = await as('guest').get(path);
      const etag = first.headers.get('etag')!;
      const again = await as('guest').get(path, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('poll-interval')).toBe('3000');
      expect(again.headers.get('etag')).toBe(etag);
      expect((await as('guest').get(path, { 'if-none-match': `"other", ${etag}` })).status).toBe(304);

      const lockVersion = (await epicRow(server, publicEpic.numericId)).lock_version;
      expect(
        (
          await save('reporter', 'acme', publicEpic.iid, {
            title: 'Public issuable v2',
            lock_version: lockVersion,
          })
        ).status,
      ).toBe(200);
      const changed = await as('guest').get(path, { 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(((await changed.json()) as IssuableJson).title_text).toBe('Public issuable v2');
    });

    it.each([
      ['anonymous', 'acme', 'public', 200],
      ['outsider', 'acme', 'public', 200],
      ['anonymous', 'acme/security', 'private', 404],
      ['outsider', 'acme/security', 'private', 404],
      ['guest', 'acme/security', 'private', 200],
      ['guest', 'acme', 'confidential', 404],
      ['reporter', 'acme', 'confidential', 200],
      ['owner', 'acme', 'confidential', 200],
    ] as const)('%s reading a %s-group (%s) epic gets %i', async (person, group, kind, status) => {
      const iid = { public: publicEpic, private: privateEpic, confidential: confidentialEpic }[kind].iid;
      const response = await as(person).get(realtimePath(group, iid));
      expect(response.status).toBe(status);
      // A hidden epic looks like a missing one, and tells the client to stop polling.
      if (status === 404) {
        expect(response.headers.get('poll-interval')).toBe('-1');
        expect(await response.json()).toEqual({
          errors: [group === 'acme' ? 'Epic Not Found' : 'Group Not Found'],
        });
      }
    });

    it('stops polling for a missing epic and refuses a malformed iid', async () => {
      const missing = await as('owner').get(realtimePath('acme', '999999'));
      expect(missing.status).toBe(404);
      expect(missing.headers.get('poll-interval')).toBe('-1');
      expect((await as('owner').get(realtimePath('no-such-group', '1'))).status).toBe(404);
      expect((await as('owner').get(realtimePath('acme', 'abc'))).status).toBe(400);
    });
  });

  describe('PUT .json', () => {
    it("ticks one task with GitLab's update_task PATCH, and refuses a line that changed", async () => {
      const epic = await createEpic(as('owner'), 'acme', { title: 'Tasks' });
      expect(
        (await save('owner', 'acme', epic.iid, { description: 'Plan\n\n- [ ] one\n- [ ] two' })).status,
      ).toBe(200);
      const patch = (
        person: Person,
        updateTask: Record<string, unknown>,
        extra: Record<string, unknown> = {},
      ) =>
        as(person).request('PATCH', updatePath('acme', epic.iid), {
          json: { epic: { update_task: updateTask, ...extra } },
          headers: { 'x-csrf-token': as(person).csrfToken },
        });
      const before = await epicRow(server, epic.numericId);
      const ticked = await patch('reporter', {
        index: 2,
        checked: true,
        line_number: 4,
        line_source: '- [ ] two',
      });
      expect(ticked.status).toBe(200);
      const body = (await ticked.json()) as IssuableJson;
      expect(body.description_text).toBe('Plan\n\n- [ ] one\n- [x] two');
      expect(body.lock_version).toBe(before.lock_version + 1);

      const stale = await patch('reporter', {
        index: 1,
        checked: true,
        line_number: 3,
        line_source: '- [ ] uno',
      });
      expect(stale.status).toBe(409);
      const staleVersion = await patch(
        'reporter',
        { index: 1, checked: true, line_number: 3, line_source: '- [ ] one' },
        { lock_version: before.lock_version },
      );
      expect(staleVersion.status).toBe(409);
      expect((await patch('reporter', { checked: true })).status).toBe(400);
      expect(
        (await patch('guest', { index: 1, checked: true, line_number: 3, line_source: '- [ ] one' })).status,
      ).toBe(403);
      const both = await as('reporter').request('PATCH', updatePath('acme', epic.iid), {
        json: { epic: { description: 'x', update_task: { checked: true, line_number: 3 } } },
        headers: { 'x-csrf-token': as('reporter').csrfToken },
      });
      expect(both.status).toBe(400);
      expect((await epicRow(server, epic.numericId)).description).toBe('Plan\n\n- [ ] one\n- [x] two');
    });

    it('saves title and description, bumps lock_version and records the editor', async () => {
      const epic = await createEpic(as('owner'), 'acme', { title: 'Before' });
      const before = await epicRow(server, epic.numericId);
      const response = await save('reporter', 'acme', epic.iid, {
        title: '  After `edit`  ',
        description: 'Plan:\n\n- [ ] one',
        lock_version: before.lock_version,
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as IssuableJson;
      expect(body).toMatchObject({
        title: 'After <code>edit</code>',
        title_text: 'After `edit`',
        description_text: 'Plan:\n\n- [ ] one',
        task_status: '0 of 1 checklist item completed',
        lock_version: before.lock_version + 1,
        web_url: `/groups/acme/-/epics/${epic.iid}`,
        state: 'opened',
        updated_by_name: 'Rita Reyes',
        updated_by_path: '/reporter',
      });
      const after = await epicRow(server, epic.numericId);
      expect(after).toMatchObject({
        title: 'After `edit`',
        lock_version: before.lock_version + 1,
        last_edited_by_id: await userId(server, 'reporter'),
      });
      expect(after.last_edited_at?.toISOString()).toBe(body.updated_at);
      expect(after.updated_at.getTime()).toBe(after.last_edited_at?.getTime());
    });

    it('accepts the form encoding GitLab nests under epic[…]', async () => {
      const epic = await createEpic(as('owner'), 'acme', { title: 'Form' });
      const response = await as('owner').request('PUT', updatePath('acme', epic.iid), {
        form: {
          'epic[title]': 'Form saved',
          'epic[description]': 'x',
          authenticity_token: as('owner').csrfToken,
        },
      });
      expect(response.status).toBe(200);
      expect((await epicRow(server, epic.numericId)).title).toBe('Form saved');
    });

    it('refuses a stale lock_version with 409 and the concurrent-edit message, changing nothing', async () => {
      const epic = await createEpic(as('owner'), 'acme', { title: 'Contested' });
      const { lock_version: stale } = await epicRow(server, epic.numericId);
      expect(
        (await save('owner', 'acme', epic.iid, { title: 'First save', lock_version: stale })).status,
      ).toBe(200);
      const current = await epicRow(server, epic.numericId);
      const conflict = await save('reporter', 'acme', epic.iid, {
        title: 'Second save',
        lock_version: stale,
      });
      expect(conflict.status).toBe(409);
      expect(await conflict.json()).toEqual({ errors: [CONCURRENT_EDIT_MESSAGE] });
      expect(await epicRow(server, epic.numericId)).toEqual(current);
    });

    it('closes and reopens through state_event, in the body or the query', async () => {
      const epic = await createEpic(as('owner'), 'acme', { title: 'Stateful' });
      const closed = await as('reporter').request(
        'PUT',
        `${updatePath('acme', epic.iid)}?epic[state_event]=close`,
        {
          headers: { 'x-csrf-token': as('reporter').csrfToken },
        },
      );
      expect(closed.status).toBe(200);
      expect(((await closed.json()) as IssuableJson).state).toBe('closed');
      const closedRow = await epicRow(server, epic.numericId);
      expect(closedRow.state).toBe('closed');
      expect(closedRow.closed_at).not.toBeNull();
      // Closing again is a no-op for the closing time, as in GitLab.
      expect((await save('reporter', 'acme', epic.iid, { state_event: 'close' })).status).toBe(200);
      expect((await epicRow(server, epic.numericId)).closed_at).toEqual(closedRow.closed_at);
      const reopened = await save('reporter', 'acme', epic.iid, { state_event: 'reopen' });
      expect(((await reopened.json()) as IssuableJson).state).toBe('opened');
      expect(await epicRow(server, epic.numericId)).toMatchObject({ state: 'opened', closed_at: null });
    });

    it.each([
      ['a blank title', { title: '   ' }, 422, "Title can't be blank"],
      [
        'a title over 255 characters',
        { title: 'x'.repeat(256) },
        422,
        'Title is too long (maximum is 255 characters)',
      ],
      [
        'a description over the limit',
        { description: 'x'.repeat(1_048_577) },
        422,
        'Description is too long (maximum is 1048576 characters)',
      ],
      ['a title that is not text', { title: { nested: true } }, 400, 'title is invalid'],
      ['a malformed lock_version', { title: 'x', lock_version: 'abc' }, 400, 'lock_version is invalid'],
      ['a negative lock_version', { title: 'x', lock_version: -1 }, 400, 'lock_version is invalid'],
      ['an unknown state_event', { state_event: 'explode' }, 400, 'state_event does not have a valid value'],
      ['nothing to save', { lock_version: 0 }, 422, 'Epic must include a title, description or state_event'],
    ])('refuses %s with a clear 4xx and changes nothing', async (_case, epicFields, status, message) => {
      const before = await epicRow(server, publicEpic.numericId);
      const response = await save('owner', 'acme', publicEpic.iid, epicFields);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ errors: [message] });
      expect(await epicRow(server, publicEpic.numericId)).toEqual(before);
    });

    it.each([
      ['owner', 'acme', 'public', 200],
      ['reporter', 'acme', 'public', 200],
      ['guest', 'acme', 'public', 403],
      ['outsider', 'acme', 'public', 403],
      ['anonymous', 'acme', 'public', 401],
      ['outsider', 'acme/security', 'private', 404],
      ['anonymous', 'acme/security', 'private', 401],
      ['guest', 'acme/security', 'private', 403],
      ['guest', 'acme', 'confidential', 404],
      ['reporter', 'acme', 'confidential', 200],
    ] as const)('%s saving a %s-group (%s) epic gets %i', async (person, group, kind, status) => {
      const target = { public: publicEpic, private: privateEpic, confidential: confidentialEpic }[kind];
      const before = await epicRow(server, target.numericId);
      const response = await save(person, group, target.iid, { description: `edited by ${person}` });
      expect(response.status).toBe(status);
      const after = await epicRow(server, target.numericId);
      if (status === 200) expect(after.description).toBe(`edited by ${person}`);
      else {
        expect((await response.json()) as { errors: string[] }).toEqual({ errors: [expect.any(String)] });
        expect(after).toEqual(before);
      }
    });

    it('needs the CSRF token from a browser session, but not from a personal access token', async () => {
      const before = await epicRow(server, publicEpic.numericId);
      const forged = await as('owner').request('PUT', updatePath('acme', publicEpic.iid), {
        json: { epic: { title: 'Forged' } },
      });
      expect(forged.status).toBe(422);
      expect(await epicRow(server, publicEpic.numericId)).toEqual(before);
      const api = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
      const viaToken = await api.request('PUT', updatePath('acme', publicEpic.iid), {
        json: { epic: { title: 'Saved with a token' } },
      });
      expect(viaToken.status).toBe(200);
    });
  });

  it('serves descriptionHtml and titleHtml through GraphQL with the same renderer', async () => {
    const epic = await createEpic(as('owner'), 'acme', { title: 'GraphQL *title*' });
    await save('owner', 'acme', epic.iid, { description: '- [ ] one <script>x</script>' });
    const result = await as('guest').graphql<{
      group: { epic: { titleHtml: string; descriptionHtml: string } };
    }>('query ($iid: ID) { group(fullPath: "acme") { epic(iid: $iid) { titleHtml descriptionHtml } } }', {
      iid: epic.iid,
    });
    expect(result.body.errors).toBeUndefined();
    const { titleHtml, descriptionHtml } = result.body.data!.group.epic;
    expect(titleHtml).toBe('GraphQL <em>title</em>');
    expect(descriptionHtml).toContain('<input type="checkbox" class="task-list-item-checkbox" disabled />');
    expect(descriptionHtml).toContain('&lt;script&gt;x&lt;/script&gt;');
  });
});
