import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn, waitForIdle } from './helpers.ts';

/*
 * Managing members as GitLab users do: the invite modal in both variants with its error paths, an
 * email invitation read in the development mailbox and accepted by a new person, a role changed and
 * a member removed, and access that follows at once. A fresh address per run keeps the shared
 * server's other suites unaffected (the private group's seeded members do not change).
 */

const MEMBERS = '/groups/acme/security/-/group_members';
const PROJECT_MEMBERS = '/acme/security/vault-audit/-/project_members';

async function openInviteModal(page: Page, button: 'invite-members-button' | 'invite-group-button') {
  await page.getByTestId(button).click();
  const modal = page.getByTestId('invite-modal');
  await expect(modal).toBeVisible();
  return modal;
}

/** The invitation link mailed to `email`, as the administrator reads it in the mailbox. */
async function invitationLink(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin', '/-/mailbox');
  const message = page
    .getByTestId('mailbox-message')
    .filter({ hasText: `To ${email}` })
    .first();
  await expect(message).toContainText('invited you to join the Security group');
  const href = await message.getByRole('link').first().getAttribute('href');
  await context.close();
  if (!href) throw new Error(`no invitation link for ${email}`);
  return href;
}

test('an owner invites by email, a new person joins through the mailed link, and loses access when removed', async ({
  page,
  browser,
}) => {
  const email = `newcomer.${Date.now().toString(36)}@example.org`;
  const username = email.split('@')[0] ?? 'newcomer';
  await signIn(page, 'owner', MEMBERS);

  const modal = await openInviteModal(page, 'invite-members-button');
  await expect(modal.getByTestId('invite-intro')).toHaveText(
    "You're inviting members to the Security group.",
  );
  await modal.getByTestId('invite-submit').click();
  await expect(modal.getByTestId('invite-alert')).toHaveText('Please add members to invite');

  const search = modal.getByRole('combobox', { name: 'Username or email address' });
  await search.fill('hlamarr@example.com');
  await search.press('Enter');
  await search.fill(email);
  await expect(modal.getByRole('option', { name: `Invite ${email} by email` })).toBeVisible();
  await search.press('Enter');
  await expect(modal.getByTestId('invite-token')).toHaveCount(2);
  await modal.getByLabel('Select a role').selectOption({ label: 'Developer' });
  await modal.getByTestId('invite-submit').click();

  // The existing member is refused; the new address went through and leaves the list.
  const errors = modal.getByTestId('invite-errors');
  await expect(errors).toContainText('Review the invite errors and try again:');
  await expect(errors.getByTestId('invite-error')).toHaveText([
    'hlamarr@example.com: User already exists in source',
  ]);
  await expect(modal.getByTestId('invite-token')).toHaveText(['hlamarr@example.com×']);
  await modal.getByRole('button', { name: 'Cancel' }).click();

  await page.getByTestId('members-tab-invited').click();
  await waitForIdle(page);
  await expect(page.getByTestId('invitation-row').filter({ hasText: email })).toContainText('Developer');

  // The new person opens the mailed link signed out, and makes an account there.
  const link = await invitationLink(browser, email);
  const newcomerContext = await browser.newContext();
  const newcomer = await newcomerContext.newPage();
  await newcomer.goto(link);
  await expect(newcomer.getByTestId('invitation-lead')).toContainText(
    'Olivia Owens invited you to join the Security group as Developer.',
  );
  await newcomer.getByLabel('Full name').fill('New Comer');
  await newcomer.getByLabel('Username').fill(username);
  await newcomer.getByLabel('Password').fill('a-long-password');
  await newcomer.getByRole('button', { name: 'Register' }).click();
  await newcomer.waitForURL(/\/groups\/acme\/security$/);
  await waitForIdle(newcomer);
  await expect(newcomer.getByText('You have been granted Developer access to group Security.')).toBeVisible();

  // The owner sees them at once, changes their role in place, then removes them.
  await page.goto(MEMBERS);
  await waitForIdle(page);
  const row = page.getByTestId('member-row').filter({ hasText: `@${username}` });
  await expect(row.getByTestId('member-role-select')).toHaveValue('30');
  await row.getByTestId('member-role-select').selectOption({ label: 'Reporter' });
  await expect(page.getByText('Role updated successfully.')).toBeVisible();
  await page.reload();
  await waitForIdle(page);
  await expect(row.getByTestId('member-role-select')).toHaveValue('20');

  await row.getByTestId('member-remove').click();
  const dialog = page.getByTestId('remove-member-dialog');
  await expect(dialog).toContainText('Are you sure you want to remove New Comer from Security?');
  await dialog.getByLabel('Also unassign this user from related issues and merge requests').check();
  await dialog.getByTestId('remove-member-confirm').click();
  await waitForIdle(page);
  await expect(page.getByText('User was successfully removed.')).toBeVisible();
  await expect(row).toHaveCount(0);

  const gone = await newcomer.goto('/groups/acme/security');
  expect(gone?.status()).toBe(404);
  await newcomerContext.close();
});

test('an owner invites a group to a project, is told when it is already invited, and removes it', async ({
  page,
}) => {
  await signIn(page, 'owner', PROJECT_MEMBERS);
  const modal = await openInviteModal(page, 'invite-group-button');
  await expect(modal.getByTestId('invite-intro')).toHaveText(
    "You're inviting a group to the Vault Audit project.",
  );
  await modal.getByTestId('invite-submit').click();
  await expect(modal.getByTestId('invite-alert')).toHaveText('Please add members to invite');

  const search = modal.getByRole('combobox', { name: 'Select a group to invite' });
  await search.fill('initech');
  await modal.getByRole('option', { name: /Initech/ }).click();
  await modal.getByLabel('Select a role').selectOption({ label: 'Reporter' });
  await modal.getByTestId('invite-submit').click();
  await waitForIdle(page);
  await expect(page.getByText('Members were successfully added')).toBeVisible();

  await page.getByTestId('members-tab-groups').click();
  await waitForIdle(page);
  const share = page.getByTestId('share-row').filter({ hasText: 'Initech' });
  await expect(share).toContainText('Reporter');

  // Inviting it again is refused with the server's reason, and nothing changes.
  const again = await openInviteModal(page, 'invite-group-button');
  await again.getByRole('combobox', { name: 'Select a group to invite' }).fill('initech');
  await again.getByRole('option', { name: /Initech/ }).click();
  await again.getByTestId('invite-submit').click();
  await expect(again.getByTestId('invite-alert')).toContainText('already been shared');
  await again.getByRole('button', { name: 'Cancel' }).click();

  await share.getByTestId('share-remove').click();
  await waitForIdle(page);
  await expect(page.getByText('Group was successfully removed.')).toBeVisible();
  await expect(page.getByTestId('shares-empty')).toBeVisible();
});

test('the group and project overviews open the invite modal for those who manage members only', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner', '/groups/initech');
  await page.getByTestId('group-invite-members-link').click();
  await waitForIdle(page);
  await expect(page.getByTestId('invite-modal').getByTestId('invite-intro')).toHaveText(
    "You're inviting members to the Initech group.",
  );
  await page.goto('/acme/security/vault-audit');
  await waitForIdle(page);
  await page.getByTestId('project-invite-members-link').click();
  await waitForIdle(page);
  await expect(page.getByTestId('invite-modal')).toBeVisible();

  // The assignee picker offers it too, to those who may invite (GitLab's canInviteMembers).
  await page.goto('/workshop/playground/-/issues/1');
  await waitForIdle(page);
  await page.getByTestId('sidebar-assignees-edit').click();
  const invite = page.getByTestId('sidebar-assignees-invite-members');
  await expect(invite).toHaveAttribute(
    'href',
    '/workshop/playground/-/project_members?open_modal=invite_members',
  );
  await invite.click();
  await waitForIdle(page);
  await expect(page.getByTestId('invite-modal').getByTestId('invite-intro')).toHaveText(
    "You're inviting members to the Playground project.",
  );

  const reporterContext = await browser.newContext();
  const reporter = await reporterContext.newPage();
  await signIn(reporter, 'reporter', '/groups/initech');
  await expect(reporter.getByTestId('group-name')).toHaveText('Initech');
  await expect(reporter.getByTestId('group-invite-members-link')).toHaveCount(0);
  await reporter.goto('/groups/initech/-/group_members?open_modal=invite_members');
  await waitForIdle(reporter);
  await expect(reporter.getByTestId('invite-modal')).toHaveCount(0);
  await expect(reporter.getByTestId('invite-members-button')).toHaveCount(0);
  await reporter.goto('/workshop/playground/-/issues/1');
  await waitForIdle(reporter);
  await reporter.getByTestId('sidebar-assignees-edit').click();
  await expect(reporter.getByTestId('sidebar-assignees-search')).toBeFocused();
  await expect(reporter.getByTestId('sidebar-assignees-invite-members')).toHaveCount(0);
  await reporterContext.close();
});

test('two thousand members scroll as one list, fetched as they come into view, with changes kept', async ({
  page,
}) => {
  await signIn(page, 'owner', '/groups/portfolio/-/group_members');
  await expect(page.getByTestId('members-count')).toHaveText('2,005 members');
  const table = page.getByTestId('members-table');
  await expect(table).toHaveAttribute('aria-rowcount', '2006');
  const rows = page.getByTestId('member-row');
  await expect(rows.first()).toContainText('Amara Abara');
  // Only the rows in view (and a few either side) are in the document.
  expect(await rows.count()).toBeLessThan(60);

  // The end of the list: its pages arrive as the window reaches them.
  const last = table.locator('tr[aria-rowindex="2006"]');
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return last.getAttribute('data-testid');
    })
    .toBe('member-row');
  await expect(last).toContainText('Zofia Zhou');
  expect(await rows.count()).toBeLessThan(60);

  // A role changed far down the list is still changed once the list has scrolled away and back.
  const role = last.getByTestId('member-role-select');
  const next = (await role.inputValue()) === '20' ? 'Developer' : 'Reporter';
  await role.selectOption({ label: next });
  await expect(page.getByText('Role updated successfully.')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(rows.first()).toContainText('Amara Abara');
  await expect(last).toHaveCount(0);
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return last.getAttribute('data-testid');
    })
    .toBe('member-row');
  await expect(last.getByTestId('member-role-select').locator('option:checked')).toHaveText(next);

  // A search narrows the whole list, not the page in view.
  await page.getByTestId('members-search').fill('zhou');
  await page.getByTestId('members-search-submit').click();
  await expect(page.getByTestId('members-count')).toHaveText('40 members matching “zhou”');
  await expect(table).toHaveAttribute('aria-rowcount', '41');
  await expect(rows.first()).toContainText('Amara Zhou');
  for (const name of await rows.locator('.member-name').allTextContents()) expect(name).toMatch(/Zhou$/);
});

test("an access request reaches the owner's To-Do List, which leads to it; denying it clears the to-do", async ({
  page,
  browser,
}) => {
  await signIn(page, 'outsider', '/groups/initech/-/group_members');
  await page.getByTestId('request-access-button').click();
  await expect(page.getByText('Your request for access is waiting for approval.')).toBeVisible();

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, 'owner', '/dashboard/todos');
  const todo = owner.getByTestId('todo-row').filter({ hasText: 'Otto Olsen' });
  await expect(todo).toContainText('Otto Olsen has requested access to group');
  await expect(todo.getByTestId('todo-target')).toHaveText('Initech');
  await todo.getByTestId('todo-target').click();
  await expect(owner).toHaveURL(/\/groups\/initech\/-\/group_members\?tab=access_requests$/);
  await waitForIdle(owner);
  const request = owner.getByRole('row').filter({ hasText: 'Otto Olsen' });
  await request.getByRole('button', { name: 'Deny' }).click();
  await expect(owner.getByText('Access request was denied.')).toBeVisible();

  await owner.goto('/dashboard/todos');
  await waitForIdle(owner);
  await expect(owner.getByRole('heading', { level: 1, name: 'To-Do List' })).toBeVisible();
  await expect(owner.getByTestId('todo-row').filter({ hasText: 'Otto Olsen' })).toHaveCount(0);
  await ownerContext.close();
});
