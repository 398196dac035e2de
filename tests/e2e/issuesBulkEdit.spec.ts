import { type Browser, expect, type Page, test } from '@playwright/test';
import { closeOtherContexts, expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));

/**
 * The group issues list and bulk edit on the issues lists. Every test writes issues of its own in
 * `workshop/playground` (reporter is a Reporter of workshop, guest a Guest), each with a word no other
 * issue has, and searches the list for it.
 */

const GROUP = 'workshop';
const PROJECT = 'workshop/playground';

/** A new issue of the playground through GitLab's REST API, by the page's signed-in user. */
async function createIssue(page: Page, title: string): Promise<{ iid: number; path: string }> {
  const answer = await api(page, 'POST', `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues`, { title });
  expect(answer.status).toBe(201);
  const iid = answer.body.iid as number;
  return { iid, path: `/${PROJECT}/-/issues/${iid}` };
}

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

/** A word only this test's issues have. */
const uniqueWord = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openList(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIdle(page);
}

test('the group page links to its issues list, which names each issue’s project and opens its page', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const word = uniqueWord('grouplist');
  const issue = await createIssue(page, `Listed in the group ${word}`);

  await openList(page, `/groups/${GROUP}`);
  await page.getByTestId('group-issues-link').click();
  await waitForIdle(page);
  await expect(page).toHaveURL(new RegExp(`/groups/${GROUP}/-/issues$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Issues');

  await page.getByTestId('search-input').fill(word);
  await page.getByTestId('search-input').press('Enter');
  await waitForIdle(page);
  const row = page.getByTestId('issue-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('issue-reference')).toHaveText(`${PROJECT}#${issue.iid}`);
  await expectNoSeriousAxeViolations(page);

  await row.getByTestId('issue-title').click();
  await expect(page).toHaveURL(issue.path);
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Listed in the group ${word}`);
});

test('a Reporter bulk-closes and labels two issues and sees them change; a guest gets no Bulk edit', async ({
  browser,
}) => {
  const reporter = await signedInPage(browser, 'reporter');
  const word = uniqueWord('bulk');
  await createIssue(reporter, `First to close ${word}`);
  await createIssue(reporter, `Second to close ${word}`);
  await openList(reporter, `/groups/${GROUP}/-/issues?search=${word}`);
  const rows = reporter.getByTestId('issue-row');
  await expect(rows).toHaveCount(2);

  await reporter.getByTestId('bulk-edit-button').click();
  const sidebar = reporter.getByTestId('bulk-edit-sidebar');
  await expect(sidebar).toBeVisible();
  await expect(reporter.getByTestId('bulk-edit-update')).toBeDisabled();
  await reporter.getByTestId('bulk-select-all').check();
  await expect(reporter.getByTestId('issue-select').first()).toBeChecked();
  await expect(reporter.getByTestId('bulk-selected-count')).toHaveText('2 issues selected');
  await reporter.getByTestId('bulk-edit-state').selectOption({ label: 'Closed' });
  await reporter.getByTestId('bulk-edit-add-labels').getByRole('checkbox', { name: 'bug' }).check();
  await expectNoSeriousAxeViolations(reporter);

  // A refused update keeps the sidebar open and says why.
  await reporter.route('**/issues/bulk_update', (route) =>
    route.fulfill({ status: 422, contentType: 'application/json', body: '{"errors":["Labels not found"]}' }),
  );
  await reporter.getByTestId('bulk-edit-update').click();
  await expect(reporter.getByTestId('bulk-edit-error')).toHaveText(
    'Something went wrong while updating issues. Labels not found',
  );
  await reporter.unroute('**/issues/bulk_update');

  await reporter.getByTestId('bulk-edit-update').click();
  await expect(sidebar).toHaveCount(0);
  await expect(reporter.getByTestId('bulk-edit-button')).toBeFocused();
  // Closed issues leave the Open tab; the Closed tab shows both, labelled.
  await expect(rows).toHaveCount(0);
  await reporter.getByTestId('state-tab-closed').click();
  await waitForIdle(reporter);
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) {
    await expect(row.getByTestId('label-filter-link').filter({ hasText: 'bug' })).toHaveCount(1);
  }

  const guest = await signedInPage(browser, 'guest');
  await openList(guest, `/groups/${GROUP}/-/issues?state=closed&search=${word}`);
  await expect(guest.getByTestId('issue-row')).toHaveCount(2);
  await expect(guest.getByTestId('bulk-edit-button')).toHaveCount(0);
  await expect(guest.getByTestId('issue-select')).toHaveCount(0);
  await openList(guest, `/${PROJECT}/-/issues`);
  await expect(guest.getByTestId('bulk-edit-button')).toHaveCount(0);
});
