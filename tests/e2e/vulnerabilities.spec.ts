import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { closeOtherContexts, expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));
// Each walk signs in and opens the report and a vulnerability or two: more than the default budget
// on a busy machine, while every step keeps its own 10 s.
test.describe.configure({ timeout: 120_000 });

/**
 * GitLab's vulnerability report and a vulnerability's page (Ultimate): Developers read them,
 * Maintainers change states one at a time or in bulk and make issues from them, and an issue lists
 * the vulnerabilities it was made for. The demo seed reports SAST, dependency scanning and secret
 * detection findings in `acme/platform/backend/api`, and container scanning and DAST findings in
 * `acme/product/web/webapp` (acme is on Ultimate). Each test that writes takes its vulnerabilities
 * from a report type of its own, still in Needs triage, so that tests running at once never meet.
 */

const PROJECT = 'acme/platform/backend/api';
const REPORT = `/${PROJECT}/-/security/vulnerability_report`;
const GROUP_REPORT = '/groups/acme/-/security/vulnerabilities';

async function openReport(page: Page, query = ''): Promise<void> {
  await page.goto(query ? `${REPORT}?${query}` : REPORT);
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Vulnerability report' })).toBeVisible();
}

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

const rows = (page: Page): Locator => page.getByTestId('vulnerability-row');

/** The count on a severity card. */
async function severityCount(page: Page, severity: string): Promise<number> {
  const text = await page
    .getByTestId(`severity-count-${severity}`)
    .getByTestId('severity-count-value')
    .innerText();
  return Number(text.replace(/[^0-9]/g, ''));
}

const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'unknown'] as const;

test('a developer reads the report: severity counts, rows, filters in the URL, and no status actions', async ({
  page,
}) => {
  await signIn(page, 'developer');
  await openReport(page);
  const navigation = page.getByRole('navigation', { name: 'Project' });
  await expect(navigation.getByRole('link', { name: 'Vulnerability report' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const counts = await Promise.all(SEVERITIES.map((severity) => severityCount(page, severity)));
  const total = counts.reduce((sum, count) => sum + count, 0);
  expect(total).toBeGreaterThan(0);
  // Other tests change states meanwhile: the page shows at most what the cards counted.
  const shown = await rows(page).count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(Math.min(total, 20));
  // GitLab's default: what needs triage or is confirmed.
  for (const status of await rows(page).getByTestId('vulnerability-status').allInnerTexts()) {
    expect(['Needs triage', 'Confirmed']).toContain(status);
  }
  await expect(page.getByTestId('vulnerability-last-updated')).toContainText('Last updated');
  // A Developer may read, not change: no checkboxes, no Set status.
  await expect(page.getByTestId('vulnerability-select')).toHaveCount(0);
  await expect(page.getByTestId('vulnerability-select-all')).toHaveCount(0);
  await expect(page.getByTestId('vulnerability-set-status')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // Filter by a severity that has some (Medium, which the other tests leave alone, when it has):
  // the URL keeps it, and every row has it.
  const medium = SEVERITIES.indexOf('medium');
  const index = (counts[medium] ?? 0) > 0 ? medium : counts.findIndex((count) => count > 0);
  const severity = SEVERITIES[index] ?? 'critical';
  const title = severity.charAt(0).toUpperCase() + severity.slice(1);
  await page.getByTestId('filter-severity').click();
  await page.getByTestId('filter-severity-panel').getByRole('checkbox', { name: title }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('filter-severity')).toBeFocused();
  await waitForIdle(page);
  expect(new URL(page.url()).searchParams.get('severity')).toBe(severity.toUpperCase());
  await expect(rows(page)).toHaveCount(Math.min(counts[index] ?? 0, 20));
  for (const shown of await rows(page).getByTestId('vulnerability-severity').allInnerTexts()) {
    expect(shown).toBe(title);
  }
  // The cards keep counting every severity while one is chosen.
  expect(await severityCount(page, severity)).toBe(counts[index]);

  // Sorting by a column header is a link in the URL too.
  await page.getByTestId('vulnerability-sort-detected').click();
  await waitForIdle(page);
  expect(new URL(page.url()).searchParams.get('sortBy')).toBe('detected');
  await expect(page.getByRole('columnheader', { name: /Detected/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  // Its page reads as well, without Change status.
  await rows(page).first().getByTestId('vulnerability-title').click();
  await waitForIdle(page);
  await expect(page.getByTestId('vulnerability-state')).toBeVisible();
  await expect(page.getByTestId('vulnerability-detail-severity')).toContainText(title);
  await expect(page.getByTestId('vulnerability-change-status')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});

test('a maintainer dismisses a vulnerability from its page as a false positive, and its history says so', async ({
  page,
}) => {
  await signIn(page, 'maintainer');
  await openReport(page, 'reportType=SECRET_DETECTION&state=DETECTED');
  const row = rows(page).first();
  const title = await row.getByTestId('vulnerability-title').innerText();
  await row.getByTestId('vulnerability-title').click();
  await waitForIdle(page);
  await expect(page.getByTestId('vulnerability-page-title')).toHaveText(title);
  await expect(page.getByTestId('vulnerability-state')).toHaveText('Needs triage');

  const change = page.getByTestId('vulnerability-change-status');
  await change.click();
  const dialog = page.getByRole('dialog', { name: 'Change status' });
  await dialog.getByLabel('Status').selectOption({ label: 'Dismissed' });
  // Dismissing asks why first.
  await dialog.getByRole('button', { name: 'Change status' }).click();
  await expect(dialog).toContainText('Select a reason to dismiss the vulnerability.');
  await dialog.getByLabel('Dismissal reason').selectOption({ label: 'False positive' });
  await expect(dialog).toContainText('incorrectly indicates the presence of a vulnerability');
  await dialog.getByLabel('Comment (optional)').fill('The token is a test fixture');
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Change status' }).click();
  await expect(dialog).not.toBeVisible();
  await expect(change).toBeFocused();

  await expect(page.getByTestId('vulnerability-state')).toHaveText('Dismissed · False positive');
  const entry = page.getByTestId('vulnerability-transition').last();
  await expect(entry.getByTestId('vulnerability-transition-states')).toHaveText('Needs triage → Dismissed');
  await expect(entry.getByTestId('vulnerability-transition-reason')).toHaveText('Reason: False positive');
  await expect(entry.getByTestId('vulnerability-transition-comment')).toHaveText(
    'The token is a test fixture',
  );
  await expect(entry).toContainText('Mateo Martin');
  await expect(page.getByTestId('vulnerability-note').last()).toContainText(
    'changed vulnerability status from Needs triage to Dismissed',
  );

  // The report lists it among the dismissed, with its reason; no longer among what needs triage.
  await openReport(page, 'reportType=SECRET_DETECTION&state=DISMISSED');
  const dismissed = rows(page).filter({ hasText: title });
  await expect(dismissed.getByTestId('vulnerability-status')).toHaveText('Dismissed · False positive');
});

test('a maintainer confirms two vulnerabilities at once from the report', async ({ page }) => {
  await signIn(page, 'maintainer');
  await openReport(page, 'reportType=SAST&state=DETECTED');
  const count = await rows(page).count();
  expect(count).toBeGreaterThanOrEqual(2);

  // The page's checkbox chooses every row, and again none.
  const selectAll = page.getByRole('checkbox', { name: 'Select all vulnerabilities on this page' });
  await selectAll.check();
  await expect(page.getByTestId('vulnerability-selected-count')).toHaveText(`${count} selected`);
  await selectAll.uncheck();
  await expect(page.getByTestId('vulnerability-selection')).toHaveCount(0);

  const chosen = rows(page).filter({ has: page.getByTestId('vulnerability-select') });
  const ids = [
    await chosen.nth(0).getAttribute('data-vulnerability-id'),
    await chosen.nth(1).getAttribute('data-vulnerability-id'),
  ];
  for (const index of [0, 1]) {
    const title = await chosen.nth(index).getByTestId('vulnerability-title').innerText();
    await page.getByRole('checkbox', { name: `Select ${title}` }).check();
  }
  await expect(page.getByTestId('vulnerability-selected-count')).toHaveText('2 selected');
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('vulnerability-set-status').click();
  const dialog = page.getByRole('dialog', { name: 'Change status of 2 vulnerabilities' });
  await dialog.getByLabel('Status').selectOption({ label: 'Confirmed' });
  await dialog.getByRole('button', { name: 'Change status' }).click();
  await expect(dialog).not.toBeVisible();
  await expect(page.getByTestId('toast').getByText('2 vulnerabilities set to Confirmed')).toBeVisible();
  // The list, still showing what needs triage, reads again: both are gone from it.
  await waitForIdle(page);
  for (const id of ids) await expect(page.locator(`[data-vulnerability-id="${id}"]`)).toHaveCount(0);
  await expect(selectAll).toBeFocused();

  await openReport(page, 'reportType=SAST&state=CONFIRMED');
  for (const id of ids) {
    await expect(
      page.locator(`[data-vulnerability-id="${id}"]`).getByTestId('vulnerability-status'),
    ).toHaveText('Confirmed');
  }
});

test('an issue made from a vulnerability lists it under Related vulnerabilities', async ({ page }) => {
  await signIn(page, 'maintainer');
  await openReport(page, 'reportType=DEPENDENCY_SCANNING&state=DETECTED');
  const row = rows(page).first();
  const title = await row.getByTestId('vulnerability-title').innerText();
  const path = await row.getByTestId('vulnerability-title').getAttribute('href');
  await row.getByTestId('vulnerability-title').click();
  await waitForIdle(page);
  await expect(page.getByTestId('vulnerability-related-issue')).toHaveCount(0);

  await page.getByTestId('vulnerability-create-issue').click();
  await page.waitForURL(/\/-\/issues\/\d+$/);
  await waitForIdle(page);
  const related = page.getByTestId('related-vulnerabilities');
  await expect(related.getByRole('heading', { name: 'Related vulnerabilities' })).toBeVisible();
  const link = related.getByRole('link', { name: title });
  await expect(link).toHaveAttribute('href', path ?? '');
  await expectNoSeriousAxeViolations(page);
  const issuePath = new URL(page.url()).pathname;

  // Back on the vulnerability, the issue is the one made from it, and its activity says so.
  await link.click();
  await waitForIdle(page);
  const issue = page.getByTestId('vulnerability-related-issue');
  await expect(issue).toHaveCount(1);
  await expect(issue.getByRole('link')).toHaveAttribute('href', issuePath);
  await expect(issue.getByTestId('vulnerability-issue-created')).toHaveText(
    'Created from this vulnerability',
  );

  // The report's Has issues finds it, with its issue's link.
  await openReport(page, 'reportType=DEPENDENCY_SCANNING&activity=HAS_ISSUE');
  const withIssue = rows(page).filter({ hasText: title });
  await expect(withIssue.getByTestId('vulnerability-issue-link')).toHaveAttribute('href', issuePath);
});

test('a reporter is refused the report, a visitor signs in first, and a group reports all its projects', async ({
  page,
  browser,
}) => {
  // A visitor is sent to sign in, and comes back.
  await page.goto(REPORT);
  await page.waitForURL((url) => url.pathname === '/users/sign_in');

  const reporter = await signedInPage(browser, 'reporter');
  expect((await reporter.goto(REPORT))?.status()).toBe(404);
  await expect(reporter.getByTestId('not-found')).toBeVisible();
  expect((await reporter.goto(GROUP_REPORT))?.status()).toBe(404);
  await reporter.goto(`/${PROJECT}`);
  await waitForIdle(reporter);
  await expect(
    reporter.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Vulnerability report' }),
  ).toHaveCount(0);

  // A group's report spans its projects, and filters by project.
  await signIn(page, 'developer', GROUP_REPORT);
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Vulnerability report' })).toBeVisible();
  const projects = await rows(page).getByTestId('vulnerability-project').allInnerTexts();
  expect(new Set(projects).size).toBeGreaterThan(1);
  await page.getByTestId('filter-project').click();
  await page
    .getByTestId('filter-project-panel')
    .getByRole('checkbox', { name: /^Web App/ })
    .first()
    .check();
  await page.keyboard.press('Escape');
  await waitForIdle(page);
  expect(new URL(page.url()).searchParams.get('projectId')).toMatch(/^\d+$/);
  for (const project of await rows(page).getByTestId('vulnerability-project').allInnerTexts()) {
    expect(project).toMatch(/ \/ Web App$/);
  }
  await expectNoSeriousAxeViolations(page);
});
