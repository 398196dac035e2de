import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

// Sign-in, an issue of its own and several round trips per test on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

/**
 * GitLab's GFM autocomplete in an issue's comment form: `@` people, `~` labels and `/` quick
 * actions, picked with the keyboard or the mouse. Each test writes to an issue of its own.
 */

const PROJECT = 'workshop/playground';

async function openNewIssue(page: Page, title: string): Promise<Locator> {
  await signIn(page, 'owner');
  const answer = await api(page, 'POST', `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues`, { title });
  expect(answer.status).toBe(201);
  await page.goto(`/${PROJECT}/-/issues/${answer.body.iid as number}`);
  await waitForIdle(page);
  return page.getByTestId('comment-input-new');
}

const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });

test('typing @rep suggests the reporter, the keyboard picks them, Escape closes without losing text', async ({
  page,
}) => {
  const input = await openNewIssue(page, 'Autocomplete mentions');
  await expect(input).toHaveAttribute('role', 'combobox');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await input.click();
  await input.pressSequentially('Thanks @rep');
  const list = suggestions(page);
  const reporter = list.getByRole('option').filter({ hasText: '@reporter' });
  await expect(reporter).toBeVisible();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expect(input).toHaveAttribute('aria-controls', (await list.getAttribute('id')) ?? '');
  await expectNoSeriousAxeViolations(page);

  const options = await list.getByRole('option').allInnerTexts();
  const index = options.findIndex((text) => text.includes('@reporter'));
  for (let step = 0; step < index; step++) await input.press('ArrowDown');
  await expect(input).toHaveAttribute('aria-activedescendant', (await reporter.getAttribute('id')) ?? '');
  await expect(reporter).toHaveAttribute('aria-selected', 'true');
  await input.press('Enter');
  await expect(input).toHaveValue('Thanks @reporter ');
  await expect(list).toBeHidden();
  await expect(input).toHaveAttribute('aria-expanded', 'false');

  await input.pressSequentially('and @gu');
  await expect(suggestions(page).getByRole('option').filter({ hasText: '@guest' })).toBeVisible();
  await input.press('Escape');
  await expect(suggestions(page)).toBeHidden();
  await expect(input).toHaveValue('Thanks @reporter and @gu');
  // The form is still there: Escape closed the list only.
  await expect(page.getByTestId('comment-form-new')).toBeVisible();
});

test('~ suggests labels with their colour and a click inserts the quoted title', async ({ page }) => {
  const input = await openNewIssue(page, 'Autocomplete labels');
  const label = await api(page, 'POST', '/api/v4/groups/workshop/labels', {
    name: 'Gfm picked label',
    color: '#1f75cb',
  });
  expect([201, 409]).toContain(label.status);
  await input.click();
  await input.pressSequentially('Sorting: ~gfm pic');
  const option = suggestions(page).getByRole('option').filter({ hasText: 'Gfm picked label' });
  await expect(option).toBeVisible();
  await expect(option.locator('.gfm-label-swatch')).toHaveCSS('background-color', 'rgb(31, 117, 203)');
  await option.click();
  await expect(input).toHaveValue('Sorting: ~"Gfm picked label" ');
  await expect(input).toBeFocused();
  await expect(suggestions(page)).toBeHidden();
});

test('/ at the start of a line lists the quick actions the user may run, and Tab picks one', async ({
  page,
}) => {
  const input = await openNewIssue(page, 'Autocomplete commands');
  await input.click();
  await input.pressSequentially('/');
  const list = suggestions(page);
  await expect(list.getByRole('option').filter({ hasText: '/close' })).toBeVisible();
  await expect(list.getByRole('option').filter({ hasText: 'Close this issue' })).toBeVisible();
  await input.pressSequentially('lab');
  await expect(list.getByRole('option').first()).toContainText('/label');
  await expect(list.getByRole('option').first()).toContainText('Add labels');
  await input.press('Tab');
  await expect(input).toHaveValue('/label ');
  await expect(input).toBeFocused();

  // With the list shut, Enter is a newline again and Ctrl+Enter still submits.
  await input.fill('');
  await input.pressSequentially('Plain words');
  await input.press('Enter');
  await input.pressSequentially('/shrug');
  await expect(list.getByRole('option').first()).toContainText('/shrug');
  await input.press('Enter');
  await expect(input).toHaveValue('Plain words\n/shrug ');
  await input.press('Control+Enter');
  await expect(input).toHaveValue('');
  await expect(page.getByTestId('note').filter({ hasText: 'Plain words' })).toContainText('(ツ)');
});
