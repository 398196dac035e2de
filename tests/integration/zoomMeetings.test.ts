import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { createIssueOfType, systemNotesOfIssue } from '../helpers/incidents.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';
const MEETING = 'https://zoom.us/j/123456789';

interface NoteAnswer {
  commands_changes: Record<string, unknown>;
  quick_actions_status?: { messages: string[]; error_messages: string[] };
}

describe.each(BACKENDS)('the Zoom meeting pinned by /zoom and /remove_zoom (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  let projectId: number;
  const as = (person: Person | 'anonymous') => clients.get(person)!;

  const newIssue = (issueType: 'incident' | 'issue') => createIssueOfType(as('owner'), projectId, issueType);
  const comment = async (person: Person, iid: number, note: string) => {
    const response = await as(person).request('POST', `/${PROJECT}/-/issues/${iid}/notes`, {
      json: { note: { note } },
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
    return { status: response.status, body: (await response.json()) as NoteAnswer };
  };
  const pinned = async (iid: number, person: Person = 'guest') => {
    const { body } = await as(person).graphql<{ project: { issue: { zoomMeetingUrl: string | null } } }>(
      'query ($path: ID!, $iid: String!) { project(fullPath: $path) { issue(iid: $iid) { zoomMeetingUrl } } }',
      { path: PROJECT, iid: String(iid) },
    );
    expect(body.errors).toBeUndefined();
    return body.data?.project.issue.zoomMeetingUrl;
  };
  const meetings = (issueId: number) =>
    server.db
      .selectFrom('zoom_meetings')
      .select(['url', 'issue_status'])
      .where('issue_id', '=', issueId)
      .orderBy('id')
      .execute();
  const systemNotes = (issueId: number) => systemNotesOfIssue(server, issueId);

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 5, issues: 20 });
    clients = await signedInClients(server);
    projectId = await projectIdOf(server, PROJECT);
  });
  afterAll(() => closeCheckingRollups(server));

  it('/zoom pins the link on an incident, /remove_zoom takes it off, each with its note', async () => {
    const incident = await newIssue('incident');
    const added = await comment('reporter', incident.iid, `/zoom ${MEETING}`);
    expect(added.status).toBe(202);
    expect(added.body.commands_changes).toEqual({ zoom_meetings: [MEETING] });
    expect(added.body.quick_actions_status?.messages).toEqual(['Zoom meeting added']);
    expect(await pinned(incident.iid)).toBe(MEETING);

    // One meeting at a time: a second /zoom is not available and stays as text.
    const second = await comment('owner', incident.iid, '/zoom https://zoom.us/j/987654321');
    expect(second.body.commands_changes).toEqual({});
    expect(await pinned(incident.iid)).toBe(MEETING);

    const removed = await comment('owner', incident.iid, '/remove_zoom');
    expect(removed.body.quick_actions_status?.messages).toEqual(['Zoom meeting removed']);
    expect(await pinned(incident.iid)).toBeNull();
    expect(await meetings(incident.id)).toEqual([{ url: MEETING, issue_status: 2 }]);
    expect(await systemNotes(incident.id)).toEqual([
      ['pinned_embed', 'added a Zoom call to this issue'],
      ['pinned_embed', 'removed a Zoom call from this issue'],
    ]);
  });

  it('works on plain issues too, and refuses links that are not Zoom meetings', async () => {
    const issue = await newIssue('issue');
    for (const link of ['https://example.com/j/1', 'http://zoom.us/j/1', 'https://zoom.us.evil.com/j/1']) {
      const refused = await comment('owner', issue.iid, `/zoom ${link}`);
      expect(refused.body.quick_actions_status?.error_messages).toEqual(['Failed to add a Zoom meeting']);
    }
    expect(await meetings(issue.id)).toEqual([]);
    const vanity = 'https://acme.zoom.us/my/war-room';
    await comment('owner', issue.iid, `/zoom ${vanity}`);
    expect(await pinned(issue.iid)).toBe(vanity);
  });

  it('is for those who may update the issue: a Guest’s command stays text', async () => {
    const incident = await newIssue('incident');
    const answer = await comment('guest', incident.iid, `/zoom ${MEETING}`);
    expect(answer.body.commands_changes).toEqual({});
    expect(await pinned(incident.iid)).toBeNull();
    expect(await meetings(incident.id)).toEqual([]);
  });

  it('leaves the REST issue JSON as GitLab shapes it', async () => {
    const incident = await newIssue('incident');
    const before = await as('owner').json<Record<string, unknown>>(
      `/api/v4/projects/${projectId}/issues/${incident.iid}`,
    );
    await comment('owner', incident.iid, `/zoom ${MEETING}`);
    const after = await as('owner').json<Record<string, unknown>>(
      `/api/v4/projects/${projectId}/issues/${incident.iid}`,
    );
    expect(Object.keys(after.body).sort()).toEqual(Object.keys(before.body).sort());
  });
});
