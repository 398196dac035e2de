import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

/**
 * The Admin Area's Geo sites: an administrator reaches them from the Admin Area's navigation, adds
 * this server as the primary and a secondary that never reports, renames the secondary and removes
 * it; anyone else finds no such page. No other browser test reads the Geo sites. The primary stays,
 * as it would on GitLab.
 */
test('an administrator adds a Geo secondary, sees it unreported, renames and removes it; others find no page', async ({
  page,
}) => {
  await signIn(page, 'admin', '/admin/application_settings');
  await page.getByRole('navigation', { name: 'Admin Area' }).getByRole('link', { name: 'Geo sites' }).click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/\/admin\/geo\/sites$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Geo sites');

  // The first site the form offers is this server, as the primary.
  await expect(page.getByTestId('geo-empty')).toBeVisible();
  await page.getByTestId('geo-add-site').click();
  const form = page.getByTestId('geo-site-form');
  await expect(form.getByLabel('Site name')).toBeFocused();
  await expect(form.getByLabel('This is a primary site')).toBeChecked();
  await form.getByTestId('geo-form-save').click();
  await expect(form).toBeHidden();
  const sites = page.getByTestId('geo-sites').getByRole('article');
  await expect(sites).toHaveCount(1);
  const primary = sites.first();
  await expect(primary.getByTestId('geo-role')).toHaveText('Primary');
  await expect(primary.getByTestId('geo-current')).toHaveText('Current');
  await expect(primary.getByTestId('geo-health')).toHaveText('Healthy');

  // A secondary: the server's refusals show beside their fields, word for word.
  await page.getByTestId('geo-add-site').click();
  await expect(form.getByLabel('This is a primary site')).not.toBeChecked();
  await form.getByTestId('geo-form-save').click();
  await expect(form.getByRole('alert').filter({ hasText: "can't be blank" }).first()).toBeVisible();
  await form.getByLabel('Site name').fill('eu-west');
  await form.getByLabel('External URL').fill('http://127.0.0.1:3999/');
  await form.getByTestId('geo-form-save').click();
  await expect(form).toBeHidden();

  const secondary = page.getByRole('article', { name: 'eu-west' });
  await expect(sites).toHaveCount(2);
  await expect(sites.nth(1).getByTestId('geo-site-name')).toHaveText('eu-west');
  await expect(secondary.getByTestId('geo-role')).toHaveText('Secondary');
  await expect(secondary.getByTestId('geo-site-url')).toHaveAttribute('href', 'http://127.0.0.1:3999/');
  await expect(secondary.getByTestId('geo-health')).toHaveText('Unhealthy');
  await expect(secondary.getByTestId('geo-health-message')).toHaveText(
    'Geo site has not reported its status',
  );
  const replication = secondary.getByRole('progressbar', { name: 'Replication: Uploads' });
  await expect(replication).toHaveAttribute('aria-valuenow', '0');
  await expect(replication).toHaveAttribute('aria-valuemin', '0');
  await expect(replication).toHaveAttribute('aria-valuemax', '100');
  await expect(secondary.getByRole('progressbar', { name: 'Verification: Uploads' })).toBeVisible();
  await expect(secondary.getByTestId('geo-last-report')).toHaveText('Never');
  await expectNoSeriousAxeViolations(page);

  await secondary.getByRole('button', { name: 'Edit eu-west' }).click();
  await expect(form.getByLabel('Site name')).toHaveValue('eu-west');
  await form.getByLabel('Site name').fill('eu-west-2');
  await form.getByTestId('geo-form-save').click();
  await expect(form).toBeHidden();
  const renamed = page.getByRole('article', { name: 'eu-west-2' });
  await expect(renamed.getByTestId('geo-role')).toHaveText('Secondary');

  await renamed.getByRole('button', { name: 'Remove eu-west-2' }).click();
  const confirm = page.getByTestId('geo-remove-dialog');
  await expect(confirm.getByRole('heading', { name: 'Remove secondary site' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await confirm.getByTestId('geo-remove-confirm').click();
  await expect(confirm).toBeHidden();
  await expect(sites).toHaveCount(1);
  await expect(page.getByTestId('geo-add-site')).toBeFocused();
  await page.reload();
  await waitForIdle(page);
  await expect(sites).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'eu-west-2' })).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, 'owner', '/');
  expect((await page.goto('/admin/geo/sites'))?.status()).toBe(404);
});
