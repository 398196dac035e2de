import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

const PROJECT = '/acme/platform/backend/api';

test.beforeEach(async ({ page }) => {
  await signIn(page, 'developer');
});

/** The count a state tab shows ('Merged 20'). */
async function countOf(page: import('@playwright/test').Page, name: string): Promise<number> {
  const text = await page.getByRole('tab', { name: new RegExp(`^${name}`) }).innerText();
  return Number(text.replace(/[^0-9]/g, ''));
}

test('a project’s merge requests: the Merged tab, a search, and a row that leads to its merge request', async ({
  page,
}) => {
  await page.goto(`${PROJECT}/-/merge_requests`);
  await waitForIdle(page);
  await expect(page.getByRole('heading', { name: 'Merge requests', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Merge requests' }),
  ).toHaveAttribute('aria-current', 'page');
  const list = page.getByRole('list', { name: 'Merge requests' });
  await expect(list.getByTestId('merge-request-row').first()).toBeVisible();
  await expect(list.getByTestId('merge-request-state')).toHaveCount(0);
  const merged = await countOf(page, 'Merged');
  expect(await countOf(page, 'All')).toBe(
    (await countOf(page, 'Open')) + merged + (await countOf(page, 'Closed')),
  );

  await page.getByRole('tab', { name: /^Merged/ }).click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/state=merged/);
  await expect(page.getByRole('tab', { name: /^Merged/ })).toHaveAttribute('aria-selected', 'true');
  const rows = list.getByTestId('merge-request-row');
  await expect(rows).toHaveCount(Math.min(merged, 20));
  for (const state of await list.getByTestId('merge-request-state').allInnerTexts())
    expect(state).toMatch(/^Merged /);
  await expectNoSeriousAxeViolations(page);

  const title = await rows.first().getByTestId('merge-request-title').innerText();
  const word = title.split(' ').find((part) => part.length > 3) ?? title;
  await page.getByTestId('search-input').fill(word);
  await page.getByTestId('search-input').press('Enter');
  await waitForIdle(page);
  await expect(page).toHaveURL(new RegExp(`state=merged&search=${encodeURIComponent(word)}`));
  expect(await countOf(page, 'Merged')).toBeLessThanOrEqual(merged);
  const found = list.getByTestId('merge-request-title').filter({ hasText: title });
  await expect(found.first()).toBeVisible();

  const href = await found.first().getAttribute('href');
  expect(href).toMatch(/^\/acme\/platform\/backend\/api\/-\/merge_requests\/\d+$/);
  await found.first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[/]/g, '\\/')}$`));
});

test('a search that matches nothing says so in GitLab’s words', async ({ page }) => {
  await page.goto(`${PROJECT}/-/merge_requests?state=merged&search=zzzqqq`);
  await waitForIdle(page);
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.getByText('To widen your search, change or remove filters above.')).toBeVisible();
});
