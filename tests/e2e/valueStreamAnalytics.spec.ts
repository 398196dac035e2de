import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

const PAGE = '/groups/acme/-/analytics/value_stream_analytics';

/** "2 days", "15 hours", "5 mins" → minutes, to compare the stage table's durations. */
function minutesOf(text: string): number {
  const match = /^(\d+) (day|hour|min)/.exec(text.trim());
  if (!match) return 0;
  const unit = { day: 1440, hour: 60, min: 1 }[match[2] as 'day' | 'hour' | 'min'];
  return Number(match[1]) * unit;
}

async function durations(page: Page): Promise<number[]> {
  return (await page.getByTestId('vsa-record-duration').allInnerTexts()).map(minutesOf);
}

/** `YYYY-MM-DD` `days` before `date`. */
function daysBefore(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

test('a reporter of acme reads its value stream: stages, overview, a stage’s items, sorted, over other dates', async ({
  page,
}) => {
  await signIn(page, 'reporter', PAGE);
  await expect(page).toHaveTitle(/^Value Stream Analytics · Acme Corp/);
  const nav = page.getByRole('navigation', { name: 'Group', exact: true });
  await expect(nav.locator('[aria-current="page"]')).toHaveText('Value stream analytics');

  // The stage path: Overview (shown), then each stage with its median.
  const path = page.getByRole('navigation', { name: 'Value stream stages' });
  await expect(path.getByRole('link')).toHaveCount(7);
  await expect(path.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'step');
  const medians = await path.getByTestId('vsa-path-median').allInnerTexts();
  expect(medians).toHaveLength(6);
  for (const median of medians) expect(median).toMatch(/^(\d+[wdhm]|-|< 1m)$/);
  // Plan, Code and Test need commits and pipelines: never measured here.
  expect(medians.slice(1, 4)).toEqual(['-', '-', '-']);
  expect(medians[4]).not.toBe('-');

  // The lifecycle metrics.
  for (const [id, title] of [
    ['lead_time', 'Lead time'],
    ['cycle_time', 'Cycle time'],
    ['issues', 'New issues'],
    ['deploys', 'Deploys'],
    ['deployment_frequency', 'Deployment frequency'],
  ] as const) {
    await expect(page.getByTestId(`vsa-metric-${id}`)).toContainText(title);
  }
  await expect(page.getByTestId('vsa-metric-issues').locator('dd')).toHaveText(/^\d+$/);

  // Both overview charts are SVG drawings with bars, summarised for screen readers.
  const tasks = page.getByTestId('tasks-by-type-chart');
  await expect(tasks).toHaveAttribute('role', 'img');
  await expect(tasks).toHaveAttribute('aria-label', /^Tasks by type: Issues labelled .+ in total/);
  expect(await tasks.locator('rect.vsa-bar').count()).toBeGreaterThan(10);
  const stageTime = page.getByTestId('stage-time-chart');
  await expect(stageTime).toHaveAttribute('aria-label', /Review \d/);
  expect(await stageTime.locator('rect.vsa-bar').count()).toBeGreaterThanOrEqual(2);

  // The stage time chart as a table: the same medians, in words.
  await page.getByTestId('stage-time-toggle').click();
  await expect(page.getByTestId('stage-time-toggle')).toHaveAttribute('aria-pressed', 'true');
  const reviewRow = page.getByTestId('stage-time-table').getByRole('row', { name: /^Review/ });
  await expect(reviewRow.getByRole('cell')).toHaveText(/^\d+(\.\d)? (days?|hours?|minutes?)$/);
  await expect(page.getByTestId('stage-time-chart')).toHaveCount(0);
  // Tasks by type as a table: one row a day, with a total.
  await page.getByTestId('tasks-by-type-toggle').click();
  const taskRows = page.getByTestId('tasks-by-type-table').locator('tbody tr');
  await expect(taskRows).toHaveCount(30);
  await expect(taskRows.first().locator('td').last()).toHaveText(/^\d+$/);
  await expectNoSeriousAxeViolations(page);

  // The Review stage: its average duration chart and its merge requests.
  await path.getByRole('link', { name: /^Review/ }).click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/stage_id=\d+/);
  await expect(path.getByRole('link', { name: /^Review/ })).toHaveAttribute('aria-current', 'step');
  await expect(page).toHaveTitle(/^Review · Value Stream Analytics/);
  const line = page.getByTestId('stage-duration-chart');
  await expect(line).toHaveAttribute('role', 'img');
  expect(await line.locator('circle').count()).toBeGreaterThan(0);
  const rows = page.getByTestId('vsa-stage-row');
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(page.getByTestId('vsa-stage-table').getByRole('columnheader').first()).toHaveText(
    'Merge requests',
  );
  await expect(rows.first().getByTestId('vsa-record-title')).toHaveAttribute(
    'href',
    /\/-\/merge_requests\/\d+$/,
  );

  // Sorted by duration: longest first, then shortest first.
  await page.getByTestId('vsa-sort-duration').click();
  await expect(page).toHaveURL(/sort=duration/);
  await expect(page.getByRole('columnheader', { name: /Duration/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await waitForIdle(page);
  const longestFirst = await durations(page);
  expect(longestFirst).toEqual([...longestFirst].sort((a, b) => b - a));
  await page.getByTestId('vsa-sort-duration').click();
  await expect(page).toHaveURL(/direction=asc/);
  await expect(page.getByRole('columnheader', { name: /Duration/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await waitForIdle(page);
  const shortestFirst = await durations(page);
  expect(shortestFirst).toEqual([...shortestFirst].sort((a, b) => a - b));
  expect(shortestFirst[0]).toBeLessThanOrEqual(longestFirst[0] ?? 0);

  // Another date range: the URL keeps it, and a reload shows the same view.
  const count = page.getByTestId('vsa-stage-count');
  const shorter = await count.innerText();
  const before = await page.getByTestId('vsa-created-before').inputValue();
  const after = daysBefore(before, 89);
  await page.getByTestId('vsa-created-after').fill(after);
  await expect(page).toHaveURL(new RegExp(`created_after=${after}`));
  await waitForIdle(page);
  // Three months hold more merged merge requests than one.
  await expect(count).not.toHaveText(shorter);
  const longer = await count.innerText();
  await page.reload();
  await waitForIdle(page);
  await expect(page.getByTestId('vsa-created-after')).toHaveValue(after);
  await expect(count).toHaveText(longer);
  await expect(path.getByRole('link', { name: /^Review/ })).toHaveAttribute('aria-current', 'step');
});

test('a reporter makes a value stream with a label stage, sees it, and deletes it', async ({ page }) => {
  await signIn(page, 'reporter', PAGE);
  const name = `Triage flow ${Date.now()}`;
  await page.getByTestId('vsa-new-stream').click();
  const form = page.getByTestId('vsa-form');
  await expect(form.getByRole('heading', { name: 'New value stream' })).toBeVisible();
  await form.getByLabel('Create from no template').check();

  // The client's own checks, in GitLab's words, beside the fields.
  await form.getByTestId('vsa-form-submit').click();
  await expect(form.getByTestId('vsa-form-name-error')).toHaveText("Name can't be blank");
  await expect(form.getByTestId('vsa-form-field-error').first()).toHaveText("Stage name can't be blank");

  await form.getByTestId('vsa-form-name').fill(name);
  await form.getByTestId('vsa-form-stage-name').fill('Triage');
  const end = form.getByTestId('vsa-form-end-event');
  await expect(end).toBeDisabled();
  await form.getByTestId('vsa-form-start-event').selectOption({ label: 'Issue label was added' });
  // Only the end events the start event allows.
  const ends = await end.locator('option').allInnerTexts();
  expect(ends).toContain('Issue closed');
  expect(ends).not.toContain('Issue created');
  const labels = form.getByTestId('vsa-form-start-label');
  await expect(labels.locator('option')).not.toHaveCount(1);
  await labels.selectOption({ index: 1 });
  await end.selectOption({ label: 'Issue closed' });
  await form.getByTestId('vsa-form-submit').click();

  await expect(page.getByTestId('vsa-form')).toHaveCount(0);
  await waitForIdle(page);
  await expect(page.getByText(`'${name}' Value Stream created`)).toBeVisible();
  await expect(page).toHaveURL(/value_stream_id=\d+/);
  await expect(page.getByTestId('vsa-stream-select').locator('option:checked')).toHaveText(name);
  const path = page.getByRole('navigation', { name: 'Value stream stages' });
  await expect(path.getByRole('link')).toHaveText(['Overview', /^Triage/]);

  await page.getByTestId('vsa-delete-stream').click();
  await expect(page.getByTestId('vsa-delete-dialog')).toContainText(`delete the "${name}" Value Stream`);
  await page.getByTestId('vsa-delete-confirm').click();
  await waitForIdle(page);
  await expect(page.getByText(`'${name}' Value Stream deleted`)).toBeVisible();
  await expect(page.getByTestId('vsa-stream-select').locator('option', { hasText: name })).toHaveCount(0);
  await expect(page.getByTestId('vsa-stream-select').locator('option:checked')).toHaveText('Default');
  await expect(path.getByRole('link', { name: /^Review/ })).toBeVisible();
});

test('value stream analytics shows only to Reporters and up: a guest finds neither the item nor the page', async ({
  page,
}) => {
  await signIn(page, 'guest', '/groups/acme');
  await expect(page.getByRole('navigation', { name: 'Group', exact: true })).not.toContainText(
    'Value stream analytics',
  );
  const response = await page.goto(PAGE);
  expect(response?.status()).toBe(404);
});
