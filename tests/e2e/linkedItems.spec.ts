import { expect, test } from '@playwright/test';
import { closeOtherContexts, expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { createEpic } from './treeHelpers.ts';

test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));

/**
 * The epic page's 'Linked items' card (GitLab's related epics), in the workshop group: an owner links
 * one epic as blocking another, and the block shows where a portfolio manager looks for it — the
 * parent's child tree and the roadmap. Removing the link lifts it everywhere; a visitor can read the
 * links but not change them.
 */

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const dated = {
  start_date_is_fixed: true,
  start_date_fixed: isoDay(-10),
  due_date_is_fixed: true,
  due_date_fixed: isoDay(40),
};

test('an owner marks an epic as blocked, the tree and the roadmap show it, and removing the link lifts it', async ({
  page,
  browser,
}) => {
  // A long walk: three epics made, a link added and removed, six pages opened in two browsers.
  test.setTimeout(90_000);
  await signIn(page, 'owner');
  const stamp = Date.now();
  const parent = await createEpic(page, `Programme ${stamp}`);
  const blocker = await createEpic(page, `Blocker ${stamp}`, parent.id, dated);
  const blocked = await createEpic(page, `Waiting work ${stamp}`, parent.id, dated);

  await page.goto(`/groups/workshop/-/epics/${blocked.iid}`);
  await waitForIdle(page);
  const card = page.getByTestId('linked-items-card');
  await expect(card.getByRole('heading', { name: 'Linked items' })).toBeVisible();
  await expect(card).toContainText(
    'Link epics together to show that they are related, or that one is blocking others.',
  );
  await card.getByTestId('linked-items-add').click();
  await card.getByRole('radio', { name: 'is blocked by' }).check();
  await card.getByTestId('related-issuable-input').fill(`&${blocker.iid} `);
  await card.getByTestId('add-issuable-submit').click();
  await expect(card.getByTestId('linked-item')).toHaveCount(1);
  await expect(card.getByRole('heading', { name: 'Is blocked by' })).toBeVisible();
  await expect(card.getByTestId('linked-item')).toContainText(`Blocker ${stamp}`);
  await expect(card.getByTestId('linked-items-count')).toContainText('1 linked item');

  // Kept after a reload.
  await page.reload();
  await waitForIdle(page);
  await expect(card.getByTestId('linked-item')).toHaveCount(1);

  // The blocker's own page shows the other side of the link.
  await page.goto(`/groups/workshop/-/epics/${blocker.iid}`);
  await waitForIdle(page);
  await expect(card.getByRole('heading', { name: 'Blocks' })).toBeVisible();
  await expect(card.getByTestId('linked-item')).toContainText(`Waiting work ${stamp}`);

  // The parent's child tree says which child is blocked.
  await page.goto(`/groups/workshop/-/epics/${parent.iid}`);
  await waitForIdle(page);
  const rows = page.getByTestId('tree-row');
  await expect(rows).toHaveCount(2);
  const factsOf = (title: string) => rows.filter({ hasText: title }).getByTestId('tree-row-facts');
  await expect(factsOf(`Waiting work ${stamp}`)).toContainText('Blocked');
  await expect(factsOf(`Blocker ${stamp}`)).not.toContainText('Blocked');

  // So does the roadmap, scoped to the blocked epic.
  await page.goto(`/groups/workshop/-/roadmap?epic_iid=${blocked.iid}`);
  await waitForIdle(page);
  const roadmapRow = page.getByTestId('roadmap-row').filter({ hasText: `Waiting work ${stamp}` });
  await expect(roadmapRow.locator('.roadmap-blocked')).toHaveAttribute('title', 'Blocked by 1 epic');

  // A visitor reads the links on the public epic, without Add or Remove.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/groups/workshop/-/epics/${blocked.iid}`);
  await waitForIdle(visitor);
  const visitorCard = visitor.getByTestId('linked-items-card');
  await expect(visitorCard.getByTestId('linked-item')).toContainText(`Blocker ${stamp}`);
  await expect(visitorCard.getByTestId('linked-items-add')).toHaveCount(0);
  await expect(visitorCard.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await visitor.context().close();

  // Removing the link lifts the block in the tree.
  await page.goto(`/groups/workshop/-/epics/${blocked.iid}`);
  await waitForIdle(page);
  await card.getByRole('button', { name: `Remove &${blocker.iid}` }).click();
  await expect(card.getByTestId('linked-item')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.goto(`/groups/workshop/-/epics/${parent.iid}`);
  await waitForIdle(page);
  await expect(rows).toHaveCount(2);
  await expect(factsOf(`Waiting work ${stamp}`)).not.toContainText('Blocked');
});

test('linking refuses an unknown epic with the spec text and adds nothing', async ({ page }) => {
  await signIn(page, 'owner');
  const epic = await createEpic(page, `Lonely ${Date.now()}`);
  await page.goto(`/groups/workshop/-/epics/${epic.iid}`);
  await waitForIdle(page);
  const card = page.getByTestId('linked-items-card');
  await card.getByTestId('linked-items-add').click();
  await card.getByTestId('related-issuable-input').fill('workshop&999999 ');
  await card.getByTestId('add-issuable-submit').click();
  await expect(card.getByTestId('add-issuable-error')).toHaveText(/cannot be found|No matching epic/);
  await page.reload();
  await waitForIdle(page);
  await expect(card.getByTestId('linked-item')).toHaveCount(0);
});

test("a visitor does not learn of a confidential epic from the activity's relation note", async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner');
  const shown = await createEpic(page, `Public roadmap ${Date.now()}`);
  const secret = await createEpic(page, `Embargoed ${Date.now()}`, undefined, { confidential: true });
  await page.goto(`/groups/workshop/-/epics/${shown.iid}`);
  await waitForIdle(page);
  const card = page.getByTestId('linked-items-card');
  await card.getByTestId('linked-items-add').click();
  await card.getByTestId('related-issuable-input').fill(`&${secret.iid} `);
  await card.getByTestId('add-issuable-submit').click();
  await expect(card.getByTestId('linked-item')).toHaveCount(1);
  const note = `marked this epic as related to &${secret.iid}`;
  await page.reload();
  await waitForIdle(page);
  await expect(page.getByTestId('activity-list')).toContainText(note);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/groups/workshop/-/epics/${shown.iid}`);
  await waitForIdle(visitor);
  await expect(visitor.getByTestId('activity-list')).toHaveAttribute('data-complete', 'true');
  await expect(visitor.getByTestId('linked-items-card').getByTestId('linked-item')).toHaveCount(0);
  await expect(visitor.getByText(`&${secret.iid}`)).toHaveCount(0);
  await expect(visitor.getByText('marked this epic as related')).toHaveCount(0);
});
