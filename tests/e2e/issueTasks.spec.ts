import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { CONCURRENT_EDIT_MESSAGE } from '../../src/core/domain/issuableTexts.ts';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

/**
 * The issue page's Child items card and "Convert to task", as the owner uses them on an issue of
 * their own in `workshop/playground`: create a task, tick it closed, add an existing task found by
 * search, preview a task on hover, remove one, and turn a task-list line of the description into a
 * task.
 */

const PROJECT = 'workshop/playground';
const TASK_TYPE = 'gid://gitlab/WorkItems::Type/5';

async function createIssue(page: Page, title: string, description: string): Promise<number> {
  const answer = await api(page, 'POST', `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues`, {
    title,
    description,
  });
  expect(answer.status).toBe(201);
  return answer.body.iid as number;
}

/** A task of the project with no parent, made through GitLab's workItemCreate. */
async function createLooseTask(page: Page, title: string): Promise<void> {
  const answer = await api(page, 'POST', '/api/graphql', {
    query:
      'mutation ($input: WorkItemCreateInput!) { workItemCreate(input: $input) { errors workItem { id } } }',
    variables: { input: { projectPath: PROJECT, title, workItemTypeId: TASK_TYPE } },
  });
  expect(answer.status).toBe(200);
  expect((answer.body.data as { workItemCreate: { errors: string[] } }).workItemCreate.errors).toEqual([]);
}

test('the owner breaks an issue down into tasks', async ({ page }) => {
  // One walk through every action of the card: longer than a single check.
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  await signIn(page, 'owner');
  const iid = await createIssue(page, `Tasks parent ${suffix}`, 'Plan:\n\n- [ ] Write docs\n- [ ] Ship it');
  const loose = `Loose task ${suffix}`;
  await createLooseTask(page, loose);
  await page.goto(`/${PROJECT}/-/issues/${iid}`);
  await waitForIdle(page);

  const card = page.getByTestId('issue-tasks');
  const count = card.getByTestId('issue-tasks-count');
  await expect(card.getByRole('heading', { name: 'Child items' })).toBeVisible();
  await expect(card.getByTestId('issue-tasks-empty')).toHaveText(
    'No child items are currently assigned. Use child items to break down this issue into smaller parts.',
  );
  await expect(count).toContainText('0');
  await expectNoSeriousAxeViolations(page);

  // New task: its title, then it is listed as an open task linking to its page.
  await card.getByRole('button', { name: 'Add a child item' }).click();
  await page.getByRole('menuitem', { name: 'New task' }).click();
  await card.getByPlaceholder('Add a title').fill('Draft the plan');
  await card.getByRole('button', { name: 'Create task' }).click();
  const rows = card.getByTestId('issue-task');
  await expect(rows).toHaveCount(1);
  const drafted = rows.filter({ hasText: 'Draft the plan' });
  await expect(drafted.getByRole('link', { name: 'Draft the plan' })).toHaveAttribute(
    'href',
    new RegExp(`^/${PROJECT}/-/work_items/\\d+$`),
  );
  await expect(count).toContainText('1');
  await expectNoSeriousAxeViolations(page);
  await card.getByRole('button', { name: 'Cancel' }).click();

  // Its state: ticking closes it, unticking reopens it.
  const box = drafted.getByRole('checkbox', { name: 'Mark Draft the plan as done' });
  await box.click();
  await expect(drafted.getByRole('checkbox', { name: 'Reopen Draft the plan' })).toBeChecked();

  // A click opens the task in the modal, named in the URL; what it changes shows in the card; Back closes it.
  await drafted.getByRole('link', { name: 'Draft the plan' }).click();
  const modal = page.getByRole('dialog', { name: 'Draft the plan' });
  await expect(modal.getByTestId('work-item-type')).toHaveText('Task');
  await expect(page).toHaveURL(/[?&]work_item_id=\d+/);
  await expect(modal.getByRole('combobox', { name: 'Status' })).toHaveValue('CLOSED');
  await modal.getByRole('combobox', { name: 'Status' }).selectOption('OPEN');
  await expect(drafted.getByRole('checkbox', { name: 'Mark Draft the plan as done' })).not.toBeChecked();
  await page.goBack();
  await expect(modal).toHaveCount(0);
  await expect(page).not.toHaveURL(/work_item_id/);

  // Existing task: found by its title, picked, added.
  await card.getByRole('button', { name: 'Add a child item' }).click();
  await page.getByRole('menuitem', { name: 'Existing task' }).click();
  await card.getByPlaceholder('Search existing tasks').fill(loose);
  await card.getByRole('option', { name: new RegExp(loose) }).click();
  await expect(card.getByTestId('issue-tasks-picked')).toHaveText(loose);
  await card.getByRole('button', { name: 'Add task', exact: true }).click();
  await expect(rows).toHaveCount(2);
  await expect(count).toContainText('2');
  await card.getByRole('button', { name: 'Cancel' }).click();

  // Resting the pointer on a title shows the task's preview card.
  await rows.filter({ hasText: loose }).getByRole('link', { name: loose }).hover();
  const preview = page.getByTestId('task-preview');
  await expect(preview).toContainText(loose);
  await expect(preview).toContainText('Task');
  await expect(preview).toContainText('Open');
  await page.mouse.move(0, 0);
  await expect(preview).toHaveCount(0);

  // Remove takes it out of the list (the task itself stays).
  const looseRow = rows.filter({ hasText: loose });
  await looseRow.getByRole('button', { name: /^Remove #\d+$/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(count).toContainText('1');

  // Convert to task: the description's line becomes a link to the new task, which is listed.
  const description = page.getByTestId('issuable-description');
  const line = description.locator('li', { hasText: 'Write docs' });
  await line.hover();
  await line.getByRole('button', { name: 'Task actions' }).click();
  await page.getByRole('menuitem', { name: 'Convert to task' }).click();
  const converted = rows.filter({ hasText: 'Write docs' });
  await expect(converted).toHaveCount(1);
  const reference = (await converted.locator('.it-item-reference').textContent()) ?? '';
  await expect(description.getByRole('link', { name: reference, exact: true })).toBeVisible();
  await expect(description).not.toContainText('Write docs');
  await expect(count).toContainText('2');
  await expectNoSeriousAxeViolations(page);

  // Deleting the converted task from its modal gives its line its title back.
  await converted.getByRole('link', { name: 'Write docs' }).click();
  const convertedModal = page.getByTestId('work-item-modal');
  await convertedModal.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete task' }).click();
  await expect(page.getByTestId('work-item-delete-dialog')).toContainText(
    'Are you sure you want to delete the task? This action cannot be reversed.',
  );
  await page.getByTestId('work-item-delete-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Task deleted' })).toBeVisible();
  await expect(convertedModal).toHaveCount(0);
  await expect(converted).toHaveCount(0);
  await expect(description.locator('li', { hasText: 'Write docs' })).toHaveCount(1);
  await expect(description.getByRole('link', { name: reference, exact: true })).toHaveCount(0);

  // Delete takes a task-list item out of the description.
  const shipIt = description.locator('li', { hasText: 'Ship it' });
  await shipIt.hover();
  await shipIt.getByRole('button', { name: 'Task actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(description).not.toContainText('Ship it');
  await expect(description.locator('li', { hasText: 'Write docs' })).toHaveCount(1);
});

test('a confidential issue’s new tasks are confidential, and focus alone shows a preview', async ({
  page,
}) => {
  const suffix = randomUUID().slice(0, 8);
  await signIn(page, 'owner');
  const answer = await api(page, 'POST', `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues`, {
    title: `Secret parent ${suffix}`,
    confidential: true,
  });
  expect(answer.status).toBe(201);
  await page.goto(`/${PROJECT}/-/issues/${answer.body.iid as number}`);
  await waitForIdle(page);

  const card = page.getByTestId('issue-tasks');
  await card.getByRole('button', { name: 'Add a child item' }).press('Enter');
  await expect(page.getByRole('menuitem', { name: 'New task' })).toBeFocused();
  await page.keyboard.press('Enter');
  const form = card.getByTestId('issue-tasks-create-form');
  // The parent makes its tasks confidential: the box is ticked and cannot be unticked.
  await expect(form.getByRole('checkbox', { name: /Turn on confidentiality/ })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: /Turn on confidentiality/ })).toBeDisabled();
  await card.getByPlaceholder('Add a title').fill('Rotate the keys');
  await card.getByPlaceholder('Add a title').press('Enter');
  const row = card.getByTestId('issue-task').filter({ hasText: 'Rotate the keys' });
  await expect(row.getByTestId('issue-task-confidential')).toBeVisible();
  await card.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('link', { name: 'Rotate the keys' }).focus();
  await expect(page.getByTestId('task-preview')).toContainText('Confidential');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('task-preview')).toHaveCount(0);
});

test('converting a line of a description changed meanwhile shows the conflict and makes no task', async ({
  page,
}) => {
  const suffix = randomUUID().slice(0, 8);
  await signIn(page, 'owner');
  const iid = await createIssue(page, `Stale parent ${suffix}`, '- [ ] Write docs');
  await page.goto(`/${PROJECT}/-/issues/${iid}`);
  await waitForIdle(page);
  const description = page.getByTestId('issuable-description');
  await expect(description).toContainText('Write docs');
  // The page stops hearing about changes, then someone else edits the description.
  await page.route('**/realtime_changes*', () => undefined);
  const edit = await api(page, 'PUT', `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/${iid}`, {
    description: '- [ ] Write docs\n- [ ] Review docs',
  });
  expect(edit.status).toBe(200);

  const line = description.locator('li', { hasText: 'Write docs' });
  await line.hover();
  await line.getByRole('button', { name: 'Task actions' }).click();
  await page.getByRole('menuitem', { name: 'Convert to task' }).click();
  await expect(page.getByTestId('issuable-flash')).toHaveText(CONCURRENT_EDIT_MESSAGE);
  await expect(page.getByTestId('issue-tasks-empty')).toBeVisible();
});

test('a guest reads an issue’s tasks without any control to change them', async ({ page, browser }) => {
  const suffix = randomUUID().slice(0, 8);
  await signIn(page, 'owner');
  const iid = await createIssue(page, `Read-only parent ${suffix}`, '- [ ] Write docs');
  const parent = await api(page, 'POST', '/api/graphql', {
    query: `query { project(fullPath: "${PROJECT}") { workItem(iid: "${iid}") { id } } }`,
  });
  const parentId = (parent.body.data as { project: { workItem: { id: string } } }).project.workItem.id;
  const made = await api(page, 'POST', '/api/graphql', {
    query: 'mutation ($input: WorkItemCreateInput!) { workItemCreate(input: $input) { errors } }',
    variables: {
      input: {
        projectPath: PROJECT,
        title: 'Read me',
        workItemTypeId: TASK_TYPE,
        hierarchyWidget: { parentId },
      },
    },
  });
  expect((made.body.data as { workItemCreate: { errors: string[] } }).workItemCreate.errors).toEqual([]);

  const context = await browser.newContext();
  const guest = await context.newPage();
  await signIn(guest, 'guest', `/${PROJECT}/-/issues/${iid}`);
  const card = guest.getByTestId('issue-tasks');
  const row = card.getByTestId('issue-task');
  await expect(row).toHaveText(/Read me/);
  await expect(row.getByText('Open', { exact: true })).toBeAttached();
  await expect(card.getByRole('button', { name: 'Add a child item' })).toHaveCount(0);
  await expect(row.getByRole('checkbox')).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expect(
    guest.getByTestId('issuable-description').getByRole('button', { name: 'Task actions' }),
  ).toHaveCount(0);
  await expectNoSeriousAxeViolations(guest);
  await context.close();
});
