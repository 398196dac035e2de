import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

/**
 * Files attached to comments and descriptions: chosen with 'Attach a file or image' or pasted, they
 * upload to the project and land at the caret as markdown; an image then shows in the saved note.
 * Writes to an issue of its own in `workshop/playground`.
 */
const PROJECT = 'workshop/playground';

/** A 2×2 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAAbHAIBbIA+VgAAAABJRU5ErkJggg==',
  'base64',
);

test('a comment carries an attached image and a pasted file, and shows the image once posted', async ({
  page,
}) => {
  await signIn(page, 'reporter');
  const created = await api(page, 'POST', `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues`, {
    title: 'Attachments land where the caret is',
  });
  expect(created.status).toBe(201);
  await page.goto(`/${PROJECT}/-/issues/${created.body.iid as number}`);
  await waitForIdle(page);

  const input = page.getByTestId('comment-input-new');
  await expect(input).toHaveAttribute('placeholder', 'Write a comment or drag your files here…');
  await input.fill('The chart: ');
  await page.getByTestId('comment-new-markdown-attach-input').setInputFiles({
    name: 'chart.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByTestId('comment-new-markdown-attach-status')).toHaveText('chart.png attached.');
  await expect(input).toHaveValue(
    /^The chart: !\[chart\]\(\/-\/project\/\d+\/uploads\/[0-9a-f]{32}\/chart\.png\)$/,
  );

  // A file pasted into the field uploads the same way; a text file becomes a link.
  await input.evaluate((element) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['load,time\n1,2\n'], 'load.csv', { type: 'text/csv' }));
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  });
  await expect(page.getByTestId('comment-new-markdown-attach-status')).toHaveText('load.csv attached.');
  await expect(input).toHaveValue(/\[load\.csv\]\(\/-\/project\/\d+\/uploads\/[0-9a-f]{32}\/load\.csv\)$/);
  await expectNoSeriousAxeViolations(page);

  await input.press('Control+Enter');
  await expect(input).toHaveValue('');
  const note = page.getByTestId('note').filter({ hasText: 'The chart:' });
  const image = note.locator('img[alt="chart"]');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(2);
  const link = note.getByRole('link', { name: 'load.csv' });
  const download = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toBe('attachment; filename="load.csv"');
  expect(await download.text()).toBe('load,time\n1,2\n');
});

test('a milestone description, which has nowhere to keep files, offers no attachments', async ({ page }) => {
  await signIn(page, 'owner', '/groups/workshop/-/milestones/new');
  const description = page.getByRole('textbox', { name: 'Description' });
  await expect(description).toHaveAttribute('placeholder', 'Write a description…');
  await expect(page.getByRole('button', { name: 'Attach a file or image' })).toHaveCount(0);
});
