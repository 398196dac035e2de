import { expect, type Page, test } from '@playwright/test';
import { signIn, waitForIdle } from './helpers.ts';

/**
 * Each filter token of the roadmap's bar, with 'is' and 'is not' where GitLab offers both: built in
 * the bar as a user would (type → operator → value), kept in the URL with GitLab's keys, sent as
 * GitLab's GraphQL variables, and changing what the roadmap shows.
 */

interface TokenCase {
  readonly token: RegExp;
  readonly operator: 'is' | 'is not' | null;
  /** Typed before picking a suggestion ('' picks the first one). */
  readonly typed: string;
  readonly urlKey: string;
  readonly variable: (variables: Record<string, unknown>) => unknown;
}

const CASES: readonly TokenCase[] = [
  {
    token: /^Author/,
    operator: 'is',
    typed: '',
    urlKey: 'author_username',
    variable: (v) => v.authorUsername,
  },
  {
    token: /^Author/,
    operator: 'is not',
    typed: '',
    urlKey: 'not[author_username]',
    variable: (v) => (v.not as Record<string, unknown> | undefined)?.authorUsername,
  },
  { token: /^Label/, operator: 'is', typed: 'back', urlKey: 'label_name[]', variable: (v) => v.labelName },
  {
    token: /^Label/,
    operator: 'is not',
    typed: 'back',
    urlKey: 'not[label_name][]',
    variable: (v) => (v.not as Record<string, unknown> | undefined)?.labelName,
  },
  {
    token: /^Milestone/,
    operator: null,
    typed: '',
    urlKey: 'milestone_title',
    variable: (v) => v.milestoneTitle,
  },
  {
    token: /^Confidential/,
    operator: null,
    typed: '',
    urlKey: 'confidential',
    variable: (v) => v.confidential,
  },
  { token: /^Epic/, operator: null, typed: '', urlKey: 'epic_iid', variable: (v) => v.iid },
  {
    token: /^My-Reaction/,
    operator: 'is',
    typed: 'thumbs',
    urlKey: 'my_reaction_emoji',
    variable: (v) => v.myReactionEmoji,
  },
  {
    token: /^My-Reaction/,
    operator: 'is not',
    typed: 'thumbs',
    urlKey: 'not[my_reaction_emoji]',
    variable: (v) => (v.not as Record<string, unknown> | undefined)?.myReactionEmoji,
  },
];

const dropdownOptions = (page: Page) => page.getByTestId('filtered-search-dropdown').getByRole('option');

for (const testCase of CASES) {
  test(`the ${testCase.token.source.slice(1)} token${testCase.operator ? ` (${testCase.operator})` : ''} filters the roadmap through the URL`, async ({
    page,
  }) => {
    await signIn(
      page,
      'owner',
      '/groups/acme/-/roadmap?timeframe_range_type=THREE_YEARS&show_milestones=false',
    );
    const unfiltered = await page.getByTestId('roadmap-count').textContent();
    const sent: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (!request.url().endsWith('/api/graphql')) return;
      const body = request.postDataJSON() as { operationName?: string; variables?: Record<string, unknown> };
      if (body.operationName === 'RoadmapEpics' && body.variables) sent.push(body.variables);
    });

    const input = page.getByTestId('filtered-search-input');
    await input.click();
    await dropdownOptions(page).filter({ hasText: testCase.token }).first().click();
    if (testCase.operator) {
      await dropdownOptions(page)
        .filter({ hasText: testCase.operator === 'is' ? /^=is$/ : /^!=is not$/ })
        .click();
    }
    if (testCase.typed) await input.pressSequentially(testCase.typed);
    await expect(dropdownOptions(page).first()).toBeVisible();
    await dropdownOptions(page).first().click();
    await input.press('Enter');

    await expect.poll(() => new URL(page.url()).searchParams.get(testCase.urlKey)).not.toBeNull();
    await waitForIdle(page);
    await expect
      .poll(() => sent.map(testCase.variable).filter((value) => value !== undefined).length)
      .toBeGreaterThan(0);
    await expect(page.getByTestId('filtered-search-token')).toHaveCount(1);
    // The view follows the filter: another count, or the empty state with its filtered title.
    const after = page
      .getByTestId('roadmap-count')
      .filter({ visible: true })
      .or(page.getByTestId('roadmap-empty-state'));
    await expect(after).not.toHaveText(unfiltered ?? '');

    // A copied link reproduces the filter, shown again as a token.
    await page.goto(page.url());
    await waitForIdle(page);
    await expect(page.getByTestId('filtered-search-token')).toHaveCount(1);
  });
}

test('removing a token and clearing the bar brings every epic back', async ({ page }) => {
  await signIn(
    page,
    'owner',
    '/groups/acme/-/roadmap?timeframe_range_type=THREE_YEARS&label_name[]=backend&search=api',
  );
  await expect(page.getByTestId('filtered-search-token')).toHaveCount(1);
  await expect(page.getByTestId('filtered-search-term')).toHaveCount(1);
  await page.getByTestId('filtered-search-clear').click();
  await expect.poll(() => new URL(page.url()).searchParams.has('label_name[]')).toBe(false);
  expect(new URL(page.url()).searchParams.has('search')).toBe(false);
  await waitForIdle(page);
  await expect(page.getByTestId('roadmap-count')).toHaveText(/^Showing \d+ of \d+ epics$/);
});

test('an Epic token from a shared link shows the epic title, like GitLab’s chip', async ({ page }) => {
  await signIn(page, 'owner', '/groups/acme/-/roadmap?timeframe_range_type=THREE_YEARS');
  // An epic of acme itself (rows also show epics of its subgroups).
  const link = page.locator('[data-testid="roadmap-row-title"][href^="/groups/acme/-/epics/"]').first();
  const title = (await link.textContent())?.trim() ?? '';
  const iid = /\/epics\/(\d+)$/.exec((await link.getAttribute('href')) ?? '')?.[1];
  expect(iid).toBeDefined();

  await page.goto(`/groups/acme/-/roadmap?timeframe_range_type=THREE_YEARS&epic_iid=${iid}`);
  await waitForIdle(page);
  const chip = page.getByTestId('filtered-search-token');
  await expect(chip).toHaveAttribute('data-type', 'epic');
  await expect(chip.locator('.fs-seg-value')).toHaveText(title);
  await expect(chip.getByRole('button', { name: new RegExp(`&${iid}`) })).toBeVisible();
});
