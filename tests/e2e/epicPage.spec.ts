import { type Browser, expect, type Page, test } from '@playwright/test';
import { XSS_CORPUS } from '../fixtures/xss/corpus.ts';
import { closeOtherContexts, expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));

/**
 * The epic page's header, title and description as GitLab's issuable app behaves: inline editing with
 * preview, drafts, conflicts and polling, close and reopen, delete, and what each role may do. Every
 * test writes to epics of its own in the `workshop` group, away from acme's roadmap and counts.
 */

interface CreatedEpic {
  readonly iid: number;
  readonly path: string;
}

/** Creates an epic in `workshop` through the REST API, with the signed-in page's session. */
async function createEpic(page: Page, title: string, description = ''): Promise<CreatedEpic> {
  const created = await page.evaluate(
    async ({ title, description }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const response = await fetch('/api/v4/groups/workshop/epics', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify({ title, description }),
      });
      return { status: response.status, body: (await response.json()) as { iid: number; message?: unknown } };
    },
    { title, description },
  );
  expect(created.status, JSON.stringify(created.body.message)).toBe(201);
  return { iid: created.body.iid, path: `/groups/workshop/-/epics/${created.body.iid}` };
}

async function openEpic(page: Page, epic: CreatedEpic): Promise<void> {
  await page.goto(epic.path);
  await waitForIdle(page);
  await expect(page.getByTestId('issuable-title')).toBeVisible();
}

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

test('an owner edits the title and description inline, with a server preview, and it survives a reload', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const epic = await createEpic(page, 'Plan the offsite');
  await openEpic(page, epic);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan the offsite');
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Edit title and description' }).click();
  const form = page.getByTestId('issuable-edit-form');
  await expect(page.getByTestId('issuable-title-input')).toBeFocused();
  await page.getByTestId('issuable-title-input').fill('Plan the autumn offsite');
  await page.getByTestId('issuable-description-input').fill('Book **the venue**\n\n- [ ] hotel\n- [x] dates');
  await form.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByTestId('markdown-preview').locator('strong')).toHaveText('the venue');
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('issuable-save').click();

  await expect(form).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan the autumn offsite');
  await expect(page.getByTestId('issuable-description').locator('strong')).toHaveText('the venue');
  await expect(page.getByTestId('issuable-task-status')).toHaveText('1 of 2 checklist items completed');
  await expect(page.getByTestId('issuable-edited')).toHaveText(/^Edited .+ by Olivia Owens$/);

  await page.reload();
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan the autumn offsite');
  await expect(page.getByTestId('issuable-description').locator('strong')).toHaveText('the venue');
});

test('a keyboard user edits without a mouse: the pencil, Ctrl+Enter to save, Esc to cancel', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const epic = await createEpic(page, 'Keyboard epic', 'Before');
  await openEpic(page, epic);
  const pencil = page.getByTestId('issuable-edit');
  await pencil.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('issuable-title-input')).toBeFocused();
  // Bold and underline shortcuts are blocked in the title; Enter would save it.
  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('issuable-title-input')).toHaveValue('Keyboard epic');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('issuable-description-input')).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' and after');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('issuable-description')).toHaveText('Before and after');

  // Esc without changes closes the form at once.
  await pencil.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('issuable-edit-form')).toHaveCount(0);
});

test('cancelling with changes asks first, and a draft survives a reload until it is saved or discarded', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const epic = await createEpic(page, 'Draft epic', 'Saved text');
  await openEpic(page, epic);
  await page.getByTestId('issuable-edit').click();
  await page.getByTestId('issuable-description-input').fill('Unsaved draft text');
  await page.reload();
  await waitForIdle(page);
  await page.getByTestId('issuable-edit').click();
  await expect(page.getByTestId('issuable-description-input')).toHaveValue('Unsaved draft text');

  await page.getByTestId('issuable-cancel').click();
  const dialog = page.getByTestId('issuable-cancel-dialog');
  await expect(
    dialog.getByRole('heading', { name: 'Are you sure you want to cancel editing?' }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue editing' }).click();
  await expect(page.getByTestId('issuable-description-input')).toHaveValue('Unsaved draft text');
  await page.getByTestId('issuable-cancel').click();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByTestId('issuable-description')).toHaveText('Saved text');
  await page.getByTestId('issuable-edit').click();
  await expect(page.getByTestId('issuable-description-input')).toHaveValue('Saved text');
});

test('two people editing the same description: the later save gets the conflict warning and changes nothing', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner');
  const epic = await createEpic(page, 'Contested epic', 'Original');
  await openEpic(page, epic);
  await page.getByTestId('issuable-edit').click();
  await page.getByTestId('issuable-description-input').fill('Owner version');

  const other = await signedInPage(browser, 'maintainer');
  await openEpic(other, epic);
  await other.getByTestId('issuable-edit').click();
  await other.getByTestId('issuable-description-input').fill('Maintainer version');
  await other.getByTestId('issuable-save').click();
  await expect(other.getByTestId('issuable-description')).toHaveText('Maintainer version');

  await page.getByTestId('issuable-save').click();
  await expect(page.getByTestId('issuable-locked-warning')).toHaveText(
    'Someone edited the issue at the same time you did. Please check out the issue and make sure your changes will not unintentionally remove theirs.',
  );
  await expect(page.getByTestId('issuable-edit-form')).toBeVisible();
  await other.reload();
  await waitForIdle(other);
  await expect(other.getByTestId('issuable-description')).toHaveText('Maintainer version');
  await other.context().close();
});

test('polling shows another user’s edit without a reload, and ticking a task saves it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner');
  const epic = await createEpic(page, 'Polled epic', '- [ ] first task\n- [ ] second task');
  await openEpic(page, epic);

  const other = await signedInPage(browser, 'maintainer');
  await openEpic(other, epic);
  await other.getByTestId('issuable-edit').click();
  await other.getByTestId('issuable-title-input').fill('Polled epic, renamed');
  await other.getByTestId('issuable-save').click();
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Polled epic, renamed');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Polled epic, renamed', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('issuable-edited')).toHaveText(/by Mateo Martin$/);

  await page.getByRole('checkbox', { name: 'second task' }).check();
  await expect(page.getByTestId('issuable-task-status')).toHaveText('1 of 2 checklist items completed');
  await other.reload();
  await waitForIdle(other);
  await expect(other.getByRole('checkbox', { name: 'second task' })).toBeChecked();
  await other.context().close();
});

test('Close epic and Reopen epic change the state, and a refused change leaves it as it was', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const epic = await createEpic(page, 'Closable epic');
  await openEpic(page, epic);
  const meta = page.getByTestId('epic-meta');
  await expect(meta.getByTestId('state-badge')).toHaveText('Open');
  await page.getByRole('button', { name: 'Close epic' }).click();
  await expect(meta.getByTestId('state-badge')).toHaveText('Closed');
  await page.reload();
  await waitForIdle(page);
  await expect(meta.getByTestId('state-badge')).toHaveText('Closed');

  await page.route(`**${epic.path}.json`, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.getByRole('button', { name: 'Reopen epic' }).click();
  await expect(page.getByText('Unable to update this epic at this time.')).toBeVisible();
  await expect(meta.getByTestId('state-badge')).toHaveText('Closed');
  await page.unroute(`**${epic.path}.json`);
  await page.getByRole('button', { name: 'Reopen epic' }).click();
  await expect(meta.getByTestId('state-badge')).toHaveText('Open');
});

test('a failed save shows GitLab’s flash and keeps the form open with what was typed', async ({ page }) => {
  await signIn(page, 'owner');
  const epic = await createEpic(page, 'Failing epic');
  await openEpic(page, epic);
  await page.route(`**${epic.path}.json`, (route) =>
    route.fulfill({ status: 422, contentType: 'application/json', body: '{"errors":["Title is too long"]}' }),
  );
  await page.getByTestId('issuable-edit').click();
  await page.getByTestId('issuable-title-input').fill('A new title');
  await page.getByTestId('issuable-save').click();
  await expect(page.getByTestId('issuable-flash')).toHaveText('Error updating epic. Title is too long');
  await expect(page.getByTestId('issuable-title-input')).toHaveValue('A new title');
});

test('the owner deletes an epic and its descendants from the page, and lands on the list with a notice', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const epic = await createEpic(page, 'Doomed epic');
  await openEpic(page, epic);
  await page.getByTestId('epic-delete').click();
  const dialog = page.getByTestId('delete-epic-dialog');
  await expect(dialog.getByRole('heading', { name: 'Delete this epic and all descendants?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete epic' }).click();
  await expect(page).toHaveURL(/\/groups\/workshop\/-\/epics$/);
  await expect(page.getByText('The epic was successfully deleted.')).toBeVisible();
  const response = await page.request.get(epic.path);
  expect(response.status()).toBe(404);
});

for (const role of ['guest', 'anonymous'] as const) {
  test(`a ${role} reads the epic without any editing control`, async ({ page, browser }) => {
    const owner = await signedInPage(browser, 'owner');
    const epic = await createEpic(owner, `Read-only for ${role}`, '- [ ] a task');
    await owner.context().close();
    if (role === 'guest') await signIn(page, 'guest');
    await openEpic(page, epic);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Read-only for ${role}`);
    await expect(page.getByTestId('issuable-edit')).toHaveCount(0);
    await expect(page.getByTestId('epic-state-toggle')).toHaveCount(0);
    await expect(page.getByTestId('epic-new-link')).toHaveCount(0);
    await expect(page.getByTestId('epic-delete')).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'a task' })).toBeDisabled();
    await expectNoSeriousAxeViolations(page);
    // The server refuses the write the page does not offer.
    const refused = await page.evaluate(async (path) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const response = await fetch(`${path}.json`, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify({ epic: { title: 'Hijacked' } }),
      });
      return response.status;
    }, epic.path);
    expect([401, 403]).toContain(refused);
  });
}

test('hostile markdown in titles and descriptions never runs in the page', async ({ page }) => {
  // Twelve epics are created, opened, edited and previewed: more than the default budget allows
  // while the other worker runs.
  test.setTimeout(90_000);
  const ran: string[] = [];
  page.on('dialog', async (dialog) => {
    ran.push(dialog.message());
    await dialog.dismiss();
  });
  await signIn(page, 'owner');
  // NUL characters cannot be stored: the server refuses them (integration tests), so they never render.
  const storable = XSS_CORPUS.filter((entry) => !entry.source.includes('\u0000'));
  const description = storable.map((entry) => entry.source).join('\n\n');
  const titles = storable.filter((_, index) => index % 12 === 0);
  for (const entry of titles) {
    const epic = await createEpic(page, entry.source, description);
    await openEpic(page, epic);
    await page.getByTestId('issuable-edit').click();
    await page.getByTestId('markdown-preview-tab').click();
    await expect(page.getByTestId('markdown-preview').locator('.md')).toBeVisible();
    const unsafe = await page.evaluate(() => {
      const roots = document.querySelectorAll('.issuable-heading, .md');
      const problems: string[] = [];
      for (const root of roots) {
        for (const element of root.querySelectorAll('*')) {
          const tag = element.tagName.toLowerCase();
          if (['script', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'style'].includes(tag))
            problems.push(tag);
          for (const attribute of element.attributes) {
            if (attribute.name.startsWith('on')) problems.push(`${tag}[${attribute.name}]`);
            if (
              ['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attribute.name) &&
              /^\s*(javascript|vbscript|data):/i.test(attribute.value)
            ) {
              problems.push(`${tag}[${attribute.name}=${attribute.value}]`);
            }
          }
        }
      }
      return problems;
    });
    expect(unsafe, entry.name).toEqual([]);
  }
  expect(ran).toEqual([]);
});

test('hostile label names show as text on the epic page and in the epics list, and never run', async ({
  page,
}) => {
  const ran: string[] = [];
  page.on('dialog', async (dialog) => {
    ran.push(dialog.message());
    await dialog.dismiss();
  });
  await signIn(page, 'owner');
  // Labels named on an epic are created in its group (as GitLab's API does). The prefix sorts them
  // after the workshop's own labels, which other tests pick from the top of the list.
  const names = XSS_CORPUS.filter((entry) => !entry.source.includes('\u0000') && !entry.source.includes(','))
    .map((entry) => `zz-xss ${entry.source.replace(/\s+/g, ' ').trim()}`.slice(0, 255))
    .slice(0, 40);
  const [first, second] = names;
  if (first === undefined || second === undefined) throw new Error('Too few hostile label names');
  const answer = await api(page, 'POST', '/api/v4/groups/workshop/epics', {
    title: 'Hostile labels',
    labels: names,
  });
  const created = { status: answer.status, body: answer.body as { iid: number; labels: string[] } };
  expect(created.status).toBe(201);
  expect(created.body.labels.length).toBeGreaterThan(20);
  const unsafeIn = (selector: string) =>
    page.evaluate((root) => {
      const problems: string[] = [];
      for (const element of document.querySelectorAll(`${root} *`)) {
        const tag = element.tagName.toLowerCase();
        if (['script', 'iframe', 'object', 'embed', 'img', 'math', 'style', 'video'].includes(tag))
          problems.push(tag);
        for (const attribute of element.attributes) {
          if (attribute.name.startsWith('on')) problems.push(`${tag}[${attribute.name}]`);
          if (/^\s*(javascript|vbscript|data):/i.test(attribute.value) && attribute.name !== 'data-testid')
            problems.push(`${tag}[${attribute.name}]`);
        }
      }
      return problems;
    }, selector);

  await openEpic(page, { iid: created.body.iid, path: `/groups/workshop/-/epics/${created.body.iid}` });
  const labels = page.getByTestId('sidebar-labels');
  await expect(labels.getByRole('link')).toHaveCount(created.body.labels.length);
  await expect(labels.getByRole('link', { name: first, exact: true })).toBeVisible();
  expect(await unsafeIn('[data-testid="epic-sidebar"]')).toEqual([]);

  await page.goto('/groups/workshop/-/epics?label_name[]=' + encodeURIComponent(first));
  await waitForIdle(page);
  await expect(page.getByRole('link', { name: 'Hostile labels' }).first()).toBeVisible();
  await expect(page.locator('main').getByText(second, { exact: true }).first()).toBeVisible();
  expect(await unsafeIn('main')).toEqual([]);
  expect(ran).toEqual([]);
});
