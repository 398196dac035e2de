import { expect, test } from '@playwright/test';
import { apiTotal, signIn, tabCount, waitForIdle } from './helpers.ts';

const USERS = ['admin', 'owner', 'maintainer', 'developer', 'reporter', 'guest', 'outsider'] as const;
const SEES_PRIVATE = new Set(['admin', 'owner', 'maintainer', 'developer', 'reporter', 'guest']);
const SEES_CONFIDENTIAL = new Set(['admin', 'owner', 'maintainer', 'developer', 'reporter']);

for (const username of USERS) {
  test(`${username} sees exactly the groups and epics their role allows`, async ({ page }) => {
    await signIn(page, username);
    await page.goto('/groups/acme/security');
    if (SEES_PRIVATE.has(username)) {
      await waitForIdle(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName('Security');
    } else {
      await expect(page.getByTestId('not-found')).toBeVisible();
    }

    await page.goto('/groups/acme/-/epics?state=all');
    await waitForIdle(page);
    const shown = await tabCount(page, 'All');
    // The page and the API must agree, and both must hide what the role may not see.
    expect(shown).toBe(await apiTotal(page, '/api/v4/groups/acme/epics?state=all&per_page=1'));
    const confidentialShown = await apiTotal(page, '/api/v4/groups/acme/epics?confidential=true&per_page=1');
    expect(confidentialShown > 0).toBe(SEES_CONFIDENTIAL.has(username));
  });
}

test('an anonymous visitor reads public groups only', async ({ page }) => {
  await page.goto('/');
  await waitForIdle(page);
  await expect(page.getByRole('link', { name: 'Acme Corp' }).first()).toBeVisible();
  await page.goto('/groups/acme/platform/infrastructure');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.goto('/groups/acme/-/epics');
  await waitForIdle(page);
  expect(await tabCount(page, 'Open')).toBeGreaterThan(0);
  await expect(page.getByTestId('sign-in-link')).toBeVisible();
});
