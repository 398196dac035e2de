import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

/**
 * The work item detail view (issue 18): a task's own page, and the modal an issue page opens for
 * `?work_item_id=N`. Every test writes to tasks it creates under an issue of `workshop/playground`.
 */

const PROJECT = 'workshop/playground';
const TASK_TYPE = 'gid://gitlab/WorkItems::Type/5';
const ISSUE_TYPE = 'gid://gitlab/WorkItems::Type/1';

interface Made {
  readonly id: string;
  readonly iid: string;
}

/** A GraphQL call from inside the page, with its session and CSRF token. */
async function graphql<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  return page.evaluate(
    async ({ query, variables }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const response = await fetch('/api/graphql', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as T;
    },
    { query, variables },
  );
}

async function create(page: Page, input: Record<string, unknown>): Promise<Made> {
  const answer = await graphql<{ data: { workItemCreate: { workItem: Made; errors: string[] } } }>(
    page,
    'mutation ($input: WorkItemCreateInput!) { workItemCreate(input: $input) { workItem { id iid } errors } }',
    { input: { projectPath: PROJECT, ...input } },
  );
  expect(answer.data.workItemCreate.errors).toEqual([]);
  return answer.data.workItemCreate.workItem;
}

/** An issue of the workshop with one task under it. */
async function issueWithTask(page: Page, title: string): Promise<{ issue: Made; task: Made }> {
  const issue = await create(page, { title: `${title} parent`, workItemTypeId: ISSUE_TYPE });
  const task = await create(page, {
    title,
    workItemTypeId: TASK_TYPE,
    hierarchyWidget: { parentId: issue.id },
  });
  return { issue, task };
}

const numberOf = (id: string) => id.split('/').pop() ?? '';

test('a task opened at its issue path shows on its work item page, where every field is edited', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const { issue, task } = await issueWithTask(page, 'Embedded task');
  await page.goto(`/${PROJECT}/-/issues/${task.iid}`);
  await expect(page).toHaveURL(new RegExp(`/${PROJECT}/-/work_items/${task.iid}$`));
  await waitForIdle(page);
  const view = page.getByTestId('work-item-detail');
  await expect(view.getByTestId('work-item-parent')).toHaveText('Embedded task parent');
  await expect(view.getByTestId('work-item-parent')).toHaveAttribute(
    'href',
    `/${PROJECT}/-/issues/${issue.iid}`,
  );
  await expect(view.getByTestId('work-item-type')).toHaveText('Task');
  await expect(page.getByTestId('work-item-information')).toContainText('Introducing tasks');
  await expectNoSeriousAxeViolations(page);

  // Title: Enter saves, Escape puts the saved one back.
  const title = view.getByRole('textbox', { name: 'Title' });
  await title.fill('Embedded task, renamed');
  await title.press('Enter');
  await expect(page.getByTestId('work-item-error')).toHaveCount(0);
  await title.fill('Not kept');
  await title.press('Escape');
  await expect(title).toHaveValue('Embedded task, renamed');

  // State.
  const state = view.getByRole('combobox', { name: 'Status' });
  await state.selectOption('CLOSED');
  await expect(state).toHaveValue('CLOSED');
  await expect(state).toBeEnabled();

  // Assignees: picked, saved when the field loses focus.
  const assignees = view.getByTestId('sidebar-work-item-assignees');
  await assignees.getByTestId('sidebar-work-item-assignees-edit').click();
  await assignees.getByRole('combobox').fill('maintainer');
  const option = assignees.getByRole('option', { name: /@maintainer/ }).first();
  const name = (await option.innerText()).split('\n')[0]?.trim() ?? '';
  await option.click();
  await title.focus();
  await expect(view.getByTestId('work-item-assignees-value')).toContainText(name);

  // Weight.
  const weight = view.getByTestId('sidebar-work-item-weight');
  await weight.getByTestId('sidebar-work-item-weight-edit').click();
  await weight.getByTestId('sidebar-work-item-weight-input').fill('5');
  await weight.getByRole('button', { name: 'Apply' }).click();
  await expect(weight).toContainText('5');

  // Description.
  await view.getByRole('button', { name: 'Edit description' }).click();
  await view.getByTestId('work-item-description-input').fill('Steps **to do**');
  await view.getByTestId('work-item-description-save').click();
  await expect(view.locator('.issuable-description strong')).toHaveText('to do');

  // Confidentiality from the actions menu.
  await view.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Turn on confidentiality' }).click();
  await expect(view.getByTestId('confidential-badge')).toBeVisible();

  // Copy reference.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await view.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Copy reference' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Reference copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${PROJECT}#${task.iid}`);

  // All of it is saved: a reload shows it.
  await page.reload();
  await waitForIdle(page);
  await expect(view.getByRole('textbox', { name: 'Title' })).toHaveValue('Embedded task, renamed');
  await expect(view.getByRole('combobox', { name: 'Status' })).toHaveValue('CLOSED');
  await expect(view.getByTestId('work-item-assignees-value')).toContainText(name);
  await expect(view.getByTestId('sidebar-work-item-weight')).toContainText('5');
  await expect(view.locator('.issuable-description strong')).toHaveText('to do');
  await expect(view.getByTestId('confidential-badge')).toBeVisible();
});

test('labels picked on the page are saved', async ({ page }) => {
  await signIn(page, 'owner');
  const { task } = await issueWithTask(page, 'Labelled task');
  await page.goto(`/${PROJECT}/-/work_items/${task.iid}`);
  await waitForIdle(page);
  const labels = page.getByTestId('sidebar-labels');
  await labels.getByTestId('sidebar-labels-edit').click();
  const first = labels.locator('.labels-picker-option').first();
  const name = (await first.innerText()).trim();
  await first.getByRole('checkbox').check();
  await labels.getByTestId('labels-apply').click();
  await expect(labels.getByRole('list', { name: 'Labels' })).toContainText(name);
  await page.reload();
  await waitForIdle(page);
  await expect(page.getByTestId('sidebar-labels').getByRole('list', { name: 'Labels' })).toContainText(name);
});

test('the task list in a task’s description ticks in place and stays ticked', async ({ page }) => {
  await signIn(page, 'owner');
  const issue = await create(page, { title: 'Checklist parent', workItemTypeId: ISSUE_TYPE });
  const task = await create(page, {
    title: 'Checklist task',
    workItemTypeId: TASK_TYPE,
    hierarchyWidget: { parentId: issue.id },
    descriptionWidget: { description: 'Steps:\n\n- [ ] drain the node\n- [ ] upgrade it' },
  });
  await page.goto(`/${PROJECT}/-/work_items/${task.iid}`);
  await waitForIdle(page);
  const description = page.locator('.work-item-description');
  const second = description.getByRole('checkbox').nth(1);
  await expect(second).toBeEnabled();
  await second.check();
  await expect(second).toBeChecked();
  await expect(second).toBeEnabled();
  await page.reload();
  await waitForIdle(page);
  await expect(description.getByRole('checkbox').nth(1)).toBeChecked();
  await expect(description.getByRole('checkbox').first()).not.toBeChecked();
});

test('another person’s changes show without a reload, and never over a title being typed', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner');
  const { task } = await issueWithTask(page, 'Watched task');
  await page.goto(`/${PROJECT}/-/work_items/${task.iid}`);
  await waitForIdle(page);
  const view = page.getByTestId('work-item-detail');
  const title = view.getByRole('textbox', { name: 'Title' });

  // The maintainer closes it and edits its description from their own browser.
  const other = await browser.newContext();
  const theirs = await other.newPage();
  await signIn(theirs, 'maintainer');
  const update = (input: Record<string, unknown>) =>
    graphql<{ data: { workItemUpdate: { errors: string[] } } }>(
      theirs,
      'mutation ($input: WorkItemUpdateInput!) { workItemUpdate(input: $input) { errors } }',
      { input: { id: task.id, ...input } },
    );
  await update({ stateEvent: 'CLOSE', descriptionWidget: { description: 'Done **elsewhere**' } });
  await expect(view.getByRole('combobox', { name: 'Status' })).toHaveValue('CLOSED', { timeout: 10_000 });
  await expect(view.locator('.issuable-description strong')).toHaveText('elsewhere');

  // A title being typed stays; once it is dropped (Escape), theirs shows.
  await title.fill('My draft title');
  await update({ title: 'Their title', descriptionWidget: { description: 'Renamed **too**' } });
  // The description arriving shows the poll brought their title too.
  await expect(view.locator('.issuable-description strong')).toHaveText('too', { timeout: 10_000 });
  await expect(title).toHaveValue('My draft title');
  await title.press('Escape');
  await expect(title).toHaveValue('Their title');
  await other.close();
});

test('a copied issue link with work_item_id opens the modal; Back and the close button close it', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const { issue, task } = await issueWithTask(page, 'Modal task');
  await page.goto(`/${PROJECT}/-/issues/${issue.iid}?work_item_id=${numberOf(task.id)}`);
  await waitForIdle(page);
  const modal = page.getByRole('dialog', { name: 'Modal task' });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('work-item-type')).toHaveText('Task');
  await expectNoSeriousAxeViolations(page);
  await modal.getByTestId('work-item-close').click();
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/issues/${issue.iid}$`));

  // Opened from a history entry (as a task list's link would), Back closes it.
  await page.goto(`/${PROJECT}/-/issues/${issue.iid}`);
  await waitForIdle(page);
  await page.evaluate((id) => {
    window.history.pushState(null, '', `?work_item_id=${id}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, numberOf(task.id));
  await expect(modal).toBeVisible();
  await page.goBack();
  await expect(modal).toHaveCount(0);
  // Escape closes it too.
  await page.goForward();
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  // Opened by the page (a history entry of its own, as a task list opens it): closing goes back.
  await page.goto(`/${PROJECT}/-/issues/${issue.iid}`);
  await waitForIdle(page);
  await page.evaluate((id) => {
    window.history.pushState({ workItemModal: true }, '', `?work_item_id=${id}`);
    window.dispatchEvent(new Event('plantrack:work-item-param'));
  }, numberOf(task.id));
  await expect(modal).toBeVisible();
  await modal.getByTestId('work-item-close').click();
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/issues/${issue.iid}$`));
  await page.goForward();
  await expect(modal).toBeVisible();
});

test('a task deleted from the modal is gone, with a toast', async ({ page }) => {
  await signIn(page, 'owner');
  const { issue, task } = await issueWithTask(page, 'Doomed task');
  await page.goto(`/${PROJECT}/-/issues/${issue.iid}?work_item_id=${numberOf(task.id)}`);
  await waitForIdle(page);
  const modal = page.getByRole('dialog', { name: 'Doomed task' });
  await modal.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete task' }).click();
  const confirm = page.getByTestId('work-item-delete-dialog');
  await expect(confirm).toContainText(
    'Are you sure you want to delete the task? This action cannot be reversed.',
  );
  await confirm.getByTestId('work-item-delete-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Task deleted' })).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(page).not.toHaveURL(/work_item_id/);
  const gone = await page.request.get(`/${PROJECT}/-/work_items/${task.iid}`);
  expect(gone.status()).toBe(404);
});
