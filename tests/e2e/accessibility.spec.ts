import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

const PAGES = [
  '/',
  '/groups/acme',
  '/groups/acme/-/epics',
  '/groups/acme/-/epics/1',
  '/groups/acme/-/roadmap',
  '/acme/platform/backend/api',
  '/acme/platform/backend/api/-/issues',
  '/acme/platform/backend/api/-/issues/1',
  '/groups/acme/-/group_members',
  '/acme/platform/backend/api/-/project_members',
  '/dashboard/issues',
];

test('the sign-in page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/users/sign_in');
  await expectNoSeriousAxeViolations(page);
});

for (const theme of ['light', 'dark'] as const) {
  test(`signed-in pages have no serious accessibility violations (${theme} theme)`, async ({ page }) => {
    // One sign-in, then a full axe scan of every page: the default 30 s is for one page's worth.
    test.setTimeout(PAGES.length * 15_000);
    await page.emulateMedia({ colorScheme: theme });
    await signIn(page, 'developer');
    for (const path of PAGES) {
      await page.goto(path);
      await waitForIdle(page);
      if (theme === 'dark') await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expectNoSeriousAxeViolations(page);
    }
  });
}

test('keyboard shortcuts: ? opens the help listing the registered shortcuts, Escape closes it', async ({
  page,
}) => {
  await page.goto('/groups/acme/-/epics');
  await waitForIdle(page);
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('shortcut-row').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // GitLab's / (and s) focus the top bar's search; f the page's filter bar.
  await page.keyboard.press('/');
  await expect(page.getByTestId('top-search-input')).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('top-search-input')).not.toBeFocused();
  await page.keyboard.press('f');
  await expect(page.getByTestId('search-input')).toBeFocused();
});

test('a project’s go-to keys: g i to its issues, g p back to its overview, i for a new issue, shift+t to the to-do list', async ({
  page,
}) => {
  await signIn(page, 'developer', '/workshop/playground');
  // The help lists them, sequences written as one key then the other.
  await page.keyboard.press('?');
  const project = page.getByRole('dialog').getByRole('region', { name: 'Project' });
  await expect(project.getByTestId('shortcut-row')).toHaveText([
    /Go to the project’s overview page\s*g then p/,
    /Go to issues\s*g then i/,
    /New issue\s*i/,
  ]);
  await page.keyboard.press('Escape');

  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page).toHaveURL(/\/workshop\/playground\/-\/issues$/);
  await waitForIdle(page);
  await page.keyboard.press('g');
  await page.keyboard.press('p');
  await expect(page).toHaveURL(/\/workshop\/playground$/);
  await waitForIdle(page);
  await page.keyboard.press('i');
  await expect(page).toHaveURL(/\/workshop\/playground\/-\/issues\/new$/);
  await waitForIdle(page);
  // Typed into a field, the keys are text.
  await page.getByLabel('Title').first().fill('');
  await page.getByLabel('Title').first().press('g');
  await page.getByLabel('Title').first().press('p');
  await expect(page).toHaveURL(/\/issues\/new$/);
  await page.getByLabel('Title').first().blur();
  await page.keyboard.press('Shift+T');
  await expect(page).toHaveURL(/\/dashboard\/todos$/);
});

test('on an issue, e edits, l a m open the label, assignee and milestone pickers, r goes to the comment box', async ({
  page,
}) => {
  await signIn(page, 'owner', '/workshop/playground/-/issues/1');
  await page.keyboard.press('e');
  await expect(page.getByTestId('issuable-title-input')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).first().click();
  for (const [key, block] of [
    ['l', 'labels'],
    ['a', 'assignees'],
    ['m', 'milestone'],
  ] as const) {
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press(key);
    await expect(page.getByTestId(`sidebar-${block}-edit`)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
  }
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('r');
  await expect(page.getByTestId('comment-input-new')).toBeFocused();
});

test('a shortcut rebound in the help stays so after a reload; conflicts are refused; the switch turns them off', async ({
  page,
}) => {
  await signIn(page, 'developer', '/workshop/playground');
  await page.keyboard.press('?');
  const dialog = page.getByTestId('shortcuts-dialog');
  const todoRow = dialog.getByTestId('shortcut-row').filter({ hasText: 'Go to to-do' });
  await todoRow.getByRole('button', { name: 'Change the keys of Go to to-do' }).click();
  const recorder = dialog.getByTestId('shortcut-recorder');
  await expect(recorder).toBeFocused();
  await page.keyboard.press('Shift+K');
  await page.keyboard.press('Enter');
  await expect(todoRow.locator('kbd')).toHaveText(['shift', 'k']);

  // Keys another command has are refused, with its name.
  const issuesRow = dialog.getByTestId('shortcut-row').filter({ hasText: /^Go to issues\s*shift/ });
  await issuesRow.getByRole('button', { name: 'Change the keys of Go to issues' }).click();
  await page.keyboard.press('Shift+K');
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('shortcut-recorder-problem')).toHaveText(
    'These keys already belong to “Go to to-do”.',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.reload();
  await waitForIdle(page);
  await page.keyboard.press('Shift+K');
  await expect(page).toHaveURL(/\/dashboard\/todos$/);
  await waitForIdle(page);

  // Toggled off, only ? and Esc answer.
  await page.keyboard.press('?');
  await dialog.getByTestId('shortcuts-toggle').click();
  await expect(dialog.getByText('Only ? and Esc work while shortcuts are off.')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await waitForIdle(page);
  await page.keyboard.press('Shift+G');
  await expect(page).toHaveURL(/\/dashboard\/todos$/);
  await page.keyboard.press('?');
  await expect(dialog).toBeVisible();
});
