import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

/** A top-level group's Billing page: its owners find it in the navigation; nobody else does. */

test("an owner finds the group's plan, seats and dates under Billing; a developer finds no Billing", async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner', '/groups/acme');
  await page.getByRole('navigation').getByRole('link', { name: 'Billing' }).click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/\/groups\/acme\/-\/billings$/);
  await expect(page.getByTestId('billing-plan')).toHaveText(
    'Acme Corp is currently using the Ultimate plan.',
  );
  const seats = page.getByTestId('billing-seats');
  await expect(seats).toContainText('Seats in subscription25');
  await expect(seats).toContainText('Seats owed0');
  await expect(page.getByTestId('billing-dates')).toContainText('Renews automatically');
  await expect(page.getByTestId('billing-plan-ultimate')).toContainText('Current plan');
  await expectNoSeriousAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await waitForIdle(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoSeriousAxeViolations(page);

  // Free has no seats to pay for; a subgroup has no Billing of its own.
  await page.goto('/groups/sandbox/-/billings');
  await expect(page.getByTestId('billing-plan')).toHaveText('Sandbox is currently using the Free plan.');
  await expect(page.getByTestId('billing-seats')).not.toContainText('Seats owed');
  await page.goto('/groups/acme/platform');
  await waitForIdle(page);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Billing' })).toHaveCount(0);
  expect((await page.goto('/groups/acme/platform/-/billings'))?.status()).toBe(404);

  const context = await browser.newContext();
  const developer = await context.newPage();
  await signIn(developer, 'developer', '/groups/acme');
  await expect(developer.getByRole('navigation').getByRole('link', { name: 'Members' })).toBeVisible();
  await expect(developer.getByRole('navigation').getByRole('link', { name: 'Billing' })).toHaveCount(0);
  expect((await developer.goto('/groups/acme/-/billings'))?.status()).toBe(404);
  await context.close();
});
