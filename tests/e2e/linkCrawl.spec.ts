import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers.ts';

/**
 * No dead ends: starting from `/`, a breadth-first walk over the same-origin links of rendered
 * pages (read once the page is idle), as the demo owner, reporter and guest and as an anonymous
 * visitor: a link a role is shown must work for that role. Every link found is asked for without
 * following redirects and must answer 200; pages are opened in the browser, must answer 200 too and
 * must log no error in the browser console. The walk is bounded so it stays quick: a route pattern (the
 * kind of page, its ids and its query's names; see `routePattern`) has at most a few of its links
 * checked and fewer opened. Sign-out, downloads and links that change something are left alone.
 */

/** Pages opened per role, at most. */
const MAX_PAGES = Number(process.env.CRAWL_MAX_PAGES ?? 150);
/** Pages opened per route pattern, at most. */
const PAGES_PER_PATTERN = Number(process.env.CRAWL_PAGES_PER_PATTERN ?? 2);
/** Links checked per route pattern, at most. */
const CHECKS_PER_PATTERN = Number(process.env.CRAWL_CHECKS_PER_PATTERN ?? 6);
/** Link checks under way at once. */
const CHECK_CONCURRENCY = 4;
/** How long a page may take to become idle before its links are read anyway. */
const IDLE_TIMEOUT_MS = 10_000;
/**
 * The walk stops opening pages after this long, whatever is left: on a loaded machine it covers
 * less rather than time out (the test still asks for a minimum of pages).
 */
const CRAWL_BUDGET_MS = Number(process.env.CRAWL_BUDGET_MS ?? 50_000);
const DEBUG = process.env.CRAWL_DEBUG === '1';

const SKIPPED_PATHS = [/^\/users\/sign_out/];

/**
 * What kind of page a path is, with ids and names taken out: `group:epics/:n?label_name[]`.
 * Groups live under /groups/, a single segment is a user, more segments a project; what follows
 * `/-/` is the page of that group or project.
 */
function routePattern(url: URL): string {
  const path = decodeURIComponent(url.pathname).replace(/\/+$/, '') || '/';
  const keys = [...new Set(url.searchParams.keys())].sort().join('&');
  const query = keys ? `?${keys}` : '';
  if (
    path === '/' ||
    path.startsWith('/users/') ||
    path.startsWith('/dashboard/') ||
    path.startsWith('/api/')
  )
    return `${path.replace(/\/\d+(?=\/|$)/g, '/:n')}${query}`;
  const [owner = '', section = ''] = path.split('/-/');
  const kind = owner.startsWith('/groups/') ? 'group' : owner.split('/').length === 2 ? 'user' : 'project';
  return `${kind}:${section.replace(/\d+/g, ':n')}${query}`;
}

interface Found {
  readonly url: string;
  readonly from: string;
}

/** The same-origin links of the page, resolved, without fragments; downloads and mutating links left out. */
async function linksOf(page: Page): Promise<string[]> {
  const hrefs = await page.$$eval('a[href]', (anchors) =>
    anchors
      .filter((anchor) => !anchor.hasAttribute('download') && !anchor.hasAttribute('data-method'))
      .map((anchor) => (anchor as HTMLAnchorElement).href),
  );
  const origin = new URL(page.url()).origin;
  const links = new Set<string>();
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== origin || SKIPPED_PATHS.some((skip) => skip.test(url.pathname))) continue;
    url.hash = '';
    links.add(url.toString());
  }
  return [...links];
}

async function waitForIdleOrTimeout(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.body.dataset.idle === 'true', null, { timeout: IDLE_TIMEOUT_MS })
    .catch(() => undefined);
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(runners);
}

async function crawl(
  page: Page,
  request: APIRequestContext,
  role: string,
): Promise<{ problems: string[]; pages: number; checked: number }> {
  const problems: string[] = [];
  const origin = new URL(page.url()).origin;
  const queue: Found[] = [{ url: `${origin}/`, from: '(start)' }];
  const seen = new Set<string>([queue[0]!.url]);
  const openedPerPattern = new Map<string, number>();
  const checkedPerPattern = new Map<string, number>();
  let pages = 0;
  let checked = 0;
  const started = Date.now();
  let current = '(start)';
  // A failed request the browser logs, an uncaught exception or a console.error: all a broken page.
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error on ${current}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught error on ${current}: ${error.message}`));

  while (queue.length > 0 && pages < MAX_PAGES && Date.now() - started < CRAWL_BUDGET_MS) {
    const { url, from } = queue.shift() as Found;
    const pattern = routePattern(new URL(url));
    const opened = openedPerPattern.get(pattern) ?? 0;
    if (opened >= PAGES_PER_PATTERN) continue;
    openedPerPattern.set(pattern, opened + 1);
    pages += 1;
    current = url;
    const response = await page.goto(url);
    const status = response?.status() ?? 0;
    if (status !== 200) {
      problems.push(`${status} ${url} (opened from ${from})`);
      continue;
    }
    const opening = Date.now();
    await waitForIdleOrTimeout(page);
    if (DEBUG)
      console.log(`${role} ${Date.now() - started} ms: ${url} idle after ${Date.now() - opening} ms`);
    const fresh = (await linksOf(page)).filter((link) => !seen.has(link));
    const toCheck: string[] = [];
    for (const link of fresh) {
      seen.add(link);
      const linkPattern = routePattern(new URL(link));
      const count = checkedPerPattern.get(linkPattern) ?? 0;
      if (count >= CHECKS_PER_PATTERN) continue;
      checkedPerPattern.set(linkPattern, count + 1);
      toCheck.push(link);
    }
    await eachLimited(toCheck, CHECK_CONCURRENCY, async (link) => {
      checked += 1;
      const answer = await request.get(link, { maxRedirects: 0, failOnStatusCode: false });
      if (answer.status() !== 200) {
        const location = answer.headers().location;
        problems.push(`${answer.status()} ${link} (linked from ${url})${location ? ` → ${location}` : ''}`);
        return;
      }
      // Only pages lead further; JSON and assets are checked, not walked.
      if ((answer.headers()['content-type'] ?? '').startsWith('text/html'))
        queue.push({ url: link, from: url });
    });
  }
  return { problems, pages, checked };
}

const CRAWLERS = [
  { role: 'owner', minimumPages: 15 },
  { role: 'reporter', minimumPages: 15 },
  { role: 'guest', minimumPages: 15 },
  { role: 'anonymous', minimumPages: 10 },
] as const;

test.describe('every link answers 200', () => {
  test.describe.configure({ timeout: CRAWL_BUDGET_MS + 60_000 });

  for (const { role, minimumPages } of CRAWLERS) {
    test(`as ${role === 'anonymous' ? 'an anonymous visitor' : `the demo ${role}`}`, async ({ page }) => {
      if (role === 'anonymous') await page.goto('/');
      else await signIn(page, role);
      const { problems, pages, checked } = await crawl(page, page.request, role);
      test
        .info()
        .annotations.push({ type: 'crawl', description: `${pages} pages opened, ${checked} links checked` });
      expect(pages).toBeGreaterThan(minimumPages);
      expect(problems).toEqual([]);
    });
  }
});

test('route patterns group pages by kind, ids and query names', () => {
  const pattern = (path: string) => routePattern(new URL(path, 'http://x'));
  expect(pattern('/')).toBe('/');
  expect(pattern('/?after=abc')).toBe('/?after');
  expect(pattern('/groups/acme/platform/-/epics/12')).toBe('group:epics/:n');
  expect(pattern('/groups/acme')).toBe('group:');
  expect(pattern('/acme/platform/api/-/issues?state=all&label_name[]=x')).toBe(
    'project:issues?label_name[]&state',
  );
  expect(pattern('/owner')).toBe('user:');
  expect(pattern('/dashboard/todos/12')).toBe('/dashboard/todos/:n');
});
