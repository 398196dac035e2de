import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { type CreatedEpic, type CreatedIssue, newEpic, newIssue, sendJson } from './epicLinksFixtures.ts';

interface Row {
  readonly [key: string]: unknown;
}

/** The markdown field's `@ # & % ~ /` suggestions: GitLab's project and group autocomplete_sources. */
describe.each(BACKENDS)('GFM autocomplete sources (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  let issue: CreatedIssue;
  let epic: CreatedEpic;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  const get = (person: Person | 'anonymous', path: string) => sendJson<Row[]>(as(person), 'GET', path);
  const project = (source: string, query = '') =>
    `/workshop/playground/-/autocomplete_sources/${source}?type=Issue&type_id=${issue.iid}${query}`;
  const group = (source: string, query = '') =>
    `/groups/workshop/-/autocomplete_sources/${source}?type=Epic&type_id=${epic.iid}${query}`;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 20 });
    clients = await signedInClients(server);
    issue = await newIssue(as('developer'), 'workshop/playground', { title: 'Autocomplete host issue' });
    epic = await newEpic(as('owner'), 'workshop', { title: 'Autocomplete host epic' });
    await newEpic(as('owner'), 'workshop', { title: 'Gfm secret nebula', confidential: true });
    const label = await sendJson(as('owner'), 'POST', '/api/v4/groups/workshop/labels', {
      name: 'Gfm two words',
      color: '#aa3300',
    });
    expect(label.status).toBe(201);
    const milestone = await sendJson(as('owner'), 'POST', '/api/v4/groups/workshop/milestones', {
      title: 'Gfm sprint 4',
    });
    expect(milestone.status).toBe(201);
  });
  afterAll(() => server?.close());

  it("puts the issue's participants first among the people to mention, and searches them", async () => {
    const all = await get('reporter', project('members'));
    expect(all.status).toBe(200);
    expect(all.body[0]).toEqual({
      type: 'User',
      id: expect.any(Number),
      username: 'developer',
      name: expect.any(String),
      avatar_url: null,
      availability: null,
    });
    expect(all.body.length).toBeLessThanOrEqual(20);
    const found = await get('guest', project('members', '&search=rep'));
    expect(found.body.map((user) => user.username)).toContain('reporter');
    expect(found.body.every((user) => /rep/i.test(`${user.username} ${user.name}`))).toBe(true);
  });

  it("suggests the project's issues by title or iid, a confidential one only to who may read it", async () => {
    const asReporter = await get('reporter', project('issues', '&search=credentials'));
    expect(asReporter.body).toEqual([
      {
        id: expect.any(Number),
        iid: 4,
        title: 'Rotate the workshop credentials',
        reference: '#4',
        confidential: true,
        state: 'opened',
      },
    ]);
    for (const person of ['guest', 'anonymous', 'outsider'] as const) {
      const shown = await get(person, project('issues', '&search=credentials'));
      expect(shown.status, person).toBe(200);
      expect(shown.body, person).toEqual([]);
    }
    const byIid = await get('guest', project('issues', `&search=${issue.iid}`));
    expect(byIid.body.map((row) => row.reference)).toContain(`#${issue.iid}`);
  });

  it("suggests the group's epics, hiding a confidential one from a Guest", async () => {
    const asReporter = await get('reporter', project('epics', '&search=nebula'));
    expect(asReporter.body).toEqual([
      expect.objectContaining({ title: 'Gfm secret nebula', confidential: true }),
    ]);
    expect(asReporter.body[0]?.reference).toBe(`&${asReporter.body[0]?.iid}`);
    expect((await get('guest', project('epics', '&search=nebula'))).body).toEqual([]);
  });

  it('suggests labels with their colours and active milestones, in the project and in the group', async () => {
    for (const path of [project('labels', '&search=two%20words'), group('labels', '&search=two%20words')]) {
      const labels = await get('guest', path);
      expect(labels.body).toEqual([
        {
          id: expect.any(Number),
          title: 'Gfm two words',
          color: '#aa3300',
          text_color: '#FFFFFF',
          type: 'GroupLabel',
        },
      ]);
    }
    for (const path of [
      project('milestones', '&search=sprint%204'),
      group('milestones', '&search=sprint%204'),
    ]) {
      const milestones = await get('guest', path);
      expect(milestones.body).toEqual([
        {
          id: expect.any(Number),
          iid: expect.any(Number),
          title: 'Gfm sprint 4',
          due_date: null,
          expired: false,
        },
      ]);
    }
  });

  it('lists the quick actions the viewer may run on the item, with their help', async () => {
    const asOwner = await get('owner', project('commands'));
    expect(asOwner.status).toBe(200);
    const names = (rows: Row[]) => rows.map((row) => row.name);
    expect(asOwner.body.find((row) => row.name === 'label')).toEqual({
      name: 'label',
      aliases: ['labels'],
      description: 'Add labels',
      params: ['~label1 ~"label 2"'],
      warning: '',
      icon: '',
    });
    expect(names(asOwner.body)).toEqual(expect.arrayContaining(['close', 'assign', 'milestone', 'shrug']));
    const asGuest = await get('guest', project('commands'));
    expect(names(asGuest.body)).toEqual(expect.arrayContaining(['todo', 'subscribe', 'shrug']));
    expect(names(asGuest.body)).not.toContain('label');
    expect(names(asGuest.body)).not.toContain('close');
    expect((await get('anonymous', project('commands'))).body).toEqual([]);

    const onEpic = await get('owner', group('commands'));
    expect(names(onEpic.body)).toEqual(expect.arrayContaining(['close', 'parent_epic', 'child_epic']));
    expect(onEpic.body.find((row) => row.name === 'close')?.description).toBe('Close this epic');
    expect(names(onEpic.body)).not.toContain('assign');
  });

  it('answers 404 for an item or a place the viewer cannot read', async () => {
    const confidential = '/workshop/playground/-/autocomplete_sources/members?type=Issue&type_id=4';
    expect((await get('guest', confidential)).status).toBe(404);
    expect((await get('reporter', confidential)).status).toBe(200);
    expect((await get('guest', project('members').replace(/type_id=\d+/, 'type_id=999999'))).status).toBe(
      404,
    );
    expect((await get('outsider', '/groups/acme/security/-/autocomplete_sources/labels')).status).toBe(404);
    expect((await get('outsider', '/acme/nope/-/autocomplete_sources/issues')).status).toBe(404);
  });

  it('answers 400 for a bad type, type_id or search, and for commands without an item', async () => {
    const bad = [
      '/workshop/playground/-/autocomplete_sources/members?type=Epic&type_id=1',
      '/workshop/playground/-/autocomplete_sources/members?type=Issue&type_id=abc',
      '/workshop/playground/-/autocomplete_sources/members?type=Issue&type_id=0',
      '/workshop/playground/-/autocomplete_sources/members?type=Issue',
      '/workshop/playground/-/autocomplete_sources/members?type_id=1',
      '/workshop/playground/-/autocomplete_sources/commands',
      '/groups/workshop/-/autocomplete_sources/commands',
      '/groups/workshop/-/autocomplete_sources/labels?type=Issue&type_id=1',
      `/workshop/playground/-/autocomplete_sources/issues?search=${'x'.repeat(300)}`,
    ];
    for (const path of bad) {
      const answer = await sendJson<{ message: string }>(as('owner'), 'GET', path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.message, path).toEqual(expect.any(String));
    }
  });
});
