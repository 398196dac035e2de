import { expect, test } from '@playwright/test';
import { signIn, tabCount, waitForIdle } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await signIn(page, 'developer');
});

test('the epics list filters by state, search and label, sorts, and pages, all kept in the URL', async ({
  page,
}) => {
  await page.goto('/groups/acme/-/epics');
  await waitForIdle(page);
  const open = await tabCount(page, 'Open');
  const closed = await tabCount(page, 'Closed');
  expect(await tabCount(page, 'All')).toBe(open + closed);

  await page.getByRole('tab', { name: /^Closed/ }).click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/state=closed/);
  await expect(page.getByTestId('epic-row').first()).toBeVisible();

  await page.getByRole('tab', { name: /^Open/ }).click();
  await waitForIdle(page);
  const title = await page.getByTestId('epic-title').first().innerText();
  const word = title.split(' ')[0]!;
  await page.getByTestId('search-input').fill(word);
  await page.getByTestId('search-input').press('Enter');
  await waitForIdle(page);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(word)}`));
  for (const text of await page.getByTestId('epic-title').allInnerTexts())
    expect(text.length).toBeGreaterThan(0);
  await expect(page.getByTestId('epic-title').filter({ hasText: title }).first()).toBeVisible();

  await page.goto('/groups/acme/-/epics?label_name[]=frontend');
  await waitForIdle(page);
  const labelled = await tabCount(page, 'Open');
  expect(labelled).toBeGreaterThan(0);
  expect(labelled).toBeLessThan(open);
  await page.reload();
  await waitForIdle(page);
  expect(await tabCount(page, 'Open')).toBe(labelled);

  await page.goto('/groups/acme/-/epics');
  await waitForIdle(page);
  const firstPage = await page.getByTestId('epic-title').allInnerTexts();
  await page.getByTestId('pagination-next').click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/page_after=/);
  const secondPage = await page.getByTestId('epic-title').allInnerTexts();
  expect(secondPage).toHaveLength(20);
  expect(secondPage.filter((text) => firstPage.includes(text)).length).toBeLessThan(20);
  await page.getByTestId('pagination-previous').click();
  await waitForIdle(page);
  expect(await page.getByTestId('epic-title').allInnerTexts()).toEqual(firstPage);
});

test('the issues list filters by label through label_name[]', async ({ page }) => {
  await page.goto('/acme/product/web/webapp/-/issues');
  await waitForIdle(page);
  const all = await tabCount(page, 'Open');
  await page.getByTestId('label-filter-link').first().click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/label_name/);
  const filtered = await tabCount(page, 'Open');
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThanOrEqual(all);
});
