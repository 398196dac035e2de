import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

interface MilestoneNode {
  title: string;
  startDate: string | null;
  dueDate: string | null;
  webPath: string;
  stats: { totalIssuesCount: number; closedIssuesCount: number };
}

/** The owner's milestone with the most issues, asked for over GraphQL with the page's session. */
async function busiestMilestone(page: Page, owner: 'group' | 'project', fullPath: string) {
  const csrfToken = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  const response = await page.request.post('/api/graphql', {
    headers: { 'x-csrf-token': csrfToken ?? '' },
    data: {
      query: `query ($fullPath: ID!) { ${owner}(fullPath: $fullPath) { milestones(first: 100) {
        nodes { title startDate dueDate webPath stats { totalIssuesCount closedIssuesCount } } } } }`,
      variables: { fullPath },
    },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as {
    data: Record<string, { milestones: { nodes: MilestoneNode[] } }>;
  };
  const nodes = body.data[owner]!.milestones.nodes;
  return nodes.reduce((best, node) =>
    node.stats.totalIssuesCount > best.stats.totalIssuesCount ? node : best,
  );
}

/** 'Jun 1, 2026', as the page writes a calendar day. */
const dayText = (day: string) =>
  new Date(`${day}T00:00:00`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

async function expectMilestonePage(page: Page, milestone: MilestoneNode, reference: RegExp) {
  await page.goto(milestone.webPath);
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(milestone.title);
  await expect(page.getByTestId('breadcrumbs').getByRole('link', { name: milestone.title })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByTestId('milestone-meta').getByTestId('state-badge')).toHaveText(/^(Open|Closed)$/);
  const start = page.getByTestId('milestone-start-date');
  await expect(start).toContainText('Start date');
  await expect(start).toContainText(milestone.startDate ? dayText(milestone.startDate) : 'No start date');
  const due = page.getByTestId('milestone-due-date');
  await expect(due).toContainText('Due date');
  await expect(due).toContainText(milestone.dueDate ? dayText(milestone.dueDate) : 'No due date');
  await expect(due).toContainText(/\((Past due|Upcoming|\d+ (days?|months?|years?) remaining)\)/);

  const { totalIssuesCount: total, closedIssuesCount: closed } = milestone.stats;
  const percent = Math.floor((closed * 100) / total);
  const progress = page.getByRole('progressbar', { name: 'Milestone progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', String(percent));
  await expect(page.getByTestId('milestone-progress')).toContainText(`${percent}% complete`);
  await expect(page.getByTestId('milestone-progress')).toContainText(`${closed} of ${total} issues closed`);

  // GitLab's columns: open and unassigned, open and assigned, closed; together every issue.
  await expect(page.getByTestId('milestone-tab-issues')).toContainText(String(total));
  const counts = await Promise.all(
    ['unstarted', 'ongoing', 'completed'].map(async (column) =>
      Number(
        await page
          .getByTestId(`milestone-column-${column}`)
          .getByTestId('milestone-column-count')
          .textContent(),
      ),
    ),
  );
  expect(counts[0]! + counts[1]! + counts[2]!).toBe(total);
  expect(counts[2]).toBe(closed);
  const issues = page.getByTestId('milestone-issue');
  await expect(issues).toHaveCount(counts.reduce((sum, count) => sum + Math.min(30, count), 0));
  const first = issues.first();
  await expect(first.getByTestId('milestone-issue-title')).toHaveAttribute('href', /\/-\/issues\/\d+$/);
  await expect(first.getByTestId('milestone-issue-reference')).toHaveText(reference);
  await expectNoSeriousAxeViolations(page);
}

// Each page is a full check (up to 90 issues and an axe scan): one test per page keeps each well
// inside the test timeout on a busy two-core machine.
test('a developer opens a group milestone: title, dates, progress and issues', async ({ page }) => {
  test.slow();
  await signIn(page, 'developer');
  const groupMilestone = await busiestMilestone(page, 'group', 'acme');
  expect(groupMilestone.stats.totalIssuesCount).toBeGreaterThan(0);
  await expectMilestonePage(page, groupMilestone, /^acme(\/[a-z-]+)+#\d+$/);
});

test('a developer opens a project milestone, also in the dark theme, and a missing one is not found', async ({
  page,
}) => {
  test.slow();
  await signIn(page, 'developer');
  const projectMilestone = await busiestMilestone(page, 'project', 'acme/platform/backend/api');
  expect(projectMilestone.stats.totalIssuesCount).toBeGreaterThan(0);
  await expectMilestonePage(page, projectMilestone, /^#\d+$/);

  // The same page in the dark theme keeps its contrast.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await waitForIdle(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoSeriousAxeViolations(page);

  await page.goto('/groups/acme/-/milestones/99999');
  await expect(page.getByTestId('not-found')).toBeVisible();
});
