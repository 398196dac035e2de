import { expect, type Page, test } from '@playwright/test';
import { closeOtherContexts, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));
test.describe.configure({ timeout: 90_000 });

/** References in a comment become links to what they name (GitLab's reference filters). */

const PROJECT = 'workshop/playground';
const PROJECT_API = `/api/v4/projects/${encodeURIComponent(PROJECT)}`;

async function createIssue(page: Page, title: string): Promise<number> {
  const answer = await api(page, 'POST', `${PROJECT_API}/issues`, { title });
  expect(answer.status).toBe(201);
  return answer.body.iid as number;
}

test('a comment links the issue, label and person it references, and the issue link leads there', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const targetIid = await createIssue(page, 'Referenced from a comment');
  const hostIid = await createIssue(page, 'Holds the comment');
  const label = await api(page, 'POST', `${PROJECT_API}/labels`, { name: 'cross-check', color: '#6699cc' });
  expect(label.status).toBe(201);

  await page.goto(`/${PROJECT}/-/issues/${hostIid}`);
  await waitForIdle(page);
  const input = page.getByTestId('comment-input-new');
  await input.fill(`Depends on #${targetIid} ~cross-check @reporter`);
  await input.press('Control+Enter');
  await expect(input).toHaveValue('');

  const note = page.getByTestId('note').filter({ hasText: 'Depends on' });
  const issueLink = note.getByRole('link', { name: `#${targetIid}`, exact: true });
  await expect(issueLink).toHaveAttribute('title', 'Referenced from a comment');
  await expect(issueLink).toHaveClass('gfm gfm-issue');
  const labelLink = note.locator('a.gfm-label');
  await expect(labelLink).toHaveText('cross-check');
  await expect(labelLink).toHaveAttribute('href', `/${PROJECT}/-/issues?label_name%5B%5D=cross-check`);
  await expect(note.getByRole('link', { name: '@reporter' })).toHaveAttribute('href', '/reporter');

  await issueLink.click();
  await page.waitForURL(`**/${PROJECT}/-/issues/${targetIid}`);
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Referenced from a comment');
});
