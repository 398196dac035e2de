import { expect, type Locator, type Page, type Route, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn } from './helpers.ts';
import { api, createEpic, createIssue, openTree, reopen, rowOf, titles } from './treeHelpers.ts';

/**
 * The epic tree's forms and failures (issue 6), as the owner in `workshop`: every error text of the
 * spec with the server made to fail (or refusing for real), the confidential parent's rules, the
 * create-issue form's project dropdown with its recently used projects, and 'Show more' paging by
 * mouse and by keyboard with a visible focus ring in both themes. After each failure a reload
 * shows that nothing changed.
 */

const TEXT = {
  fetchFailed: 'Something went wrong while fetching child epics.',
  createEpicFailed: 'Something went wrong while creating child epics.',
  createIssueFailed: 'Something went wrong while creating issue.',
  fetchProjectsFailed: 'Something went wrong while fetching projects.',
  errorCreatingEpic: 'Error creating epic',
  removeEpicNotFound: 'We could not determine the path to remove the epic',
  removeIssueNotFound: 'We could not determine the path to remove the issue',
  removeEpicFailed: 'An error occurred while removing epics.',
  removeIssueFailed: 'An error occurred while removing issues.',
  epicNotFound: 'Epic cannot be found.',
  issueNotFound: 'Issue cannot be found.',
  maxChildEpics: 'This epic already has the maximum number of child epics.',
  confidentialPlaceholder: 'New confidential epic title ',
  confidentialHint: 'The parent epic is confidential and can only contain confidential epics and issues',
  /** The server's refusal (src/core/domain/epicRules.ts), shown under the form as it is. */
  confidentialRefusal: 'A non-confidential epic cannot be assigned to a confidential parent epic',
} as const;

const PLAYGROUND = 'workshop/playground';

const toast = (page: Page, text: string) => page.getByTestId('toast').getByText(text, { exact: true });
const rows = (page: Page) => page.getByTestId('tree-row');
const grid = (page: Page) => page.getByTestId('tree-grid');

async function chooseAdd(card: Locator, action: string) {
  await card.getByTestId('tree-add-dropdown').click();
  await card.page().getByTestId(`tree-add-${action}`).click();
}

/** Answers the requests `matches` picks with `status` (an empty body); lets every other one through. */
async function failRequests(
  page: Page,
  url: RegExp,
  matches: (route: Route) => boolean,
  status: () => number,
): Promise<void> {
  await page.route(url, async (route) => {
    if (!matches(route)) return route.fallback();
    return route.fulfill({ status: status(), contentType: 'application/json', body: '{}' });
  });
}

test('a failed fetch of an epic’s children shows the spec’s toast, folds the row back, and loses nothing', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parent = await createEpic(page, `Fetch parent ${stamp}`);
  const child = await createEpic(page, `Fetch child ${stamp}`, parent.id);
  await createEpic(page, `Fetch grandchild ${stamp}`, child.id);
  await openTree(page, parent);
  await failRequests(
    page,
    /\/api\/graphql$/,
    (route) => {
      const body = route.request().postDataJSON() as {
        operationName?: string;
        variables?: { iid?: unknown };
      };
      return body?.operationName === 'childItems' && String(body.variables?.iid) === String(child.iid);
    },
    () => 500,
  );
  const row = rowOf(page, `Fetch child ${stamp}`);
  await row.getByTestId('tree-toggle').click();
  await expect(toast(page, TEXT.fetchFailed)).toBeVisible();
  await expect(row).toHaveAttribute('aria-expanded', 'false');
  await expect(rows(page)).toHaveCount(1);

  await page.unrouteAll();
  await reopen(page, parent);
  await expect(rows(page)).toHaveCount(1);
  await rowOf(page, `Fetch child ${stamp}`).getByTestId('tree-toggle').click();
  await expect(rows(page)).toHaveCount(2);
  expect(await titles(page)).toEqual([`Fetch child ${stamp}`, `Fetch grandchild ${stamp}`]);
});

test('failed creates show the spec’s toasts, a refused epic says why, and nothing is added', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parent = await createEpic(page, `Create parent ${stamp}`);
  const card = await openTree(page, parent);
  await expect(card.getByTestId('tree-empty')).toBeVisible();

  // Create epic: the server fails without a word.
  await failRequests(
    page,
    /\/api\/v4\/groups\/workshop\/epics$/,
    (route) => route.request().method() === 'POST',
    () => 500,
  );
  await chooseAdd(card, 'new-epic');
  await card.getByTestId('create-epic-title').fill(`Never created ${stamp}`);
  await card.getByTestId('create-epic-submit').click();
  await expect(toast(page, TEXT.createEpicFailed)).toBeVisible();
  // The form stays, with what was typed, for another try.
  await expect(card.getByTestId('create-epic-title')).toHaveValue(`Never created ${stamp}`);
  await expect(card.getByTestId('create-epic-submit')).toHaveText('Create epic');
  await page.unrouteAll();

  // The real server refuses a title over 255 characters, and says so.
  await card.getByTestId('create-epic-title').fill('x'.repeat(256));
  await card.getByTestId('create-epic-submit').click();
  await expect(
    page.getByTestId('toast').getByText(`${TEXT.errorCreatingEpic}. title is too long`),
  ).toBeVisible();
  await card.getByTestId('create-epic-form').getByRole('button', { name: 'Cancel' }).click();

  // Create issue: the project list cannot be fetched.
  await failRequests(
    page,
    /\/api\/v4\/groups\/[^/]+\/projects(\?|$)/,
    () => true,
    () => 500,
  );
  await chooseAdd(card, 'new-issue');
  const project = card.getByTestId('create-issue-project');
  await project.getByRole('button').click();
  await expect(toast(page, TEXT.fetchProjectsFailed)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.unrouteAll();

  // Create issue: the project is there, the create fails.
  await failRequests(
    page,
    /\/api\/v4\/projects\/[^/]+\/issues$/,
    (route) => route.request().method() === 'POST',
    () => 500,
  );
  await project.getByRole('button').click();
  await page.getByRole('option', { name: /Playground/ }).click();
  await card.getByTestId('create-issue-title').fill(`Never filed ${stamp}`);
  await card.getByTestId('create-issue-submit').click();
  await expect(toast(page, TEXT.createIssueFailed)).toBeVisible();
  await expect(card.getByTestId('create-issue-title')).toHaveValue(`Never filed ${stamp}`);
  await page.unrouteAll();

  const reopened = await reopen(page, parent);
  await expect(reopened.getByTestId('tree-empty')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
});

test('a failed remove says the path was not found on a 404 and that removing failed otherwise, and the child stays', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parent = await createEpic(page, `Remove parent ${stamp}`);
  await createEpic(page, `Kept epic ${stamp}`, parent.id);
  await createIssue(page, `Kept issue ${stamp}`, parent.id);
  await openTree(page, parent);
  await expect(rows(page)).toHaveCount(2);

  let status = 404;
  await failRequests(
    page,
    /\/groups\/workshop\/-\/epics\/\d+\/(links|issues)\/\d+$/,
    (route) => route.request().method() === 'DELETE',
    () => status,
  );
  const removeAndExpect = async (title: string, text: string) => {
    const row = rowOf(page, title);
    await row.getByTestId('tree-remove').click();
    await page.getByTestId('tree-remove-dialog').getByTestId('tree-remove-confirm').click();
    await expect(toast(page, text)).toBeVisible();
    await expect(row).not.toHaveAttribute('aria-busy', 'true');
    await expect(row.getByTestId('tree-remove')).toBeEnabled();
    await expect(rows(page)).toHaveCount(2);
  };
  await removeAndExpect(`Kept epic ${stamp}`, TEXT.removeEpicNotFound);
  await removeAndExpect(`Kept issue ${stamp}`, TEXT.removeIssueNotFound);
  status = 500;
  await removeAndExpect(`Kept epic ${stamp}`, TEXT.removeEpicFailed);
  await removeAndExpect(`Kept issue ${stamp}`, TEXT.removeIssueFailed);
  await page.unrouteAll();

  await reopen(page, parent);
  await expect(rows(page)).toHaveCount(2);
  expect(await titles(page)).toEqual([`Kept issue ${stamp}`, `Kept epic ${stamp}`]);
});

test('adding what does not exist says it cannot be found, and a child too deep says the epic is full', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const stamp = Date.now();
  // Seven levels: the deepest epic may have no child epics.
  let deepest = await createEpic(page, `Level 1 ${stamp}`);
  for (let level = 2; level <= 7; level += 1) {
    deepest = await createEpic(page, `Level ${level} ${stamp}`, deepest.id);
  }
  const loose = await createEpic(page, `Loose epic ${stamp}`);
  const card = await openTree(page, deepest);
  await expect(card.getByTestId('tree-empty')).toBeVisible();

  const addExisting = async (itemType: 'epic' | 'issue', reference: string, text: string) => {
    await chooseAdd(card, `existing-${itemType}`);
    await card.getByTestId('related-issuable-input').fill(`${reference} `);
    await card.getByTestId('add-issuable-submit').click();
    await expect(card.getByTestId('add-issuable-error')).toHaveText(text);
    await card.getByTestId('add-issuable-cancel').click();
  };
  await addExisting('epic', 'workshop&999999', TEXT.epicNotFound);
  await addExisting('issue', `${PLAYGROUND}#999999`, TEXT.issueNotFound);
  await addExisting('epic', `workshop&${loose.iid}`, TEXT.maxChildEpics);

  const reopened = await reopen(page, deepest);
  await expect(reopened.getByTestId('tree-empty')).toBeVisible();
  const looseNow = await api(page, 'GET', `/api/v4/groups/workshop/epics/${loose.iid}`);
  expect(looseNow.body.parent_id ?? null).toBeNull();
});

test('a confidential parent asks for confidential children: its placeholder, its hint, and a public epic refused', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const stamp = Date.now();
  const answer = await api(page, 'POST', '/api/v4/groups/workshop/epics', {
    title: `Secret parent ${stamp}`,
    confidential: true,
  });
  expect(answer.status).toBe(201);
  const parent = { id: answer.body.id as number, iid: answer.body.iid as number };
  const open = await createEpic(page, `Public epic ${stamp}`);
  const card = await openTree(page, parent);

  await chooseAdd(card, 'new-epic');
  const title = card.getByTestId('create-epic-title');
  await expect(title).toHaveAttribute('placeholder', TEXT.confidentialPlaceholder);
  await expect(card.getByText(TEXT.confidentialHint, { exact: true })).toBeVisible();
  await expect(title).toHaveAccessibleDescription(TEXT.confidentialHint);
  await title.fill(`Secret child ${stamp}`);
  await card.getByTestId('create-epic-submit').click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, `Secret child ${stamp}`)).toContainText('Confidential');

  await chooseAdd(card, 'existing-epic');
  const input = card.getByTestId('related-issuable-input');
  await expect(input).toHaveAttribute('placeholder', 'Paste confidential epic link');
  await expect(card.getByText(TEXT.confidentialHint, { exact: true })).toBeVisible();
  await input.fill(`workshop&${open.iid} `);
  await card.getByTestId('add-issuable-submit').click();
  await expect(card.getByTestId('add-issuable-error')).toHaveText(TEXT.confidentialRefusal);
  await expect(rows(page)).toHaveCount(1);

  await reopen(page, parent);
  expect(await titles(page)).toEqual([`Secret child ${stamp}`]);
});

test('the create-issue form picks a project from a searchable list and remembers it per user as recently used', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parent = await createEpic(page, `Issue form parent ${stamp}`);
  let card = await openTree(page, parent);

  await chooseAdd(card, 'new-issue');
  const project = card.getByTestId('create-issue-project');
  const toggle = project.getByRole('button');
  await expect(toggle).toHaveText('Select a project');
  await card.getByTestId('create-issue-title').fill(`Filed from the tree ${stamp}`);
  await expect(card.getByTestId('create-issue-submit')).toBeDisabled();

  await toggle.click();
  const search = project.getByRole('combobox', { name: 'Search a project' });
  await expect(search).toBeFocused();
  await expect(project.getByRole('option', { name: /Playground/ })).toBeVisible();
  await expect(project.getByRole('group', { name: 'Recently used' })).toHaveCount(0);
  await search.fill('no-such-project-anywhere');
  await expect(project.getByRole('status')).toHaveText('No matches found');
  await expect(project.getByRole('option')).toHaveCount(0);
  await search.fill('play');
  await project.getByRole('option', { name: /Playground/ }).click();
  await expect(toggle).toHaveText(/Playground/);
  await card.getByTestId('create-issue-submit').click();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByTestId('tree-title').first()).toHaveText(`Filed from the tree ${stamp}`);

  // The next time, the project is offered first, as recently used.
  await chooseAdd(card, 'new-issue');
  await card.getByTestId('create-issue-project').getByRole('button').click();
  const recent = card.getByTestId('create-issue-project').getByRole('group', { name: 'Recently used' });
  await expect(recent.getByRole('option', { name: /Playground/ })).toBeVisible();
  await page.keyboard.press('Escape');
  const stored = await page.evaluate(() => localStorage.getItem('owner/frequent-projects'));
  expect(stored).toContain(PLAYGROUND);

  // Another person in the same browser has their own list.
  await page.context().clearCookies();
  await signIn(page, 'maintainer');
  card = await openTree(page, parent);
  await chooseAdd(card, 'new-issue');
  await card.getByTestId('create-issue-project').getByRole('button').click();
  await expect(
    card.getByTestId('create-issue-project').getByRole('option', { name: /Playground/ }),
  ).toBeVisible();
  await expect(
    card.getByTestId('create-issue-project').getByRole('group', { name: 'Recently used' }),
  ).toHaveCount(0);

  await reopen(page, parent);
  expect(await titles(page)).toEqual([`Filed from the tree ${stamp}`]);
});

/** Creates issues in the playground, one after another (each goes to the top of the epic). */
async function createIssues(page: Page, epicId: number, issueTitles: readonly string[]): Promise<void> {
  for (const title of issueTitles) await createIssue(page, title, epicId);
}

/** Relative luminance contrast of two sRGB colours (WCAG). */
function contrast(a: readonly number[], b: readonly number[]): number {
  const luminance = ([r = 0, g = 0, b = 0]: readonly number[]) => {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The focused row's ring as drawn on screen: a screenshot of its left edge, read back in the
 * browser, gives the colour of the ring (its outermost pixel column), of the row just inside it
 * (canvas and overlay together) and of the row above. WCAG asks 3:1 of a focus indicator against
 * what is next to it.
 */
async function expectVisibleFocusRing(page: Page) {
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('role', 'row');
  expect(await focused.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
  const box = await focused.boundingBox();
  if (!box) throw new Error('the focused row is not laid out');
  const margin = 4;
  const shot = await page.screenshot({
    clip: { x: box.x, y: box.y - margin, width: 12, height: box.height + margin },
  });
  const [ring, inside, above] = await page.evaluate(
    async ({ data, margin, middle }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(image, 0, 0);
      const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
      return [at(0, margin + middle), at(6, margin + middle), at(6, margin - 2)];
    },
    { data: shot.toString('base64'), margin, middle: Math.round(box.height / 2) },
  );
  const against = { inside: contrast(ring!, inside!), above: contrast(ring!, above!) };
  expect(against.inside).toBeGreaterThanOrEqual(3);
  expect(against.above).toBeGreaterThanOrEqual(3);
}

test('a parent with more than a page of issues shows 100 and Show more, which mouse and keyboard both load, with focus on the first new row', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parent = await createEpic(page, `Paged parent ${stamp}`);
  // Issue 1 first: the newest is on top, so the second page holds issues 2 and 1.
  const issueTitles = Array.from({ length: 102 }, (_, index) => `Paged issue ${index + 1} ${stamp}`);
  await createIssues(page, parent.id, issueTitles);
  const showMoreRow = page.getByTestId('tree-show-more-row');
  const atRow = (row: number) => grid(page).locator(`[role="row"][data-row="${row}"]`);

  // By mouse: 100 items and the 'Show more' row, then all 102.
  await openTree(page, parent);
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '101');
  // The list draws only what is near its viewport: scroll it to the end, as a wheel would.
  await page.getByTestId('tree-scroller').hover();
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 2000);
      return showMoreRow.count();
    })
    .toBe(1);
  await expect(showMoreRow).toHaveAttribute('aria-level', '1');
  await expect(atRow(99).getByTestId('tree-title')).toHaveText(`Paged issue 3 ${stamp}`);
  await page.getByTestId('tree-show-more').click();
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '102');
  await expect(showMoreRow).toHaveCount(0);
  await expect(atRow(101).getByTestId('tree-title')).toHaveText(`Paged issue 1 ${stamp}`);

  // By keyboard, in both themes: End reaches 'Show more', Up and Down move off and back on it,
  // Home goes to the top; Enter (light) or Space (dark) loads the page and focus lands on issue 2.
  for (const [theme, key] of [
    ['light', 'Enter'],
    ['dark', ' '],
  ] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await reopen(page, parent);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(grid(page)).toHaveAttribute('aria-rowcount', '101');
    await rows(page).first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(atRow(1)).toBeFocused();
    await expectVisibleFocusRing(page);
    await page.keyboard.press('End');
    await expect(showMoreRow).toBeFocused();
    await expect(showMoreRow).toHaveAttribute('tabindex', '0');
    await expectVisibleFocusRing(page);
    await page.keyboard.press('ArrowUp');
    await expect(atRow(99)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(showMoreRow).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(showMoreRow).toBeFocused();
    await page.keyboard.press('Home');
    await expect(atRow(0)).toBeFocused();
    await expect(atRow(0).getByTestId('tree-title')).toHaveText(`Paged issue 102 ${stamp}`);
    await page.keyboard.press('End');
    await expect(showMoreRow).toBeFocused();
    if (theme === 'light') await expectNoSeriousAxeViolations(page);
    await page.keyboard.press(key);
    await expect(grid(page)).toHaveAttribute('aria-rowcount', '102');
    await expect(atRow(100)).toBeFocused();
    await expect(atRow(100).getByTestId('tree-title')).toHaveText(`Paged issue 2 ${stamp}`);
    await expect(atRow(100)).toHaveAttribute('tabindex', '0');
    await expectVisibleFocusRing(page);
    await page.keyboard.press('End');
    await expect(atRow(101)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(atRow(100)).toBeFocused();
  }
  await expectNoSeriousAxeViolations(page);
});
