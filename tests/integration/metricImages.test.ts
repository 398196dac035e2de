import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PUBLIC_PROJECT = 'acme/platform/backend/api';
const PRIVATE_PROJECT = 'acme/security/vault-audit';
type Who = 'owner' | 'reporter' | 'guest' | 'outsider' | 'anonymous';

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

interface MetricImage {
  id: number;
  created_at: string;
  filename: string;
  file_path: string;
  url: string | null;
  url_text: string | null;
}

describe.each(BACKENDS)('metric images of incidents (%s)', (backend) => {
  let server: TestServer;
  let dataDir: string;
  const tokens = new Map<Who, string>();
  const projectIds = new Map<string, number>();
  let incident: number;
  let plainIssue: number;
  let privateIncident: number;

  const headersOf = (who: Who): Record<string, string> =>
    who === 'anonymous' ? {} : { 'PRIVATE-TOKEN': tokens.get(who) ?? '' };
  const imagesPath = (iid: number, project = PUBLIC_PROJECT) =>
    `/api/v4/projects/${projectIds.get(project)}/issues/${iid}/metric_images`;
  const call = (who: Who, method: string, path: string, body?: FormData | string) =>
    fetch(new URL(path, server.baseUrl), {
      method,
      headers: {
        ...headersOf(who),
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      ...(body === undefined ? {} : { body }),
    });
  const form = (bytes: Buffer | null, filename: string, fields: Record<string, string> = {}) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    if (bytes) data.append('file', new Blob([new Uint8Array(bytes)]), filename);
    return data;
  };
  const upload = (who: Who, iid: number, data: FormData, project = PUBLIC_PROJECT) =>
    call(who, 'POST', imagesPath(iid, project), data);
  const storedFiles = (): string[] => {
    const root = join(dataDir, 'uploads');
    try {
      return readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name));
    } catch {
      return [];
    }
  };
  const imageRows = () => server.db.selectFrom('issuable_metric_images').selectAll().execute();
  const createIssue = async (project: string, title: string, issueType: string): Promise<number> => {
    const response = await call(
      'owner',
      'POST',
      `/api/v4/projects/${projectIds.get(project)}/issues`,
      JSON.stringify({ title, issue_type: issueType }),
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { iid: number }).iid;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pt-metric-images-'));
    server = await startTestServer({ backend, epics: 10, issues: 40, env: { DATA_DIR: dataDir } });
    for (const who of ['owner', 'reporter', 'guest', 'outsider'] as const) {
      tokens.set(who, await server.tokenFor(who));
    }
    for (const project of [PUBLIC_PROJECT, PRIVATE_PROJECT]) {
      const row = await server.db
        .selectFrom('projects')
        .select('id')
        .where('full_path', '=', project)
        .executeTakeFirstOrThrow();
      projectIds.set(project, row.id);
    }
    incident = await createIssue(PUBLIC_PROJECT, 'Database latency spike', 'incident');
    plainIssue = await createIssue(PUBLIC_PROJECT, 'Just an issue', 'issue');
    privateIncident = await createIssue(PRIVATE_PROJECT, 'Vault unsealed', 'incident');
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('uploads, lists, serves, edits and deletes an image in GitLab’s shape', async () => {
    const created = await upload(
      'reporter',
      incident,
      form(PNG, 'CPU load (1).png', { url: 'https://grafana.example.com/d/cpu', url_text: 'CPU dashboard' }),
    );
    expect(created.status).toBe(201);
    const image = (await created.json()) as MetricImage;
    expect(Object.keys(image).sort()).toEqual([
      'created_at',
      'file_path',
      'filename',
      'id',
      'url',
      'url_text',
    ]);
    expect(image).toMatchObject({
      filename: 'CPU_load__1_.png',
      file_path: `/uploads/-/system/issuable_metric_image/file/${image.id}/CPU_load__1_.png`,
      url: 'https://grafana.example.com/d/cpu',
      url_text: 'CPU dashboard',
    });
    expect(storedFiles()).toEqual([join(dataDir, 'uploads', image.file_path.replace('/uploads/', ''))]);

    const listed = await call('guest', 'GET', imagesPath(incident));
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([image]);

    const served = await call('anonymous', 'GET', image.file_path);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe('inline; filename="CPU_load__1_.png"');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect((await call('anonymous', 'GET', image.file_path.replace('CPU_load', 'other'))).status).toBe(404);

    const edited = await call(
      'reporter',
      'PUT',
      `${imagesPath(incident)}/${image.id}`,
      form(null, '', { url: 'https://grafana.example.com/d/mem', url_text: 'Memory' }),
    );
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      id: image.id,
      url: 'https://grafana.example.com/d/mem',
      url_text: 'Memory',
    });
    const cleared = await call(
      'owner',
      'PUT',
      `${imagesPath(incident)}/${image.id}`,
      JSON.stringify({ url: '' }),
    );
    expect(await cleared.json()).toMatchObject({ url: null, url_text: 'Memory' });
    const badUrl = await call(
      'owner',
      'PUT',
      `${imagesPath(incident)}/${image.id}`,
      JSON.stringify({ url: 'javascript:alert(1)' }),
    );
    expect(badUrl.status).toBe(422);
    expect(await badUrl.json()).toEqual({
      message: 'Metric image could not be updated: Url is blocked: Only allowed schemes are http, https',
    });

    const deleted = await call('reporter', 'DELETE', `${imagesPath(incident)}/${image.id}`);
    expect(deleted.status).toBe(204);
    expect(await imageRows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect((await call('owner', 'GET', image.file_path)).status).toBe(404);
    const again = await call('reporter', 'DELETE', `${imagesPath(incident)}/${image.id}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: 'Metric image not found' });
  });

  it('lets readers read, and only the team of an incident write', async () => {
    const created = await upload('owner', privateIncident, form(PNG, 'vault.png'), PRIVATE_PROJECT);
    expect(created.status).toBe(201);
    const image = (await created.json()) as MetricImage;

    // A private project's incident does not exist for those outside it, files included.
    for (const who of ['outsider', 'anonymous'] as const) {
      expect((await call(who, 'GET', imagesPath(privateIncident, PRIVATE_PROJECT))).status, who).toBe(404);
      expect((await call(who, 'GET', image.file_path)).status, who).toBe(404);
      expect((await upload(who, privateIncident, form(PNG, 'x.png'), PRIVATE_PROJECT)).status, who).toBe(404);
    }
    expect((await call('owner', 'GET', image.file_path)).status).toBe(200);

    const guestUpload = await upload('guest', incident, form(PNG, 'guest.png'));
    expect(guestUpload.status).toBe(403);
    expect(await guestUpload.json()).toEqual({ message: 'Not allowed!' });
    expect((await upload('anonymous', incident, form(PNG, 'anon.png'))).status).toBe(401);
    expect((await upload('outsider', incident, form(PNG, 'out.png'))).status).toBe(403);
    // Metric images are an incident's: an issue takes none, and has none to list.
    const onIssue = await upload('owner', plainIssue, form(PNG, 'issue.png'));
    expect(onIssue.status).toBe(403);
    expect(await onIssue.json()).toEqual({ message: 'Not allowed!' });
    expect(await (await call('anonymous', 'GET', imagesPath(plainIssue))).json()).toEqual([]);

    const own = (await (await upload('reporter', incident, form(PNG, 'team.png'))).json()) as MetricImage;
    const imagePath = `${imagesPath(incident)}/${own.id}`;
    for (const who of ['guest', 'outsider'] as const) {
      expect((await call(who, 'PUT', imagePath, JSON.stringify({ url_text: 'x' }))).status, who).toBe(403);
      expect((await call(who, 'DELETE', imagePath)).status, who).toBe(403);
    }
    expect((await call('anonymous', 'DELETE', imagePath)).status).toBe(401);
    expect((await imageRows()).map((row) => row.id).sort()).toEqual([image.id, own.id].sort());
    expect(await (await call('anonymous', 'GET', imagesPath(incident))).json()).toEqual([own]);
    for (const [iid, id, project] of [
      [privateIncident, image.id, PRIVATE_PROJECT],
      [incident, own.id, PUBLIC_PROJECT],
    ] as const) {
      expect((await call('owner', 'DELETE', `${imagesPath(iid, project)}/${id}`)).status).toBe(204);
    }
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a file over the limit, an SVG, text named .png and a missing file, keeping nothing', async () => {
    const refusals: [FormData, number, unknown][] = [
      [
        form(Buffer.alloc(20 * 1024 * 1024, 0x89), 'huge.png'),
        400,
        { message: '400 Bad request - File is too large' },
      ],
      [
        form(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), 'just-over.png'),
        400,
        { message: '400 Bad request - File is too large' },
      ],
      [
        form(SVG, 'graph.svg'),
        400,
        { message: 'Validation failed: File is not a PNG, JPEG, GIF or WebP image' },
      ],
      [
        form(Buffer.from('not an image at all'), 'notes.png'),
        400,
        { message: 'Validation failed: File is not a PNG, JPEG, GIF or WebP image' },
      ],
      [
        form(PNG, 'graph.gif'),
        400,
        {
          message:
            'Validation failed: File does not have a supported extension. Only png, jpg, jpeg, gif, and webp are supported',
        },
      ],
      [
        form(PNG, 'ok.png', { url: 'ftp://example.com/x' }),
        400,
        { message: 'Validation failed: Url is blocked: Only allowed schemes are http, https' },
      ],
      [form(null, '', { url: 'https://example.com' }), 400, { error: 'file is missing' }],
    ];
    for (const [data, status, body] of refusals) {
      const response = await upload('owner', incident, data);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual(body);
    }
    const json = await call(
      'owner',
      'POST',
      imagesPath(incident),
      JSON.stringify({ url: 'https://example.com' }),
    );
    expect(json.status).toBe(400);
    expect(await imageRows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('opens an incident at GitLab’s incident path and its tabs, saying who may change its images', async () => {
    const base = `/${PUBLIC_PROJECT}/-/issues`;
    const flagOf = async (who: Who, path: string) => {
      const response = await call(who, 'GET', path);
      expect(response.status, `${who} ${path}`).toBe(200);
      const html = await response.text();
      expect(html).toContain('data-page="issue"');
      return /data-can-manage-metric-images="([^"]*)"/.exec(html)?.[1];
    };
    expect(await flagOf('reporter', `${base}/incident/${incident}`)).toBe('true');
    expect(await flagOf('reporter', `${base}/incident/${incident}/metrics`)).toBe('true');
    expect(await flagOf('guest', `${base}/${incident}`)).not.toBe('true');
    expect(await flagOf('reporter', `${base}/${plainIssue}`)).not.toBe('true');
    expect((await call('owner', 'GET', `${base}/incident/${incident}/nonsense`)).status).toBe(404);
  });

  it('removes the files of an incident deleted for good', async () => {
    const doomed = await createIssue(PUBLIC_PROJECT, 'Short-lived incident', 'incident');
    for (const name of ['one.png', 'two.png']) {
      expect((await upload('owner', doomed, form(PNG, name))).status).toBe(201);
    }
    expect(storedFiles()).toHaveLength(2);
    const deleted = await call(
      'owner',
      'DELETE',
      `/api/v4/projects/${projectIds.get(PUBLIC_PROJECT)}/issues/${doomed}`,
    );
    expect(deleted.status).toBe(204);
    expect(await imageRows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });
});
