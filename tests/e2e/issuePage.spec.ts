import { type Browser, expect, type Page, test } from '@playwright/test';
import { closeOtherContexts, expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));

/**
 * The issue page's title, description and state, edited as on the epic page (the same issuable
 * components), and who may do it: Reporters and up, and the issue's author. Every test writes to
 * issues of its own in `workshop/playground`, away from acme's lists and counts.
 */

const PROJECT = 'workshop/playground';

/** A new issue of the playground through GitLab's REST API, by the page's signed-in user. */
async function createIssue(page: Page, title: string): Promise<string> {
  const answer = await api(page, 'POST', `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues`, { title });
  expect(answer.status).toBe(201);
  return `/${PROJECT}/-/issues/${answer.body.iid as number}`;
}

async function openIssue(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIdle(page);
  await expect(page.getByTestId('issuable-title')).toBeVisible();
}

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

test('an owner edits an issue inline with a preview, closes and reopens it, and it survives a reload', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const path = await createIssue(page, 'Tidy the playground');
  await openIssue(page, path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tidy the playground');
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Edit title and description' }).click();
  const form = page.getByTestId('issuable-edit-form');
  await page.getByTestId('issuable-title-input').fill('Tidy the workshop playground');
  await page
    .getByTestId('issuable-description-input')
    .fill('Sweep **the corners**\n\n- [x] plan\n- [ ] sweep');
  await form.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByTestId('markdown-preview').locator('strong')).toHaveText('the corners');
  await page.getByTestId('issuable-save').click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tidy the workshop playground');
  await expect(page.getByTestId('issuable-task-status')).toHaveText('1 of 2 checklist items completed');
  await expect(page.getByTestId('issuable-edited')).toHaveText(/^Edited .+ by Olivia Owens$/);

  const meta = page.getByTestId('issue-meta');
  await page.getByRole('button', { name: 'Close issue' }).click();
  await expect(meta.getByText('Closed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen issue' })).toBeVisible();

  await page.reload();
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tidy the workshop playground');
  await expect(page.getByTestId('issuable-description').locator('strong')).toHaveText('the corners');
  await page.getByRole('button', { name: 'Reopen issue' }).click();
  await expect(meta.getByText('Open', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close issue' })).toBeVisible();
});

test('the pencil and the state button show exactly for those who may edit: Reporters up and the author', async ({
  browser,
}) => {
  const owner = await signedInPage(browser, 'owner');
  const ownersIssue = await createIssue(owner, 'Owned by the owner');
  const outsider = await signedInPage(browser, 'outsider');
  // A signed-in non-member may open an issue in a public project, and edit what they wrote.
  const outsidersIssue = await createIssue(outsider, 'Reported by an outsider');

  const expectControls = async (page: Page, path: string, shown: boolean) => {
    await openIssue(page, path);
    await expect(page.getByRole('button', { name: 'Edit title and description' })).toHaveCount(shown ? 1 : 0);
    await expect(page.getByTestId('issue-state-toggle')).toHaveCount(shown ? 1 : 0);
  };
  await expectControls(await signedInPage(browser, 'reporter'), ownersIssue, true);
  const guest = await signedInPage(browser, 'guest');
  await expectControls(guest, ownersIssue, false);
  await expectControls(outsider, ownersIssue, false);
  await expectControls(outsider, outsidersIssue, true);
  await expectControls(await (await browser.newContext()).newPage(), ownersIssue, false);

  // What the page hides, the server refuses: the guest's save of the owner's issue changes nothing.
  const refused = await guest.evaluate(async (path) => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
    const response = await fetch(`${path}.json`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
      body: JSON.stringify({ issue: { title: 'Taken over' } }),
    });
    return response.status;
  }, ownersIssue);
  expect(refused).toBe(403);
  await openIssue(owner, ownersIssue);
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Owned by the owner');

  await outsider.getByRole('button', { name: 'Edit title and description' }).click();
  await outsider.getByTestId('issuable-title-input').fill('Reported by an outsider, clarified');
  await outsider.getByTestId('issuable-save').click();
  await expect(outsider.getByRole('heading', { level: 1 })).toHaveText('Reported by an outsider, clarified');
});

test('a Reporter turns an issue into an incident from the edit form; the author who is not one cannot', async ({
  browser,
}) => {
  const outsider = await signedInPage(browser, 'outsider');
  const path = await createIssue(outsider, 'Checkout is down');
  await openIssue(outsider, path);
  await outsider.getByRole('button', { name: 'Edit title and description' }).click();
  await expect(outsider.getByTestId('issuable-edit-form')).toBeVisible();
  await expect(outsider.getByLabel('Type')).toHaveCount(0);

  const reporter = await signedInPage(browser, 'reporter');
  await openIssue(reporter, path);
  await expect(reporter.getByTestId('issue-type-icon')).toHaveCount(0);
  await reporter.getByRole('button', { name: 'Edit title and description' }).click();
  const type = reporter.getByLabel('Type');
  await expect(type).toHaveValue('issue');
  await type.selectOption('incident');
  await reporter.getByTestId('issuable-save').click();
  await expect(reporter.getByTestId('issuable-edit-form')).toHaveCount(0);
  await expect(reporter.getByTestId('issue-meta').getByTestId('issue-type-icon')).toHaveAttribute(
    'title',
    'Incident',
  );
  await reporter.reload();
  await waitForIdle(reporter);
  await expect(reporter.getByTestId('issue-meta').getByTestId('issue-type-icon')).toHaveAttribute(
    'title',
    'Incident',
  );
});

test("the edit form applies one of the project's templates, asking before it replaces a description", async ({
  page,
}) => {
  await signIn(page, 'outsider');
  const path = await createIssue(page, 'Crash on save');
  await openIssue(page, path);
  await page.getByRole('button', { name: 'Edit title and description' }).click();
  await page.getByTestId('issuable-description-input').fill('It crashed.');
  await page.getByLabel('Description template').selectOption('Bug');
  const dialog = page.getByRole('dialog', { name: 'Apply template' });
  await expect(dialog).toContainText('Applying a template will replace the existing issue description.');
  await dialog.getByRole('button', { name: 'Apply template' }).click();
  await expect(page.getByTestId('issuable-description-input')).toHaveValue(/^## Summary/);
  await page.getByTestId('issuable-save').click();
  await expect(
    page.getByTestId('issuable-description').getByRole('heading', { name: 'Steps to reproduce' }),
  ).toBeVisible();
});

test('only the owner sees Delete; deleting lands on the issues list with a notice', async ({ browser }) => {
  const owner = await signedInPage(browser, 'owner');
  const path = await createIssue(owner, 'Delete me from the page');
  for (const role of ['developer', 'reporter'] as const) {
    const page = await signedInPage(browser, role);
    await openIssue(page, path);
    await expect(page.getByTestId('issue-delete')).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit title and description' }).click();
    await expect(page.getByTestId('issuable-delete')).toHaveCount(0);
    // The server refuses the delete the page does not offer.
    const status = await page.evaluate(async (issuePath) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const response = await fetch(`${issuePath}.json?destroy_confirm=true`, {
        method: 'DELETE',
        headers: { 'X-CSRF-Token': token },
      });
      return response.status;
    }, path);
    expect(status).toBe(403);
  }

  await openIssue(owner, path);
  await owner.getByTestId('issue-delete').click();
  const dialog = owner.getByTestId('delete-issue-dialog');
  await expect(dialog.getByRole('heading', { name: 'Delete issue?' })).toBeVisible();
  await expect(dialog.getByText('Issue will be removed! Are you sure?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete issue' }).click();
  await expect(owner).toHaveURL(new RegExp(`/${PROJECT}/-/issues$`));
  await expect(owner.getByText('The issue was successfully deleted.')).toBeVisible();
  expect((await owner.request.get(path)).status()).toBe(404);
});

/** The sidebar blocks whose Edit is the team's (admin_issue: Reporters and up). */
const METADATA_BLOCKS = [
  'assignees',
  'epic',
  'labels',
  'milestone',
  'health-status',
  'weight',
  'due-date',
  'confidentiality',
  'lock',
];

for (const [role, rights] of [
  ['owner', { edit: true, admin: true, destroy: true, signedIn: true }],
  ['developer', { edit: true, admin: true, destroy: false, signedIn: true }],
  ['reporter', { edit: true, admin: true, destroy: false, signedIn: true }],
  ['guest', { edit: false, admin: false, destroy: false, signedIn: true }],
  ['author', { edit: true, admin: false, destroy: false, signedIn: true }],
  ['anonymous', { edit: false, admin: false, destroy: false, signedIn: false }],
] as const) {
  test(`every control of the issue page shows exactly when a ${role} may use it`, async ({ browser }) => {
    // The author is an outsider (no membership) writing in the public playground.
    const creator = await signedInPage(browser, role === 'author' ? 'outsider' : 'owner');
    const path = await createIssue(creator, `Controls for a ${role}`);
    const page =
      role === 'author'
        ? creator
        : role === 'anonymous'
          ? await (await browser.newContext()).newPage()
          : await signedInPage(browser, role);
    await openIssue(page, path);
    const count = (shown: boolean) => (shown ? 1 : 0);
    await expect(page.getByRole('button', { name: 'Edit title and description' })).toHaveCount(
      count(rights.edit),
    );
    await expect(page.getByTestId('issue-state-toggle')).toHaveCount(count(rights.edit));
    await expect(page.getByTestId('issue-delete')).toHaveCount(count(rights.destroy));
    await expect(page.getByTestId('linked-items-add')).toHaveCount(count(rights.admin));
    // The blocks read on their own; once confidentiality shows, every block has rendered its head.
    await expect(page.getByTestId('sidebar-confidentiality-value')).toBeVisible();
    for (const block of METADATA_BLOCKS) {
      await expect(page.getByTestId(`sidebar-${block}-edit`), block).toHaveCount(count(rights.admin));
    }
    await expect(page.getByTestId('sidebar-todo-toggle')).toHaveCount(count(rights.signedIn));
    if (rights.signedIn) await expect(page.getByTestId('sidebar-subscription-toggle')).toBeEnabled();
    else await expect(page.getByTestId('sidebar-subscription-toggle')).toBeDisabled();

    // What the page hides, GitLab's API refuses for this viewer.
    const statuses = await page.evaluate(async (issuePath) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const put = (issue: Record<string, unknown>) =>
        fetch(`${issuePath}.json`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
          body: JSON.stringify({ issue }),
        }).then((response) => response.status);
      return { text: await put({ title: 'Retitled' }), type: await put({ issue_type: 'incident' }) };
    }, path);
    expect(statuses.text === 200, 'title save').toBe(rights.edit);
    expect(statuses.type === 200, 'type save').toBe(rights.admin);
  });
}

test('a Reporter locks the discussion after confirming; the header shows the lock', async ({ page }) => {
  await signIn(page, 'reporter');
  const path = await createIssue(page, 'Heated thread');
  await openIssue(page, path);
  await expect(page.getByTestId('sidebar-lock-value')).toHaveText('Unlocked');
  await page.getByTestId('sidebar-lock-edit').click();
  await expect(page.getByTestId('lock-panel')).toContainText(
    'Lock this issue? Only project members will be able to comment.',
  );
  await page.getByTestId('lock-apply').click();
  await expect(page.getByTestId('sidebar-lock-value')).toHaveText('Locked');
  await expect(page.getByTestId('issue-meta').getByText('Locked')).toBeVisible();
  await page.reload();
  await waitForIdle(page);
  await expect(page.getByTestId('sidebar-lock-value')).toHaveText('Locked');
  await page.getByTestId('sidebar-lock-edit').click();
  await expect(page.getByTestId('lock-panel')).toContainText(
    'Unlock this issue? Everyone will be able to comment.',
  );
  await page.getByTestId('lock-apply').click();
  await expect(page.getByTestId('sidebar-lock-value')).toHaveText('Unlocked');
});

test('a Reporter sets health, weight and due date in the sidebar, and a guest only reads them', async ({
  browser,
}) => {
  const reporter = await signedInPage(browser, 'reporter');
  const path = await createIssue(reporter, 'Sized in the sidebar');
  await openIssue(reporter, path);
  const sidebar = reporter.getByTestId('issue-sidebar');

  await sidebar.getByTestId('sidebar-weight-edit').click();
  const weightInput = sidebar.getByTestId('sidebar-weight-input');
  await expect(weightInput).toBeFocused();
  // Digits only: what is not one never reaches the field.
  await weightInput.pressSequentially('3x');
  await expect(weightInput).toHaveValue('3');
  await weightInput.press('Enter');
  await expect(sidebar.getByTestId('sidebar-weight-value')).toContainText('3');

  // Due tomorrow: the header's badge says so (the spec's wording), the block shows the date.
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  const pad = (value: number) => String(value).padStart(2, '0');
  const dueDay = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`;
  const dueText = tomorrow.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  await sidebar.getByTestId('sidebar-due-date-edit').click();
  await sidebar.getByTestId('sidebar-due-date-input').fill(dueDay);
  await sidebar.getByRole('button', { name: 'Apply' }).click();
  await expect(sidebar.getByTestId('sidebar-due-date-value')).toContainText(dueText);
  await expect(reporter.getByTestId('issue-meta').getByTestId('due-date-badge')).toHaveText('Due Tomorrow');

  await sidebar.getByTestId('sidebar-health-status-edit').click();
  await sidebar.getByTestId('sidebar-health-status-input').selectOption('atRisk');
  await sidebar.getByRole('button', { name: 'Apply' }).click();
  await expect(sidebar.getByTestId('sidebar-health-status-value')).toContainText('At risk');
  // Labels, through the epic page's labels block: a scoped label replaces its scope's other one.
  const labels = sidebar.getByTestId('sidebar-labels');
  await labels.getByRole('button', { name: 'Edit' }).click();
  const picker = labels.getByTestId('labels-picker');
  await picker.getByLabel('Search labels').fill('priority');
  await picker.getByRole('checkbox', { name: 'priority::high' }).check();
  await picker.getByRole('checkbox', { name: 'priority::low' }).check();
  await picker.getByLabel('Search labels').fill('backend');
  await picker.getByRole('checkbox', { name: 'backend' }).check();
  // The block shows the labels before the server answers: the reload below waits for the answer.
  const labelsSaved = reporter.waitForResponse(
    (response) =>
      response.url().endsWith('/api/graphql') &&
      /IssueSidebarSetLabels/.test(response.request().postData() ?? ''),
  );
  await picker.getByRole('button', { name: 'Apply' }).click();
  await expect(labels.getByRole('link')).toHaveText(['backend', 'priority::low']);
  expect((await labelsSaved).status()).toBe(200);
  await expect(labels.getByRole('link', { name: 'backend' })).toHaveAttribute(
    'href',
    '/workshop/playground/-/issues?label_name%5B%5D=backend',
  );
  await expectNoSeriousAxeViolations(reporter);

  await reporter.reload();
  await waitForIdle(reporter);
  await expect(sidebar.getByTestId('sidebar-weight-value')).toContainText('3');
  await expect(sidebar.getByTestId('sidebar-due-date-value')).toContainText(dueText);
  await expect(sidebar.getByTestId('sidebar-health-status-value')).toContainText('At risk');
  await expect(labels.getByRole('link')).toHaveText(['backend', 'priority::low']);
  await sidebar.getByTestId('sidebar-weight-remove').click();
  await expect(sidebar.getByTestId('sidebar-weight-value')).toHaveText('None');

  const guest = await signedInPage(browser, 'guest');
  await openIssue(guest, path);
  const readOnly = guest.getByTestId('issue-sidebar');
  await expect(readOnly.getByTestId('sidebar-due-date-value')).toContainText(dueText);
  await expect(readOnly.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(readOnly.getByTestId('sidebar-weight-remove')).toHaveCount(0);
});

test('assignees are picked by search and saved when the picker loses focus; a milestone and an epic save at once', async ({
  page,
}) => {
  await signIn(page, 'reporter');
  const path = await createIssue(page, 'Assigned in the sidebar');
  await openIssue(page, path);
  const sidebar = page.getByTestId('issue-sidebar');

  await sidebar.getByTestId('sidebar-assignees-edit').click();
  const search = sidebar.getByTestId('sidebar-assignees-search');
  await expect(search).toBeFocused();
  await search.fill('Diaz');
  await sidebar.getByRole('option', { name: /Diego Diaz/ }).click();
  await search.fill('Hopper');
  await search.press('ArrowDown');
  await expect(sidebar.getByRole('option', { name: /Grace Hopper/ })).toBeVisible();
  await sidebar.getByRole('option', { name: /Grace Hopper/ }).click();
  await expect(sidebar.getByRole('option', { name: /Grace Hopper/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // Focus leaves the picker: it closes and saves both.
  await page.getByRole('heading', { level: 1 }).click();
  await expect(sidebar.getByTestId('sidebar-assignees-value')).toContainText('Diego Diaz');
  await expect(sidebar.getByTestId('sidebar-assignees-value')).toContainText('Grace Hopper');

  // The playground project's own milestone (the seed's), offered with its groups' ones.
  const title = 'Playground launch';
  await sidebar.getByTestId('sidebar-milestone-edit').click();
  await sidebar.getByTestId('sidebar-milestone-search').fill('Playground');
  await sidebar.getByRole('option', { name: title }).click();
  await expect(sidebar.getByTestId('sidebar-milestone-value')).toHaveText(title);

  await page.reload();
  await waitForIdle(page);
  await expect(sidebar.getByTestId('sidebar-assignees-value')).toContainText('Grace Hopper');
  await expect(sidebar.getByTestId('sidebar-milestone-value')).toHaveText(title);

  // An epic of the project's group: picked by searching its title, then taken out again.
  const stamp = Date.now().toString(36);
  const epic = await api(page, 'POST', '/api/v4/groups/workshop/epics', { title: `Sidebar epic ${stamp}` });
  expect(epic.status).toBe(201);
  await sidebar.getByTestId('sidebar-epic-edit').click();
  await sidebar.getByTestId('sidebar-epic-search').fill(stamp);
  await sidebar.getByRole('option', { name: new RegExp(`Sidebar epic ${stamp}`) }).click();
  await expect(sidebar.getByTestId('sidebar-epic-value')).toContainText(`Sidebar epic ${stamp}`);
  await expect(sidebar.getByTestId('sidebar-epic-value').getByRole('link')).toHaveAttribute(
    'href',
    `/groups/workshop/-/epics/${epic.body.iid as number}`,
  );
  await sidebar.getByTestId('sidebar-epic-edit').click();
  await sidebar.getByRole('option', { name: 'No epic' }).click();
  await expect(sidebar.getByTestId('sidebar-epic-value')).toHaveText('None');

  await sidebar.getByTestId('sidebar-milestone-edit').click();
  await sidebar.getByRole('option', { name: 'No milestone' }).click();
  await expect(sidebar.getByTestId('sidebar-milestone-value')).toHaveText('None');
  // Escape drops the picker's changes.
  await sidebar.getByTestId('sidebar-assignees-edit').click();
  await sidebar.getByRole('option', { name: 'Unassigned' }).click();
  await sidebar.getByTestId('sidebar-assignees-search').press('Escape');
  await expect(sidebar.getByTestId('sidebar-assignees-value')).toContainText('Grace Hopper');
});

test('issues link to each other in their Linked items card, from both sides', async ({ page }) => {
  await signIn(page, 'reporter');
  const blocker = await createIssue(page, 'The blocking issue');
  const blocked = await createIssue(page, 'The blocked issue');
  const blockerIid = blocker.split('/').pop();
  await openIssue(page, blocked);
  const card = page.getByTestId('linked-items-card');
  await expect(card).toContainText(
    'Link issues together to show that they are related, or that one is blocking others.',
  );
  await card.getByTestId('linked-items-add').click();
  await card.getByRole('radio', { name: 'is blocked by' }).check();
  await card.getByTestId('related-issuable-input').fill(`${PROJECT}#${blockerIid} `);
  await card.getByTestId('add-issuable-submit').click();
  await expect(card.getByTestId('linked-item')).toHaveCount(1);
  await expect(card.getByRole('heading', { name: 'Is blocked by' })).toBeVisible();
  await expect(card.getByTestId('linked-item')).toContainText('The blocking issue');
  await expectNoSeriousAxeViolations(page);

  await openIssue(page, blocker);
  await expect(card.getByRole('heading', { name: 'Blocks' })).toBeVisible();
  await expect(card.getByTestId('linked-item')).toContainText('The blocked issue');
});

test('a reader turns notifications on, and sees who takes part', async ({ browser }) => {
  const owner = await signedInPage(browser, 'owner');
  const path = await createIssue(owner, 'Worth following');
  const guest = await signedInPage(browser, 'guest');
  await openIssue(guest, path);
  const sidebar = guest.getByTestId('issue-sidebar');
  await expect(sidebar.getByTestId('sidebar-participants')).toContainText('1 participant');
  const notifications = sidebar.getByRole('switch', { name: 'Notifications' });
  await expect(notifications).toHaveAttribute('aria-checked', 'false');
  await notifications.click();
  await expect(notifications).toHaveAttribute('aria-checked', 'true');
  await guest.reload();
  await waitForIdle(guest);
  await expect(sidebar.getByRole('switch', { name: 'Notifications' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // The author is subscribed from the start.
  await openIssue(owner, path);
  await expect(
    owner.getByTestId('issue-sidebar').getByRole('switch', { name: 'Notifications' }),
  ).toHaveAttribute('aria-checked', 'true');
});

test('a signed-in reader adds a to-do on an issue and marks it done', async ({ page }) => {
  await signIn(page, 'guest');
  const path = await createIssue(page, 'Something to do');
  await openIssue(page, path);
  const toggle = page.getByTestId('issue-sidebar').getByTestId('sidebar-todo-toggle');
  await expect(toggle).toHaveText('Add a to do');
  await toggle.click();
  await expect(toggle).toHaveText('Mark as done');
  await page.reload();
  await waitForIdle(page);
  await expect(toggle).toHaveText('Mark as done');
  await toggle.click();
  await expect(toggle).toHaveText('Add a to do');
});
