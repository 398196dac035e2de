import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

/** Every author name links to `/:username`: the profile answers, and leads back to their issues. */
test('an author’s name leads to their profile, which lists the issues they opened', async ({ page }) => {
  await signIn(page, 'developer');
  const title = `Profile check ${Date.now()}`;
  const created = await api(
    page,
    'POST',
    `/api/v4/projects/${encodeURIComponent('workshop/playground')}/issues`,
    {
      title,
    },
  );
  expect(created.status).toBe(201);
  const issuePath = `/workshop/playground/-/issues/${created.body.iid as number}`;
  await page.goto(issuePath);
  await waitForIdle(page);
  await page.getByTestId('issue-meta').getByRole('link', { name: 'Diego Diaz' }).click();
  await expect(page).toHaveURL(/\/developer$/);
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diego Diaz');
  await expect(page.getByTestId('user-profile')).toContainText('@developer');
  await expect(page.getByText(/^Member since /)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('user-profile-tab-issues').click();
  await page.getByTestId('user-profile-issues').getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`${issuePath}$`));

  // The user menu leads to one's own profile too.
  await page.getByTestId('user-menu-toggle').click();
  await page.getByTestId('user-menu-profile').click();
  await expect(page).toHaveURL(/\/developer$/);
});

test('an anonymous visitor sees who a user is, and a missing user is not found', async ({ page }) => {
  await page.goto('/guest');
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gus Garcia');
  await expect(page.getByTestId('user-profile-tab-issues')).toHaveCount(0);
  await expect(page.getByTestId('user-profile-activity')).toBeVisible();
  const missing = await page.goto('/no-such-person-here');
  expect(missing?.status()).toBe(404);
});

test('a comment shows on its author’s profile Activity and links to the note', async ({ page }) => {
  await signIn(page, 'developer');
  const project = encodeURIComponent('workshop/playground');
  const title = `Activity check ${Date.now()}`;
  const created = await api(page, 'POST', `/api/v4/projects/${project}/issues`, { title });
  expect(created.status).toBe(201);
  const iid = created.body.iid as number;
  const body = `Reviewed the **plan** ${Date.now()}`;
  const note = await api(page, 'POST', `/api/v4/projects/${project}/issues/${iid}/notes`, { body });
  expect(note.status).toBe(201);
  const noteId = note.body.id as number;

  await page.goto('/developer');
  await waitForIdle(page);
  const event = page.getByTestId('user-activity-event').first();
  await expect(event).toContainText(`Diego Diaz commented on issue #${iid} at workshop/playground`);
  await expect(event).toContainText(body.replace(/\*/g, ''));
  await expectNoSeriousAxeViolations(page);
  await event.getByRole('link', { name: `#${iid}` }).click();
  await expect(page).toHaveURL(new RegExp(`/workshop/playground/-/issues/${iid}#note_${noteId}$`));
  await waitForIdle(page);
  await expect(page.locator(`#note_${noteId}`)).toContainText('Reviewed the plan');
});
