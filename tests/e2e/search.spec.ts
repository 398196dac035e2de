import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

/**
 * The top bar's search: frequent places while empty, suggestions as one types, Enter to the results
 * page with a tab per kind and its count.
 */
test('typing in the top bar suggests results; Enter opens the results page with counted tabs', async ({
  page,
}) => {
  await signIn(page, 'developer');
  // Three visits more than an hour apart make a place eligible for the frequent list.
  await page.evaluate(() => {
    const visit = { frequency: 3, lastAccessedOn: Date.now() };
    localStorage.setItem(
      'developer/frequent-groups',
      JSON.stringify([{ fullPath: 'acme/platform', name: 'Platform', ...visit }]),
    );
    localStorage.setItem(
      'developer/frequent-projects',
      JSON.stringify([{ fullPath: 'acme/product/web/webapp', name: 'Web App', ...visit }]),
    );
  });
  await page.goto('/');
  await waitForIdle(page);

  const box = page.getByRole('combobox', { name: 'Search' });
  await page.keyboard.press('s');
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const listbox = page.getByRole('listbox', { name: 'Search' });
  await expect(listbox.getByRole('group', { name: 'Frequently visited groups' })).toContainText('Platform');
  await expect(listbox.getByRole('group', { name: 'Frequently visited projects' })).toContainText('Web App');
  await expectNoSeriousAxeViolations(page);

  await box.fill('web');
  const projects = listbox.getByRole('group', { name: 'Projects' });
  await expect(projects.getByRole('option', { name: /Web App/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const first = listbox.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(box).not.toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  // A click on a suggestion opens it.
  await box.fill('web app');
  await projects.getByRole('option', { name: /Web App/ }).click();
  await page.waitForURL(/\/acme\/product\/web\/webapp$/);
  await waitForIdle(page);

  // Typing again reopens the list; with nothing active, Enter searches for the term.
  await box.fill('');
  await box.fill('web');
  await expect(projects).toBeVisible();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/search\?search=web/);
  await waitForIdle(page);
  await expect(page.getByRole('heading', { name: 'Search results for “web”' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Search results by type' });
  const projectsTab = tabs.getByRole('tab', { name: /Projects/ });
  await expect(projectsTab).toHaveAttribute('aria-selected', 'true');
  await expect(projectsTab.locator('.tab-count')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('search-results').getByRole('link', { name: 'Web App' })).toBeVisible();

  const groupsTab = tabs.getByRole('tab', { name: /Groups/ });
  const groupCount = Number(await groupsTab.locator('.tab-count').textContent());
  expect(groupCount).toBeGreaterThan(0);
  await groupsTab.click();
  await expect(page).toHaveURL(/scope=groups/);
  await waitForIdle(page);
  await expect(groupsTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('search-result')).toHaveCount(groupCount);
  await expect(page.getByTestId('search-results')).toContainText('acme/product/web');
  await expectNoSeriousAxeViolations(page);
});
