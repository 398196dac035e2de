import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { createEpic } from './treeHelpers.ts';

/**
 * The child-items card's 'Roadmap view' tab (epics spec): the roadmap of the epic's child
 * epics, asked with `epicChildEpics` (GitLab's child epics query). It only reads acme's seeded epics; the seed is
 * centred on today, so the epic is looked up through the API rather than named.
 */

interface ChildEpic {
  readonly title: string;
  readonly hasChildren: boolean;
  readonly children: { readonly nodes: readonly { readonly title: string }[] } | null;
}

interface ScopedEpic {
  readonly iid: string;
  readonly children: readonly ChildEpic[];
  /** A child epic with child epics of its own in the timeframe, and the first of those. */
  readonly parent: ChildEpic;
  readonly grandchildTitle: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** This quarter: the default roadmap's range, which always lies inside its timeframe. */
function thisQuarter(): { start: string; end: string } {
  const today = new Date();
  const first = Math.floor(today.getMonth() / 3) * 3;
  return {
    start: isoDay(new Date(today.getFullYear(), first, 1)),
    end: isoDay(new Date(today.getFullYear(), first + 3, 0)),
  };
}

const CANDIDATES = `query($timeframe: Timeframe) {
  group(fullPath: "acme") {
    epics(first: 100, state: all, timeframe: $timeframe, topLevelHierarchyOnly: false) {
      nodes {
        iid
        hasChildren
        group { fullPath }
        children(state: all, timeframe: $timeframe) {
          nodes { title hasChildren children(state: all, timeframe: $timeframe) { nodes { title } } }
        }
      }
    }
  }
}`;

/** An acme epic with two or three child epics dated in this quarter, one of them with dated children. */
async function findScopedEpic(page: Page): Promise<ScopedEpic> {
  const response = await page.request.post('/api/graphql', {
    data: { query: CANDIDATES, variables: { timeframe: thisQuarter() } },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    data: {
      group: {
        epics: {
          nodes: {
            iid: string;
            hasChildren: boolean;
            group: { fullPath: string };
            children: { nodes: ChildEpic[] } | null;
          }[];
        };
      };
    };
  };
  for (const epic of body.data.group.epics.nodes) {
    const children = epic.children?.nodes ?? [];
    if (epic.group.fullPath !== 'acme' || children.length < 2 || children.length > 3) continue;
    const parent = children.find((child) => (child.children?.nodes.length ?? 0) > 0);
    const grandchildTitle = parent?.children?.nodes[0]?.title;
    if (parent && grandchildTitle) return { iid: epic.iid, children, parent, grandchildTitle };
  }
  throw new Error('The seed has no acme epic with dated child epics this quarter');
}

async function openEpic(page: Page, iid: string): Promise<void> {
  await page.goto(`/groups/acme/-/epics/${iid}`);
  await waitForIdle(page);
}

/** Counts the `epicChildEpics` calls the page makes from now on. */
function countChildEpicsCalls(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/graphql') || request.method() !== 'POST') return;
    const sent = request.postDataJSON() as { operationName?: string } | null;
    if (sent?.operationName === 'epicChildEpics') counter.count += 1;
  });
  return counter;
}

test('the Roadmap view shows the child epics on the roadmap, their children expand, and the URL stays', async ({
  page,
}) => {
  const epic = await findScopedEpic(page);
  const calls = countChildEpicsCalls(page);
  await openEpic(page, epic.iid);
  const address = page.url();
  const card = page.getByTestId('epic-tree-card');
  const treeTab = card.getByTestId('tree-tab-tree');
  const roadmapTab = card.getByTestId('tree-tab-roadmap');
  await expect(treeTab).toHaveAttribute('aria-selected', 'true');
  await expect(roadmapTab).toHaveAttribute('aria-selected', 'false');
  await expect(card.getByTestId('tree-show-labels')).toBeVisible();
  await expect(card.getByTestId('epic-roadmap-panel')).toBeHidden();
  // Nothing is fetched for a tab that was never opened.
  expect(calls.count).toBe(0);

  // Arrow keys move between the tabs; Enter opens one.
  await treeTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(roadmapTab).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(roadmapTab).toHaveAttribute('aria-selected', 'true');
  await expect(treeTab).toHaveAttribute('aria-selected', 'false');
  const panel = card.getByTestId('epic-roadmap-panel');
  await expect(panel).toBeVisible();
  await expect(card.getByTestId('epic-tree-panel')).toBeHidden();
  await expect(card.getByTestId('tree-show-labels')).toHaveCount(0);
  await waitForIdle(page);

  const rows = panel.getByTestId('roadmap-row');
  await expect(rows).toHaveCount(epic.children.length);
  for (const child of epic.children)
    await expect(rows.getByTestId('roadmap-row-title').filter({ hasText: child.title })).toBeVisible();
  await expect(panel.getByTestId('roadmap-filters')).toHaveCount(0);
  await expect(panel.getByTestId('roadmap-settings-button')).toHaveCount(0);

  const parent = rows.filter({ has: page.getByRole('link', { name: epic.parent.title, exact: true }) });
  await expect(parent).toHaveAttribute('aria-expanded', 'false');
  await parent.getByTestId('roadmap-expand').click();
  await expect(parent).toHaveAttribute('aria-expanded', 'true');
  const nested = panel.locator('[role="row"][aria-level="2"]');
  await expect(
    nested.getByTestId('roadmap-row-title').filter({ hasText: epic.grandchildTitle }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Back to the tree and again to the roadmap: it was kept as it was, and nothing was asked again.
  const asked = calls.count;
  await roadmapTab.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(card.getByTestId('epic-tree-panel')).toBeVisible();
  await expect(card.getByTestId('tree-show-labels')).toBeVisible();
  await roadmapTab.click();
  await expect(parent).toHaveAttribute('aria-expanded', 'true');
  expect(calls.count).toBe(asked);
  expect(page.url()).toBe(address);
});

test("a failed child epics query shows 'Failed to load Roadmap'", async ({ page }) => {
  const epic = await findScopedEpic(page);
  await page.route('**/api/graphql', async (route) => {
    const sent = route.request().postDataJSON() as { operationName?: string } | null;
    if (sent?.operationName === 'epicChildEpics')
      await route.fulfill({ status: 500, json: { message: '500 Internal Server Error' } });
    else await route.fallback();
  });
  await openEpic(page, epic.iid);
  const card = page.getByTestId('epic-tree-card');
  await card.getByTestId('tree-tab-roadmap').click();
  const panel = card.getByTestId('epic-roadmap-panel');
  await expect(panel.getByRole('alert')).toHaveText('Failed to load Roadmap');
  await expect(panel.getByRole('alert').getByRole('button')).toHaveCount(0);
  await expect(panel.getByTestId('roadmap-view')).toHaveCount(0);
  await waitForIdle(page);
  await expectNoSeriousAxeViolations(page);
});

test('an epic without dated child epics shows the roadmap empty state for child epics', async ({ page }) => {
  await signIn(page, 'owner');
  const created = await createEpic(page, `Roadmap tab without children ${Date.now()}`);
  await page.goto(`/groups/workshop/-/epics/${created.iid}`);
  await waitForIdle(page);
  const card = page.getByTestId('epic-tree-card');
  await card.getByTestId('tree-tab-roadmap').click();
  await waitForIdle(page);
  const empty = card.getByTestId('roadmap-empty-state');
  await expect(empty).toContainText('The roadmap shows the progress of your epics along a timeline');
  await expect(empty).toContainText('To view the roadmap, add a start or due date to one of the child epics');
  await expect(empty.getByRole('link', { name: 'child epics' })).toHaveAttribute('href', /epics/);
  await expect(empty.getByRole('link', { name: 'View epics list' })).toHaveAttribute(
    'href',
    '/groups/workshop/-/epics',
  );
});
