/**
 * The baselines' pages, served by node:http on 127.0.0.1 (an ephemeral port). By default the
 * roadmap's (ROADMAP_SITE):
 *
 *   /dom?n=N, /dhtmlx?n=N   the page shells
 *   /data/N.js              `window.__benchData = …`: size N's roadmap rows (from dataFor)
 *   /pages/<file>.js|css    bench/render/pages
 *   /vendor/dhtmlxgantt.*   node_modules/dhtmlx-gantt/codebase
 *
 * Another benchmark passes its own shells and folders (bench/tree) and its own data.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { BenchData } from './data.ts';

const PAGES_DIR = resolve(import.meta.dirname, 'pages');
const GANTT_DIR = resolve(import.meta.dirname, '../../node_modules/dhtmlx-gantt/codebase');
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/** What a benchmark serves besides `/data/N.js`. */
export interface StaticSite {
  /** Page shells by path: the HTML of the page for size N (`?n=N`). */
  readonly shells: Readonly<Record<string, (size: number) => string>>;
  /** Folders by name, served as `/<name>/<file>.js|css`. */
  readonly folders: Readonly<Record<string, string>>;
}

export interface StaticServer {
  readonly url: string;
  close(): Promise<void>;
}

function shell(target: 'dom' | 'dhtmlx', size: number): string {
  const head =
    target === 'dhtmlx'
      ? '<link rel="stylesheet" href="/vendor/dhtmlxgantt.css"><link rel="stylesheet" href="/pages/dhtmlx.css">'
      : '<link rel="stylesheet" href="/pages/dom.css">';
  const body =
    target === 'dhtmlx'
      ? '<div id="gantt"></div><script src="/vendor/dhtmlxgantt.js"></script>'
      : '<div id="roadmap"></div>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${target} roadmap, ${size} epics</title>${head}</head>
<body>${body}<script src="/data/${size}.js"></script><script src="/pages/${target}.js"></script></body></html>`;
}

export const ROADMAP_SITE: StaticSite = {
  shells: { '/dom': (size) => shell('dom', size), '/dhtmlx': (size) => shell('dhtmlx', size) },
  folders: { pages: PAGES_DIR, vendor: GANTT_DIR },
};

/** dataFor(N): the rows of size N, once the harness has read them from the seeded server. */
export async function startStaticServer<Data extends object = BenchData>(
  dataFor: (size: number) => Data | undefined,
  site: StaticSite = ROADMAP_SITE,
): Promise<StaticServer> {
  const dataScripts = new WeakMap<Data, string>();
  const send = (response: ServerResponse, status: number, type: string, body: string | Buffer) => {
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    response.end(body);
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const size = Number(url.searchParams.get('n') ?? '0');
    void (async () => {
      const page = Object.hasOwn(site.shells, path) ? site.shells[path] : undefined;
      if (page && Number.isSafeInteger(size) && size > 0) {
        send(response, 200, TYPES.html!, page(size));
        return;
      }
      if (path === '/favicon.ico') {
        send(response, 204, 'image/x-icon', '');
        return;
      }
      const dataSize = /^\/data\/(\d+)\.js$/.exec(path)?.[1];
      const data = dataSize === undefined ? undefined : dataFor(Number(dataSize));
      if (data) {
        let script = dataScripts.get(data);
        if (script === undefined) {
          script = `window.__benchData = ${JSON.stringify(data)};\n`;
          dataScripts.set(data, script);
        }
        send(response, 200, TYPES.js!, script);
        return;
      }
      const file = /^\/([\w-]+)\/([\w.-]+)\.(js|css)$/.exec(path);
      const dir = file && Object.hasOwn(site.folders, file[1]!) ? site.folders[file[1]!] : undefined;
      if (file && dir) {
        const [, , name, ext] = file;
        try {
          send(response, 200, TYPES[ext!]!, await readFile(resolve(dir, `${name}.${ext}`)));
        } catch {
          send(response, 404, 'text/plain', 'not found');
        }
        return;
      }
      send(response, 404, 'text/plain', 'not found');
    })().catch((error: unknown) => send(response, 500, 'text/plain', String(error)));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
