import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscussionJson, NoteJson } from '../../src/core/domain/discussions.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { createEpic, dataOf, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';

describe.each(BACKENDS)('references in rendered markdown (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  let projectId: number;
  let openIid: number;
  let closedIid: number;
  let secretIid: number;
  let epicIid: string;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  const send = (person: Person | 'anonymous', method: string, path: string, json?: unknown) =>
    as(person).request(method, path, {
      ...(json === undefined ? {} : { json }),
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
  const newIssue = async (fields: Record<string, unknown>) => {
    const response = await send('owner', 'POST', `/api/v4/projects/${projectId}/issues`, fields);
    expect(response.status).toBe(201);
    return ((await response.json()) as { iid: number }).iid;
  };
  const notesOf = async (person: Person | 'anonymous', item: string) => {
    const response = await as(person).json<{ discussions: DiscussionJson[] }>(`${item}/discussions.json`);
    expect(response.status).toBe(200);
    return response.body.discussions.flatMap((discussion) => discussion.notes);
  };
  const issueLink = (iid: number, title: string, text: string) =>
    `<a href="/${PROJECT}/-/issues/${iid}" class="gfm gfm-issue" title="${title}" rel="noopener noreferrer nofollow">${text}</a>`;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 10 });
    clients = await signedInClients(server);
    projectId = await projectIdOf(server, PROJECT);
    openIid = await newIssue({ title: 'Open <work>' });
    closedIid = await newIssue({ title: 'Done already' });
    expect(
      (
        await send('owner', 'PUT', `/api/v4/projects/${projectId}/issues/${closedIid}`, {
          state_event: 'close',
        })
      ).status,
    ).toBe(200);
    secretIid = await newIssue({ title: 'Secret plan', confidential: true });
    epicIid = (await createEpic(as('owner'), 'acme', { title: 'Big epic' })).iid;
    const label = await send('owner', 'POST', `/api/v4/projects/${projectId}/labels`, {
      name: 'needs review',
      color: '#FF0000',
      description: 'Waiting for eyes',
    });
    expect(label.status).toBe(201);
    const milestone = await send('owner', 'POST', `/api/v4/projects/${projectId}/milestones`, {
      title: 'v9.0',
    });
    expect(milestone.status).toBe(201);
  });
  afterAll(() => server?.close());

  it('links what the reader may see in a note, and leaves a confidential issue as text for a guest', async () => {
    const item = `/${PROJECT}/-/issues/${openIid}`;
    const body = `See #${openIid}, #${closedIid} and #${secretIid}. ~"needs review" %v9.0 @reporter @all acme&${epicIid} &${epicIid} \`#${openIid}\``;
    const created = await send('owner', 'POST', `${item}/notes`, { note: { note: body } });
    expect(created.status).toBe(201);

    const [ownerNote] = (await notesOf('owner', item)).filter((note) => note.note === body);
    const ownerHtml = ownerNote!.note_html;
    expect(ownerHtml).toContain(issueLink(openIid, 'Open &lt;work&gt;', `#${openIid}`));
    expect(ownerHtml).toContain(issueLink(closedIid, 'Done already', `#${closedIid} (closed)`));
    expect(ownerHtml).toContain(issueLink(secretIid, 'Secret plan', `#${secretIid}`));
    expect(ownerHtml).toContain(
      `class="gfm gfm-label" title="Waiting for eyes" rel="noopener noreferrer nofollow"><span class="label-chip" style="--label-bg:#ff0000;--label-fg:#000000"><span class="label-chip-scope">needs review</span></span></a>`,
    );
    expect(ownerHtml).toMatch(
      /<a href="\/acme\/platform\/backend\/api\/-\/milestones\/\d+" class="gfm gfm-milestone" title="v9.0"[^>]*>%v9.0<\/a>/,
    );
    expect(ownerHtml).toMatch(
      /<a href="\/reporter" class="gfm gfm-project_member" title="[^"]+"[^>]*>@reporter<\/a>/,
    );
    expect(ownerHtml).toContain(
      `<a href="/groups/acme/-/epics/${epicIid}" class="gfm gfm-epic" title="Big epic"`,
    );
    expect(ownerHtml).toContain(' @all ');
    // `&N` on an issue names an epic of the project's own group, which this one is not in.
    expect(ownerHtml).toContain(`</a> &amp;${epicIid} <code>`);
    expect(ownerHtml).toContain(`<code>#${openIid}</code>`);

    const [guestNote] = (await notesOf('guest', item)).filter((note) => note.note === body);
    const guestHtml = guestNote!.note_html;
    expect(guestHtml).toContain(issueLink(openIid, 'Open &lt;work&gt;', `#${openIid}`));
    expect(guestHtml).toContain(` and #${secretIid}.`);
    expect(guestHtml).not.toContain('Secret plan');
    expect(guestHtml).not.toContain(`issues/${secretIid}"`);
  });

  it('links epics and issues of other top-level groups for readers who may see them', async () => {
    const hiddenIid = (await createEpic(as('owner'), 'acme/security', { title: 'Private plan' })).iid;
    const created = await send(
      'owner',
      'POST',
      `/api/v4/projects/${encodeURIComponent('workshop/playground')}/issues`,
      { title: 'Across groups' },
    );
    expect(created.status).toBe(201);
    const item = `/workshop/playground/-/issues/${((await created.json()) as { iid: number }).iid}`;
    const body = `Follows acme&${epicIid}, ${PROJECT}#${openIid} and acme/security&${hiddenIid}.`;
    expect((await send('owner', 'POST', `${item}/notes`, { note: { note: body } })).status).toBe(201);
    const htmlFor = async (person: Person) =>
      (await notesOf(person, item)).find((note) => note.note === body)!.note_html;

    const ownerHtml = await htmlFor('owner');
    expect(ownerHtml).toContain(
      `<a href="/groups/acme/-/epics/${epicIid}" class="gfm gfm-epic" title="Big epic"`,
    );
    expect(ownerHtml).toContain(issueLink(openIid, 'Open &lt;work&gt;', `${PROJECT}#${openIid}`));
    expect(ownerHtml).toContain(
      `<a href="/groups/acme/security/-/epics/${hiddenIid}" class="gfm gfm-epic" title="Private plan"`,
    );
    // Someone outside the private subgroup gets its epic as text, and nothing of its title.
    const outsiderHtml = await htmlFor('outsider');
    expect(outsiderHtml).toContain(`<a href="/groups/acme/-/epics/${epicIid}"`);
    expect(outsiderHtml).toContain(` and acme/security&amp;${hiddenIid}.`);
    expect(outsiderHtml).not.toContain('Private plan');
  });

  it('leaves unknown references and projects as text', async () => {
    const item = `/${PROJECT}/-/issues/${openIid}`;
    const body = '#999999 ~nolabel %nomilestone @nobody elsewhere/thing#1';
    const created = await send('reporter', 'POST', `${item}/notes`, { note: { note: body } });
    expect(created.status).toBe(201);
    expect(((await created.json()) as NoteJson).note_html).not.toContain('<a ');
  });

  it('resolves every note of a page in one batch, whatever their number', async () => {
    const item = `/${PROJECT}/-/issues/${await newIssue({ title: 'Busy' })}`;
    // Measured twice, the fewer kept: a session's activity is recorded once a minute, in whichever
    // request comes then, and on a loaded machine a minute can pass mid-test.
    const once = async () => {
      const before = server.statementCount();
      await notesOf('owner', item);
      return server.statementCount() - before;
    };
    const count = async () => Math.min(await once(), await once());
    await send('owner', 'POST', `${item}/notes`, { note: { note: `#${openIid} ~"needs review" @guest` } });
    const withOne = await count();
    for (const text of [`#${closedIid} @reporter`, `#${openIid} %v9.0`, `~"needs review" &${epicIid}`]) {
      await send('owner', 'POST', `${item}/notes`, { note: { note: text } });
    }
    // The epics' batch, and their group's plan, read once: epics are Premium and up.
    expect(await count()).toBeLessThanOrEqual(withOne + 3);
  });

  it('renders descriptions through GraphQL for the reader', async () => {
    const iid = await newIssue({
      title: 'Described',
      description: `Blocked by #${secretIid} and #${openIid}`,
    });
    const query = `query ($path: ID!, $iid: String!) { project(fullPath: $path) { issue(iid: $iid) { descriptionHtml } } }`;
    const read = async (person: Person) =>
      dataOf(
        await as(person).graphql<{ project: { issue: { descriptionHtml: string } } }>(query, {
          path: PROJECT,
          iid: String(iid),
        }),
      ).project.issue.descriptionHtml;
    expect(await read('owner')).toContain(issueLink(secretIid, 'Secret plan', `#${secretIid}`));
    const guest = await read('guest');
    expect(guest).toContain(`Blocked by #${secretIid} and `);
    expect(guest).not.toContain('Secret plan');
    expect(guest).toContain(issueLink(openIid, 'Open &lt;work&gt;', `#${openIid}`));

    const epicQuery = `query { group(fullPath: "acme") { epic(iid: "${epicIid}") { descriptionHtml } } }`;
    await send('owner', 'PUT', `/groups/acme/-/epics/${epicIid}.json`, {
      epic: { description: `Tracks ${PROJECT}#${openIid} and #${openIid}` },
    });
    const epicHtml = dataOf(
      await as('guest').graphql<{ group: { epic: { descriptionHtml: string } } }>(epicQuery),
    ).group.epic.descriptionHtml;
    expect(epicHtml).toContain(issueLink(openIid, 'Open &lt;work&gt;', `${PROJECT}#${openIid}`));
    // On an epic, a bare issue number names no project.
    expect(epicHtml).toContain(` and #${openIid}</p>`);
  });

  it('previews references as the reader will see them', async () => {
    const preview = async (person: Person) => {
      const response = await send(person, 'POST', `/${PROJECT}/-/preview_markdown`, {
        text: `#${secretIid} ~"needs review"`,
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { body: string }).body;
    };
    expect(await preview('reporter')).toContain('title="Secret plan"');
    const guest = await preview('guest');
    expect(guest).not.toContain('Secret plan');
    expect(guest).toContain('gfm-label');
  });

  it('answers realtime_changes with a validator of its own per reader', async () => {
    const iid = await newIssue({ title: 'Polled', description: `See #${secretIid}` });
    const path = `/${PROJECT}/-/issues/${iid}/realtime_changes`;
    const owner = await as('owner').request('GET', path);
    const guest = await as('guest').request('GET', path);
    expect(((await owner.json()) as { description: string }).description).toContain('Secret plan');
    expect(((await guest.json()) as { description: string }).description).not.toContain('Secret plan');
    const ownerTag = owner.headers.get('etag')!;
    expect(guest.headers.get('etag')).not.toBe(ownerTag);
    const again = await as('guest').request('GET', path, { headers: { 'if-none-match': ownerTag } });
    expect(again.status).toBe(200);
  });
});
