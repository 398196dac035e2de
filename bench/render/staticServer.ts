/**
 * The baselines' pages, served by node:http on 127.0.0.1 (an ephemeral port):
 *
 *   /dom?n=N, /dhtmlx?n=N   the page shells
 *   /data/N.js              `window.__benchData = …`: size N's roadmap rows (from dataFor)
 *   /pages/<file>.js|css    bench/render/pages
 *   /vendor/dhtmlxgantt.*   node_modules/dhtmlx-gantt/codebase
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

/** dataFor(N): the rows of size N, once the harness has read them from the seeded server. */
export async function startStaticServer(
  dataFor: (size: number) => BenchData | undefined,
): Promise<StaticServer> {
  const dataScripts = new WeakMap<BenchData, string>();
  const send = (response: ServerResponse, status: number, type: string, body: string | Buffer) => {
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    response.end(body);
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const size = Number(url.searchParams.get('n') ?? '0');
    void (async () => {
      if ((path === '/dom' || path === '/dhtmlx') && Number.isSafeInteger(size) && size > 0) {
        send(response, 200, TYPES.html!, shell(path === '/dom' ? 'dom' : 'dhtmlx', size));
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
      const file = /^\/(pages|vendor)\/([\w.-]+)\.(js|css)$/.exec(path);
      if (file) {
        const [, where, name, ext] = file;
        const dir = where === 'pages' ? PAGES_DIR : GANTT_DIR;
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
