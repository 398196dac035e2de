import { expect, test } from '@playwright/test';
import { signInThroughForm, waitForIdle } from './helpers.ts';

test('a developer signs in and browses acme groups, epics and issues with real data', async ({ page }) => {
  await signInThroughForm(page, 'developer');
  await expect(page.getByTestId('toast')).toContainText('Signed in successfully.');
  await expect(page.getByTestId('user-menu-toggle')).toContainText(/Diego Diaz|developer/);

  await page.getByRole('link', { name: 'Acme Corp' }).first().click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/\/groups\/acme$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName('Acme Corp');
  await expect(page.getByTestId('project-row').first()).toBeVisible();

  await page.getByTestId('group-epics-link').click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/\/groups\/acme\/-\/epics/);
  const rows = page.getByTestId('epic-row');
  await expect(rows).toHaveCount(20);
  const firstTitle = await rows.first().getByTestId('epic-title').innerText();
  await rows.first().getByTestId('epic-title').click();
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(firstTitle);

  await page.goto('/acme/platform/backend/api/-/issues');
  await waitForIdle(page);
  await expect(page.getByTestId('issue-row')).toHaveCount(20);
  await expect(page.getByTestId('issue-reference').first()).toHaveText(/^#\d+$/);
});

test('a wrong password is refused with GitLab’s message, and sign-out ends the session', async ({ page }) => {
  await page.goto('/users/sign_in');
  await page.getByLabel('Username or primary email').fill('developer');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid login or password.');

  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForIdle(page);
  await page.getByTestId('user-menu-toggle').click();
  await page
    .getByRole('menuitem', { name: 'Sign out' })
    .or(page.getByRole('button', { name: 'Sign out' }))
    .click();
  await waitForIdle(page);
  await expect(page.getByTestId('sign-in-link')).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText('Signed out successfully.');
});

test('sign-in returns to the page that asked for it', async ({ page }) => {
  await page.goto('/groups/acme/-/epics');
  await waitForIdle(page);
  await page.getByTestId('sign-in-link').click();
  await page.getByLabel('Username or primary email').fill('reporter');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/groups\/acme\/-\/epics$/);
});
