import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../../src/core/domain/gid.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { NOT_AVAILABLE, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { createIssueOfType, systemNotesOfIssue } from '../helpers/incidents.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';

interface EventFields {
  id: string;
  note: string;
  noteHtml: string;
  action: string;
  occurredAt: string;
  editable: boolean;
  author: { username: string } | null;
  updatedByUser: { username: string } | null;
  incident: { iid: string };
}

const EVENT_FIELDS = `id note noteHtml action occurredAt editable author { username }
  updatedByUser { username } incident { iid }`;

interface Payload {
  timelineEvent: EventFields | null;
  errors: string[];
}

describe.each(BACKENDS)("an incident's timeline events over GraphQL (%s)", (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  let projectId: number;
  const as = (person: Person | 'anonymous') => clients.get(person)!;

  /** A new issue or incident by the owner: its global id, id and iid. */
  const newIssue = async (issueType: 'incident' | 'issue') => {
    const { id, iid } = await createIssueOfType(as('owner'), projectId, issueType);
    return { gid: toGlobalId('Issue', id), id, iid: String(iid) };
  };

  const mutate = async (person: Person | 'anonymous', name: string, input: Record<string, unknown>) => {
    const type = `${name[0]!.toUpperCase()}${name.slice(1)}Input`;
    const { body } = await as(person).graphql<Record<string, Payload>>(
      `mutation ($input: ${type}!) { ${name}(input: $input) { timelineEvent { ${EVENT_FIELDS} } errors } }`,
      { input },
    );
    return { payload: body.data?.[name] ?? null, errors: body.errors ?? [] };
  };

  const list = async (person: Person | 'anonymous', incidentId: string) => {
    const { body } = await as(person).graphql<{
      project: { incidentManagementTimelineEvents: { count: number; nodes: EventFields[] } } | null;
    }>(
      `query ($path: ID!, $incidentId: IssueID!) { project(fullPath: $path) {
        incidentManagementTimelineEvents(incidentId: $incidentId) { count nodes { ${EVENT_FIELDS} } } } }`,
      { path: PROJECT, incidentId },
    );
    expect(body.errors).toBeUndefined();
    return body.data?.project?.incidentManagementTimelineEvents.nodes ?? [];
  };

  const systemNotes = (issueId: number) => systemNotesOfIssue(server, issueId);

  const eventCount = async (issueId: number) =>
    Number(
      (
        await server.db
          .selectFrom('incident_management_timeline_events')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('issue_id', '=', issueId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 5, issues: 20 });
    clients = await signedInClients(server);
    projectId = await projectIdOf(server, PROJECT);
  });
  afterAll(() => closeCheckingRollups(server));

  it('a Developer adds events; readers list them in the order they happened, rendered', async () => {
    const incident = await newIssue('incident');
    const later = await mutate('developer', 'timelineEventCreate', {
      incidentId: incident.gid,
      note: 'Rolled back **v2**',
      occurredAt: '2026-06-15T10:30:00Z',
    });
    expect(later.errors).toEqual([]);
    expect(later.payload?.errors).toEqual([]);
    expect(later.payload?.timelineEvent).toMatchObject({
      note: 'Rolled back **v2**',
      action: 'comment',
      occurredAt: '2026-06-15T10:30:00.000Z',
      editable: true,
      author: { username: 'developer' },
      updatedByUser: null,
      incident: { iid: incident.iid },
    });
    expect(later.payload?.timelineEvent?.id).toMatch(
      /^gid:\/\/gitlab\/IncidentManagement::TimelineEvent\/\d+$/,
    );
    expect(later.payload?.timelineEvent?.noteHtml).toContain('<strong>v2</strong>');
    // A time without an offset is UTC, as GitLab reads it.
    const earlier = await mutate('owner', 'timelineEventCreate', {
      incidentId: incident.gid,
      note: 'Alert fired',
      occurredAt: '2026-06-15T09:05',
    });
    expect(earlier.payload?.timelineEvent?.occurredAt).toBe('2026-06-15T09:05:00.000Z');

    for (const reader of ['guest', 'reporter', 'owner'] as const) {
      expect((await list(reader, incident.gid)).map((event) => event.note)).toEqual([
        'Alert fired',
        'Rolled back **v2**',
      ]);
    }
    const id = later.payload!.timelineEvent!.id.split('/').pop();
    expect(await systemNotes(incident.id)).toContainEqual([
      'timeline_event',
      `added an [incident timeline event](/${PROJECT}/-/issues/${incident.iid}#timeline_event_${id})`,
    ]);
  });

  it('refuses writers below Developer and strangers, changing nothing', async () => {
    const incident = await newIssue('incident');
    const input = { incidentId: incident.gid, note: 'Not mine to add', occurredAt: '2026-06-15T08:00:00Z' };
    for (const person of ['reporter', 'guest', 'outsider', 'anonymous'] as const) {
      const { payload, errors } = await mutate(person, 'timelineEventCreate', input);
      expect(payload).toBeNull();
      expect(errors[0]?.message).toMatch(NOT_AVAILABLE);
    }
    expect(await eventCount(incident.id)).toBe(0);
  });

  it("keeps GitLab's limits: 280 characters, a text, and incidents only", async () => {
    const incident = await newIssue('incident');
    const at = '2026-06-15T08:00:00Z';
    const tooLong = await mutate('developer', 'timelineEventCreate', {
      incidentId: incident.gid,
      note: 'x'.repeat(281),
      occurredAt: at,
    });
    expect(tooLong.payload).toEqual({
      timelineEvent: null,
      errors: ['Note is too long (maximum is 280 characters)'],
    });
    const blank = await mutate('developer', 'timelineEventCreate', {
      incidentId: incident.gid,
      note: '  ',
      occurredAt: at,
    });
    expect(blank.payload?.errors).toEqual(["Note can't be blank"]);
    const badTime = await mutate('developer', 'timelineEventCreate', {
      incidentId: incident.gid,
      note: 'When?',
      occurredAt: 'yesterday',
    });
    expect(badTime.errors[0]?.message).toMatch(/not a valid ISO 8601 time/);
    const exactly = await mutate('developer', 'timelineEventCreate', {
      incidentId: incident.gid,
      note: 'y'.repeat(280),
      occurredAt: at,
    });
    expect(exactly.payload?.errors).toEqual([]);
    expect(await eventCount(incident.id)).toBe(1);

    const plainIssue = await newIssue('issue');
    const onIssue = await mutate('owner', 'timelineEventCreate', {
      incidentId: plainIssue.gid,
      note: 'Issues have no timeline',
      occurredAt: at,
    });
    expect(onIssue.errors[0]?.message).toMatch(NOT_AVAILABLE);
    expect(await list('owner', plainIssue.gid)).toEqual([]);
    expect(await eventCount(plainIssue.id)).toBe(0);
  });

  it('a Developer edits the text and time; others may not', async () => {
    const incident = await newIssue('incident');
    const created = await mutate('developer', 'timelineEventCreate', {
      incidentId: incident.gid,
      note: 'Paged on-call',
      occurredAt: '2026-06-15T07:00:00Z',
    });
    const id = created.payload!.timelineEvent!.id;
    const refused = await mutate('reporter', 'timelineEventUpdate', { id, note: 'Hijacked' });
    expect(refused.errors[0]?.message).toMatch(NOT_AVAILABLE);

    const edited = await mutate('owner', 'timelineEventUpdate', {
      id,
      note: 'Paged the on-call engineer',
      occurredAt: '2026-06-15T07:15:00Z',
    });
    expect(edited.payload?.errors).toEqual([]);
    expect(edited.payload?.timelineEvent).toMatchObject({
      note: 'Paged the on-call engineer',
      occurredAt: '2026-06-15T07:15:00.000Z',
      author: { username: 'developer' },
      updatedByUser: { username: 'owner' },
    });
    const tooLong = await mutate('owner', 'timelineEventUpdate', { id, note: 'z'.repeat(281) });
    expect(tooLong.payload?.errors).toEqual(['Note is too long (maximum is 280 characters)']);
    expect((await list('guest', incident.gid)).map((event) => event.note)).toEqual([
      'Paged the on-call engineer',
    ]);
    const eventId = id.split('/').pop();
    expect(await systemNotes(incident.id)).toContainEqual([
      'timeline_event',
      `edited the event time/date and text on [incident timeline event](/${PROJECT}/-/issues/${incident.iid}#timeline_event_${eventId})`,
    ]);
  });

  it('a Developer deletes an event; others may not', async () => {
    const incident = await newIssue('incident');
    const created = await mutate('developer', 'timelineEventCreate', {
      incidentId: incident.gid,
      note: 'Mitigated',
      occurredAt: '2026-06-15T12:00:00Z',
    });
    const id = created.payload!.timelineEvent!.id;
    const refused = await mutate('reporter', 'timelineEventDestroy', { id });
    expect(refused.errors[0]?.message).toMatch(NOT_AVAILABLE);
    expect(await eventCount(incident.id)).toBe(1);

    const destroyed = await mutate('developer', 'timelineEventDestroy', { id });
    expect(destroyed.payload).toMatchObject({ errors: [], timelineEvent: { id, note: 'Mitigated' } });
    expect(await list('owner', incident.gid)).toEqual([]);
    expect(await systemNotes(incident.id)).toContainEqual([
      'timeline_event',
      'deleted an incident timeline event',
    ]);
    const again = await mutate('developer', 'timelineEventDestroy', { id });
    expect(again.errors[0]?.message).toMatch(NOT_AVAILABLE);
  });

  it('tells the page who may write the timeline', async () => {
    const incident = await newIssue('incident');
    const may = async (person: Person) => {
      const { body } = await as(person).graphql<{
        project: { issue: { userPermissions: { adminIncidentManagementTimelineEvent: boolean } } };
      }>(
        `query ($path: ID!, $iid: String!) { project(fullPath: $path) { issue(iid: $iid) {
          userPermissions { adminIncidentManagementTimelineEvent } } } }`,
        { path: PROJECT, iid: incident.iid },
      );
      return body.data?.project.issue.userPermissions.adminIncidentManagementTimelineEvent;
    };
    expect(await may('developer')).toBe(true);
    expect(await may('owner')).toBe(true);
    expect(await may('reporter')).toBe(false);
    expect(await may('guest')).toBe(false);
  });

  it("serves the page at GitLab's incident paths, tabs included", async () => {
    const incident = await newIssue('incident');
    const status = async (path: string) => (await as('guest').request('GET', `/${PROJECT}/-/${path}`)).status;
    expect(await status(`issues/incident/${incident.iid}`)).toBe(200);
    expect(await status(`issues/incident/${incident.iid}/timeline`)).toBe(200);
    expect(await status(`issues/incident/${incident.iid}/metrics`)).toBe(200);
    expect(await status(`issues/incident/${incident.iid}/elsewhere`)).toBe(404);
    expect(await status(`issues/${incident.iid}/timeline`)).toBe(404);
  });

  it('a Developer promotes a comment of the incident to an event at the time it was written', async () => {
    const incident = await newIssue('incident');
    const plainIssue = await newIssue('issue');
    const commentOn = async (iid: string, note: string) => {
      const response = await as('owner').request('POST', `/${PROJECT}/-/issues/${iid}/notes`, {
        json: { note: { note } },
        headers: { 'x-csrf-token': as('owner').csrfToken },
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: number }).id;
    };
    const noteId = await commentOn(incident.iid, 'Database failover done');
    const noteGid = toGlobalId('Note', noteId);
    const written = await server.db
      .selectFrom('notes')
      .select('created_at')
      .where('id', '=', noteId)
      .executeTakeFirstOrThrow();

    const refused = await mutate('reporter', 'timelineEventPromoteFromNote', { noteId: noteGid });
    expect(refused.errors[0]?.message).toMatch(NOT_AVAILABLE);
    const onIssue = await mutate('developer', 'timelineEventPromoteFromNote', {
      noteId: toGlobalId('Note', await commentOn(plainIssue.iid, 'Not an incident')),
    });
    expect(onIssue.errors[0]?.message).toMatch(NOT_AVAILABLE);
    expect(await eventCount(incident.id)).toBe(0);

    const { body } = await as('developer').graphql<{
      timelineEventPromoteFromNote: Payload & {
        timelineEvent: { promotedFromNote: { body: string } | null };
      };
    }>(
      `mutation ($input: TimelineEventPromoteFromNoteInput!) { timelineEventPromoteFromNote(input: $input) {
        timelineEvent { ${EVENT_FIELDS} promotedFromNote { body } } errors } }`,
      { input: { noteId: noteGid } },
    );
    const promoted = body.data!.timelineEventPromoteFromNote;
    expect(promoted.errors).toEqual([]);
    expect(promoted.timelineEvent).toMatchObject({
      // The link is absolute, on the server's external URL.
      note: expect.stringMatching(
        new RegExp(
          `^@owner \\[commented\\]\\(https?://[^/]+/${PROJECT}/-/issues/${incident.iid}#note_${noteId}\\): 'Database failover done'$`,
        ),
      ),
      occurredAt: written.created_at.toISOString(),
      editable: true,
      author: { username: 'developer' },
      promotedFromNote: { body: 'Database failover done' },
    });
  });

  it("tags events with GitLab's predefined tags, and refuses unknown ones", async () => {
    const incident = await newIssue('incident');
    const TAGGED = `${EVENT_FIELDS} timelineEventTags { count nodes { id name } }`;
    const send = async (name: string, input: Record<string, unknown>) => {
      const type = `${name[0]!.toUpperCase()}${name.slice(1)}Input`;
      const { body } = await as('developer').graphql<
        Record<
          string,
          {
            errors: string[];
            timelineEvent: { id: string; timelineEventTags: { nodes: { name: string }[] } } | null;
          }
        >
      >(`mutation ($input: ${type}!) { ${name}(input: $input) { timelineEvent { ${TAGGED} } errors } }`, {
        input,
      });
      return body.data![name]!;
    };
    const tagNames = (payload: {
      timelineEvent: { timelineEventTags: { nodes: { name: string }[] } } | null;
    }) => payload.timelineEvent?.timelineEventTags.nodes.map((tag) => tag.name);

    const started = await send('timelineEventCreate', {
      incidentId: incident.gid,
      note: 'Impact began',
      occurredAt: '2026-06-15T06:00:00Z',
      timelineEventTagNames: ['start time'],
    });
    expect(started.errors).toEqual([]);
    expect(tagNames(started)).toEqual(['Start time']);

    const unknown = await send('timelineEventCreate', {
      incidentId: incident.gid,
      note: 'Tagged oddly',
      occurredAt: '2026-06-15T06:30:00Z',
      timelineEventTagNames: ['End time', 'Lunch'],
    });
    expect(unknown).toEqual({ timelineEvent: null, errors: ['Following tags don\'t exist: ["Lunch"]'] });
    expect(await eventCount(incident.id)).toBe(1);

    const retagged = await send('timelineEventUpdate', {
      id: started.timelineEvent!.id,
      timelineEventTagNames: ['Start time', 'End time'],
    });
    expect(tagNames(retagged)).toEqual(['Start time', 'End time']);
    const untagged = await send('timelineEventUpdate', {
      id: started.timelineEvent!.id,
      timelineEventTagNames: [],
    });
    expect(tagNames(untagged)).toEqual([]);
    const kept = await send('timelineEventUpdate', {
      id: started.timelineEvent!.id,
      note: 'Impact began here',
    });
    expect(kept.timelineEvent?.timelineEventTags.nodes).toEqual([]);
  });
});
