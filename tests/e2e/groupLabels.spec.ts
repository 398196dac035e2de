import { expect, test } from '@playwright/test';
import { closeOtherContexts, expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));

/** A group's labels page: Reporters manage the group's own labels; parents' labels show read-only. */
test('a Reporter adds, renames, subscribes to and deletes a group label', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'reporter', '/groups/workshop/-/labels');
  const title = `needs-triage-${Date.now()}`;
  await page.getByTestId('new-label').click();
  await page.getByTestId('label-title-input').fill(title);
  await page.getByRole('button', { name: '#dc143c' }).click();
  await page.getByTestId('label-save').click();
  await expect(page.getByTestId('labels-notice')).toHaveText(`Label ${title} was created.`);
  const own = page.getByTestId('labels-own');
  await expect(own.getByText(title)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Subscribe to it, and see the choice kept after a reload.
  await own.getByRole('button', { name: `Subscribe: ${title}` }).click();
  await expect(page.getByTestId('labels-notice')).toHaveText(`You are now subscribed to ${title}.`);
  await page.reload();
  await waitForIdle(page);
  await expect(own.getByRole('button', { name: `Unsubscribe: ${title}` })).toBeVisible();
  // The label leads to the group's issues filtered by it.
  await expect(own.locator(`[data-label-title="${title}"]`).getByTestId('label-link')).toHaveAttribute(
    'href',
    `/groups/workshop/-/issues?label_name%5B%5D=${title}`,
  );

  await own.getByRole('button', { name: `Edit ${title}` }).click();
  await page.getByTestId('label-title-input').fill(`${title}-renamed`);
  await page.getByTestId('label-save').click();
  await expect(own.getByText(`${title}-renamed`)).toBeVisible();

  await own.getByRole('button', { name: `Delete ${title}-renamed` }).click();
  await page.getByTestId('delete-label-confirm').click();
  await expect(page.getByTestId('labels-notice')).toHaveText(`Label ${title}-renamed was deleted.`);
  await expect(own.getByText(`${title}-renamed`)).toHaveCount(0);
});

test('a guest reads labels without managing them, and a subgroup shows its parents’ labels', async ({
  page,
}) => {
  await signIn(page, 'guest', '/groups/acme/platform/-/labels');
  await expect(page.getByTestId('new-label')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByTestId('labels-inherited').getByTestId('label-row').first()).toBeVisible();
  await page.getByTestId('labels-filter').fill('zzz-no-such-label');
  await expect(page.getByText('No labels match this filter.')).toBeVisible();
});
