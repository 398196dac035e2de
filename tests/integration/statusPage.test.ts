import { text } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_PAGE_SYNC_INTERVAL_MS } from '../../src/server/jobs/statusPageSync.ts';
import { publishStatusPages } from '../../src/server/services/statusPage/statusPagePublisher.ts';
import type { S3Bucket } from '../../src/server/storage/s3Bucket.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { type Person, signedInClients } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { createIssueOfType, systemNotesOfIssue } from '../helpers/incidents.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { type S3TestServer, startS3Server } from '../helpers/s3Server.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';
const SETTINGS_PATH = `/${PROJECT}/-/settings/operations`;
const STATUS_SITE = 'https://status.example.com';
/** The test servers' key (helpers/testServer.ts). */
const SECRET_KEY_BASE = 'test-secret-key-base-of-at-least-32-characters';

interface NoteAnswer {
  commands_changes: Record<string, unknown>;
  quick_actions_status?: { messages: string[]; error_messages: string[] };
}

describe.each(BACKENDS)('the status page: settings, /publish and the published files (%s)', (backend) => {
  let server: TestServer;
  let s3: S3TestServer;
  let bucket: S3Bucket;
  let clients: Map<Person | 'anonymous' | 'maintainer', HttpClient>;
  let projectId: number;
  const as = (person: Person | 'anonymous' | 'maintainer') => clients.get(person)!;

  const settingsBody = (overrides: Record<string, unknown> = {}) => ({
    project: {
      status_page_setting_attributes: {
        enabled: true,
        status_page_url: STATUS_SITE,
        aws_s3_bucket_name: s3.bucket,
        aws_region: s3.region,
        aws_access_key: s3.accessKeyId,
        aws_secret_key: s3.secretAccessKey,
        s3_endpoint: s3.endpoint,
        ...overrides,
      },
    },
  });
  const saveSettings = (person: Person | 'anonymous' | 'maintainer', body: unknown) =>
    as(person).request('PUT', SETTINGS_PATH, {
      json: body,
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
  const comment = async (person: Person, iid: number, note: string) => {
    const response = await as(person).request('POST', `/${PROJECT}/-/issues/${iid}/notes`, {
      json: { note: { note } },
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
    return { status: response.status, body: (await response.json()) as NoteAnswer & { id: number } };
  };
  const publishedLink = async (iid: number) => {
    const { body } = await as('reporter').graphql<{
      project: { issue: { publishedIncidentUrl: string | null } };
    }>(
      'query ($path: ID!, $iid: String!) { project(fullPath: $path) { issue(iid: $iid) { publishedIncidentUrl } } }',
      { path: PROJECT, iid: String(iid) },
    );
    expect(body.errors).toBeUndefined();
    return body.data?.project.issue.publishedIncidentUrl;
  };
  const publish = () =>
    publishStatusPages(server.db, {
      externalUrl: server.baseUrl,
      secretKeyBase: SECRET_KEY_BASE,
      now: () => new Date(),
    });
  const bucketJson = async (key: string): Promise<unknown> => {
    const stream = await bucket.get(key);
    return stream === null ? null : JSON.parse(await text(stream));
  };
  /**
   * What the bucket holds once publication settles. The server's own background publisher may run a
   * pass beside the test's: it may still be writing (s3rver truncates a file before writing it, so a
   * read can meet an empty object, which S3 never shows), or write what it read before the test's
   * last change, which its next pass corrects.
   */
  const settledJson = (key: string) => expect.poll(() => bucketJson(key), { timeout: 15_000, interval: 100 });
  const settingsRow = () =>
    server.db
      .selectFrom('status_page_settings')
      .selectAll()
      .where('project_id', '=', projectId)
      .executeTakeFirst();

  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = s3.client();
    server = await startTestServer({ backend, epics: 5, issues: 20 });
    const people = await signedInClients(server);
    const maintainer = new HttpClient(server.baseUrl);
    await maintainer.signIn('maintainer', TEST_PASSWORD);
    clients = new Map([...people, ['maintainer', maintainer]]);
    projectId = await projectIdOf(server, PROJECT);
  });
  afterAll(async () => {
    await closeCheckingRollups(server);
    await s3.close();
  });

  it('shows Settings → Monitor to maintainers only', async () => {
    expect((await as('maintainer').request('GET', SETTINGS_PATH)).status).toBe(200);
    for (const person of ['developer', 'guest', 'outsider'] as const) {
      expect((await as(person).request('GET', SETTINGS_PATH)).status).toBe(404);
    }
    const anonymous = await as('anonymous').request('GET', SETTINGS_PATH);
    expect(anonymous.status).toBe(302);
  });

  it('refuses incomplete or malformed settings with every problem, saving nothing', async () => {
    const response = await saveSettings(
      'maintainer',
      settingsBody({ aws_s3_bucket_name: '', aws_secret_key: '', status_page_url: 'javascript:alert(1)' }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: {
        aws_s3_bucket_name: ["S3 Bucket name can't be blank"],
        aws_secret_key: ["AWS Secret access key can't be blank"],
        status_page_url: ['Status page URL must be a valid URL'],
      },
    });
    expect(await settingsRow()).toBeUndefined();
    expect((await saveSettings('developer', settingsBody())).status).toBe(404);
    expect((await saveSettings('anonymous', settingsBody())).status).toBe(401);
    expect(await settingsRow()).toBeUndefined();
  });

  it('publishes an incident with /publish, keeps it current and takes it off when confidential', async () => {
    const saved = await saveSettings('maintainer', settingsBody());
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ message: 'Your changes have been saved' });
    // The secret is kept sealed: the database never holds it as typed.
    const sealed = (await settingsRow())?.aws_secret_key ?? '';
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(s3.secretAccessKey);

    const incident = await createIssueOfType(as('owner'), projectId, 'incident');
    // Only owners publish (GitLab's mark_issue_for_publication): for others /publish stays text.
    const refused = await comment('developer', incident.iid, '/publish');
    expect(refused.body.commands_changes).toEqual({});
    expect(await publishedLink(incident.iid)).toBeNull();

    const published = await comment('owner', incident.iid, '/publish');
    expect(published.status).toBe(202);
    expect(published.body.commands_changes).toEqual({ published_incident: true });
    expect(published.body.quick_actions_status?.messages).toEqual(['Issue published on status page.']);
    expect(await publishedLink(incident.iid)).toBe(`${STATUS_SITE}/#/data/incident/${incident.iid}.json`);
    expect(await systemNotesOfIssue(server, incident.id)).toEqual([
      ['published', 'published this issue to the status page'],
    ]);

    expect(await publish()).toEqual({ failed: 0 });
    await settledJson(`data/incident/${incident.iid}.json`).toMatchObject({
      id: incident.iid,
      status: 'opened',
      title: 'A new incident',
      links: { details: `data/incident/${incident.iid}.json` },
      comments: [],
    });
    await settledJson('data/list.json').toMatchObject([{ id: incident.iid }]);
    expect((await settingsRow())?.last_error).toBeNull();

    // A comment is published once it carries the microphone; a mention in it names no one.
    const update = await comment('owner', incident.iid, 'Fixed by @developer, monitoring now.');
    const award = await as('owner').request(
      'POST',
      `/api/v4/projects/${projectId}/issues/${incident.iid}/notes/${update.body.id}/award_emoji`,
      { json: { name: 'microphone' }, headers: { 'x-csrf-token': as('owner').csrfToken } },
    );
    expect(award.status).toBe(201);
    await publish();
    await settledJson(`data/incident/${incident.iid}.json`).toMatchObject({
      comments: [{ note: expect.stringContaining('Fixed by Incident Responder, monitoring now.') }],
    });

    // Published once: /publish is no longer offered.
    expect((await comment('owner', incident.iid, '/publish')).body.commands_changes).toEqual({});

    // Confidential: unpublished, its file gone and the list empty.
    const confidential = await as('owner').request(
      'PUT',
      `/api/v4/projects/${projectId}/issues/${incident.iid}`,
      {
        json: { confidential: true },
        headers: { 'x-csrf-token': as('owner').csrfToken },
      },
    );
    expect(confidential.status).toBe(200);
    await publish();
    await settledJson(`data/incident/${incident.iid}.json`).toBeNull();
    await settledJson('data/list.json').toEqual([]);
    expect(await publishedLink(incident.iid)).toBeNull();
  });

  it('records why a publication failed, and succeeds once the settings are right', async () => {
    const incident = await createIssueOfType(as('owner'), projectId, 'incident');
    await comment('owner', incident.iid, '/publish');
    const wrong = await saveSettings('maintainer', settingsBody({ aws_access_key: 'NOT-A-KEY' }));
    expect(wrong.status).toBe(200);
    expect(await publish()).toEqual({ failed: 1 });
    expect((await settingsRow())?.last_error).toMatch(/^InvalidAccessKeyId: /);
    await settledJson(`data/incident/${incident.iid}.json`).toBeNull();

    await saveSettings('maintainer', settingsBody());
    expect(await publish()).toEqual({ failed: 0 });
    expect((await settingsRow())?.last_error).toBeNull();
    await settledJson(`data/incident/${incident.iid}.json`).toMatchObject({ id: incident.iid });
    // A second pass over unchanged incidents writes nothing. The server's own publisher may still be
    // finishing a pass that overlapped ours (the settings changed the data version): let it settle.
    const publishedAt = async () => (await settingsRow())?.last_published_at?.getTime();
    await expect
      .poll(
        async () => {
          const first = await publishedAt();
          await sleep(STATUS_PAGE_SYNC_INTERVAL_MS + 500);
          return first === (await publishedAt());
        },
        { timeout: 20_000, interval: 0 },
      )
      .toBe(true);
    const before = await settingsRow();
    await publish();
    expect((await settingsRow())?.last_published_at).toEqual(before?.last_published_at);
  });

  it('publishes in the background: the server writes the files without being asked', async () => {
    const incident = await createIssueOfType(as('owner'), projectId, 'incident');
    await comment('owner', incident.iid, '/publish');
    await settledJson(`data/incident/${incident.iid}.json`).toMatchObject({ id: incident.iid });
  });
});
