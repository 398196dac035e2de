import { expect, test } from '@playwright/test';
import { closeOtherContexts, expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { createEpic, createIssue, openTree, titles } from './treeHelpers.ts';

test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));

/**
 * The epic page's 'Child issues and epics' card, in the workshop group (browser tests write only
 * there): rows drawn from the real tree, the add and create forms, remove with its confirmation,
 * a keyboard move that survives a reload, and a read-only view for visitors.
 */

test('an owner adds, creates, reorders by keyboard and removes children, and every change survives a reload', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parent = await createEpic(page, `Tree parent ${stamp}`);
  await createEpic(page, `First child ${stamp}`, parent.id);
  await createEpic(page, `Second child ${stamp}`, parent.id);
  const card = await openTree(page, parent);
  // New children go to the top: the second one created comes first.
  await expect(page.getByTestId('tree-row')).toHaveCount(2);
  expect(await titles(page)).toEqual([`Second child ${stamp}`, `First child ${stamp}`]);

  // Add an existing issue by reference: it appears at the top.
  await card.getByTestId('tree-add-dropdown').click();
  await page.getByTestId('tree-add-existing-issue').click();
  const input = card.getByTestId('related-issuable-input');
  await input.fill('workshop/playground#1 ');
  await card.getByTestId('add-issuable-submit').click();
  await expect(page.getByTestId('tree-row')).toHaveCount(3);
  await expect(page.getByTestId('tree-title').first()).not.toHaveText(`Second child ${stamp}`);

  // A reference that does not exist is refused with the spec's text, and nothing is added.
  await card.getByTestId('tree-add-dropdown').click();
  await page.getByTestId('tree-add-existing-epic').click();
  await card.getByTestId('related-issuable-input').fill('workshop&999999 ');
  await card.getByTestId('add-issuable-submit').click();
  await expect(card.getByTestId('add-issuable-error')).toHaveText(/cannot be found|No matching epic/);
  await card.getByTestId('add-issuable-cancel').click();

  // Create a child epic from the form.
  await card.getByTestId('tree-add-dropdown').click();
  await page.getByTestId('tree-add-new-epic').click();
  await card.getByTestId('create-epic-title').fill(`Created in the tree ${stamp}`);
  await card.getByTestId('create-epic-submit').click();
  await expect(page.getByTestId('tree-row')).toHaveCount(4);
  await expect(page.getByTestId('tree-title').first()).toHaveText(`Created in the tree ${stamp}`);

  // Keyboard move: grab the first row, move it down one, drop. The live region says so.
  const before = await titles(page);
  const first = page.getByTestId('tree-row').first();
  await first.focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('tree-announcer')).toContainText('Grabbed');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('tree-announcer')).toContainText('Dropped');
  await expect.poll(() => titles(page)).toEqual([before[1], before[0], ...before.slice(2)]);
  await waitForIdle(page);
  await page.reload();
  await openTree(page, parent);
  await expect.poll(() => titles(page)).toEqual([before[1], before[0], ...before.slice(2)]);

  // Remove with the confirmation; gone after a reload too.
  const removed = (await titles(page))[0]!;
  await page.getByTestId('tree-remove').first().click();
  const dialog = page.getByTestId('tree-remove-dialog');
  await expect(dialog).toContainText(/(Epic|Issue) will be removed! Are you sure\?/);
  await dialog.getByTestId('tree-remove-confirm').click();
  await expect(page.getByTestId('tree-row')).toHaveCount(3);
  await page.reload();
  await openTree(page, parent);
  await expect(page.getByTestId('tree-row')).toHaveCount(3);
  expect(await titles(page)).not.toContain(removed);
  await expectNoSeriousAxeViolations(page);
});

test('an epic row expands to load its children, and visitors see the tree without add, remove or drag', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parent = await createEpic(page, `Visible parent ${stamp}`);
  const child = await createEpic(page, `Visible child ${stamp}`, parent.id);
  await createEpic(page, `Grandchild ${stamp}`, child.id);

  const visitor = await (await browser.newContext()).newPage();
  await openTree(visitor, parent);
  await expect(visitor.getByTestId('tree-row')).toHaveCount(1);
  await expect(visitor.getByTestId('tree-add-dropdown')).toHaveCount(0);
  await expect(visitor.getByTestId('tree-remove')).toHaveCount(0);
  const row = visitor.getByTestId('tree-row').first();
  await expect(row).toHaveAttribute('aria-expanded', 'false');
  await row.getByTestId('tree-toggle').click();
  await expect(visitor.getByTestId('tree-row')).toHaveCount(2);
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  await expect(visitor.getByTestId('tree-title').nth(1)).toHaveText(`Grandchild ${stamp}`);
  // No drag and drop for visitors: Space on a row grabs nothing.
  await row.focus();
  await visitor.keyboard.press('Space');
  await expect(visitor.getByTestId('tree-announcer')).toHaveText('');
  await visitor.context().close();
});

test('an issue of the tree opens in the work item modal; a copied link reopens it and its changes show in the tree', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parent = await createEpic(page, `Modal parent ${stamp}`);
  const issue = await createIssue(page, `Opened in place ${stamp}`, parent.id);
  await openTree(page, parent);
  const link = page.getByTestId('tree-title').filter({ hasText: `Opened in place ${stamp}` });
  // The title stays a real link to the issue, for a new tab or a copied address.
  await expect(link).toHaveAttribute('href', `/workshop/playground/-/issues/${issue.iid}`);

  await link.click();
  await expect(page.getByRole('dialog', { name: `Opened in place ${stamp}` })).toBeVisible();
  const modal = page.getByTestId('work-item-modal');
  await expect(modal.getByTestId('work-item-type')).toHaveText('Issue');
  await expect(page).toHaveURL(new RegExp(`[?&]work_item_id=${issue.id}(&|$)`));
  await expectNoSeriousAxeViolations(page);

  // A copied address opens the same modal.
  await page.reload();
  await waitForIdle(page);
  await expect(modal).toBeVisible();

  // A title changed in the modal shows in the tree once it closes.
  const title = modal.getByRole('textbox', { name: 'Title' });
  await title.fill(`Renamed in the modal ${stamp}`);
  await title.press('Enter');
  await expect(title).toHaveValue(`Renamed in the modal ${stamp}`);
  await modal.getByTestId('work-item-close').click();
  await expect(modal).toHaveCount(0);
  await expect(page).not.toHaveURL(/work_item_id/);
  await expect(
    page.getByTestId('tree-title').filter({ hasText: `Renamed in the modal ${stamp}` }),
  ).toHaveCount(1);

  // Enter on the focused row opens it too; Back closes it. The tree's reload has answered first,
  // so the row that takes focus is the one that stays.
  await waitForIdle(page);
  const row = page.getByTestId('tree-row').first();
  await row.focus();
  await expect(row).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: `Renamed in the modal ${stamp}` })).toBeVisible();
  await page.goBack();
  await expect(modal).toHaveCount(0);
});

test('an issue nested under a child epic, changed in the modal, shows its change where it sits', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parent = await createEpic(page, `Nest parent ${stamp}`);
  const child = await createEpic(page, `Nest child ${stamp}`, parent.id);
  await createIssue(page, `Nested issue ${stamp}`, child.id);
  await openTree(page, parent);
  const childRow = page.getByTestId('tree-row').filter({ hasText: `Nest child ${stamp}` });
  await childRow.getByTestId('tree-toggle').click();
  const nested = page.getByTestId('tree-title').filter({ hasText: `Nested issue ${stamp}` });
  await nested.click();
  const modal = page.getByTestId('work-item-modal');
  const title = modal.getByRole('textbox', { name: 'Title' });
  await title.fill(`Nested and renamed ${stamp}`);
  await title.press('Enter');
  await expect(title).toHaveValue(`Nested and renamed ${stamp}`);
  await modal.getByTestId('work-item-close').click();
  await expect(modal).toHaveCount(0);
  // The child epic stays open, its row renamed in place.
  await expect(childRow).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('tree-title').filter({ hasText: `Nested and renamed ${stamp}` })).toHaveCount(
    1,
  );
});
