import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

/**
 * An incident's Timeline tab and its pinned Zoom meeting, as the owner uses them on a seeded
 * incident: add an event, edit it, delete it; `/zoom` in a comment pins the meeting under the title
 * and `/remove_zoom` takes it off. One page for the whole walk.
 */

const PROJECT = 'acme/platform/backend/api';
const MEETING = 'https://zoom.us/j/123456789';

/** The iid of a seeded incident of the project: each test its own (`index`), as they run in parallel. */
async function seededIncident(page: Page, index = 0): Promise<number> {
  const answer = await api(
    page,
    'GET',
    `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues?issue_type=incident&state=opened&per_page=2`,
  );
  expect(answer.status).toBe(200);
  const incident = (answer.body as unknown as { iid: number }[])[index];
  expect(incident).toBeDefined();
  return incident!.iid;
}

async function comment(page: Page, text: string): Promise<void> {
  const form = page.getByPlaceholder('Write a comment or drag your files here…');
  await form.fill(text);
  await page.getByTestId('comment-submit-new').click();
  await expect(form).toHaveValue('');
}

test('the owner keeps an incident’s timeline and pins its Zoom meeting', async ({ page }) => {
  await signIn(page, 'owner');
  const iid = await seededIncident(page);
  await page.goto(`/${PROJECT}/-/issues/incident/${iid}/timeline`);
  await waitForIdle(page);
  const timeline = page.getByTestId('incident-timeline');
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  // Every tab names the incident it is on.
  await expect(page.getByTestId('issuable-title')).toBeVisible();
  await expect(timeline.getByText('No timeline items have been added yet.')).toBeVisible();

  // Add an event at a chosen UTC time; the counter counts down from 280.
  await timeline.getByRole('button', { name: 'Add new timeline event' }).click();
  await timeline.getByLabel('Date').fill('2026-06-15');
  await timeline.getByLabel('Hours').fill('9');
  await timeline.getByLabel('Minutes').fill('5');
  // A tag writes GitLab's text until one is typed.
  await timeline.getByRole('checkbox', { name: 'Start time' }).check();
  await expect(timeline.getByLabel('Timeline text')).toHaveValue('Incident start time');
  await timeline.getByLabel('Timeline text').fill('Alert fired: **p99** above 2 s');
  await expect(timeline.getByTestId('timeline-text-remaining')).toHaveText('250');
  await timeline.getByRole('button', { name: 'Save', exact: true }).click();
  const event = timeline.getByTestId('timeline-event');
  await expect(event).toHaveCount(1);
  await expect(timeline.getByTestId('timeline-day')).toHaveText('2026-06-15');
  await expect(event.getByTestId('timeline-event-time')).toHaveText('09:05 UTC');
  await expect(event.getByTestId('timeline-event-note').locator('strong')).toHaveText('p99');
  await expect(event).toContainText('by Olivia Owens');
  await expect(event.getByTestId('timeline-event-tag')).toHaveText('Start time');
  await expectNoSeriousAxeViolations(page);

  // Edit it through its actions menu.
  await event.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await timeline.getByLabel('Timeline text').fill('Alert fired: p99 above 3 s');
  await timeline.getByLabel('Minutes').fill('15');
  await timeline.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(event.getByTestId('timeline-event-note')).toHaveText('Alert fired: p99 above 3 s');
  await expect(event.getByTestId('timeline-event-time')).toHaveText('09:15 UTC');

  // Delete it after confirming.
  await event.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByTestId('timeline-delete-dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this event?');
  await dialog.getByRole('button', { name: 'Delete event' }).click();
  await expect(timeline.getByTestId('timeline-event')).toHaveCount(0);
  await expect(timeline.getByText('No timeline items have been added yet.')).toBeVisible();

  // On the Summary tab, /zoom pins the meeting under the title; /remove_zoom takes it off.
  await page.getByRole('tab', { name: 'Summary' }).click();
  await comment(page, `/zoom ${MEETING}`);
  const link = page.getByRole('link', { name: 'Join Zoom meeting' });
  await expect(link).toHaveAttribute('href', MEETING);
  await expect(page.getByText('added a Zoom call to this issue')).toBeVisible();
  await comment(page, '/remove_zoom');
  await expect(link).toHaveCount(0);
  await expect(page.getByText('removed a Zoom call from this issue')).toBeVisible();
});

test('a comment on an incident becomes a timeline event; a guest is not offered it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner');
  const iid = await seededIncident(page, 1);
  await page.goto(`/${PROJECT}/-/issues/incident/${iid}`);
  await waitForIdle(page);
  const text = 'Rolled back the deploy';
  await comment(page, text);
  const note = page.getByTestId('note').filter({ hasText: text });
  await note.getByRole('button', { name: 'Add comment to incident timeline' }).click();
  await expect(page.getByTestId('activity-notice')).toHaveText('Comment added to the timeline.');

  await page.getByRole('tab', { name: 'Timeline' }).click();
  const event = page.getByTestId('incident-timeline').getByTestId('timeline-event');
  await expect(event.filter({ hasText: text })).toHaveCount(1);

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await signIn(guest, 'guest', `/${PROJECT}/-/issues/incident/${iid}`);
  await expect(guest.getByTestId('note').filter({ hasText: text })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Add comment to incident timeline' })).toHaveCount(0);
  await guestContext.close();
});
