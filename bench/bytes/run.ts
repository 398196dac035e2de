/**
 * The bytes each page needs before its first paint (a bench, not part of npm test):
 *
 *   node --import tsx bench/bytes/run.ts [--client dist/client] [--write-baseline]
 *
 * Reads the built client (run `npx vite build` first) the way the server does (clientAssets.ts): per
 * page, the entry, the modules its HTML preloads, its stylesheets and the workers it prefetches. Prints
 * their count and size as files, brotli and gzip (what a browser that accepts them downloads), and
 * compares with bench/baselines/bytes.md.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PAGE_MOUNTS, type PageName } from '../../src/core/pages/pageMount.ts';
import { readClientAssets } from '../../src/server/http/pages/clientAssets.ts';
import { BASELINE_OPTIONS, compareWithBaseline, markdownTable } from '../baseline.ts';

const { values } = parseArgs({
  options: { ...BASELINE_OPTIONS, client: { type: 'string', default: 'dist/client' } },
});
const clientDir = resolve(values.client);
const assets = readClientAssets(clientDir);

const size = (path: string): number => (existsSync(path) ? statSync(path).size : 0);
const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

const rows: string[][] = [];
for (const page of Object.keys(PAGE_MOUNTS) as PageName[]) {
  const { script, styles, modules, workers } = assets.forPage(page);
  const files = [script, ...styles, ...modules, ...workers].map((url) => join(clientDir, url));
  // A file without a compressed copy (under the compression threshold) is sent as it is.
  const total = (suffix: string) =>
    files.reduce((sum, file) => sum + (size(`${file}${suffix}`) || size(file)), 0);
  rows.push([page, String(files.length), kb(total('')), kb(total('.br')), kb(total('.gz'))]);
}
const table = { header: ['page', 'files', 'KiB', 'brotli KiB', 'gzip KiB'], rows };
console.log(markdownTable(table));
compareWithBaseline('bytes', table, [
  "Entry, preloaded modules, stylesheets and prefetched workers, as the page's HTML names them.",
]);
