import { expect, test } from '@playwright/test';
import { closeOtherContexts, expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));

const PLAYGROUND = '/workshop/playground';

/** A project's labels page: its own labels and its groups', priorities, subscriptions. */
test('a Reporter adds a project label, prioritises and orders labels, and subscribes', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'reporter', PLAYGROUND);
  await page.getByTestId('project-labels-link').click();
  await expect(page).toHaveURL(`${PLAYGROUND}/-/labels`);
  await waitForIdle(page);
  const prioritized = page.getByTestId('labels-prioritized');
  const other = page.getByTestId('labels-other');
  const title = `area::e2e-${Date.now()}`;

  await page.getByTestId('new-label').click();
  await page.getByTestId('label-title-input').fill(title);
  await page.getByRole('button', { name: '#009966' }).click();
  await page.getByTestId('label-save').click();
  await expect(page.getByTestId('labels-notice')).toHaveText(`Label ${title} was created.`);
  const ownRow = other.locator(`[data-label-title="${title}"]`);
  // A scoped label shows as its two parts.
  await expect(ownRow.locator('.label-chip-scoped')).toContainText('area');
  await expect(ownRow.getByTestId('group-label-badge')).toHaveCount(0);
  // A group's label is marked and cannot be edited here.
  const groupRow = other.locator('[data-label-title="bug"]');
  await expect(groupRow.getByTestId('group-label-badge')).toBeVisible();
  await expect(groupRow.getByRole('button', { name: 'Edit bug' })).toHaveCount(0);

  // Star both: they join the prioritized labels in that order.
  await ownRow.getByRole('button', { name: `Prioritize label: ${title}` }).click();
  await expect(prioritized.locator(`[data-label-title="${title}"]`)).toBeVisible();
  await other
    .locator('[data-label-title="bug"]')
    .getByRole('button', { name: 'Prioritize label: bug' })
    .click();
  await expect(prioritized.getByTestId('label-row')).toHaveCount(2);
  await expect(prioritized.getByTestId('label-row').first()).toHaveAttribute('data-label-title', title);

  // Move bug up with the keyboard control, then drag it back below.
  await prioritized.getByRole('button', { name: 'Move up: bug' }).click();
  await expect(prioritized.getByTestId('label-row').first()).toHaveAttribute('data-label-title', 'bug');
  await waitForIdle(page);
  await page.reload();
  await waitForIdle(page);
  await expect(prioritized.getByTestId('label-row').first()).toHaveAttribute('data-label-title', 'bug');
  await prioritized
    .locator(`[data-label-title="${title}"]`)
    .dragTo(prioritized.locator('[data-label-title="bug"]'));
  await expect(prioritized.getByTestId('label-row').first()).toHaveAttribute('data-label-title', title);
  await expectNoSeriousAxeViolations(page);

  // Remove a priority with the star: the label goes back to the other labels.
  await prioritized.getByRole('button', { name: 'Remove priority: bug' }).click();
  await expect(other.locator('[data-label-title="bug"]')).toBeVisible();
  await expect(prioritized.getByTestId('label-row')).toHaveCount(1);

  // Subscribe to the group's label, and see it after a reload.
  await other.getByRole('button', { name: 'Subscribe: bug' }).click();
  await expect(page.getByTestId('labels-notice')).toHaveText('You are now subscribed to bug.');
  await page.reload();
  await waitForIdle(page);
  await expect(other.getByRole('button', { name: 'Unsubscribe: bug' })).toBeVisible();
  await other.getByRole('button', { name: 'Unsubscribe: bug' }).click();
  await expect(other.getByRole('button', { name: 'Subscribe: bug' })).toBeVisible();

  // Delete the project label.
  await prioritized.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByTestId('delete-label-confirm').click();
  await expect(page.getByTestId('labels-notice')).toHaveText(`Label ${title} was deleted.`);
  await expect(page.locator(`[data-label-title="${title}"]`)).toHaveCount(0);
});

test('a label links to the issues that carry it', async ({ page }) => {
  await page.goto('/acme/platform/backend/api/-/labels');
  await waitForIdle(page);
  const row = page.getByTestId('labels-other').locator('[data-label-title="api::v2"]');
  await row.getByTestId('label-link').click();
  await expect(page).toHaveURL(/\/acme\/platform\/backend\/api\/-\/issues\?label_name%5B%5D=api%3A%3Av2$/);
});

test('a guest and a visitor read the labels without managing them', async ({ page }) => {
  await signIn(page, 'guest', '/acme/platform/backend/api/-/labels');
  await waitForIdle(page);
  await expect(page.getByTestId('new-label')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Prioritize label/ })).toHaveCount(0);
  const own = page.getByTestId('labels-other').locator('[data-label-title="api::v1"]');
  await expect(own).toBeVisible();
  await expect(own.getByRole('button', { name: 'Subscribe: api::v1' })).toBeVisible();
  await page.getByTestId('labels-filter').fill('zzz-no-such-label');
  await expect(page.getByText('No labels match this filter.')).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/workshop/playground/-/labels');
  await waitForIdle(page);
  await expect(page.getByTestId('labels-other').getByTestId('label-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Subscribe/ })).toHaveCount(0);
  await expect(page.getByTestId('new-label')).toHaveCount(0);
});
