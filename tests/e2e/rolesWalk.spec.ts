import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, waitForIdle } from './helpers.ts';

/**
 * The pages a GitLab user walks, as the demo owner, reporter and guest and as an anonymous visitor:
 * each page opens and what it offers is what the role may do (core/domain/permissions.ts). The
 * issue opened is not the guest's own, so the guest's rights there are a Guest's, not an author's.
 */

type Role = 'owner' | 'reporter' | 'guest' | 'anonymous';

const GROUP = '/groups/acme';
const PROJECT = '/acme/platform/backend/api';
const ISSUE = `${PROJECT}/-/issues/1`;
const EPIC = `${GROUP}/-/epics/1`;
const MILESTONE = `${GROUP}/-/milestones/1`;
const PRIVATE_GROUP = '/groups/acme/security';

/** Opens `path` as a person would, and expects it to answer 200 and settle. */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForIdle(page);
}

/** Expects the control to be offered exactly when `shown`. */
async function offered(page: Page, testId: string, shown: boolean): Promise<void> {
  await expect(page.getByTestId(testId), testId).toHaveCount(shown ? 1 : 0);
}

const WHO: Readonly<Record<Role, string>> = {
  owner: 'the demo owner',
  reporter: 'the demo reporter',
  guest: 'the demo guest',
  anonymous: 'an anonymous visitor',
};

for (const role of ['owner', 'reporter', 'guest', 'anonymous'] as const satisfies readonly Role[]) {
  test(`the main pages offer ${WHO[role]} what they may do, and no more`, async ({ page }) => {
    test.setTimeout(180_000);
    const signedIn = role !== 'anonymous';
    // Reporter and up: labels, milestones, bulk edits, epics and other people's issues.
    const team = role === 'owner' || role === 'reporter';
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));

    if (signedIn) await signIn(page, role);
    await open(page, '/');
    if (signedIn) await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Hi, /);
    else await expect(page.getByTestId('sign-in-link')).toBeVisible();

    await open(page, GROUP);
    await expect(page.getByTestId('group-epics-link')).toBeVisible();
    await open(page, `${GROUP}/-/epics`);
    await expect(page.getByTestId('epic-row').first()).toBeVisible();
    await offered(page, 'new-epic-link', team);
    await open(page, `${GROUP}/-/roadmap`);
    await offered(page, 'roadmap-header-new-epic', team);
    await open(page, `${GROUP}/-/issues`);
    await expect(page.getByTestId('issue-row').first()).toBeVisible();
    await offered(page, 'bulk-edit-button', team);
    await open(page, `${GROUP}/-/milestones`);
    await expect(page.getByTestId('milestone-row').first()).toBeVisible();
    await offered(page, 'new-milestone', team);
    await open(page, `${GROUP}/-/labels`);
    await expect(page.getByTestId('label-row').first()).toBeVisible();
    await offered(page, 'new-label', team);
    await open(page, `${GROUP}/-/group_members`);
    await expect(page.getByTestId('member-row').first()).toBeVisible();

    await open(page, PROJECT);
    await expect(page.getByTestId('project-issues-link')).toBeVisible();
    await open(page, `${PROJECT}/-/issues`);
    await expect(page.getByTestId('issue-row').first()).toBeVisible();
    // Anyone signed in may open an issue in a public project; only the team edits many at once.
    await offered(page, 'new-issue-link', signedIn);
    await offered(page, 'bulk-edit-button', team);

    await open(page, ISSUE);
    await expect(page.getByTestId('issuable-title')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit title and description' })).toHaveCount(team ? 1 : 0);
    await offered(page, 'issue-state-toggle', team);
    await expect(page.getByTestId('sidebar-confidentiality-value')).toBeVisible();
    await offered(page, 'sidebar-labels-edit', team);
    await offered(page, 'comment-form-new', signedIn);
    if (!signedIn)
      await expect(page.getByTestId('activity-sign-in')).toHaveText('Please sign in to comment.');

    await open(page, EPIC);
    await expect(page.getByTestId('epic-meta')).toBeVisible();
    await offered(page, 'epic-state-toggle', team);
    await offered(page, 'epic-new-link', team);
    await offered(page, 'comment-form-new', signedIn);
    if (!signedIn)
      await expect(page.getByTestId('activity-sign-in')).toHaveText('Please sign in to comment.');

    await open(page, MILESTONE);
    await expect(page.getByTestId('milestone-meta')).toBeVisible();
    await offered(page, 'milestone-edit', team);
    await offered(page, 'milestone-state-toggle', team);

    await open(page, `${PROJECT}/-/labels`);
    await expect(page.getByTestId('label-row').first()).toBeVisible();
    await offered(page, 'new-label', team);
    await open(page, `${PROJECT}/-/project_members`);
    await expect(page.getByTestId('member-row').first()).toBeVisible();

    await open(page, '/owner');
    await expect(page.getByTestId('user-profile')).toBeVisible();
    await page.getByTestId('nav-help').click();
    await waitForIdle(page);
    await expect(page).toHaveURL('/help');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help');
    await expect(page.getByRole('link', { name: 'Markdown' })).toHaveAttribute('href', '/help/user/markdown');

    // A signed-in user's own pages; an anonymous visitor is sent to sign in and back.
    for (const own of ['/dashboard/todos', '/-/user_settings/profile']) {
      await page.goto(own);
      if (signedIn) {
        await waitForIdle(page);
        await expect(page).toHaveURL(own);
      } else {
        await expect(page).toHaveURL(`/users/sign_in?redirect_to=${encodeURIComponent(own)}`);
      }
    }
    if (signedIn) await expect(page.getByTestId('profile-form')).toBeVisible();

    expect(consoleErrors).toEqual([]);

    // Private to its members (every demo role here is one); a visitor does not learn it exists.
    const privateGroup = await page.goto(PRIVATE_GROUP);
    expect(privateGroup?.status()).toBe(signedIn ? 200 : 404);
  });
}

test('a private group is not found for a signed-in non-member', async ({ page }) => {
  await signIn(page, 'outsider');
  for (const path of [PRIVATE_GROUP, `${PRIVATE_GROUP}/-/epics`, '/acme/security/vault-audit']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    // Signed in already: no sign-in offered as the way in.
    await expect(page.getByTestId('not-found-sign-in')).toHaveCount(0);
  }
});

test('a private epic opened anonymously offers sign-in and comes back to it after', async ({ page }) => {
  const epic = `${PRIVATE_GROUP}/-/epics/1`;
  const response = await page.goto(epic);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.getByTestId('not-found-sign-in').click();
  await expect(page).toHaveURL(/\/users\/sign_in\?redirect_to=/);
  await page.getByLabel('Username or primary email').fill('guest');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(epic);
  await waitForIdle(page);
  await expect(page.getByTestId('epic-meta')).toBeVisible();
  // The guest reads the epic and comments, and does not edit it.
  await offered(page, 'comment-form-new', true);
  await offered(page, 'epic-state-toggle', false);
});
