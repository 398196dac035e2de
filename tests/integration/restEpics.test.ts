import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

interface EpicJson {
  id: number;
  iid: number;
  title: string;
  state: string;
  labels: string[];
  parent_id: number | null;
  confidential: boolean;
  start_date: string | null;
  due_date: string | null;
  references: { short: string; full: string };
  web_url: string;
}

describe.each(BACKENDS)('REST group epics, as a GitLab client uses them (%s)', (backend) => {
  let server: TestServer;
  let owner: HttpClient;
  let reporter: HttpClient;
  let guest: HttpClient;
  const epicCount = async () =>
    Number((await owner.get('/api/v4/groups/acme/epics?per_page=1')).headers.get('x-total'));

  beforeAll(async () => {
    server = await startTestServer({ backend });
    owner = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    reporter = HttpClient.withToken(server.baseUrl, await server.tokenFor('reporter'));
    guest = HttpClient.withToken(server.baseUrl, await server.tokenFor('guest'));
  });
  afterAll(() => closeCheckingRollups(server));

  it('lists epics with GitLab pagination headers', async () => {
    const response = await owner.get('/api/v4/groups/acme/epics?per_page=5&page=2');
    expect(response.status).toBe(200);
    const total = Number(response.headers.get('x-total'));
    expect(total).toBeGreaterThan(10);
    expect(response.headers.get('x-per-page')).toBe('5');
    expect(response.headers.get('x-page')).toBe('2');
    expect(response.headers.get('x-next-page')).toBe('3');
    expect(response.headers.get('x-prev-page')).toBe('1');
    expect(response.headers.get('x-total-pages')).toBe(String(Math.ceil(total / 5)));
    expect(response.headers.get('link')).toContain('rel="next"');
    const body = (await response.json()) as EpicJson[];
    expect(body).toHaveLength(5);
    expect(body[0]).toMatchObject({
      state: expect.stringMatching(/opened|closed/),
      references: { short: expect.stringMatching(/^&\d+$/) },
    });
  });

  it('accepts the group by numeric id or by URL-encoded full path', async () => {
    const byPath = await owner.json<{ id: number }>('/api/v4/groups/acme%2Fplatform');
    const byId = await owner.json<{ full_path: string }>(`/api/v4/groups/${byPath.body.id}`);
    expect(byId.body.full_path).toBe('acme/platform');
  });

  it('filters by state, search, labels and author, and sorts', async () => {
    const closed = await owner.json<EpicJson[]>('/api/v4/groups/acme/epics?state=closed&per_page=100');
    expect(closed.body.length).toBeGreaterThan(0);
    expect(closed.body.every((epic) => epic.state === 'closed')).toBe(true);
    const [sample] = (await owner.json<EpicJson[]>('/api/v4/groups/acme/epics?per_page=100')).body.filter(
      (epic) => epic.labels.length > 0,
    );
    expect(sample).toBeDefined();
    const label = sample!.labels[0]!;
    const labelled = await owner.json<EpicJson[]>(
      `/api/v4/groups/acme/epics?labels=${encodeURIComponent(label)}&per_page=100`,
    );
    expect(labelled.body.length).toBeGreaterThan(0);
    expect(labelled.body.every((epic) => epic.labels.includes(label))).toBe(true);
    const word = sample!.title.split(' ')[0]!;
    const searched = await owner.json<EpicJson[]>(
      `/api/v4/groups/acme/epics?search=${encodeURIComponent(word)}&per_page=100`,
    );
    expect(searched.body.some((epic) => epic.id === sample!.id)).toBe(true);
    const byTitle = await owner.json<EpicJson[]>(
      '/api/v4/groups/acme/epics?order_by=title&sort=asc&per_page=20',
    );
    const titles = byTitle.body.map((epic) => epic.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const mine = await owner.json<(EpicJson & { author: { username: string } })[]>(
      '/api/v4/groups/acme/epics?author_username=owner&per_page=100',
    );
    expect(mine.body.every((epic) => epic.author.username === 'owner')).toBe(true);
  });

  it('creates, reads, updates and deletes an epic', async () => {
    const created = await owner.request('POST', '/api/v4/groups/acme%2Fplatform/epics', {
      json: {
        title: 'Launch the status page',
        description: 'Public uptime',
        labels: 'frontend,priority::high',
        start_date_fixed: '2026-07-01',
        start_date_is_fixed: true,
        due_date_fixed: '2026-09-30',
        due_date_is_fixed: true,
        color: '#217645',
      },
    });
    expect(created.status).toBe(201);
    const epic = (await created.json()) as EpicJson & { color: string; text_color: string };
    expect(epic).toMatchObject({
      title: 'Launch the status page',
      start_date: '2026-07-01',
      due_date: '2026-09-30',
      color: '#217645',
      text_color: '#FFFFFF',
    });
    expect(epic.labels.sort()).toEqual(['frontend', 'priority::high']);
    expect(epic.web_url).toMatch(new RegExp(`/groups/acme/platform/-/epics/${epic.iid}$`));

    const updated = await owner.request('PUT', `/api/v4/groups/acme%2Fplatform/epics/${epic.iid}`, {
      json: { title: 'Launch the public status page', add_labels: 'priority::low', state_event: 'close' },
    });
    expect(updated.status).toBe(200);
    const after = (await updated.json()) as EpicJson;
    expect(after.title).toBe('Launch the public status page');
    expect(after.state).toBe('closed');
    expect(after.labels.sort()).toEqual(['frontend', 'priority::low']);

    const fetched = await owner.json<EpicJson & { subscribed: boolean }>(
      `/api/v4/groups/acme%2Fplatform/epics/${epic.iid}`,
    );
    expect(fetched.body.subscribed).toBe(true);

    expect((await owner.request('DELETE', `/api/v4/groups/acme%2Fplatform/epics/${epic.iid}`)).status).toBe(
      204,
    );
    expect((await owner.get(`/api/v4/groups/acme%2Fplatform/epics/${epic.iid}`)).status).toBe(404);
  });

  it('detaches children when their parent is deleted (GitLab 16.11+)', async () => {
    const parent = (await (
      await owner.request('POST', '/api/v4/groups/acme/epics', { json: { title: 'Parent' } })
    ).json()) as EpicJson;
    const child = (await (
      await owner.request('POST', '/api/v4/groups/acme/epics', {
        json: { title: 'Child', parent_id: parent.id },
      })
    ).json()) as EpicJson;
    expect(child.parent_id).toBe(parent.id);
    await owner.request('DELETE', `/api/v4/groups/acme/epics/${parent.iid}`);
    const orphan = await owner.json<EpicJson>(`/api/v4/groups/acme/epics/${child.iid}`);
    expect(orphan.body.parent_id).toBeNull();
  });

  it("puts an epic given a new parent_id at the top of its new parent's children", async () => {
    const create = async (json: Record<string, unknown>) =>
      (await (await owner.request('POST', '/api/v4/groups/acme/epics', { json })).json()) as EpicJson;
    const parent = await create({ title: 'New parent' });
    const older = await create({ title: 'Older child', parent_id: parent.id });
    const newer = await create({ title: 'Newer child', parent_id: parent.id });
    const oldParent = await create({ title: 'Old parent' });
    const moved = await create({ title: 'Moved child', parent_id: oldParent.id });
    const updated = await owner.request('PUT', `/api/v4/groups/acme/epics/${moved.iid}`, {
      json: { parent_id: parent.id },
    });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as EpicJson).parent_id).toBe(parent.id);
    const children = await owner.json<EpicJson[]>(`/api/v4/groups/acme/epics/${parent.iid}/epics`);
    expect(children.body.map((epic) => epic.id)).toEqual([moved.id, newer.id, older.id]);
  });

  it('lets a reporter create and edit but only an owner delete', async () => {
    const created = await reporter.request('POST', '/api/v4/groups/acme/epics', {
      json: { title: 'Reporter epic' },
    });
    expect(created.status).toBe(201);
    const epic = (await created.json()) as EpicJson;
    expect(
      (await reporter.request('PUT', `/api/v4/groups/acme/epics/${epic.iid}`, { json: { title: 'Edited' } }))
        .status,
    ).toBe(200);
    const refused = await reporter.request('DELETE', `/api/v4/groups/acme/epics/${epic.iid}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: '403 Forbidden' });
    expect(
      (await guest.request('POST', '/api/v4/groups/acme/epics', { json: { title: 'Guest epic' } })).status,
    ).toBe(403);
    expect((await owner.get(`/api/v4/groups/acme/epics/${epic.iid}`)).status).toBe(200);
  });

  it.each([
    ['malformed JSON', '{"title": ', 400],
    ['a missing title', {}, 400],
    ['a blank title', { title: '   ' }, 400],
    ['a title of the wrong type', { title: { nested: true } }, 400],
    ['a huge title', { title: 'x'.repeat(300) }, 400],
    ['a huge description', { title: 'ok', description: 'x'.repeat(1_048_577) }, 400],
    ['an impossible date', { title: 'ok', start_date_fixed: '2026-02-30' }, 400],
    [
      'a start after the due date',
      { title: 'ok', start_date_fixed: '2026-05-01', due_date_fixed: '2026-04-01' },
      400,
    ],
    ['a bad colour', { title: 'ok', color: 'blue' }, 400],
    ['a bad boolean', { title: 'ok', confidential: 'maybe' }, 400],
    ['an unknown parent', { title: 'ok', parent_id: 99999999 }, 400],
  ])('answers %s with a clear 4xx and creates nothing', async (_case, body, status) => {
    const before = await epicCount();
    const response = await owner.request('POST', '/api/v4/groups/acme/epics', { json: body });
    expect(response.status).toBe(status);
    const message = (await response.json()) as Record<string, unknown>;
    expect(message.message ?? message.error).toBeTruthy();
    expect(await epicCount()).toBe(before);
  });

  it('rolls back the whole write when a late step fails, leaving no epic and no used iid', async () => {
    const first = (await (
      await owner.request('POST', '/api/v4/groups/acme/epics', { json: { title: 'Before' } })
    ).json()) as EpicJson;
    const before = await epicCount();
    // The label is checked after the epic row is written: the transaction must undo that row.
    const refused = await owner.request('POST', '/api/v4/groups/acme/epics', {
      json: { title: 'Half', labels: 'y'.repeat(300) },
    });
    expect(refused.status).toBe(400);
    expect(await epicCount()).toBe(before);
    const next = (await (
      await owner.request('POST', '/api/v4/groups/acme/epics', { json: { title: 'After' } })
    ).json()) as EpicJson;
    expect(next.iid).toBe(first.iid + 1);
  });

  it('refuses an update with no attributes, bad iids and unknown groups as GitLab does', async () => {
    const [first] = (await owner.json<EpicJson[]>('/api/v4/groups/acme/epics?per_page=1')).body;
    const empty = await owner.request('PUT', `/api/v4/groups/acme/epics/${first!.iid}`, { json: {} });
    expect(empty.status).toBe(400);
    expect((await owner.get('/api/v4/groups/acme/epics/abc')).status).toBe(400);
    expect(await (await owner.get('/api/v4/groups/acme/epics/987654')).json()).toEqual({
      message: '404 Epic Not Found',
    });
    expect(await (await owner.get('/api/v4/groups/no-such-group/epics')).json()).toEqual({
      message: '404 Group Not Found',
    });
    expect((await owner.get('/api/v4/groups/acme/epics?state=weird')).status).toBe(400);
    expect((await owner.get('/api/v4/groups/acme/epics?per_page=abc')).status).toBe(400);
    expect(await (await owner.get('/api/v4/no/such/route')).json()).toEqual({ error: '404 Not Found' });
  });

  it('caps per_page at 100', async () => {
    const response = await owner.get('/api/v4/groups/acme/epics?per_page=500');
    expect(response.headers.get('x-per-page')).toBe('100');
    expect(((await response.json()) as unknown[]).length).toBe(100);
  });

  it('lists group milestones and labels', async () => {
    const milestones = await owner.json<{ title: string; state: string; web_url: string }[]>(
      '/api/v4/groups/acme/milestones?include_descendants=true&state=active&per_page=100',
    );
    expect(milestones.status).toBe(200);
    expect(milestones.body.length).toBeGreaterThan(0);
    expect(milestones.body.every((milestone) => milestone.state === 'active')).toBe(true);
    const labels = await owner.json<{ name: string; color: string; text_color: string }[]>(
      '/api/v4/groups/acme/labels?per_page=100',
    );
    expect(labels.body.some((label) => label.name.includes('::'))).toBe(true);
    expect(labels.body.every((label) => /^#[0-9a-fA-F]{6}$/.test(label.color))).toBe(true);
  });

  it("filters group milestones by GitLab's date, title-term and update parameters", async () => {
    type Milestone = {
      title: string;
      start_date: string | null;
      due_date: string | null;
      updated_at: string;
    };
    const all = (
      await owner.json<Milestone[]>('/api/v4/groups/acme/milestones?include_descendants=true&per_page=100')
    ).body;
    const dated = all.filter((milestone) => milestone.start_date && milestone.due_date);
    const probe = dated[Math.floor(dated.length / 2)];
    if (!probe?.start_date || !probe.due_date) throw new Error('The demo data should have dated milestones');
    const list = async (query: string) =>
      owner.json<Milestone[]>(
        `/api/v4/groups/acme/milestones?include_descendants=true&per_page=100&${query}`,
      );

    const containing = await list(`containing_date=${probe.start_date}`);
    expect(containing.body.map((milestone) => milestone.title)).toContain(probe.title);
    expect(
      containing.body.every(
        (milestone) => milestone.start_date! <= probe.start_date! && milestone.due_date! >= probe.start_date!,
      ),
    ).toBe(true);

    const range = await list(`start_date=${probe.start_date}&end_date=${probe.start_date}`);
    expect(range.body.map((milestone) => milestone.title)).toContain(probe.title);
    expect(
      range.body.every((m) => m.due_date! >= probe.start_date! && m.start_date! <= probe.start_date!),
    ).toBe(true);
    expect((await list(`start_date=${probe.start_date}`)).status).toBe(400);
    expect((await list('containing_date=2026-02-30')).status).toBe(400);

    const [first = '', second = ''] = probe.title.split(/\s+/);
    const byTerms = await list(`search_title=${encodeURIComponent(`${second}+${first}`.toLowerCase())}`);
    expect(byTerms.body.map((milestone) => milestone.title)).toContain(probe.title);
    expect(
      byTerms.body.every((m) =>
        [first, second].every((term) => m.title.toLowerCase().includes(term.toLowerCase())),
      ),
    ).toBe(true);

    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await list(`updated_after=${future}`)).body).toEqual([]);
    expect((await list(`updated_before=${future}`)).body.length).toBe(all.length);
  });
});
