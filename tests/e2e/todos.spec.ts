import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

/**
 * GitLab's To-Do List as a person uses it: add a to-do on an issue, see the top bar count it, find
 * it on /dashboard/todos, finish it, undo that, and finish everything. `alovelace` is no other
 * spec's user, so her to-dos are this spec's alone.
 */

const USER = 'alovelace';
const PROJECT = 'acme/handbook';

const badge = (page: Page) => page.getByTestId('todos-count');
const rows = (page: Page) => page.getByTestId('todo-row');

async function openTodos(page: Page, search = ''): Promise<void> {
  await page.goto(`/dashboard/todos${search}`);
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1, name: 'To-Do List' })).toBeVisible();
}

test('a to-do added on an issue is counted, listed, done, undone, and finished with the rest', async ({
  page,
}) => {
  await signIn(page, USER);
  // Start from an empty To Do tab, whatever the demo seeded.
  await openTodos(page);
  const markAll = page.getByTestId('todo-mark-all-done');
  if (await markAll.isVisible()) await markAll.click();
  await expect(page.getByTestId('empty-state')).toContainText(
    "Good job! Looks like you don't have anything left on your To-Do List",
  );
  await expect(badge(page)).toHaveCount(0);

  const issues = await api(page, 'GET', `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues?per_page=1`);
  const [issue] = issues.body as unknown as { iid: number; title: string }[];
  if (!issue) throw new Error(`${PROJECT} has no issue`);
  const issuePath = `/${PROJECT}/-/issues/${issue.iid}`;
  await page.goto(issuePath);
  await waitForIdle(page);
  await page.getByTestId('sidebar-todo-toggle').click();
  await expect(page.getByTestId('sidebar-todo-toggle')).toHaveText(/Mark as done/);
  await expect(badge(page)).toHaveText('1');

  await page.getByTestId('todos-link').click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/\/dashboard\/todos$/);
  await expect(page.getByTestId('todo-tab-pending')).toContainText('1');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Ada Lovelace set a to-do');
  const target = page.getByTestId('todo-target');
  await expect(target).toContainText(`${PROJECT}#${issue.iid}`);
  await expect(target).toContainText(issue.title);
  await expectNoSeriousAxeViolations(page);

  await target.click();
  await waitForIdle(page);
  await expect(page).toHaveURL(new RegExp(`${issuePath}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(issue.title);

  await openTodos(page);
  await page.getByTestId('todo-mark-done').click();
  await expect(rows(page)).toHaveCount(0);
  await expect(badge(page)).toHaveCount(0);

  await page.getByTestId('todo-tab-done').click();
  await waitForIdle(page);
  const doneRow = rows(page).filter({ hasText: issue.title });
  await expect(doneRow).toHaveCount(1);
  await doneRow.getByTestId('todo-undo').click();
  await expect(doneRow).toHaveCount(0);
  await expect(badge(page)).toHaveText('1');
  await expect(page.getByTestId('todo-tab-pending')).toContainText('1');

  await page.getByTestId('todo-tab-pending').click();
  await waitForIdle(page);
  await expect(rows(page)).toHaveCount(1);
  await page.getByTestId('todo-mark-all-done').click();
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
});

test('an anonymous visitor is sent to sign in first', async ({ page }) => {
  await page.goto('/dashboard/todos');
  await expect(page).toHaveURL(/\/users\/sign_in\?redirect_to=%2Fdashboard%2Ftodos/);
});
