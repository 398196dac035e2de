import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

const PROJECT = 'workshop/playground';
const API_PROJECT = `/api/v4/projects/${encodeURIComponent(PROJECT)}`;

/** YYYY-MM-DD of today plus `days`, in this machine's calendar (the server's too). */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A REST call with the page's session, as the page's own scripts make it. */
async function api(page: Page, method: 'POST' | 'PUT', path: string, data: object) {
  const csrfToken = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  const response = await page.request.fetch(path, {
    method,
    headers: { 'x-csrf-token': csrfToken ?? '' },
    data,
  });
  expect(response.ok(), `${method} ${path}`).toBe(true);
  return (await response.json()) as { id: number; iid: number };
}

test('a reporter creates, edits, closes, reopens and deletes a project milestone', async ({ page }) => {
  // Seven page loads and two axe-free round trips: more than one page's budget on a busy machine.
  test.slow();
  const title = `Sprint ${Date.now()}`;
  await signIn(page, 'reporter', `/${PROJECT}/-/milestones`);
  await page.getByTestId('new-milestone').click();
  await expect(page).toHaveURL(/\/-\/milestones\/new$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New milestone');
  await expectNoSeriousAxeViolations(page);

  // GitLab's rules, before anything is sent.
  await page.getByTestId('milestone-submit').click();
  await expect(page.getByTestId('milestone-form-error')).toHaveText("Title can't be blank");
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Start date').fill(dayFromToday(0));
  await page.getByLabel('Due date').fill(dayFromToday(-1));
  await page.getByTestId('milestone-submit').click();
  await expect(page.getByTestId('milestone-form-error')).toHaveText(
    'Due date must be greater than start date',
  );

  await page.getByLabel('Start date').fill(dayFromToday(-4));
  await page.getByLabel('Due date').fill(dayFromToday(10));
  await page.getByRole('textbox', { name: 'Description' }).fill('Ship the **playground**');
  await page.getByTestId('markdown-preview-tab').click();
  await expect(page.locator('.md-field strong')).toHaveText('playground');
  await page.getByTestId('milestone-submit').click();
  await page.waitForURL(/\/-\/milestones\/\d+$/);
  await waitForIdle(page);
  await expect(page.getByTestId('milestone-title')).toHaveText(title);

  // A second one of the same title is refused in GitLab's words.
  const milestonePath = new URL(page.url()).pathname;
  await page.goto(`/${PROJECT}/-/milestones/new`);
  await page.getByLabel('Title').fill(title);
  await page.getByTestId('milestone-submit').click();
  await expect(page.getByTestId('milestone-form-error')).toHaveText('Title has already been taken');

  // Edit: the form holds the current values.
  await page.goto(`${milestonePath}/edit`);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Due date')).toHaveValue(dayFromToday(10));
  await page.getByLabel('Title').fill(`${title} (renamed)`);
  await page.getByTestId('milestone-submit').click();
  await page.waitForURL((url) => url.pathname === milestonePath);
  await waitForIdle(page);
  await expect(page.getByTestId('milestone-title')).toHaveText(`${title} (renamed)`);

  // Close and reopen.
  await page.getByRole('button', { name: 'Close milestone' }).click();
  await expect(page.getByTestId('milestone-meta').getByTestId('state-badge')).toHaveText('Closed');
  await page.getByRole('button', { name: 'Reopen milestone' }).click();
  await expect(page.getByTestId('milestone-meta').getByTestId('state-badge')).toHaveText('Open');

  // Delete, after GitLab's dialog; the list no longer has it.
  await page.getByTestId('milestone-delete').click();
  const dialog = page.getByTestId('delete-milestone-dialog');
  await expect(dialog.getByRole('heading')).toHaveText(`Delete milestone ${title} (renamed)?`);
  await expect(dialog).toContainText('This milestone is not currently used in any issues or merge requests.');
  await dialog.getByTestId('delete-milestone-confirm').click();
  await page.waitForURL(/\/-\/milestones$/);
  await waitForIdle(page);
  await expect(page.getByTestId('milestone-list').getByRole('link', { name: title })).toHaveCount(0);
  expect((await page.request.get(milestonePath)).status()).toBe(404);
});

test('the burndown chart has a point for each day from the start date to today', async ({ page }) => {
  test.slow();
  await signIn(page, 'owner', `/${PROJECT}/-/milestones`);
  const milestone = await api(page, 'POST', `${API_PROJECT}/milestones`, {
    title: `Burndown ${Date.now()}`,
    start_date: dayFromToday(-4),
    due_date: dayFromToday(9),
  });
  const open = await api(page, 'POST', `${API_PROJECT}/issues`, {
    title: 'Burndown: still open',
    milestone_id: milestone.id,
    weight: 3,
  });
  const done = await api(page, 'POST', `${API_PROJECT}/issues`, {
    title: 'Burndown: done today',
    milestone_id: milestone.id,
    weight: 2,
    assignee_ids: [],
  });
  await api(page, 'PUT', `${API_PROJECT}/issues/${done.iid}`, { state_event: 'close' });
  expect(open.iid).toBeGreaterThan(0);

  await page.goto(`/${PROJECT}/-/milestones/${milestone.iid}`);
  await waitForIdle(page);
  const chart = page.getByRole('img', { name: /^Burndown chart of open issues/ });
  await expect(chart).toBeVisible();
  // Five days (four ago to today): the issues came today, one of them already closed.
  await expect(page.getByTestId('burndown-point')).toHaveCount(5);
  const table = page.getByTestId('burndown-table');
  await expect(table.locator('tbody tr')).toHaveCount(5);
  await expect(table.locator('tbody td')).toHaveText(['0', '0', '0', '0', '1']);
  await expect(chart).toHaveAccessibleName(/: 0 on .+, 1 on .+ \(5 days\)\.$/);

  await page.getByRole('button', { name: 'Issue weight' }).click();
  await expect(page.getByRole('button', { name: 'Issue weight' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table.locator('tbody td')).toHaveText(['0', '0', '0', '0', '3']);
  await expect(page.getByRole('img', { name: /^Burndown chart of open issue weight/ })).toBeVisible();

  // The tabs: the issues in GitLab's columns, their labels and their people.
  await expect(page.getByTestId('milestone-column-unstarted').getByTestId('milestone-issue')).toHaveText(
    /Burndown: still open/,
  );
  await expect(page.getByTestId('milestone-column-completed').getByTestId('milestone-issue')).toHaveText(
    /Burndown: done today/,
  );
  await page.getByTestId('milestone-tab-participants').click();
  await expect(page.getByTestId('milestone-participant')).toHaveText([/Olivia Owens/]);
  await page.getByTestId('milestone-tab-labels').click();
  await expect(page.getByTestId('milestone-labels-empty')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('a guest sees milestones without managing them, and an undated one explains its chart', async ({
  page,
}) => {
  await signIn(page, 'guest', `/${PROJECT}/-/milestones`);
  await expect(
    page.getByTestId('milestone-list').getByRole('link', { name: 'Playground launch' }),
  ).toBeVisible();
  await expect(page.getByTestId('new-milestone')).toHaveCount(0);
  await expect(page.getByTestId('milestone-state-toggle')).toHaveCount(0);
  await page.getByTestId('milestone-list').getByRole('link', { name: 'Playground launch' }).click();
  await waitForIdle(page);
  await expect(page.getByTestId('milestone-edit')).toHaveCount(0);
  await expect(page.getByTestId('milestone-delete')).toHaveCount(0);
  expect((await page.request.get(`/${PROJECT}/-/milestones/new`)).status()).toBe(404);
  expect((await page.request.get(`${new URL(page.url()).pathname}/edit`)).status()).toBe(404);
});

test('a milestone without both dates shows GitLab’s burndown hint', async ({ page }) => {
  await signIn(page, 'owner', '/groups/workshop/-/milestones');
  const milestone = await api(page, 'POST', '/api/v4/groups/workshop/milestones', {
    title: `Undated ${Date.now()}`,
  });
  await page.goto(`/groups/workshop/-/milestones/${milestone.iid}`);
  await waitForIdle(page);
  const hint = page.getByTestId('burndown-hint');
  await expect(hint).toContainText('Add both a start and a due date to this milestone');
  await expect(hint.getByRole('link', { name: 'Add start and due date' })).toHaveAttribute(
    'href',
    `/groups/workshop/-/milestones/${milestone.iid}/edit`,
  );
  await expect(page.getByTestId('burndown-chart')).toHaveCount(0);
});
