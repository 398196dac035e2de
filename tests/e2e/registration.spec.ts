import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, waitForIdle } from './helpers.ts';

/**
 * GitLab's open registration, on by default: from the sign-in page a visitor registers, is told
 * what to fix, and lands home signed in. (Turning it off is the integration tests': it is a setting
 * of the whole instance, which the other browser tests share.)
 */
test('a visitor registers from the sign-in page and lands home signed in', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const username = `nadia.${suffix}`;
  await page.goto('/users/sign_in');
  await page.getByRole('link', { name: 'Register now' }).click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/\/users\/sign_up$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Register for Plantrack');

  const form = page.getByTestId('sign-up-form');
  await form.getByLabel('Full name').fill('Nadia Novak');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.org`);
  await form.getByLabel('Password').fill('short');
  // The browser's own check stops a short password first; the server's words follow when it is bypassed.
  await form.evaluate((element: HTMLFormElement) => {
    element.noValidate = true;
  });
  await form.getByRole('button', { name: 'Register' }).click();
  await waitForIdle(page);
  await expect(page.getByTestId('sign-up-error-password')).toHaveText(
    'is too short (minimum is 8 characters)',
  );
  await expect(form.getByLabel('Username')).toHaveValue(username);
  await expectNoSeriousAxeViolations(page);

  await form.getByLabel('Password').fill('a long enough secret');
  await form.getByRole('button', { name: 'Register' }).click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome! You have signed up successfully.')).toBeVisible();
  await expect(page.getByTestId('user-menu-toggle')).toContainText('Nadia Novak');

  // A new account owns nothing yet: it makes a group, then a project in it.
  await page.getByTestId('new-group-link').click();
  await waitForIdle(page);
  await page.getByLabel('Group name').fill(`Nadia Labs ${suffix}`);
  await expect(page.getByLabel('Group URL')).toHaveValue(`nadia-labs-${suffix}`);
  await expect(page.getByTestId('visibility-private')).toBeChecked();
  await page.getByTestId('visibility-public').check();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('group-submit').click();
  await waitForIdle(page);
  await expect(page.getByTestId('group-name')).toHaveText(`Nadia Labs ${suffix}`);
  await page.getByTestId('new-project-link').click();
  await waitForIdle(page);
  await page.getByLabel('Project name').fill('Launch Plan');
  // A public group's project may be public too; it starts at the instance's default, private.
  await expect(page.getByTestId('visibility-private')).toBeChecked();
  await page.getByTestId('project-submit').click();
  await waitForIdle(page);
  await expect(page).toHaveURL(new RegExp(`/nadia-labs-${suffix}/launch-plan$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Launch Plan');
});
