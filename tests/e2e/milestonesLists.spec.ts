import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, tabCount, waitForIdle } from './helpers.ts';

/** The group and project milestones lists: tabs with counts, search, and rows that lead to the milestone. */
test('a group’s milestones list counts, searches and leads to a milestone page', async ({ page }) => {
  await signIn(page, 'guest', '/groups/acme');
  await page.getByTestId('group-milestones-link').click();
  await expect(page).toHaveURL(/\/groups\/acme\/-\/milestones$/);
  await waitForIdle(page);
  const open = await tabCount(page, 'Open');
  const closed = await tabCount(page, 'Closed');
  expect(open).toBeGreaterThan(0);
  expect(await tabCount(page, 'All')).toBe(open + closed);
  const rows = page.getByTestId('milestone-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByRole('progressbar')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const title = (await rows.first().locator('.issuable-title').textContent()) ?? '';
  await page.getByRole('searchbox').first().fill(title);
  await page.keyboard.press('Enter');
  await waitForIdle(page);
  await expect(rows.first().locator('.issuable-title')).toHaveText(title);
  await rows.first().locator('.issuable-title').click();
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
});

test('a project’s milestones list shows the project’s own milestones', async ({ page }) => {
  await page.goto('/workshop/playground');
  await waitForIdle(page);
  await page.getByTestId('project-milestones-link').click();
  await expect(page).toHaveURL(/\/workshop\/playground\/-\/milestones$/);
  await waitForIdle(page);
  await expect(
    page.getByTestId('milestone-list').getByRole('link', { name: 'Playground launch' }),
  ).toBeVisible();
});
