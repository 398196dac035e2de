import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

/**
 * The Admin Area's settings: an administrator reaches them from the user menu and changes them at
 * run time; anyone else finds no such page. Only the session length changes here, which no other
 * browser test depends on, and it is put back.
 */
test('an administrator changes the session length; a bad value is refused; others find no page', async ({
  page,
}) => {
  await signIn(page, 'admin', '/');
  await page.getByTestId('user-menu-toggle').click();
  await page.getByTestId('user-menu-admin').click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/\/admin\/application_settings$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expectNoSeriousAxeViolations(page);

  const session = page.getByLabel('Session duration (minutes)');
  await expect(session).toHaveValue('10080');
  await session.fill('120');
  await page.getByTestId('admin-settings-save').click();
  await expect(page.getByTestId('admin-settings-notice')).toHaveText(
    'Application settings saved successfully',
  );
  await page.reload();
  await waitForIdle(page);
  await expect(session).toHaveValue('120');

  await page.getByLabel('Trial length (days)').fill('0');
  await page.getByTestId('admin-settings-save').click();
  await expect(page.getByTestId('admin-settings-notice')).toHaveText(
    'Trial duration days must be between 1 and 365',
  );
  await page.reload();
  await waitForIdle(page);
  await expect(page.getByLabel('Trial length (days)')).toHaveValue('30');

  await session.fill('10080');
  await page.getByTestId('admin-settings-save').click();
  await expect(page.getByTestId('admin-settings-notice')).toHaveText(
    'Application settings saved successfully',
  );

  await page.context().clearCookies();
  await signIn(page, 'owner', '/');
  await page.getByTestId('user-menu-toggle').click();
  await expect(page.getByTestId('user-menu-admin')).toHaveCount(0);
  expect((await page.goto('/admin/application_settings'))?.status()).toBe(404);
});
