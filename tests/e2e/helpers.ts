import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page, type Route } from '@playwright/test';
import { csrfTokenOf } from '../helpers/csrfToken.ts';

export const DEMO_PASSWORD = 'demo-password';

/**
 * Waits for the page's explicit idle signal (main query settled) instead of sleeping; on an epic
 * page also for its child tree (loaded, worker answered).
 */
export async function waitForIdle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      // No body yet while a navigation replaces the document: not idle, not an error.
      document.body?.dataset.idle === 'true' &&
      document.querySelector('[data-testid="epic-tree-card"][data-idle="false"]') === null,
  );
}

/**
 * Signs in by posting the sign-in form's fields, then opens `redirectTo` when told. Most suites are
 * about what a signed-in person does next, and loading the sign-in page first cost each of them a
 * page load; the form itself, as a person fills it, is walked by `signInThroughForm` and the suites
 * that use it. Without `redirectTo` the page is left on a blank page of the app's origin (see
 * `openBlankPage`): most tests next create their data through the API and open a page of their
 * own, and rendering the home page first cost each a page view the test never looked at.
 */
export async function signIn(page: Page, username: string, redirectTo?: string): Promise<void> {
  // The form proves it came from our page with the token that page carries (and its cookie).
  const form = await (await page.request.get('/users/sign_in')).text();
  const response = await page.request.post('/users/sign_in', {
    form: { authenticity_token: csrfTokenOf(form), 'user[login]': username, 'user[password]': DEMO_PASSWORD },
    maxRedirects: 0,
  });
  // A refused sign-in answers 200 with the form again; only a signed-in session redirects.
  expect(response.status(), `signing in as ${username}`).toBe(302);
  if (redirectTo === undefined) {
    await openBlankPage(page);
    return;
  }
  await page.goto(redirectTo);
  await waitForIdle(page);
}

const BLANK_PAGE = '/-/e2e-blank-page';

/**
 * A document of the app's origin that renders nothing and carries the session's CSRF token (read
 * from a page the server renders, not opened), answered by the test itself: in-page requests and
 * storage work as on any page of the app, which the helpers that call the API rely on.
 */
async function openBlankPage(page: Page): Promise<void> {
  const token = csrfTokenOf(await (await page.request.get('/')).text());
  const body = `<!doctype html><meta name="csrf-token" content="${token}"><body data-idle="true"></body>`;
  const handler = (route: Route) => route.fulfill({ contentType: 'text/html', body });
  await page.route(BLANK_PAGE, handler);
  await page.goto(BLANK_PAGE);
  await page.unroute(BLANK_PAGE, handler);
}

/** Signs in through the real form, as a person would. */
export async function signInThroughForm(page: Page, username: string, redirectTo = '/'): Promise<void> {
  await page.goto(`/users/sign_in?redirect_to=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel('Username or primary email').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/users/sign_in'));
  await waitForIdle(page);
}

/** No serious or critical accessibility violation on the page as it stands. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** The count shown on a state tab ('Open 123'). */
export async function tabCount(page: Page, name: 'Open' | 'Closed' | 'All'): Promise<number> {
  const text = await page.getByRole('tab', { name: new RegExp(`^${name}`) }).innerText();
  return Number(text.replace(/[^0-9]/g, ''));
}

/** Total of epics or issues as an API client sees it (the REST x-total header), with the user's token. */
export async function apiTotal(page: Page, path: string): Promise<number> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return Number(response.headers()['x-total']);
}

/**
 * Pages served without the query answers the server embeds in them (core/pages: PreloadedQuery), as
 * when the server's own run of those queries failed: the page then asks /api/graphql itself.
 */
export async function withoutEmbeddedAnswers(page: Page): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<script type="application\/json" id="preloaded-queries">.*?<\/script>/s,
        '',
      );
      await route.fulfill({ response, body });
    },
  );
}

/**
 * Closes the browser contexts a test opened besides its own. A page left open keeps polling the
 * server (issuable pages every few seconds), and a worker running many tests would carry them all.
 */
export async function closeOtherContexts(browser: Browser, own: BrowserContext): Promise<void> {
  await Promise.all(
    browser
      .contexts()
      .filter((context) => context !== own)
      .map((context) => context.close()),
  );
}
