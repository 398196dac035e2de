import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

/*
 * GitLab's User settings, walked as people do. Each writing test has a demo user of its own (their
 * status, colour mode, tokens, sessions and password are theirs alone), so the other suites sharing
 * this server see no change.
 */

/** Path, page title, and its link in the settings navigation. */
const SETTINGS_PAGES = [
  ['/-/user_settings/profile', 'Edit Profile', 'Profile'],
  ['/-/profile/preferences', 'Preferences', 'Preferences'],
  ['/-/user_settings/password/edit', 'Password', 'Password'],
  ['/-/user_settings/personal_access_tokens', 'Personal access tokens', 'Access tokens'],
  ['/-/user_settings/active_sessions', 'Active sessions', 'Active sessions'],
] as const;

async function openUserMenuLink(page: Page, testId: string): Promise<void> {
  await page.getByTestId('user-menu-toggle').click();
  await page.getByTestId(testId).click();
  await waitForIdle(page);
}

for (const username of ['owner', 'reporter', 'guest']) {
  test(`${username} walks every settings page from the user menu and the settings navigation`, async ({
    page,
  }) => {
    await signIn(page, username, '/');
    await openUserMenuLink(page, 'user-menu-edit-profile');
    await expect(page).toHaveURL(/\/-\/user_settings\/profile$/);
    for (const [path, title, navLabel] of SETTINGS_PAGES) {
      await page
        .getByRole('navigation', { name: 'User settings' })
        .getByRole('link', { name: navLabel })
        .click();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
      await waitForIdle(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.locator('.settings-nav a[aria-current="page"]')).toHaveText(navLabel);
    }
    await openUserMenuLink(page, 'user-menu-preferences');
    await expect(page).toHaveURL(/\/-\/profile\/preferences$/);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the settings pages have no serious accessibility violations (${theme} theme)`, async ({ page }) => {
    test.slow();
    await page.emulateMedia({ colorScheme: theme });
    await signIn(page, 'maintainer');
    for (const [path] of SETTINGS_PAGES) {
      await page.goto(path);
      await waitForIdle(page);
      await expectNoSeriousAxeViolations(page);
    }
  });
}

test('an anonymous visitor is asked to sign in and comes back to the settings page', async ({ page }) => {
  await page.goto('/-/profile');
  await expect(page).toHaveURL(/\/users\/sign_in\?redirect_to=%2F-%2Fuser_settings%2Fprofile$/);
  await page.getByLabel('Username or primary email').fill('maintainer');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/-\/user_settings\/profile$/);
});

test('a busy status with a message shows in the user menu and on the profile, and clears', async ({
  page,
}) => {
  await signIn(page, 'kjohnson', '/-/user_settings/profile');
  await page.getByLabel('Status emoji').selectOption('palm_tree');
  await page.getByLabel('Status message').fill('On leave until Monday');
  await page.getByLabel('Set yourself as busy').check();
  await page.getByLabel('Clear status after').selectOption('7_days');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('settings-notice')).toHaveText('Profile was successfully updated');

  await page.reload();
  await waitForIdle(page);
  await expect(page.getByTestId('user-menu-toggle')).toContainText('Katherine Johnson (Busy)');
  await expect(page.getByText(/^Your status resets on /)).toBeVisible();
  await page.getByTestId('user-menu-toggle').click();
  await expect(page.getByTestId('user-menu-status')).toContainText('On leave until Monday');
  await page.getByTestId('user-menu-profile').click();
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Katherine Johnson (Busy)');
  await expect(page.getByTestId('user-profile-status')).toContainText('🌴 On leave until Monday');

  // Clearing the emoji, the message and 'Busy' clears the status.
  await page.goto('/-/user_settings/profile');
  await waitForIdle(page);
  await page.getByLabel('Status emoji').selectOption('');
  await page.getByLabel('Status message').fill('');
  await page.getByLabel('Set yourself as busy').uncheck();
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('settings-notice')).toBeVisible();
  await page.goto('/kjohnson');
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Katherine Johnson');
  await expect(page.getByTestId('user-profile-status')).toHaveCount(0);
});

test('the colour mode is kept on the server and applied before the first paint of every page', async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await signIn(page, 'aturing', '/-/profile/preferences');
  await page.getByTestId('color-mode-dark').check();
  await page.getByLabel('First day of the week').selectOption('1');
  await page.getByTestId('preferences-save').click();
  await expect(page.getByTestId('settings-notice')).toHaveText('Preferences saved.');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // A new browser, with nothing stored: the server's choice paints the first frame dark.
  const other = await browser.newContext({ colorScheme: 'light' });
  const fresh = await other.newPage();
  await signIn(fresh, 'aturing');
  const themeAtFirstScript = await fresh.evaluate(async () => {
    const response = await fetch('/groups/acme', { credentials: 'same-origin' });
    return (await response.text()).match(/<html[^>]*>/)?.[0] ?? '';
  });
  expect(themeAtFirstScript).toContain('data-color-mode="dark"');
  await fresh.goto('/groups/acme');
  await expect(fresh.locator('html')).toHaveAttribute('data-theme', 'dark');
  await fresh.goto('/-/profile/preferences');
  await waitForIdle(fresh);
  await expect(fresh.getByLabel('First day of the week')).toHaveValue('1');

  // Auto follows the system.
  await fresh.getByTestId('color-mode-auto').check();
  await fresh.getByTestId('preferences-save').click();
  await expect(fresh.getByTestId('settings-notice')).toBeVisible();
  await expect(fresh.locator('html')).not.toHaveAttribute('data-theme', 'dark');
  await fresh.emulateMedia({ colorScheme: 'dark' });
  await fresh.reload();
  await expect(fresh.locator('html')).toHaveAttribute('data-theme', 'dark');
  await context.close();
  await other.close();
});

test('a personal access token is shown once, works with its scopes only, and is revoked after confirming', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'edijkstra', '/-/user_settings/personal_access_tokens');
  await page.getByTestId('add-token').click();
  const name = `Reader ${Date.now()}`;
  await page.getByLabel('Token name').fill(name);
  await expect(page.getByLabel('Expiration date')).not.toHaveValue('');
  await page.getByTestId('create-token').click();
  await expect(page.getByText('At least one scope is required.')).toBeVisible();
  await page.getByTestId('token-scope-read_api').check();
  await page.getByTestId('create-token').click();
  await expect(page.getByTestId('new-token')).toContainText(
    "Make sure you save it - you won't be able to access it again.",
  );
  const token = await page.getByTestId('new-token-value').inputValue();
  expect(token).toMatch(/^glpat-/);
  await page.getByTestId('copy-token').click();
  await expect(page.getByTestId('copy-token')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  const row = page.getByTestId('token-row').filter({ hasText: name });
  await expect(row).toContainText('read_api');
  await expect(row).toContainText('Never');

  const request = page.context().request;
  const headers = { 'PRIVATE-TOKEN': token };
  expect((await request.get('/api/v4/user', { headers })).status()).toBe(200);
  expect((await request.put('/api/v4/user/status', { headers, data: { message: 'no' } })).status()).toBe(403);

  await page.reload();
  await waitForIdle(page);
  await expect(page.getByTestId('new-token')).toHaveCount(0);
  await expect(row).not.toContainText('Never');
  await row.getByTestId('revoke-token').click();
  await expect(page.getByTestId('revoke-token-dialog')).toContainText(`Revoke the token '${name}'?`);
  await page.getByTestId('revoke-token-confirm').click();
  await expect(page.getByTestId('settings-notice')).toHaveText('The token was revoked successfully.');
  await expect(row).toHaveCount(0);
  expect((await request.get('/api/v4/user', { headers })).status()).toBe(401);
});

async function signedInPage(browser: Browser, username: string, password = DEMO_PASSWORD) {
  const context = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5; rv:127.0) Gecko/20100101 Firefox/127.0',
  });
  const page = await context.newPage();
  await page.goto('/users/sign_in');
  await page.getByLabel('Username or primary email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/users/sign_in'));
  return { context, page };
}

test('another browser is signed out from Active sessions, and a new password signs every browser out', async ({
  page,
  browser,
}) => {
  const other = await signedInPage(browser, 'dvaughan');
  await signIn(page, 'dvaughan', '/-/user_settings/active_sessions');
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('This is your current session');
  await expect(rows.first().getByTestId('revoke-session')).toHaveCount(0);
  await expect(rows.nth(1)).toContainText('Firefox on Mac');
  await expect(rows.nth(1)).toContainText('127.0.0.1');
  await rows.nth(1).getByTestId('revoke-session').click();
  await expect(page.getByTestId('revoke-session-dialog')).toContainText('The device will be signed out');
  await page.getByTestId('revoke-session-confirm').click();
  await expect(rows).toHaveCount(1);
  await other.page.goto('/-/user_settings/active_sessions');
  await expect(other.page).toHaveURL(/\/users\/sign_in/);
  await other.context.close();

  // A second browser again, then the password changes in this one.
  const second = await signedInPage(browser, 'dvaughan');
  await page.goto('/-/user_settings/password/edit');
  await waitForIdle(page);
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password').fill('brand-new-password');
  await page.getByLabel('Password confirmation').fill('brand-new-password');
  await page.getByTestId('save-password').click();
  await expect(page.getByTestId('password-errors')).toContainText(
    'You must provide a valid current password.',
  );
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password').fill('brand-new-password');
  await page.getByLabel('Password confirmation').fill('brand-new-passwort');
  await page.getByTestId('save-password').click();
  await expect(page.getByTestId('password-errors')).toContainText(
    "Password confirmation doesn't match Password",
  );
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password').fill('brand-new-password');
  await page.getByLabel('Password confirmation').fill('brand-new-password');
  await page.getByTestId('save-password').click();
  await expect(page).toHaveURL(/\/users\/sign_in$/);
  await expect(page.getByText('Password was successfully updated. Please sign in again.')).toBeVisible();
  await second.page.reload();
  await expect(second.page.getByTestId('sign-in-link')).toBeVisible();
  await second.context.close();
  const again = await signedInPage(browser, 'dvaughan', 'brand-new-password');
  await expect(again.page.getByTestId('user-menu-toggle')).toContainText('Dorothy Vaughan');
  await again.context.close();
});
