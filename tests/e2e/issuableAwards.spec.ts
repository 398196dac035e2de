import { type Browser, expect, type Page, test } from '@playwright/test';
import { closeOtherContexts, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));
test.describe.configure({ timeout: 90_000 });

/** The award bar under an issue's description. Each test reacts on an issue of its own. */

const PROJECT = 'workshop/playground';

async function createIssue(page: Page, title: string): Promise<string> {
  const answer = await api(page, 'POST', `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues`, { title });
  expect(answer.status).toBe(201);
  return `/${PROJECT}/-/issues/${answer.body.iid as number}`;
}

async function openAs(browser: Browser, username: string | null, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (username) await signIn(page, username, path);
  else {
    await page.goto(path);
    await waitForIdle(page);
  }
  return page;
}

test('reacting on an issue page counts the reaction, for the reader and for others', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner');
  const path = await createIssue(page, 'Worth a thumbs up');
  await page.goto(path);
  await waitForIdle(page);

  const awards = page.getByTestId('issuable-awards');
  const thumbsUp = awards.getByTestId('award-thumbsup');
  await expect(thumbsUp).toHaveText(/0/);
  await expect(awards.getByTestId('award-thumbsdown')).toHaveText(/0/);
  await thumbsUp.click();
  await expect(thumbsUp).toHaveAttribute('aria-pressed', 'true');
  await expect(thumbsUp).toHaveText(/1/);
  await expect(thumbsUp).toHaveAttribute('title', 'You reacted with :thumbsup:');

  await awards.getByTestId('issuable-award-picker').click();
  await page.getByTestId('award-picker-search').fill('rock');
  await expect(page.getByTestId('award-pick-tada')).toHaveCount(0);
  await page.getByTestId('award-pick-rocket').click();
  await expect(awards.getByTestId('award-rocket')).toHaveText(/1/);

  const guest = await openAs(browser, 'guest', path);
  const guestThumbs = guest.getByTestId('issuable-awards').getByTestId('award-thumbsup');
  await expect(guestThumbs).toHaveText(/1/);
  await expect(guestThumbs).toHaveAttribute('aria-pressed', 'false');
  await guestThumbs.click();
  await expect(guestThumbs).toHaveText(/2/);
  await expect(guestThumbs).toHaveAttribute('title', /^.+ and you reacted with :thumbsup:$/);

  // The issue's votes in the API follow the bar, once the reaction's save has answered (the bar
  // counts it at once).
  await expect
    .poll(
      async () =>
        (
          await api(
            guest,
            'GET',
            `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/${path.split('/').pop()}`,
          )
        ).body.upvotes,
    )
    .toBe(2);

  const anonymous = await openAs(browser, null, path);
  const seen = anonymous.getByTestId('issuable-awards');
  await expect(seen.getByTestId('award-thumbsup')).toHaveText(/2/);
  await expect(seen.getByTestId('award-thumbsup')).toBeDisabled();
  await expect(seen.getByTestId('issuable-award-picker')).toHaveCount(0);
});
