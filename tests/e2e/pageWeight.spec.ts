/**
 * What a page makes the browser download before its first paint: the entry, the modules its HTML
 * preloads and the workers it prefetches. On a first visit each of those bytes is fetched and parsed
 * before the first rows show, so the heavy packages must stay with the pages that use them: PixiJS
 * with the canvas pages, d3 with value stream analytics, pdf-lib with the export worker alone.
 * Read from the served bundle's source maps, so the check follows whatever the build split.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';

interface PageDownloads {
  readonly modules: string[];
  readonly prefetched: string[];
}

async function downloadsOf(request: APIRequestContext, path: string): Promise<PageDownloads> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const attribute = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1] as string);
  return {
    modules: [
      ...attribute(/<script type="module" src="([^"]+)"/g),
      ...attribute(/<link rel="modulepreload" href="([^"]+)"/g),
    ],
    prefetched: attribute(/<link rel="prefetch" href="([^"]+)"/g),
  };
}

/** The npm packages whose code is in these modules, from their source maps. */
async function packagesIn(request: APIRequestContext, modules: readonly string[]): Promise<Set<string>> {
  const packages = new Set<string>();
  for (const module of modules) {
    const answer = await request.get(`${module}.map`);
    // Rolldown's few-line runtime has no map; every other module has one (react-dom proves it below).
    if (!answer.ok()) continue;
    const map = (await answer.json()) as { sources: string[] };
    for (const source of map.sources) {
      const path = source.split('node_modules/')[1];
      if (!path) continue;
      const parts = path.split('/');
      packages.add(path.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] as string));
    }
  }
  return packages;
}

const isD3 = (name: string) => name.startsWith('d3-');

test('a page without a canvas downloads neither PixiJS, d3 nor pdf-lib', async ({ request }) => {
  const page = await downloadsOf(request, '/users/sign_in');
  const packages = await packagesIn(request, page.modules);
  expect(packages.has('react-dom'), 'the source maps name the packages bundled').toBe(true);
  expect(packages.has('pixi.js')).toBe(false);
  expect([...packages].filter(isD3)).toEqual([]);
  expect(packages.has('pdf-lib')).toBe(false);
  // Its own code comes with the HTML, not after the entry has run.
  expect(page.modules.some((file) => /\/SignInPage-[\w-]+\.js$/.test(file))).toBe(true);
  expect(page.modules.some((file) => /\/IssuePage-[\w-]+\.js$/.test(file))).toBe(false);
});

test('the roadmap downloads PixiJS and its layout worker, but not the export worker or pdf-lib', async ({
  request,
}) => {
  const roadmap = await downloadsOf(request, '/groups/acme/-/roadmap');
  const packages = await packagesIn(request, roadmap.modules);
  expect(packages.has('pixi.js')).toBe(true);
  expect(packages.has('pdf-lib')).toBe(false);
  expect([...packages].filter(isD3)).toEqual([]);
  expect(roadmap.prefetched.some((file) => file.includes('roadmapLayout.worker'))).toBe(true);
  // Export starts its worker (pdf-lib) when asked; fetching it up front would slow the first rows.
  expect(roadmap.prefetched.filter((file) => file.includes('roadmapExport.worker'))).toEqual([]);
});

test('a page renders whole: no spinner shows between the entry and the page', async ({ page }) => {
  // Records whether App's page-loading spinner was ever in the document while the page came up.
  await page.addInitScript(() => {
    const seen = { spinner: false };
    (window as unknown as { __spinner: typeof seen }).__spinner = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="page-loading"]')) seen.spinner = true;
    }).observe(document, { subtree: true, childList: true });
  });
  for (const path of ['/users/sign_in', '/groups/acme/-/merge_requests', '/help']) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForSelector('body[data-idle="true"]');
    expect(
      await page.evaluate(() => (window as unknown as { __spinner: { spinner: boolean } }).__spinner),
      path,
    ).toEqual({
      spinner: false,
    });
  }
});
