import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PUBLIC_PROJECT = 'acme/platform/backend/api';
const PRIVATE_PROJECT = 'acme/security/vault-audit';
type Who = 'admin' | 'owner' | 'reporter' | 'guest' | 'outsider' | 'anonymous';

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface Upload {
  id: number;
  alt: string;
  url: string;
  full_path: string;
  markdown: string;
}

/**
 * GitLab's markdown uploads: whoever may comment attaches a file to a project's or a group's texts;
 * it is served at its `full_path` to who may read the owner (images inline, anything else as a
 * download), and refused past the instance's `max_attachment_size`, keeping nothing.
 */
describe.each(BACKENDS)('markdown uploads (%s)', (backend) => {
  let server: TestServer;
  let dataDir: string;
  const tokens = new Map<Who, string>();
  const ids = new Map<string, number>();

  const headersOf = (who: Who): Record<string, string> =>
    who === 'anonymous' ? {} : { 'PRIVATE-TOKEN': tokens.get(who) ?? '' };
  const call = (who: Who, method: string, path: string, body?: FormData | string) =>
    fetch(new URL(path, server.baseUrl), {
      method,
      headers: {
        ...headersOf(who),
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      ...(body === undefined ? {} : { body }),
    });
  const form = (bytes: Buffer, filename: string) => {
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(bytes)]), filename);
    return data;
  };
  const uploadTo = (who: Who, owner: string, data: FormData) =>
    call(
      who,
      'POST',
      `/api/v4/${owner.includes('/') ? 'projects' : 'groups'}/${ids.get(owner)}/uploads`,
      data,
    );
  const storedFiles = (): string[] => {
    try {
      return readdirSync(join(dataDir, 'uploads'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name);
    } catch {
      return [];
    }
  };
  const uploadRows = () => server.db.selectFrom('uploads').selectAll().execute();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pt-uploads-'));
    server = await startTestServer({ backend, epics: 10, issues: 40, env: { DATA_DIR: dataDir } });
    for (const who of ['admin', 'owner', 'reporter', 'guest', 'outsider'] as const) {
      tokens.set(who, await server.tokenFor(who));
    }
    for (const project of [PUBLIC_PROJECT, PRIVATE_PROJECT]) {
      const row = await server.db
        .selectFrom('projects')
        .select('id')
        .where('full_path', '=', project)
        .executeTakeFirstOrThrow();
      ids.set(project, row.id);
    }
    const acme = await server.db
      .selectFrom('namespaces')
      .select('id')
      .where('full_path', '=', 'acme')
      .executeTakeFirstOrThrow();
    ids.set('acme', acme.id);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps an image with its project and shows it inline to its readers', async () => {
    const response = await uploadTo('guest', PUBLIC_PROJECT, form(PNG, 'screen shot [1].png'));
    expect(response.status).toBe(201);
    const upload = (await response.json()) as Upload;
    const secret = /\/uploads\/([0-9a-f]{32})\//.exec(upload.full_path)?.[1];
    expect(secret).toBeDefined();
    expect(upload).toEqual({
      id: expect.any(Number),
      alt: 'screen_shot__1_',
      url: `/uploads/${secret}/screen_shot__1_.png`,
      full_path: `/-/project/${ids.get(PUBLIC_PROJECT)}/uploads/${secret}/screen_shot__1_.png`,
      markdown: `![screen_shot__1_](/-/project/${ids.get(PUBLIC_PROJECT)}/uploads/${secret}/screen_shot__1_.png)`,
    });
    const served = await call('anonymous', 'GET', upload.full_path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toBe('inline; filename="screen_shot__1_.png"');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    // Another secret, or another name under the secret, finds nothing.
    expect((await call('anonymous', 'GET', upload.full_path.replace(secret!, 'f'.repeat(32)))).status).toBe(
      404,
    );
    expect((await call('anonymous', 'GET', upload.full_path.replace('.png', '.gif'))).status).toBe(404);
  });

  it('serves anything that is not an image as a download, whatever its name says', async () => {
    const html = Buffer.from('<script>alert(document.cookie)</script>');
    const response = await uploadTo('reporter', 'acme', form(html, 'looks-like.png'));
    expect(response.status).toBe(201);
    const upload = (await response.json()) as Upload;
    expect(upload.full_path).toMatch(
      new RegExp(`^/-/group/${ids.get('acme')}/uploads/[0-9a-f]{32}/looks-like\\.png$`),
    );
    expect(upload.markdown).toBe(`[looks-like.png](${upload.full_path})`);
    const served = await call('anonymous', 'GET', upload.full_path);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toBe('attachment; filename="looks-like.png"');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('shows a private project’s uploads only to its members, and lets only who may comment attach', async () => {
    const response = await uploadTo('reporter', PRIVATE_PROJECT, form(PNG, 'vault.png'));
    expect(response.status).toBe(201);
    const { full_path } = (await response.json()) as Upload;
    expect((await call('reporter', 'GET', full_path)).status).toBe(200);
    expect((await call('outsider', 'GET', full_path)).status).toBe(404);
    expect((await call('anonymous', 'GET', full_path)).status).toBe(404);

    const before = (await uploadRows()).length;
    expect((await uploadTo('anonymous', PUBLIC_PROJECT, form(PNG, 'a.png'))).status).toBe(401);
    expect((await uploadTo('outsider', PRIVATE_PROJECT, form(PNG, 'a.png'))).status).toBe(404);
    const missing = await call(
      'reporter',
      'POST',
      `/api/v4/projects/${ids.get(PUBLIC_PROJECT)}/uploads`,
      new FormData(),
    );
    expect(missing.status).toBe(400);
    expect((await uploadRows()).length).toBe(before);
  });

  it('refuses a file past max_attachment_size with a 413, keeping neither row nor bytes', async () => {
    const settings = '/api/v4/application/settings';
    expect((await call('admin', 'PUT', settings, JSON.stringify({ max_attachment_size: 1 }))).status).toBe(
      200,
    );
    try {
      const rows = (await uploadRows()).length;
      const files = storedFiles().length;
      const large = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10, 7)]);
      const refused = await uploadTo('reporter', PUBLIC_PROJECT, form(large, 'large.png'));
      expect(refused.status).toBe(413);
      expect(await refused.json()).toEqual({ message: '413 Request Entity Too Large' });
      expect((await uploadRows()).length).toBe(rows);
      expect(storedFiles().length).toBe(files);
      expect((await uploadTo('reporter', PUBLIC_PROJECT, form(PNG, 'small.png'))).status).toBe(201);
    } finally {
      await call('admin', 'PUT', settings, JSON.stringify({ max_attachment_size: 100 }));
    }
  });
});
