import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, waitForIdle } from './helpers.ts';

const GROUP_ITEMS = [
  'Overview',
  'Epics',
  'Roadmap',
  'Issues',
  'Merge requests',
  'Milestones',
  'Labels',
  'Members',
];

test('a group’s navigation leads to each of its pages and marks the one shown', async ({ page }) => {
  await page.goto('/groups/acme/platform');
  await waitForIdle(page);
  const nav = page.getByRole('navigation', { name: 'Group', exact: true });
  await expect(nav.getByRole('listitem')).toHaveText(GROUP_ITEMS);
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: 'Members' }).click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/\/groups\/acme\/platform\/-\/group_members$/);
  await expect(
    page.getByRole('navigation', { name: 'Group', exact: true }).locator('[aria-current="page"]'),
  ).toHaveText('Members');

  await page
    .getByRole('navigation', { name: 'Group', exact: true })
    .getByRole('link', { name: 'Epics' })
    .click();
  await waitForIdle(page);
  await page.getByTestId('epic-title').first().click();
  await waitForIdle(page);
  // An epic belongs under Epics.
  await expect(
    page.getByRole('navigation', { name: 'Group', exact: true }).locator('[aria-current="page"]'),
  ).toHaveText('Epics');
});

test('a project’s issue page carries the project’s navigation, Issues marked', async ({ page }) => {
  await page.goto('/acme/platform/backend/api/-/issues/1');
  await waitForIdle(page);
  const nav = page.getByRole('navigation', { name: 'Project', exact: true });
  await expect(nav.getByRole('listitem')).toHaveText([
    'Overview',
    'Issues',
    'Merge requests',
    'Milestones',
    'Labels',
    'Members',
  ]);
  await expect(nav.locator('[aria-current="page"]')).toHaveText('Issues');
  await nav.getByRole('link', { name: 'Milestones' }).click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/\/acme\/platform\/backend\/api\/-\/milestones$/);
});

test('at 390 px the navigation is a drawer: the top bar opens it, Tab stays in it, Escape closes it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/groups/acme/-/issues');
  await waitForIdle(page);
  const nav = page.getByTestId('side-nav');
  const toggle = page.getByTestId('side-nav-toggle');
  await expect(nav).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await toggle.click();
  await expect(nav).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('side-nav-issues')).toBeFocused();
  for (let step = 0; step < 10; step += 1) await page.keyboard.press('Tab');
  expect(await nav.evaluate((element) => element.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(toggle).toBeFocused();
});

test('on a wide screen the navigation collapses, and stays collapsed on the next page', async ({ page }) => {
  await page.goto('/groups/acme');
  await waitForIdle(page);
  const nav = page.getByTestId('side-nav');
  await expect(nav).toBeVisible();
  await page.getByTestId('side-nav-toggle').click();
  await expect(nav).toBeHidden();
  await page.goto('/groups/acme/-/labels');
  await waitForIdle(page);
  await expect(nav).toBeHidden();
  await page.getByTestId('side-nav-toggle').press('Enter');
  await expect(nav).toBeVisible();
});

test('a members page shows each member’s role and source, and searches by name', async ({ page }) => {
  await page.goto('/groups/acme/platform/backend/storage/-/group_members');
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Group members');
  const turing = page.locator('[data-testid="member-row"][data-username="aturing"]');
  await expect(turing.getByTestId('member-source')).toHaveText('Inherited from Acme Corp / Platform');
  await expect(turing.getByTestId('member-role')).toHaveText('Developer');

  await page.getByTestId('members-search').fill('noether');
  await page.getByTestId('members-search').press('Enter');
  await waitForIdle(page);
  await expect(page).toHaveURL(/\?search=noether$/);
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  // Guest on acme and Developer here: shown once, as Developer, held here.
  await expect(page.getByTestId('member-source')).toHaveText('Direct member');
  await expect(page.getByTestId('member-role')).toHaveText('Developer');
  await expect(page.getByTestId('members-count')).toHaveText('1 member matching “noether”');
});

test('a signed-in user’s home shows their issues, to-dos and frequently visited places', async ({ page }) => {
  await signIn(page, 'developer', '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Hi, /);
  await expect(page.getByTestId('home-assigned-issues')).toBeVisible();
  await expect(page.getByTestId('home-todos')).toBeVisible();
  await expect(page.getByTestId('home-frequent')).toContainText('Groups and projects you visit appear here.');
  await expect(page.getByTestId('group-list')).toBeVisible();

  await page.goto('/groups/acme/platform');
  await waitForIdle(page);
  await page.goto('/acme/handbook/-/issues');
  await waitForIdle(page);
  await page.goto('/');
  await waitForIdle(page);
  await expect(page.getByTestId('frequent-groups')).toHaveText(/Platform/);
  await expect(page.getByTestId('frequent-projects')).toHaveText(/Handbook/);

  const firstIssue = page.getByTestId('home-assigned-issues').getByTestId('dashboard-issue').first();
  const title = await firstIssue.getByRole('link').innerText();
  await page.getByTestId('home-assigned-issues-all').click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/\/dashboard\/issues$/);
  await expect(page.getByTestId('dashboard-issue').first().getByRole('link')).toHaveText(title);
  await page.getByTestId('state-tab-closed').click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/\/dashboard\/issues\?state=closed$/);
});

test('a private page opened anonymously offers sign-in and comes back after it', async ({ page }) => {
  const response = await page.goto('/groups/acme/security');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.getByTestId('not-found-sign-in').click();
  await page.getByLabel('Username or primary email').fill('reporter');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/groups\/acme\/security$/);
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName('Security');
});

test('a group’s project rows abbreviate large counts and name the exact one', async ({ page }) => {
  await page.goto('/groups/acme/product/web');
  await waitForIdle(page);
  const stat = page
    .getByTestId('project-row')
    .filter({ hasText: 'Web App' })
    .getByTestId('project-open-issues');
  await expect(stat).toHaveText(/^\d+(\.\d)?k open issues$/);
  await expect(stat).toHaveAttribute('aria-label', /^\d{1,3}(,\d{3})+ open issues$/);
});
