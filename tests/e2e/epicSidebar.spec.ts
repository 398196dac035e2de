import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

/**
 * The epic page's right sidebar (spec): every block saved as the owner and read
 * back after a reload, each write refused by a forced server failure (its text shown, the block
 * back to what it was), what reporter, guest and anonymous visitors get, keyboard use and axe.
 * Tests that write make their own epic in the demo's 'workshop' group (where browser tests write),
 * so they run in parallel, again on the same data, and leave acme's lists and roadmap as seeded.
 */

const SIDEBAR = '[data-testid="epic-sidebar"]';
/** Seeded epics read, never written: one with four ancestors, one with dates inherited from milestones. */
const EPIC_WITH_ANCESTORS = '/groups/acme/-/epics/303';
const EPIC_WITH_INHERITED_DATES = '/groups/acme/-/epics/306';
/** acme/product/mobile's owner switched notification emails off. */
const EPIC_WITH_EMAILS_DISABLED = '/groups/acme/product/mobile/-/epics/136';

async function graphql(page: Page, query: string, variables: Record<string, unknown>) {
  const token = await page.evaluate(
    () => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '',
  );
  const response = await page.request.post('/api/graphql', {
    headers: { 'X-CSRF-Token': token },
    data: { query, variables },
  });
  return (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] };
}

/** The demo group where browser tests write: all roles, a few labels, no seeded epics. */
const WORKSHOP = 'workshop';

/** A fresh epic in the workshop group made by the signed-in user; its page path. */
async function freshEpic(page: Page, title: string): Promise<string> {
  const body = await graphql(
    page,
    'mutation ($input: CreateEpicInput!) { createEpic(input: $input) { epic { iid } errors } }',
    { input: { groupPath: WORKSHOP, title } },
  );
  const created = body.data?.createEpic as { epic: { iid: string } | null; errors: string[] } | undefined;
  expect(created?.errors).toEqual([]);
  return `/groups/${WORKSHOP}/-/epics/${created?.epic?.iid}`;
}

/** Opens an epic page and waits until every sidebar block has its data. */
async function openEpic(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  await waitForIdle(page);
  const sidebar = page.locator(SIDEBAR);
  await expect(sidebar).toBeVisible();
  await expect(sidebar.locator('[aria-busy="true"]')).toHaveCount(0);
  return sidebar;
}

/** Answers one GraphQL operation with `body` (an error answer); every other call goes through. */
async function failOperation(page: Page, operationName: string, body: unknown, status = 200): Promise<void> {
  await page.route('**/api/graphql', async (route) => {
    const sent = route.request().postDataJSON() as { operationName?: string } | null;
    if (sent?.operationName === operationName) await route.fulfill({ status, json: body });
    else await route.fallback();
  });
}

/** Counts the calls of one GraphQL operation the page makes from now on. */
function countOperation(page: Page, operationName: string): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/graphql') || request.method() !== 'POST') return;
    const sent = request.postDataJSON() as { operationName?: string } | null;
    if (sent?.operationName === operationName) counter.count += 1;
  });
  return counter;
}

const block = (sidebar: Locator, name: string) => sidebar.getByTestId(`sidebar-${name}`);

async function recordTodoEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const events: unknown[] = [];
    (window as unknown as { todoEvents: unknown[] }).todoEvents = events;
    document.addEventListener('todo:toggle', (event) => events.push((event as CustomEvent).detail));
  });
}
const todoEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { todoEvents: { count: number; delta: number }[] }).todoEvents);

test('the owner changes every block and finds each change after a reload', async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'owner');
  const path = await freshEpic(page, 'Sidebar: every block');
  let sidebar = await openEpic(page, path);

  // 1. To-do, with the document-level count event.
  await recordTodoEvents(page);
  await sidebar.getByRole('button', { name: 'Add a to do' }).click();
  await expect(sidebar.getByRole('button', { name: 'Mark as done' })).toBeVisible();
  const [added] = await todoEvents(page);
  expect(added?.delta).toBe(1);
  expect(added?.count).toBeGreaterThan(0);

  // 2 and 3. Dates: the due date may not come before the start date; the client refuses it unsent.
  const start = block(sidebar, 'start-date');
  await start.getByRole('button', { name: 'Edit' }).click();
  await start.getByLabel('Choose the start date').fill('2031-03-04');
  await start.getByRole('button', { name: 'Apply' }).click();
  await expect(start.getByTestId('sidebar-start-date-value')).toHaveText('Mar 4, 2031');
  const due = block(sidebar, 'due-date');
  const dueSaves = countOperation(page, 'EpicSidebarSetDueDate');
  await due.getByRole('button', { name: 'Edit' }).click();
  const dueInput = due.getByLabel('Choose the due date');
  await expect(dueInput).toHaveAttribute('min', '2031-03-05');
  await dueInput.fill('2031-03-04');
  await due.getByRole('button', { name: 'Apply' }).click();
  await expect(due.getByRole('alert')).toHaveText('The start date must be earlier than the due date.');
  expect(dueSaves.count).toBe(0);
  await dueInput.fill('2031-04-30');
  await due.getByRole('button', { name: 'Apply' }).click();
  await expect(due.getByTestId('sidebar-due-date-value')).toHaveText('Apr 30, 2031');
  expect(dueSaves.count).toBe(1);

  // 4. Labels: a scoped label replaces the other label of its scope.
  const labels = block(sidebar, 'labels');
  await labels.getByRole('button', { name: 'Edit' }).click();
  const picker = labels.getByTestId('labels-picker');
  await picker.getByLabel('Search labels').fill('priority');
  await picker.getByRole('checkbox', { name: 'priority::high' }).check();
  await picker.getByRole('checkbox', { name: 'priority::low' }).check();
  await expect(picker.getByRole('checkbox', { name: 'priority::high' })).not.toBeChecked();
  await picker.getByLabel('Search labels').fill('frontend');
  await picker.getByRole('checkbox', { name: 'frontend' }).check();
  await picker.getByRole('button', { name: 'Apply' }).click();
  await expect(labels.getByRole('link')).toHaveText(['frontend', 'priority::low']);
  await expect(labels.getByRole('link', { name: 'frontend' })).toHaveAttribute(
    'href',
    '/groups/workshop/-/epics?label_name%5B%5D=frontend',
  );

  // 5. Colour.
  const color = block(sidebar, 'color');
  await color.getByRole('button', { name: 'Edit' }).click();
  await color.getByRole('button', { name: 'Set the color to Green' }).click();
  await expect(color.getByTestId('sidebar-color-value')).toHaveText('Green');

  // 6. Confidentiality through GitLab's confirmation panel.
  const confidentiality = block(sidebar, 'confidentiality');
  await confidentiality.getByRole('button', { name: 'Edit' }).click();
  await expect(confidentiality.getByTestId('confidentiality-panel')).toContainText(
    'You are going to turn on confidentiality.',
  );
  await confidentiality.getByRole('button', { name: 'Turn on' }).click();
  await expect(confidentiality.getByTestId('sidebar-confidentiality-value')).toHaveText(
    'This epic is confidential',
  );
  await expect(page.getByTestId('confidential-badge').first()).toBeVisible();

  // 9. Notifications.
  const notifications = sidebar.getByRole('switch', { name: 'Notifications' });
  const wasOn = (await notifications.getAttribute('aria-checked')) === 'true';
  await notifications.click();
  await expect(notifications).toHaveAttribute('aria-checked', String(!wasOn));

  // 10. Reference, copied: 'Copied' for a second.
  const reference = block(sidebar, 'reference');
  await expect(reference.getByTestId('sidebar-reference-value')).toHaveText(/^workshop&\d+$/);
  await reference.getByRole('button', { name: 'Copy reference' }).click();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    await reference.getByTestId('sidebar-reference-value').innerText(),
  );
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip').filter({ hasText: 'Copied' })).toBeHidden({ timeout: 2_000 });

  sidebar = await openEpic(page, path);
  await expect(sidebar.getByRole('button', { name: 'Mark as done' })).toBeVisible();
  await expect(block(sidebar, 'start-date').getByTestId('sidebar-start-date-value')).toHaveText(
    'Mar 4, 2031',
  );
  await expect(block(sidebar, 'start-date').getByRole('radio', { name: /^Fixed/ })).toBeChecked();
  await expect(block(sidebar, 'due-date').getByTestId('sidebar-due-date-value')).toHaveText('Apr 30, 2031');
  await expect(block(sidebar, 'labels').getByRole('link')).toHaveText(['frontend', 'priority::low']);
  await expect(block(sidebar, 'color').getByTestId('sidebar-color-value')).toHaveText('Green');
  await expect(block(sidebar, 'confidentiality').getByTestId('sidebar-confidentiality-value')).toHaveText(
    'This epic is confidential',
  );
  await expect(sidebar.getByRole('switch', { name: 'Notifications' })).toHaveAttribute(
    'aria-checked',
    String(!wasOn),
  );

  // Removing what was set: a label, the fixed start date, the to-do (the count goes back down).
  await block(sidebar, 'labels').getByRole('button', { name: 'Remove label: frontend' }).click();
  await expect(block(sidebar, 'labels').getByRole('link')).toHaveText(['priority::low']);
  await block(sidebar, 'start-date').getByRole('button', { name: 'Remove the fixed start date' }).click();
  await expect(block(sidebar, 'start-date').getByTestId('sidebar-start-date-value')).toHaveText('None');
  await recordTodoEvents(page);
  await sidebar.getByRole('button', { name: 'Mark as done' }).click();
  await expect(sidebar.getByRole('button', { name: 'Add a to do' })).toBeVisible();
  // Other suites may add to-dos for the owner meanwhile: the exact count is unit-tested.
  const [done] = await todoEvents(page);
  expect(done?.delta).toBe(-1);
  expect(done?.count).toBeGreaterThanOrEqual(0);

  sidebar = await openEpic(page, path);
  await expect(block(sidebar, 'labels').getByRole('link')).toHaveText(['priority::low']);
  await expect(block(sidebar, 'start-date').getByTestId('sidebar-start-date-value')).toHaveText('None');
  await expect(sidebar.getByRole('button', { name: 'Add a to do' })).toBeVisible();
});

test('a date, labels or colour the server refuses shows its text and goes back', async ({ page }) => {
  await signIn(page, 'owner');
  const path = await freshEpic(page, 'Sidebar: refused writes');
  await graphql(page, 'mutation ($input: UpdateEpicInput!) { updateEpic(input: $input) { errors } }', {
    input: {
      groupPath: WORKSHOP,
      iid: path.split('/').pop(),
      startDateIsFixed: true,
      startDateFixed: '2030-01-10',
    },
  });
  const refused = { errors: ['Start date must be a weekday'] };
  await failOperation(page, 'EpicSidebarSetStartDate', {
    data: { issuableSetDate: { issuable: null, ...refused } },
  });
  await failOperation(page, 'EpicSidebarSetLabels', {
    data: { updateEpic: { epic: null, errors: ['Label is locked'] } },
  });
  await failOperation(page, 'EpicSidebarSetColor', { errors: [{ message: 'Color is invalid' }] });
  const sidebar = await openEpic(page, path);

  const start = block(sidebar, 'start-date');
  await expect(start.getByTestId('sidebar-start-date-value')).toHaveText('Jan 10, 2030');
  await start.getByRole('radio', { name: /^Inherited/ }).click();
  await expect(start.getByRole('alert')).toContainText('An error occurred while saving the start/due date');
  await expect(start.getByRole('alert')).toContainText('Start date must be a weekday');
  await expect(start.getByRole('radio', { name: /^Fixed/ })).toBeChecked();
  await expect(start.getByTestId('sidebar-start-date-value')).toHaveText('Jan 10, 2030');
  await start.getByRole('button', { name: 'Dismiss' }).click();
  await expect(start.getByRole('alert')).toHaveCount(0);
  await start.getByRole('button', { name: 'Edit' }).click();
  await start.getByLabel('Choose the start date').fill('2030-02-01');
  await start.getByRole('button', { name: 'Apply' }).click();
  await expect(start.getByRole('alert')).toContainText('An error occurred while saving the start/due date');
  await expect(start.getByTestId('sidebar-start-date-value')).toHaveText('Jan 10, 2030');

  const labels = block(sidebar, 'labels');
  await labels.getByRole('button', { name: 'Edit' }).click();
  await labels.getByLabel('Search labels').fill('bug');
  await labels.getByRole('checkbox', { name: 'bug' }).check();
  await labels.getByRole('button', { name: 'Apply' }).click();
  await expect(labels.getByRole('alert')).toContainText('An error occurred while updating labels.');
  await expect(labels.getByRole('alert')).toContainText('Label is locked');
  await expect(labels.getByText('None')).toBeVisible();
  await expect(labels.getByRole('link')).toHaveCount(0);

  const color = block(sidebar, 'color');
  await color.getByRole('button', { name: 'Edit' }).click();
  await color.getByRole('button', { name: 'Set the color to Red' }).click();
  await expect(color.getByRole('alert')).toContainText('Something went wrong while setting epic color.');
  await expect(color.getByRole('alert')).toContainText('Color is invalid');
  await expect(color.getByTestId('sidebar-color-value')).toHaveText('Blue');
});

test('confidentiality, notifications and the to-do the server refuses show their texts and go back', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const path = await freshEpic(page, 'Sidebar: refused toggles');
  await failOperation(page, 'EpicSidebarSetConfidential', {
    errors: [{ message: 'Cannot make the epic confidential if it contains non-confidential issues' }],
  });
  await failOperation(page, 'EpicSidebarSetSubscription', {
    data: { updateIssuableSubscription: { issuable: null, errors: ['Subscriptions are paused'] } },
  });
  await failOperation(page, 'EpicSidebarCreateTodo', {
    data: { todoMutation: { todo: null, errors: ['Too many to-dos'] } },
  });
  const sidebar = await openEpic(page, path);

  const confidentiality = block(sidebar, 'confidentiality');
  await confidentiality.getByRole('button', { name: 'Edit' }).click();
  await confidentiality.getByRole('button', { name: 'Turn on' }).click();
  await expect(confidentiality.getByRole('alert')).toHaveText(
    'Cannot make the epic confidential if it contains non-confidential issues',
  );
  await expect(confidentiality.getByTestId('sidebar-confidentiality-value')).toHaveText('Not confidential');
  await confidentiality.getByRole('button', { name: 'Dismiss' }).click();
  await expect(confidentiality.getByRole('alert')).toHaveCount(0);
  // Without a message from the server, GitLab's own text.
  await page.unroute('**/api/graphql');
  await failOperation(page, 'EpicSidebarSetConfidential', { message: 'Bad gateway' }, 502);
  await confidentiality.getByRole('button', { name: 'Turn on' }).click();
  await expect(confidentiality.getByRole('alert')).toHaveText(
    'Something went wrong while setting epic confidentiality.',
  );

  const notifications = sidebar.getByRole('switch', { name: 'Notifications' });
  const before = await notifications.getAttribute('aria-checked');
  await failOperation(page, 'EpicSidebarSetSubscription', {
    data: { updateIssuableSubscription: { issuable: null, errors: ['Subscriptions are paused'] } },
  });
  await notifications.click();
  const subscription = block(sidebar, 'subscription');
  await expect(subscription.getByRole('alert')).toContainText(
    before === 'true'
      ? 'An error occurred while unsubscribing to notifications.'
      : 'An error occurred while subscribing to notifications.',
  );
  await expect(subscription.getByRole('alert')).toContainText('Subscriptions are paused');
  await expect(notifications).toHaveAttribute('aria-checked', before ?? 'false');

  await failOperation(page, 'EpicSidebarCreateTodo', {
    data: { todoMutation: { todo: null, errors: ['Too many to-dos'] } },
  });
  await sidebar.getByRole('button', { name: 'Add a to do' }).click();
  const todo = sidebar.getByTestId('sidebar-todo');
  await expect(todo.getByRole('alert')).toContainText('Something went wrong while setting epic to-do item.');
  await expect(todo.getByRole('alert')).toContainText('Too many to-dos');
  await expect(sidebar.getByRole('button', { name: 'Add a to do' })).toBeVisible();
});

test('ancestors, participants and reference that fail to load say so in their blocks', async ({ page }) => {
  await signIn(page, 'developer');
  for (const operation of ['EpicSidebarAncestors', 'EpicSidebarParticipants', 'EpicSidebarReference']) {
    await failOperation(page, operation, { errors: [{ message: 'Internal server error' }] });
  }
  const sidebar = await openEpic(page, EPIC_WITH_ANCESTORS);
  await expect(block(sidebar, 'ancestors').getByRole('alert')).toContainText(
    'An error occurred while fetching ancestors.',
  );
  await expect(block(sidebar, 'participants').getByRole('alert')).toContainText(
    'There was an error getting the epic participants.',
  );
  await expect(block(sidebar, 'reference').getByRole('alert')).toContainText(
    'An error occurred while fetching reference',
  );
});

test('a clipboard that refuses the reference shows an error tooltip', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: {
        writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
      },
    });
  });
  const sidebar = await openEpic(page, EPIC_WITH_ANCESTORS);
  const copy = block(sidebar, 'reference').getByRole('button', { name: 'Copy reference' });
  await copy.click();
  const failed = page.getByRole('tooltip').filter({ hasText: 'Copying failed.' });
  await expect(failed).toBeVisible();
  await expect(copy).toHaveAccessibleDescription(/^Copying failed\./);
  await expect(page.getByRole('tooltip').filter({ hasText: 'Copied' })).toHaveCount(0);
});

test('ancestors link with their state, participants stop at seven then + N more, inherited dates say so', async ({
  page,
}) => {
  // Demo epics have few participants: the answer is widened to ten people for the cut at seven.
  const people = Array.from({ length: 10 }, (_, index) => ({
    __typename: 'UserCore',
    id: `gid://gitlab/User/${900 + index}`,
    username: `person${index + 1}`,
    name: `Person ${index + 1}`,
    avatarUrl: null,
    webUrl: `/person${index + 1}`,
  }));
  await page.route('**/api/graphql', async (route) => {
    const sent = route.request().postDataJSON() as { operationName?: string } | null;
    if (sent?.operationName !== 'EpicSidebarParticipants') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as {
      data: { workspace: { issuable: { participants: { nodes: unknown[] } } } };
    };
    body.data.workspace.issuable.participants.nodes = people;
    await route.fulfill({ response, json: body });
  });
  const sidebar = await openEpic(page, EPIC_WITH_ANCESTORS);

  const ancestors = block(sidebar, 'ancestors');
  await expect(ancestors.getByRole('listitem')).toHaveCount(4);
  await expect(ancestors.getByRole('link').first()).toHaveAttribute(
    'href',
    /^\/groups\/acme\/-\/epics\/\d+$/,
  );
  await expect(ancestors.getByRole('listitem').first()).toContainText(/^(Open|Closed)/);

  const participants = block(sidebar, 'participants');
  await expect(participants.getByRole('heading')).toHaveText('10 participants');
  await expect(participants.getByTestId('sidebar-participant')).toHaveCount(7);
  await participants.getByRole('button', { name: '+ 3 more' }).click();
  await expect(participants.getByTestId('sidebar-participant')).toHaveCount(10);
  await expect(participants.getByRole('link', { name: 'Person 10' })).toHaveAttribute('href', '/person10');
  await participants.getByRole('button', { name: '- show less' }).click();
  await expect(participants.getByTestId('sidebar-participant')).toHaveCount(7);

  const inherited = await openEpic(page, EPIC_WITH_INHERITED_DATES);
  // Signed out there is no editor: the source is one line naming the milestone the date comes from.
  await expect(block(inherited, 'start-date').getByTestId('sidebar-start-date-source')).toHaveText(
    /^Inherited · From milestone: \S+/,
  );
  await expect(block(inherited, 'ancestors')).toContainText('None');
});

test('a guest reads the sidebar, may add a to-do and subscribe, and cannot edit', async ({ page }) => {
  await signIn(page, 'guest');
  const sidebar = await openEpic(page, EPIC_WITH_ANCESTORS);
  await expect(sidebar.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(sidebar.getByRole('radio')).toHaveCount(0);
  await expect(sidebar.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expect(sidebar.getByRole('button', { name: 'Add a to do' })).toBeEnabled();
  await expect(sidebar.getByRole('switch', { name: 'Notifications' })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  // The server refuses the write the sidebar does not offer.
  const refused = await graphql(
    page,
    'mutation ($input: UpdateEpicInput!) { updateEpic(input: $input) { errors } }',
    { input: { groupPath: 'acme', iid: '303', confidential: true } },
  );
  expect(refused.errors?.[0]?.message).toMatch(/permission/);
});

test('a reporter may edit the sidebar as GitLab lets reporters edit epics', async ({ page }) => {
  await signIn(page, 'reporter');
  const path = await freshEpic(page, 'Sidebar: a reporter’s epic');
  const sidebar = await openEpic(page, path);
  await expect(sidebar.getByRole('button', { name: 'Edit' })).toHaveCount(5);
  const due = block(sidebar, 'due-date');
  await due.getByRole('button', { name: 'Edit' }).click();
  await due.getByLabel('Choose the due date').fill('2032-12-31');
  await due.getByRole('button', { name: 'Apply' }).click();
  await expect(due.getByTestId('sidebar-due-date-value')).toHaveText('Dec 31, 2032');
});

test('an anonymous visitor gets no to-do, no editing and notifications disabled', async ({ page }) => {
  const subscribes = countOperation(page, 'EpicSidebarSetSubscription');
  const sidebar = await openEpic(page, EPIC_WITH_ANCESTORS);
  await expect(sidebar.getByTestId('sidebar-todo')).toHaveCount(0);
  await expect(sidebar.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  const notifications = sidebar.getByRole('switch', { name: 'Notifications' });
  await expect(notifications).toHaveAttribute('aria-disabled', 'true');
  await expect(notifications).toHaveAccessibleDescription('Sign in to turn on notifications');
  await notifications.click({ force: true });
  await expect(notifications).toHaveAttribute('aria-checked', 'false');
  expect(subscribes.count).toBe(0);
  await expect(block(sidebar, 'reference').getByTestId('sidebar-reference-value')).toHaveText('acme&303');
});

test('notifications are disabled by the group owner’s email setting, with GitLab’s tooltip', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const sidebar = await openEpic(page, EPIC_WITH_EMAILS_DISABLED);
  const notifications = sidebar.getByRole('switch', { name: 'Notifications' });
  await expect(notifications).toHaveAttribute('aria-disabled', 'true');
  await expect(notifications).toHaveAccessibleDescription('Disabled by group owner');
  await notifications.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Disabled by group owner' })).toBeVisible();
});

test('the sidebar works from the keyboard alone', async ({ page }) => {
  await signIn(page, 'owner');
  const path = await freshEpic(page, 'Sidebar: keyboard');
  const sidebar = await openEpic(page, path);

  // From the collapse button, Tab reaches the start date's Edit; Enter opens the picker.
  await sidebar.getByRole('button', { name: 'Collapse sidebar' }).focus();
  await page.keyboard.press('Tab');
  const startEdit = block(sidebar, 'start-date').getByRole('button', { name: 'Edit' });
  await expect(startEdit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sidebar.getByLabel('Choose the start date')).toBeFocused();
  await page.keyboard.type('06152031');
  await page.keyboard.press('Enter');
  await expect(block(sidebar, 'start-date').getByTestId('sidebar-start-date-value')).toHaveText(
    'Jun 15, 2031',
  );
  await expect(startEdit).toBeFocused();

  // Labels: search, check with Space, Escape leaves without saving, then again and Apply.
  const labelsEdit = block(sidebar, 'labels').getByRole('button', { name: 'Edit' });
  await labelsEdit.focus();
  await page.keyboard.press('Enter');
  await expect(sidebar.getByLabel('Search labels')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(sidebar.getByTestId('labels-picker')).toHaveCount(0);
  await expect(labelsEdit).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type('backend');
  const backend = sidebar.getByRole('checkbox', { name: 'backend' });
  await expect(backend).toBeVisible();
  // The search has answered: no option arrives between the checkbox and the Apply button.
  await expect(sidebar.getByTestId('labels-picker').locator('[role="status"]')).toHaveText('');
  await page.keyboard.press('Tab');
  await expect(backend).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(sidebar.getByRole('button', { name: 'Apply' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(block(sidebar, 'labels').getByRole('link')).toHaveText(['backend']);

  // Confidentiality: the panel's action has focus; Enter applies.
  await block(sidebar, 'confidentiality').getByRole('button', { name: 'Edit' }).focus();
  await page.keyboard.press('Enter');
  await expect(sidebar.getByRole('button', { name: 'Turn on' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(block(sidebar, 'confidentiality').getByTestId('sidebar-confidentiality-value')).toHaveText(
    'This epic is confidential',
  );

  // Collapsing by keyboard is remembered in the collapsed_gutter cookie.
  await sidebar.getByRole('button', { name: 'Collapse sidebar' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(SIDEBAR)).toHaveAttribute('data-collapsed', 'true');
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'collapsed_gutter')?.value).toBe('true');
  await openEpic(page, path);
  await expect(page.locator(SIDEBAR)).toHaveAttribute('data-collapsed', 'true');
  await page.getByRole('button', { name: 'Expand sidebar' }).press('Enter');
  await expect(page.locator(SIDEBAR)).toHaveAttribute('data-collapsed', 'false');
});

test('collapsed, the sidebar shows one icon per block; an icon opens its block', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await signIn(page, 'developer');
  const sidebar = await openEpic(page, EPIC_WITH_ANCESTORS);
  // Below the lg breakpoint the sidebar starts collapsed.
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  await expect(
    sidebar.getByRole('button', { name: /^Start date: [A-Z][a-z]{2} \d{1,2}, \d{4}$/ }),
  ).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Add a to do' })).toBeVisible();
  await expect(sidebar.getByRole('heading')).toHaveCount(0);
  await sidebar.getByRole('button', { name: /^Labels:/ }).click();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  await expect(sidebar.getByRole('heading', { name: 'Labels' })).toBeFocused();
  await expectNoSeriousAxeViolations(page);
});

test('on a small screen the header toggles the sidebar over the page; Escape closes it', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 800 });
  await signIn(page, 'reporter');
  const sidebar = await openEpic(page, EPIC_WITH_ANCESTORS);
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar.getByRole('heading', { name: 'Labels' })).toBeVisible();
  // An editor's own Escape closes only the editor.
  await block(sidebar, 'labels').getByRole('button', { name: 'Edit' }).click();
  await page.keyboard.press('Escape');
  await expect(sidebar.getByTestId('labels-picker')).toHaveCount(0);
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  await sidebar.getByRole('heading', { name: 'Labels' }).focus();
  await page.keyboard.press('Escape');
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  await expect(toggle).toBeFocused();
  // On a large screen the sidebar has its own toggle and the header's is hidden.
  await page.setViewportSize({ width: 1300, height: 800 });
  await expect(toggle).toBeHidden();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the sidebar has no serious accessibility violations (${theme} theme)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await signIn(page, 'owner');
    const sidebar = await openEpic(page, EPIC_WITH_ANCESTORS);
    await expectNoSeriousAxeViolations(page);
    await block(sidebar, 'labels').getByRole('button', { name: 'Edit' }).click();
    await expect(sidebar.getByRole('checkbox').first()).toBeVisible();
    await block(sidebar, 'confidentiality').getByRole('button', { name: 'Edit' }).click();
    await block(sidebar, 'color').getByRole('button', { name: 'Edit' }).click();
    await expectNoSeriousAxeViolations(page);
    await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expectNoSeriousAxeViolations(page);
  });
}
