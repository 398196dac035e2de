/**
 * Target `ours`: the real app's canvas roadmap. Per size it starts the server on the size's seeded
 * PGlite folder (N epics flat for the roadmap, 3N issues, today 2026-06-15: roadmapRows.ts), signs in
 * as `owner` through /users/sign_in and opens the group roadmap (THREE_YEARS, MONTHS) with the page's
 * today fixed at 2026-06-15 too, so that it asks for the timeframe the baselines' rows were read for.
 *
 * Three visits, each to 'Load all': owner's on the server just started (its code paths and PGlite's
 * cache cold), then `maintainer`'s in a new browser context on the running server (a first visit:
 * nothing in the browser's cache, nothing of theirs in the server's response cache), then owner's
 * reload (a repeat visit: code cached). The table's first-visit rows are maintainer's.
 *
 * The page's contract with this benchmark:
 *   body[data-idle="true"]                  settled
 *   [data-testid="roadmap-canvas"] canvas   the canvas
 *   [data-testid="roadmap-viewport"]        receives wheel events (ctrl+wheel zooms)
 *   [data-testid="roadmap-load-all"]        loads every remaining epic (clicked by ours-probe.js)
 *   window.__roadmapStats                   { epicsLoaded, epicsTotal, framesDrawn, firstBarsAt, frameWorkMs }
 * When the page is not there (404, or the selectors never show up) the target is "not available".
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { type AppServer, ROOT, run, signInWithoutPage, startAppServer } from '../appServer.ts';
import { TODAY } from '../data.ts';
import { PROBE_SCRIPT } from '../shared.ts';
import {
  type BenchEnv,
  evaluate,
  type FrameWork,
  type LoadedTarget,
  type RenderTarget,
  type Unavailable,
  waitFor,
} from './types.ts';

const PROBE = resolve(import.meta.dirname, 'ours-probe.js');
/** BENCH_ROADMAP_QUERY adds settings, e.g. `&show_dependencies=false` to measure without dependency arrows. */
const ROADMAP = `/groups/acme/-/roadmap?timeframe_range_type=THREE_YEARS&layout=MONTHS${process.env.BENCH_ROADMAP_QUERY ?? ''}`;
const SELECTORS = {
  canvas: '[data-testid="roadmap-canvas"] canvas',
  viewport: '[data-testid="roadmap-viewport"]',
};

interface RoadmapStats {
  readonly epicsLoaded: number;
  readonly epicsTotal: number;
  readonly framesDrawn: number;
  readonly firstBarsAt: number;
  readonly frameWorkMs: readonly number[];
}

/** Latest modification time of the files under a folder. */
function newestFile(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Init script: the page's "today" is TODAY, as for the seed and the baselines. Only `new Date()` and
 * `Date.now()` move (to TODAY at noon UTC, then on in real time); timers, requestAnimationFrame and
 * performance.now() stay native, which page.clock would replace.
 */
const FIXED_TODAY = `(() => {
  const Native = Date;
  const offset = Native.parse('${TODAY}T12:00:00Z') - Native.now();
  const now = () => Native.now() + offset;
  function BenchDate(...args) {
    if (!new.target) return new Native(now()).toString();
    return args.length === 0 ? new Native(now()) : new Native(...args);
  }
  BenchDate.prototype = Native.prototype;
  BenchDate.now = now;
  BenchDate.parse = Native.parse;
  BenchDate.UTC = Native.UTC;
  globalThis.Date = BenchDate;
})();`;

let server: AppServer | null = null;

/** The roadmap's stats once its first bars are drawn and, after Load all, every epic. */
async function settledVisit(page: Page): Promise<{ stats: RoadmapStats; allLoadedAt: number }> {
  // The stats object is published from an effect: it can be briefly absent while React remounts.
  await waitFor(page, 'window.__roadmapStats && window.__roadmapStats.firstBarsAt >= 0', 120_000);
  await waitFor(page, 'window.__oursBench && window.__oursBench.allLoadedAt >= 0', 300_000, 100);
  return {
    stats: await evaluate<RoadmapStats>(page, 'window.__roadmapStats'),
    allLoadedAt: await evaluate<number>(page, 'window.__oursBench.allLoadedAt'),
  };
}

/**
 * Another user's first visit from a browser context of its own (same viewport, same init scripts):
 * the server is warm, but neither the browser nor the server's response cache holds anything of theirs.
 */
async function firstVisitOnRunningServer(
  page: Page,
  base: string,
): Promise<{ stats: RoadmapStats; allLoadedAt: number }> {
  const browser = page.context().browser();
  if (!browser) throw new Error('ours: the page has no browser to open a second context in');
  const context = await browser.newContext({ viewport: page.viewportSize() });
  try {
    const visitor = await context.newPage();
    await signInWithoutPage(visitor, base, 'maintainer');
    await visitor.addInitScript({ path: PROBE_SCRIPT });
    await visitor.addInitScript({ content: FIXED_TODAY });
    await visitor.addInitScript({ path: PROBE });
    await visitor.goto(`${base}${ROADMAP}`);
    return await settledVisit(visitor);
  } finally {
    await context.close();
  }
}

export const oursTarget: RenderTarget = {
  name: 'ours',

  async prepare(env: BenchEnv): Promise<void> {
    const dist = resolve(ROOT, 'dist/client');
    if (!existsSync(dist)) {
      env.log('ours: dist/client is missing, building the client (npx vite build)');
      await run('npx', ['vite', 'build'], process.env);
      return;
    }
    const built = statSync(dist).mtimeMs;
    if (newestFile(resolve(ROOT, 'src/client')) > built) {
      env.log(
        'ours: warning: src/client changed after dist/client was built; run `npx vite build` to measure it',
      );
    }
  },

  async load(page, roadmap, env): Promise<LoadedTarget | Unavailable> {
    server = await startAppServer(roadmap.dataDir);
    const base = server.url;

    // Signed in without opening a page: the roadmap is the browser's first visit, nothing cached.
    await signInWithoutPage(page, base);

    await page.addInitScript({ content: FIXED_TODAY });
    await page.addInitScript({ path: PROBE });
    const response = await page.goto(`${base}${ROADMAP}`);
    if (!response || response.status() === 404) return { unavailable: 'not available (HTTP 404)' };
    if (!response.ok()) return { unavailable: `not available (HTTP ${response.status()})` };
    // Ready once the canvas, the viewport and the stats are there; "missing" once the page has been
    // settled for 3 s without them (the roadmap page is not written yet).
    const state = await waitFor<string>(
      page,
      `(() => {
        if (document.querySelector('${SELECTORS.canvas}') && document.querySelector('${SELECTORS.viewport}')
          && window.__roadmapStats) return 'ready';
        if (document.body.dataset.idle !== 'true') { window.__benchIdleSince = undefined; return false; }
        window.__benchIdleSince ??= performance.now();
        return performance.now() - window.__benchIdleSince > 3000 ? 'missing' : false;
      })()`,
      60_000,
      100,
    ).catch((error: unknown) => {
      env.log(`ours: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      return 'timeout';
    });
    if (state !== 'ready') {
      const title = await page.title().catch(() => '?');
      const after = state === 'missing' ? 'with the page settled' : 'after 60 s';
      return { unavailable: `not available (roadmap selectors missing ${after}; page title '${title}')` };
    }
    const started = await settledVisit(page);
    const first = await firstVisitOnRunningServer(page, base);
    // The same page again, its code cached (hashed assets are immutable): a repeat visit.
    await page.reload();
    const repeat = await settledVisit(page);
    const stats = repeat.stats;
    return {
      viewport: SELECTORS.viewport,
      firstBarsMs: first.stats.firstBarsAt,
      allLoadedMs: first.allLoadedAt,
      startedFirstBarsMs: started.stats.firstBarsAt,
      startedAllLoadedMs: started.allLoadedAt,
      repeatFirstBarsMs: stats.firstBarsAt,
      repeatAllLoadedMs: repeat.allLoadedAt,
      epics: stats.epicsLoaded,
      epicsTotal: stats.epicsTotal,
      zoomNote: 'ours: the app’s own ctrl+wheel zoom',
      frameWork: () =>
        evaluate<FrameWork>(
          page,
          `(({ framesDrawn, frameWorkMs }) => ({ framesDrawn, frameWorkMs: frameWorkMs.slice() }))(
            window.__roadmapStats ?? { framesDrawn: 0, frameWorkMs: [] })`,
        ),
    };
  },

  async release(): Promise<void> {
    await server?.stop();
    server = null;
  },
};
