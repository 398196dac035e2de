import { type Browser, expect, type Page, test } from '@playwright/test';
import { closeOtherContexts, expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));

/**
 * The merge request page: a developer's draft made ready, approved by someone else, merged, and the
 * issue it closes closed; and what a reporter may not do. Every test writes merge requests and issues
 * of its own in `workshop/playground`.
 */

const PROJECT = 'workshop/playground';
const API = `/api/v4/projects/${encodeURIComponent(PROJECT)}`;
let branch = 0;

async function createIssue(page: Page, title: string): Promise<number> {
  const answer = await api(page, 'POST', `${API}/issues`, { title });
  expect(answer.status).toBe(201);
  return answer.body.iid as number;
}

async function createMergeRequest(page: Page, fields: Record<string, unknown>): Promise<string> {
  branch += 1;
  const answer = await api(page, 'POST', `${API}/merge_requests`, {
    source_branch: `e2e/${Date.now()}-${branch}`,
    target_branch: 'main',
    ...fields,
  });
  expect(answer.status).toBe(201);
  return `/${PROJECT}/-/merge_requests/${answer.body.iid as number}`;
}

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIdle(page);
  await expect(page.getByTestId('issuable-title')).toBeVisible();
}

test('a draft is made ready, approved by another developer, merged, and closes its issue', async ({
  page,
  browser,
}) => {
  await signIn(page, 'developer');
  const issue = await createIssue(page, 'Checkout button does nothing');
  const path = await createMergeRequest(page, {
    title: 'Draft: Wire up the checkout button',
    description: `Closes #${issue}`,
  });
  await open(page, path);
  await expect(page.getByTestId('state-badge')).toHaveText('Draft');
  await expect(page.getByTestId('merge-blocked-text')).toHaveText(
    "Merge blocked: merge request must be marked as ready. It's still marked as draft.",
  );
  await expect(page.getByTestId('closing-issue')).toHaveText(`#${issue}`);
  // The author may not approve their own merge request.
  await expect(page.getByTestId('approve-button')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await page.getByTestId('widget-mark-ready').click();
  await expect(page.getByTestId('state-badge')).toHaveText('Open');
  await expect(page.getByTestId('merge-widget-ready')).toContainText('Ready to merge!');

  const owner = await signedInPage(browser, 'owner');
  await open(owner, path);
  await owner.getByTestId('approve-button').click();
  await expect(owner.getByTestId('approver')).toHaveCount(1);
  await expect(owner.getByTestId('approve-button')).toHaveText('Revoke approval');

  await page.reload();
  await waitForIdle(page);
  await expect(page.getByTestId('approver')).toHaveCount(1);
  await page.getByTestId('merge-button').click();
  await expect(page.getByTestId('state-badge')).toHaveText('Merged');
  await expect(page.getByTestId('merge-widget-merged')).toContainText('Merged by');
  await expect(page.getByTestId('merge-request-state-toggle')).toHaveCount(0);
  await expect(page.getByTestId('merge-widget-closing-issues')).toContainText('Closed');

  await page.goto(`/${PROJECT}/-/issues/${issue}`);
  await waitForIdle(page);
  await expect(page.getByTestId('state-badge')).toHaveText('Closed');
  const card = page.getByTestId('development-card');
  await expect(card.getByTestId('development-item')).toContainText('Wire up the checkout button');
  await expect(page.getByText(/closed via merge request/)).toBeVisible();
});

test('reviewers who cannot merge are marked, and a reporter sees no merge or edit controls', async ({
  page,
  browser,
}) => {
  await signIn(page, 'developer');
  const path = await createMergeRequest(page, { title: 'Rename the settings module' });
  await open(page, path);
  const sidebar = page.getByTestId('merge-request-sidebar');
  await sidebar.getByTestId('sidebar-reviewers-edit').click();
  await sidebar.getByTestId('sidebar-reviewers-search').fill('Reyes');
  await sidebar.getByRole('option', { name: /Rita Reyes/ }).click();
  // Focus leaves the picker: it closes and saves.
  await page.getByRole('heading', { level: 1 }).click();
  const reviewers = sidebar.getByTestId('sidebar-reviewers-value');
  await expect(reviewers).toContainText('Rita Reyes');
  await expect(reviewers.getByTestId('cannot-merge-icon')).toBeVisible();

  const reporter = await signedInPage(browser, 'reporter');
  await open(reporter, path);
  await expect(reporter.getByTestId('merge-widget-ready')).toContainText(
    'Ask someone with write access to this repository to merge this request.',
  );
  await expect(reporter.getByTestId('merge-button')).toHaveCount(0);
  await expect(reporter.getByTestId('merge-request-state-toggle')).toHaveCount(0);
  await expect(reporter.getByTestId('approve-button')).toHaveCount(0);
  // A reporter still comments.
  const input = reporter.getByTestId('comment-input-new');
  await input.fill('Looks fine to me');
  await input.press('Control+Enter');
  await expect(input).toHaveValue('');
  await expect(reporter.getByTestId('discussion').filter({ hasText: 'Looks fine to me' })).toBeVisible();
});

test('closing and reopening, and the b key copies the source branch', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'developer');
  const path = await createMergeRequest(page, { title: 'Try a new layout' });
  await open(page, path);
  await page.getByTestId('merge-request-state-toggle').click();
  await expect(page.getByTestId('state-badge')).toHaveText('Closed');
  await expect(page.getByTestId('merge-widget-closed')).toBeVisible();
  await page.getByTestId('merge-request-state-toggle').click();
  await expect(page.getByTestId('state-badge')).toHaveText('Open');
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('b');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^e2e\//);
});
