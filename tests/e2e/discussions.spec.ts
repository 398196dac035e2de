import { type Browser, expect, type Page, test } from '@playwright/test';
import { closeOtherContexts, expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));
// Several people and pages per test: more than the default budget on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

/**
 * The activity section of the issue and epic pages: comments, threads, mentions that raise to-dos,
 * live updates and the windowed list. Every test writes to issues of its own in `workshop/playground`.
 */

const PROJECT = 'workshop/playground';

async function createIssue(page: Page, title: string): Promise<string> {
  const answer = await api(page, 'POST', `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues`, { title });
  expect(answer.status).toBe(201);
  return `/${PROJECT}/-/issues/${answer.body.iid as number}`;
}

async function openActivity(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIdle(page);
  await expect(page.getByTestId('activity-list')).toHaveAttribute('data-complete', 'true', {
    timeout: 20_000,
  });
}

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

async function comment(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('comment-input-new');
  await input.fill(text);
  await input.press('Control+Enter');
  await expect(input).toHaveValue('');
}

test('a comment mentioning a teammate lands on their to-do list, which they mark done', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner');
  const path = await createIssue(page, 'Mentions reach people');
  const guest = await signedInPage(browser, 'guest');
  await openActivity(guest, path);
  await comment(guest, '@reporter could you **check** this?');
  const note = guest.getByTestId('note').filter({ hasText: 'could you check this?' });
  await expect(note).toContainText('@guest');
  await expect(note.locator('strong')).toHaveText('check');

  const reporter = await signedInPage(browser, 'reporter');
  await reporter.goto('/dashboard/todos');
  await waitForIdle(reporter);
  const todo = reporter.getByTestId('todo-row').filter({ hasText: 'Mentions reach people' });
  await expect(todo).toContainText('directly addressed you');
  await expect(todo.getByTestId('todo-note')).toHaveText('@reporter could you **check** this?');
  await todo.getByTestId('todo-mark-done').click();
  await expect(reporter.getByTestId('todo-row').filter({ hasText: 'Mentions reach people' })).toHaveCount(0);
  await closeOtherContexts(browser, page.context());
});

test('threads: start one, reply, resolve it; edit and delete a comment', async ({ page }) => {
  await signIn(page, 'owner');
  const path = await createIssue(page, 'Threads are resolvable');
  await openActivity(page, path);
  await expect(page.getByTestId('activity-empty')).toHaveText('No activity yet.');

  await page.getByTestId('comment-type-toggle').click();
  await page.getByTestId('comment-type-thread').click();
  await expect(page.getByTestId('comment-submit-new')).toHaveText('Start thread');
  await comment(page, 'Should we ship on Friday?');
  const thread = page.getByTestId('discussion').filter({ hasText: 'Should we ship on Friday?' });
  await thread.getByTestId('discussion-reply').click();
  await page.getByTestId('comment-input-reply').fill('Not on a Friday.');
  await page.getByTestId('comment-submit-reply').click();
  await expect(thread.getByTestId('note')).toHaveCount(2);
  await thread.getByTestId('discussion-resolve').click();
  await expect(thread.getByTestId('discussion-resolved')).toContainText('Resolved by');
  await expect(thread.getByTestId('discussion-resolve')).toHaveText('Reopen thread');

  await comment(page, 'Typo hree');
  const standalone = page.getByTestId('note').filter({ hasText: 'Typo hree' });
  await standalone.getByTestId('note-edit').click();
  await page.getByTestId('comment-input-edit').fill('Typo here');
  await page.getByTestId('comment-submit-edit').click();
  await expect(
    page.getByTestId('note').filter({ hasText: 'Typo here' }).getByTestId('note-edited'),
  ).toBeVisible();
  await page.getByTestId('note').filter({ hasText: 'Typo here' }).getByTestId('note-delete').click();
  await page.getByTestId('note-delete-confirm').click();
  await expect(page.getByTestId('note').filter({ hasText: 'Typo here' })).toHaveCount(0);

  // The sort and filter are remembered across pages and reloads.
  await page.getByTestId('activity-sort').selectOption('desc');
  await page.getByTestId('activity-filter').selectOption('comments');
  await page.reload();
  await waitForIdle(page);
  await expect(page.getByTestId('activity-sort')).toHaveValue('desc');
  await expect(page.getByTestId('activity-filter')).toHaveValue('comments');
  await page.getByTestId('activity-sort').selectOption('asc');
  await page.getByTestId('activity-filter').selectOption('all');
  await expectNoSeriousAxeViolations(page);
});

test('a new comment appears for another reader without a reload', async ({ page, browser }) => {
  await signIn(page, 'owner');
  const path = await createIssue(page, 'Live comments');
  await openActivity(page, path);
  const developer = await signedInPage(browser, 'developer');
  await openActivity(developer, path);
  await comment(developer, 'Arrives by itself');
  await expect(page.getByTestId('note').filter({ hasText: 'Arrives by itself' })).toBeVisible({
    timeout: 15_000,
  });
});

test('internal notes stay with the team; anonymous readers are asked to sign in', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner');
  const path = await createIssue(page, 'Internal notes');
  await openActivity(page, path);
  await page.getByTestId('comment-input-new').fill('For the team only');
  await page.getByTestId('comment-internal').check();
  await page.getByTestId('comment-submit-new').click();
  await expect(page.getByTestId('note-internal-badge')).toHaveText('Internal note');
  await comment(page, 'For everyone');

  const guest = await signedInPage(browser, 'guest');
  await openActivity(guest, path);
  await expect(guest.getByTestId('note').filter({ hasText: 'For everyone' })).toBeVisible();
  await expect(guest.getByTestId('note').filter({ hasText: 'For the team only' })).toHaveCount(0);
  await expect(guest.getByTestId('comment-internal')).toHaveCount(0);

  const anonymous = await (await browser.newContext()).newPage();
  await openActivity(anonymous, path);
  await expect(anonymous.getByTestId('note').filter({ hasText: 'For everyone' })).toBeVisible();
  await expect(anonymous.getByTestId('activity-sign-in')).toBeVisible();
  await expect(anonymous.getByTestId('comment-input-new')).toHaveCount(0);
});

test('an issue with hundreds of comments keeps only a window of them in the page and jumps to a linked one', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const path = await createIssue(page, 'A long discussion');
  await page.goto(path);
  await waitForIdle(page);
  const ids = await page.evaluate(async (itemPath) => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
    const created: number[] = [];
    for (let batch = 0; batch < 20; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          fetch(`${itemPath}/notes`, {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
            body: JSON.stringify({ note: { note: `Comment number ${batch * 10 + index + 1}` } }),
          }).then((response) => response.json() as Promise<{ id: number }>),
        ),
      );
      created.push(...answers.map((answer) => answer.id));
    }
    return created;
  }, path);
  expect(ids).toHaveLength(200);
  await openActivity(page, path);
  const rendered = await page.getByTestId('discussion').count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(60);

  const last = Math.max(...ids);
  await page.goto(`${path}#note_${last}`);
  await waitForIdle(page);
  const target = page.locator(`#note_${last}`);
  await expect(target).toBeInViewport({ timeout: 10_000 });
  await expect(target).toHaveClass(/is-target/);
});
