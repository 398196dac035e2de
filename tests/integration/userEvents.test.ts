import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { mountData, PEOPLE, type Person } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';

interface ApiEvent {
  id: number;
  project_id: number | null;
  action_name: string;
  target_id: number;
  target_iid: number;
  target_type: string;
  target_title: string;
  author_id: number;
  author_username: string;
  created_at: string;
  author: { username: string };
  note?: { id: number; body: string; noteable_type: string; noteable_iid: number };
}

interface ActivityJson {
  events: { action: string; reference: string; title: string; webPath: string; excerpt: string }[];
  nextPage: number | null;
}

/** GitLab's user contribution events, derived from issues and notes, as each reader may see them. */
describe.each(BACKENDS)('GET /api/v4/users/:id/events (%s)', (backend) => {
  let server: TestServer;
  const api = new Map<Person | 'anonymous', HttpClient>();
  let projectId: number;
  let commentId: number;
  let publicIid: number;
  const call = async (person: Person | 'anonymous', method: string, path: string, json?: unknown) => {
    const response = await api
      .get(person)!
      .request(method, `/api/v4${path}`, json === undefined ? {} : { json });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
  const events = async (person: Person | 'anonymous', query = '') => {
    const response = await call(person, 'GET', `/users/owner/events${query}`);
    expect(response.status, query).toBe(200);
    return { events: response.body as ApiEvent[], headers: response.headers };
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 20 });
    for (const person of PEOPLE)
      api.set(person, HttpClient.withToken(server.baseUrl, await server.tokenFor(person)));
    api.set('anonymous', new HttpClient(server.baseUrl));
    projectId = await projectIdOf(server, PROJECT);
    const issues = `/projects/${projectId}/issues`;
    const open = await call('owner', 'POST', issues, { title: 'Activity in the open' });
    publicIid = open.body.iid;
    await call('owner', 'POST', issues, { title: 'Activity kept secret', confidential: true });
    const comment = await call('owner', 'POST', `${issues}/${publicIid}/notes`, {
      body: 'Looks **good** to me',
    });
    commentId = comment.body.id;
    await call('owner', 'POST', `${issues}/${publicIid}/notes`, { body: 'Reporters only', internal: true });
    expect((await call('owner', 'PUT', `${issues}/${publicIid}`, { state_event: 'close' })).status).toBe(200);
  });
  afterAll(() => closeCheckingRollups(server));

  it('lists what the user did, newest first, in GitLab’s event shapes', async () => {
    const { events: newest } = await events('owner', '?per_page=5');
    expect(newest.map((event) => [event.action_name, event.target_type, event.target_title])).toEqual([
      ['closed', 'Issue', 'Activity in the open'],
      ['commented on', 'Note', 'Activity in the open'],
      ['commented on', 'Note', 'Activity in the open'],
      ['opened', 'Issue', 'Activity kept secret'],
      ['opened', 'Issue', 'Activity in the open'],
    ]);
    const comment = newest.find((event) => event.note?.id === commentId)!;
    expect(comment).toMatchObject({
      project_id: projectId,
      target_id: commentId,
      author_username: 'owner',
      author: { username: 'owner' },
      note: { body: 'Looks **good** to me', noteable_type: 'Issue', noteable_iid: publicIid },
    });
    expect(newest[4]).toMatchObject({ target_iid: publicIid, project_id: projectId });
    expect(new Set(newest.map((event) => event.id)).size).toBe(5);
  });

  it('hides confidential issues and internal notes from a guest, and from anonymous readers', async () => {
    for (const reader of ['guest', 'anonymous'] as const) {
      const { events: seen } = await events(reader, '?per_page=100');
      expect(
        seen.map((event) => event.target_title),
        reader,
      ).not.toContain('Activity kept secret');
      expect(
        seen.some((event) => event.note?.body === 'Reporters only'),
        reader,
      ).toBe(false);
    }
    const { events: guestSees } = await events('guest', '?per_page=3');
    expect(guestSees.map((event) => event.action_name)).toEqual(['closed', 'commented on', 'opened']);
    expect(guestSees[1]!.note!.id).toBe(commentId);
    const { events: reporterSees } = await events('reporter', '?per_page=100&action=commented');
    expect(reporterSees.map((event) => event.note?.body)).toEqual(
      expect.arrayContaining(['Reporters only', 'Looks **good** to me']),
    );
  });

  it('pages with page and per_page, and filters by action, target type and day', async () => {
    const { events: four } = await events('owner', '?per_page=4');
    const first = await events('owner', '?per_page=2&page=1');
    const second = await events('owner', '?per_page=2&page=2');
    expect([...first.events, ...second.events].map((event) => event.id)).toEqual(
      four.map((event) => event.id),
    );
    expect(first.headers.get('x-next-page')).toBe('2');
    expect(second.headers.get('x-prev-page')).toBe('1');
    const closed = (await events('owner', '?action=closed')).events;
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((event) => event.action_name === 'closed')).toBe(true);
    const notes = (await events('owner', '?target_type=note&per_page=100')).events;
    expect(notes.every((event) => event.action_name === 'commented on')).toBe(true);
    expect((await events('owner', '?before=2000-01-01')).events).toEqual([]);
    expect((await events('owner', '?after=2000-01-01&per_page=1')).events).toHaveLength(1);
    const oldest = (await events('owner', '?sort=asc&per_page=1')).events[0]!;
    expect(oldest.created_at <= four[3]!.created_at).toBe(true);
  });

  it('answers 400 for bad parameters and 404 for an unknown user, by id or username', async () => {
    for (const query of [
      'per_page=0',
      'per_page=abc',
      'page=0',
      'action=pushed!',
      'target_type=x',
      'before=soon',
      'sort=up',
    ])
      expect((await call('owner', 'GET', `/users/owner/events?${query}`)).status, query).toBe(400);
    expect((await call('owner', 'GET', '/users/nobody-here/events')).status).toBe(404);
    expect((await call('owner', 'GET', '/users/99999999/events')).status).toBe(404);
    const [owner] = (await call('anonymous', 'GET', '/users?username=owner')).body as { id: number }[];
    const byId = await call('guest', 'GET', `/users/${owner!.id}/events?per_page=1`);
    expect(byId.body[0].action_name).toBe('closed');
  });

  it('serves the profile’s Activity with links to the items and the note anchors', async () => {
    const response = await api.get('guest')!.get('/users/owner/activity.json');
    expect(response.status).toBe(200);
    const activity = (await response.json()) as ActivityJson;
    const comment = activity.events.find((event) => event.webPath.endsWith(`#note_${commentId}`))!;
    expect(comment).toMatchObject({
      action: 'commented on',
      reference: `#${publicIid}`,
      title: 'Activity in the open',
      excerpt: 'Looks good to me',
      webPath: `/${PROJECT}/-/issues/${publicIid}#note_${commentId}`,
    });
    expect(activity.events.map((event) => event.title)).not.toContain('Activity kept secret');
    expect((await api.get('guest')!.get('/users/nobody-here/activity.json')).status).toBe(404);
  });

  it('lists on the profile the groups and projects the user belongs to, only those the viewer may see', async () => {
    const membershipsSeenBy = async (person: Person | 'anonymous', username: string) => {
      const client = person === 'anonymous' ? new HttpClient(server.baseUrl) : api.get(person)!;
      const page = await client.get(`/${username}`);
      expect(page.status).toBe(200);
      const json = JSON.parse((await mountData(page)).memberships!) as {
        groups: { fullPath: string; role: string }[];
        projects: { fullPath: string; role: string }[];
      };
      return {
        groups: json.groups.map((group) => `${group.fullPath} ${group.role}`),
        projects: json.projects.map((project) => `${project.fullPath} ${project.role}`),
      };
    };
    const owner = await membershipsSeenBy('anonymous', 'owner');
    expect(owner.groups).toContain('acme Owner');
    expect(owner.projects).toContain(`${PROJECT} Owner`);
    // hlamarr belongs only to the private acme/security: named to its members, hidden from others.
    expect(await membershipsSeenBy('owner', 'hlamarr')).toEqual({
      groups: [expect.stringMatching(/^acme\/security /)],
      projects: [expect.stringMatching(/^acme\/security\/vault-audit /)],
    });
    for (const stranger of ['anonymous', 'outsider'] as const)
      expect(await membershipsSeenBy(stranger, 'hlamarr'), stranger).toEqual({ groups: [], projects: [] });
  });
});
