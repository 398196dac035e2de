/**
 * The epic tree at scale in the browser (issue 6 "Scale"; not part of npm test):
 *
 *   node --import tsx bench/tree/browser.ts [--runs 7] [--targets ours,dom] [--client-dir DIR] [--write-baseline]
 *
 * Seeds a fresh PGlite folder with the demo (the `portfolio` group's 'Large tree: 5,000 children':
 * 100 child epics and 4,900 issues, 20,000 descendants) while it builds the client into a folder of
 * its own (or serves DIR, built before), starts the app on it, and reads the big epic's children as
 * the app reads them (treeData.ts). Then it drives /usr/bin/chromium (1280×1000) over two targets:
 *   ours  the real epic page (/groups/portfolio/-/epics/<iid>, signed in as owner): canvas rows under a
 *         virtualized DOM overlay, 100 children per page and 'Show more' for the rest
 *   dom   a static page with the same 5,000 rows as plain DOM, all in the document (pages/tree-dom.js)
 * and measures in each, in one run: time to first rows over --runs page loads (after one unmeasured
 * warm-up load), then on the last page (ours: after loading every page with 'Show more', timed too)
 * --runs expansions of child epics, scroll passes over the whole list and at a steady 2,400 px/s,
 * and pointer drags. It checks that both list the same rows in the same order and that no drag
 * changed anything, prints a table (definitions under it) and writes bench/results/tree-browser.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { LARGE_TREE } from '../../src/server/db/seed/largeTree.ts';
import { BASELINE_OPTIONS } from '../baseline.ts';
import { removeDatabase, run, seedFreshDatabase, signIn, startAppServer } from '../render/appServer.ts';
import { TODAY } from '../render/data.ts';
import { ownerToken } from '../render/roadmapRows.ts';
import { launchChromium, PROBE_SCRIPT } from '../render/shared.ts';
import { startStaticServer } from '../render/staticServer.ts';
import { evaluate } from '../render/targets/types.ts';
import { measureTarget, type TargetResult, type TreeTarget } from './measure.ts';
import { printReport } from './report.ts';
import { readTreeBenchData, type TreeBenchData } from './treeData.ts';

const { values } = parseArgs({
  options: {
    ...BASELINE_OPTIONS,
    runs: { type: 'string', default: '7' },
    targets: { type: 'string', default: 'ours,dom' },
    'client-dir': { type: 'string' },
  },
});
const RUNS = Number(values.runs);
if (!Number.isSafeInteger(RUNS) || RUNS < 1) throw new Error(`bad --runs ${values.runs}`);
const TARGET_NAMES = values.targets.split(',');
for (const name of TARGET_NAMES)
  if (name !== 'ours' && name !== 'dom') throw new Error(`unknown target ${name}`);
const VIEWPORT = { width: 1280, height: 1000 };
/** The expansions open child epics from this row on (the first page's run of child epics). */
const EXPAND_FROM = 100;
const PAGES = resolve(import.meta.dirname, 'pages');
const TREE_PROBE = resolve(PAGES, 'tree-probe.js');
const RESULTS = resolve(import.meta.dirname, '../results');

const started = performance.now();
const log = (message: string) =>
  console.error(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

/** The big epic's iid, found by its title through the REST API. */
async function largeTreeIid(baseUrl: string): Promise<number> {
  const token = await ownerToken(baseUrl);
  const url = `${baseUrl}/api/v4/groups/${LARGE_TREE.groupPath}/epics?search=${encodeURIComponent(LARGE_TREE.title)}&per_page=20`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  const epics = (await response.json()) as { iid: number; title: string }[];
  const epic = epics.find((candidate) => candidate.title === LARGE_TREE.title);
  if (!epic)
    throw new Error(
      `no epic '${LARGE_TREE.title}' in ${LARGE_TREE.groupPath} (seeded with --no-large-tree?)`,
    );
  return epic.iid;
}

const domShell = (size: number) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Plain DOM tree, ${size} children</title>
<link rel="stylesheet" href="/tree/tree-dom.css"></head>
<body><script src="/data/${size}.js"></script><script src="/tree/tree-dom.js"></script></body></html>`;

let dataDir: string | null = null;
let buildDir: string | null = null;
let browser: Browser | null = null;
let data: TreeBenchData | null = null;
const cleanUps: (() => Promise<void>)[] = [];
const cleanUp = async () => {
  await browser?.close().catch((error: unknown) => log(`closing the browser: ${String(error)}`));
  for (const close of cleanUps.reverse()) await close();
  if (dataDir) removeDatabase(dataDir);
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const results: TargetResult[] = [];
let chromiumVersion = 'unknown';
let rootIid = 0;
let dataPages = 0;
try {
  let clientDir = values['client-dir'];
  log(`seeding the demo with its large tree${clientDir ? '' : ', building the client'}`);
  const building = clientDir
    ? Promise.resolve()
    : (async () => {
        buildDir = mkdtempSync(join(tmpdir(), 'pt-tree-client-'));
        clientDir = join(buildDir, 'client');
        await run('npx', ['vite', 'build', '--outDir', clientDir, '--emptyOutDir'], process.env);
      })();
  const [seeded] = await Promise.all([seedFreshDatabase(['--today', TODAY], 'pt-tree-'), building]);
  dataDir = seeded;
  const app = await startAppServer(seeded, { CLIENT_DIR: clientDir });
  cleanUps.push(() => app.stop());
  rootIid = await largeTreeIid(app.url);
  log(`reading ${LARGE_TREE.groupPath}&${rootIid}'s children as the app pages them`);
  const read = await readTreeBenchData(app.url, `${LARGE_TREE.groupPath}&${rootIid}`, RUNS, EXPAND_FROM);
  data = read;
  dataPages = read.pages;
  log(`${read.rows.length} children in ${read.pages} pages; expanding rows ${read.expandRows.join(', ')}`);
  const size = read.rows.length;
  const staticServer = await startStaticServer<TreeBenchData>((n) => (n === size ? read : undefined), {
    shells: { '/tree-dom': domShell },
    folders: { tree: PAGES },
  });
  cleanUps.push(() => staticServer.close());

  const targets: Record<'ours' | 'dom', TreeTarget> = {
    ours: {
      name: 'ours',
      url: `${app.url}/groups/${LARGE_TREE.groupPath}/-/epics/${rootIid}`,
      prepare: (page: Page) => signIn(page, app.url),
      loadAll: (page: Page) => evaluate<number[]>(page, `window.__treeBench.loadAll(${size})`),
    },
    dom: { name: 'dom', url: `${staticServer.url}/tree-dom?n=${size}` },
  };
  browser = await launchChromium();
  chromiumVersion = browser.version();
  for (const name of TARGET_NAMES) {
    const target = targets[name as 'ours' | 'dom'];
    const result = await measureTarget(browser, target, read, {
      runs: RUNS,
      viewport: VIEWPORT,
      initScripts: [PROBE_SCRIPT, TREE_PROBE],
      log,
    }).catch((error: unknown): TargetResult => {
      log(`${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return { target: name, error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
    });
    results.push(result);
  }
} finally {
  await cleanUp();
}

const notes = printReport(results, {
  runs: RUNS,
  chromium: chromiumVersion,
  viewport: VIEWPORT,
  rows: data?.rows.length ?? 0,
  pages: dataPages,
  root: `${LARGE_TREE.groupPath}&${rootIid}`,
});
mkdirSync(RESULTS, { recursive: true });
const file = resolve(RESULTS, 'tree-browser.json');
writeFileSync(
  file,
  `${JSON.stringify(
    {
      node: process.version,
      chromium: chromiumVersion,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      viewport: VIEWPORT,
      runs: RUNS,
      notes,
      results,
    },
    null,
    2,
  )}\n`,
);
console.log(`\nwrote ${file} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
