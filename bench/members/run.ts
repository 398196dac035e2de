/**
 * A members list at scale in the browser (issue 19 "Long lists … are windowed"; not part of npm test):
 *
 *   node --import tsx bench/members/run.ts [--runs 7] [--client-dir DIR] [--write-baseline]
 *
 * (`--client-dir dist/client` after `npx vite build`: building into a folder outside the tree trips
 * the build's precompression step, which reads the folder relative to the tree.)
 *
 * Seeds a fresh PGlite folder with the demo (the `portfolio` group's 2,005 members) while it builds
 * the client into a folder of its own (or serves DIR, built before), starts the app on it, and drives
 * /usr/bin/chromium (1440×900), signed in as owner, over two targets in one run:
 *   ours  the real members page (/groups/portfolio/-/group_members): the rows in view under a window,
 *         the others fetched 50 at a time from …/group_members.json as the window reaches them
 *   dom   the same 2,005 rows as one plain table, all in the document (fetched from the same JSON
 *         pages beforehand, so only the document is measured)
 * and measures, over --runs page loads after one unmeasured warm-up: navigation to the first member
 * row, a jump to the end of the page until the last member is drawn, and the table rows in the
 * document at the end; then --runs × 10 fetches of a page of 50 as JSON. Prints a table, compares
 * it with bench/baselines/members.md and writes bench/results/members.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { escapeHtml } from '../../src/core/lib/escapeHtml.ts';
import { LARGE_MEMBERSHIP } from '../../src/server/db/seed/largeMembership.ts';
import { BASELINE_OPTIONS, compareWithBaseline, markdownTable } from '../baseline.ts';
import { removeDatabase, run, seedFreshDatabase, signIn, startAppServer } from '../render/appServer.ts';
import { TODAY } from '../render/data.ts';
import { launchChromium } from '../render/shared.ts';
import { distribution } from '../stats.ts';

const { values } = parseArgs({
  options: { ...BASELINE_OPTIONS, runs: { type: 'string', default: '7' }, 'client-dir': { type: 'string' } },
});
const RUNS = Number(values.runs);
if (!Number.isSafeInteger(RUNS) || RUNS < 1) throw new Error(`bad --runs ${values.runs}`);
const MEMBERS_PATH = `/groups/${LARGE_MEMBERSHIP.groupPath}/-/group_members`;
const RESULTS = resolve(import.meta.dirname, '../results');

interface Walk {
  readonly firstRow: number;
  readonly toEnd: number;
  readonly rows: number;
}

/** Jumps to the bottom of the page until the last member's row is in the document and drawn. */
async function jumpToEnd(page: Page, lastName: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const drawn = await page.evaluate(
      (name) =>
        [...document.querySelectorAll('tbody tr')].some(
          (row) => row.textContent?.includes(name) && row.getBoundingClientRect().height > 0,
        ),
      lastName,
    );
    if (drawn) return performance.now() - started;
    await page.waitForTimeout(16);
  }
}

async function walkOurs(page: Page, baseUrl: string, lastName: string): Promise<Walk> {
  const started = performance.now();
  await page.goto(`${baseUrl}${MEMBERS_PATH}`);
  await page.locator('[data-testid=member-row]').first().waitFor();
  const firstRow = performance.now() - started;
  const toEnd = await jumpToEnd(page, lastName);
  return { firstRow, toEnd, rows: await page.locator('tbody tr[data-testid]').count() };
}

async function walkDom(page: Page, html: string, lastName: string): Promise<Walk> {
  const started = performance.now();
  await page.setContent(html);
  await page.locator('tbody tr').first().waitFor();
  const firstRow = performance.now() - started;
  const toEnd = await jumpToEnd(page, lastName);
  return { firstRow, toEnd, rows: await page.locator('tbody tr').count() };
}

interface MemberJson {
  readonly user: { readonly name: string; readonly username: string };
  readonly access_level: { readonly string_value: string };
  readonly created_at: string;
}

/** Every member, through the same JSON pages the window fetches. */
async function fetchAllMembers(page: Page, baseUrl: string): Promise<MemberJson[]> {
  const members: MemberJson[] = [];
  for (let number = 1; ; number++) {
    const answer = await page.context().request.get(`${baseUrl}${MEMBERS_PATH}.json?page=${number}`);
    const body = (await answer.json()) as { members: MemberJson[]; total: number };
    members.push(...body.members);
    if (body.members.length === 0 || members.length >= body.total) return members;
  }
}

/** The plain table: the members page's columns, every row in the document. */
function plainTable(members: readonly MemberJson[]): string {
  const rows = members
    .map(
      (member) =>
        `<tr><td><a href="/${escapeHtml(member.user.username)}">${escapeHtml(member.user.name)}</a> @${escapeHtml(member.user.username)}</td>` +
        `<td>Direct member</td><td><select><option>${escapeHtml(member.access_level.string_value)}</option></select></td>` +
        `<td>${member.created_at.slice(0, 10)}</td><td><input type="date"></td><td><button>Remove</button></td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain members table</title></head>
<body><table><thead><tr><th>Account</th><th>Source</th><th>Max role</th><th>Member since</th><th>Expiration</th><th></th></tr></thead>
<tbody>${rows}</tbody></table></body></html>`;
}

const log = (message: string) => console.error(`[members] ${message}`);
let dataDir: string | null = null;
let clientDir: string | null = null;
try {
  clientDir = values['client-dir'] ?? mkdtempSync(join(tmpdir(), 'pt-members-client-'));
  const building = values['client-dir']
    ? Promise.resolve()
    : run('npx', ['vite', 'build', '--outDir', clientDir, '--emptyOutDir'], process.env);
  log('seeding the demo and building the client…');
  const [seeded] = await Promise.all([seedFreshDatabase(['--today', TODAY], 'pt-members-'), building]);
  dataDir = seeded;
  const app = await startAppServer(seeded, { CLIENT_DIR: clientDir, SIGN_IN_RATE_LIMIT: '1000' });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, app.url);
    const members = await fetchAllMembers(page, app.url);
    const lastName = members.at(-1)?.user.name ?? '';
    const html = plainTable(members);
    const walks: Record<'ours' | 'dom', Walk[]> = { ours: [], dom: [] };
    for (let i = 0; i <= RUNS; i++) {
      const ours = await walkOurs(page, app.url, lastName);
      const dom = await walkDom(page, html, lastName);
      if (i > 0) {
        walks.ours.push(ours);
        walks.dom.push(dom);
      }
    }
    const fetches: number[] = [];
    for (let i = 0; i < RUNS * 10; i++) {
      const started = performance.now();
      const answer = await page.context().request.get(`${app.url}${MEMBERS_PATH}.json?page=${1 + (i % 40)}`);
      await answer.body();
      fetches.push(performance.now() - started);
    }
    const cell = (values_: readonly number[]) => {
      const d = distribution(values_);
      return d ? `${d.p50.toFixed(0)} / ${d.p95.toFixed(0)}` : '';
    };
    const header = ['measure (p50 / p95)', 'ours (windowed)', 'plain DOM table'];
    const rows = [
      [
        'navigation → first member row, ms',
        cell(walks.ours.map((w) => w.firstRow)),
        cell(walks.dom.map((w) => w.firstRow)),
      ],
      [
        'jump to the end → last member drawn, ms',
        cell(walks.ours.map((w) => w.toEnd)),
        cell(walks.dom.map((w) => w.toEnd)),
      ],
      [
        `member rows in the document (of ${members.length})`,
        cell(walks.ours.map((w) => w.rows)),
        cell(walks.dom.map((w) => w.rows)),
      ],
      ['a page of 50 as JSON, round trip, ms', cell(fetches), ''],
    ];
    console.log(`\n${markdownTable({ header, rows })}`);
    console.log(`\n${RUNS} page loads per target after one warm-up; ${fetches.length} JSON fetches.`);
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(resolve(RESULTS, 'members.json'), `${JSON.stringify({ walks, fetches }, null, 2)}\n`);
    compareWithBaseline('members', { header, rows });
  } finally {
    await browser.close();
    await app.stop();
  }
} finally {
  if (dataDir) removeDatabase(dataDir);
  if (clientDir && !values['client-dir']) rmSync(clientDir, { recursive: true, force: true });
}
