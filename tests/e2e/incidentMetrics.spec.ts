import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

/** The incident page's tabs and its Metrics tab, on one of the demo's incidents. */

const PROJECT = 'acme/platform/backend/api';
const SVG_REFUSAL = 'Validation failed: File is not a PNG, JPEG, GIF or WebP image';

/** A real PNG of `width` × `height` solid pixels of one colour, built byte by byte. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether every image shown has loaded (served by the server, decoded by the browser). */
const imagesLoaded = (page: Page) =>
  page
    .getByTestId('metric-image')
    .locator('img')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth));

test('an incident opens with its tabs and keeps metric images: upload, edit, replace, delete, refuse', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner');
  const listed = await api(
    page,
    'GET',
    `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues?issue_type=incident&state=opened&per_page=1`,
  );
  const [incident] = listed.body as unknown as { iid: number }[];
  expect(incident).toBeDefined();
  const iid = incident?.iid ?? 0;
  await page.goto(`/${PROJECT}/-/issues/${iid}`);
  await waitForIdle(page);

  // WAI-ARIA tabs: Summary first and selected; the arrow keys move, Enter selects, the path follows.
  const tabs = page.getByRole('tablist', { name: 'Incident' });
  const summary = tabs.getByRole('tab', { name: 'Summary' });
  const metrics = tabs.getByRole('tab', { name: 'Metrics' });
  await expect(summary).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('issuable-title')).toBeVisible();
  await summary.focus();
  await page.keyboard.press('ArrowRight');
  await expect(metrics).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(metrics).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(new RegExp(`/-/issues/incident/${iid}/metrics$`));
  // The title and description stay above the tabs; the comments belong to Summary.
  await expect(page.getByTestId('issuable-title')).toBeVisible();
  await expect(page.getByPlaceholder('Write a comment or drag your files here…')).toBeHidden();
  const tab = page.getByTestId('metrics-tab');
  await expect(tab.getByTestId('metric-image-dropzone')).toBeVisible();
  // What it takes, the size in the shared format (GitLab's 1 MB default).
  await expect(tab.getByTestId('metric-image-limits')).toHaveText('PNG, JPEG, GIF or WebP, up to 1.00 MiB.');
  await expect(tab.getByTestId('metric-image')).toHaveCount(0);

  // A refused SVG: the server's words in the dialog, and nothing added.
  await tab.getByTestId('metric-image-file-input').setInputFiles({
    name: 'graph.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  // Closed dialogs stay in the DOM: by role, only the open one is found.
  const dialog = page.getByRole('dialog', { name: 'Add image details' });
  const editDialog = page.getByRole('dialog', { name: 'Edit image text or link' });
  await dialog.getByTestId('metric-image-submit').click();
  await expect(dialog.getByTestId('metric-image-error')).toHaveText(SVG_REFUSAL);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(tab.getByTestId('metric-image')).toHaveCount(0);

  // A real PNG with its text and link.
  await tab.getByTestId('metric-image-file-input').setInputFiles({
    name: 'cpu.png',
    mimeType: 'image/png',
    buffer: png(40, 20, [31, 117, 203]),
  });
  await dialog.getByTestId('metric-image-text').fill('CPU load');
  await dialog.getByTestId('metric-image-url').fill('https://grafana.example.com/d/cpu');
  await dialog.getByTestId('metric-image-submit').click();
  await expect(dialog).toBeHidden();
  const image = tab.getByTestId('metric-image');
  await expect(image).toHaveCount(1);
  await expect(image.getByTestId('metric-image-link')).toHaveText('CPU load');
  await expect(image.getByTestId('metric-image-link')).toHaveAttribute(
    'href',
    'https://grafana.example.com/d/cpu',
  );
  await expect.poll(() => imagesLoaded(page)).toEqual([40]);

  // Its text and link edited.
  await image.getByTestId('metric-image-edit').click();
  await expect(editDialog.getByTestId('metric-image-text')).toHaveValue('CPU load');
  await editDialog.getByTestId('metric-image-text').fill('Memory');
  await editDialog.getByTestId('metric-image-url').fill('https://grafana.example.com/d/mem');
  await editDialog.getByTestId('metric-image-submit').click();
  await expect(image.getByTestId('metric-image-link')).toHaveText('Memory');
  await expect(image.getByTestId('metric-image-link')).toHaveAttribute(
    'href',
    'https://grafana.example.com/d/mem',
  );

  // Replaced by another picture, keeping its text and link.
  const firstSource = await image.locator('img').getAttribute('src');
  await image.getByTestId('metric-image-edit').click();
  await editDialog.getByTestId('metric-image-replace-input').setInputFiles({
    name: 'mem.png',
    mimeType: 'image/png',
    buffer: png(30, 30, [221, 43, 14]),
  });
  await editDialog.getByTestId('metric-image-submit').click();
  await expect(editDialog).toBeHidden();
  await expect(image).toHaveCount(1);
  await expect(image.locator('img')).not.toHaveAttribute('src', firstSource ?? '');
  await expect(image.getByTestId('metric-image-link')).toHaveText('Memory');
  await expect.poll(() => imagesLoaded(page)).toEqual([30]);

  // The Metrics tab is where a reload lands, with what the server kept.
  await page.reload();
  await waitForIdle(page);
  await expect(metrics).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('metric-image')).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);

  // A guest reads the images and changes nothing.
  const guest = await (await browser.newContext()).newPage();
  await signIn(guest, 'guest', `/${PROJECT}/-/issues/incident/${iid}/metrics`);
  await expect(guest.getByTestId('metric-image').getByTestId('metric-image-link')).toHaveText('Memory');
  await expect(guest.getByTestId('metric-image-dropzone')).toHaveCount(0);
  await expect(guest.getByTestId('metric-image-edit')).toHaveCount(0);
  await guest.context().close();

  // Deleted after its confirmation.
  await page.getByTestId('metric-image-delete').click();
  const confirm = page.getByRole('dialog', { name: 'Deleting image' });
  await expect(confirm).toContainText('Are you sure you wish to delete this image?');
  await confirm.getByTestId('metric-image-delete-confirm').click();
  await expect(page.getByTestId('metric-image')).toHaveCount(0);
  const left = await api(
    page,
    'GET',
    `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/${iid}/metric_images`,
  );
  expect(left.body).toEqual([]);

  // Back returns to Summary.
  await summary.click();
  await expect(page).toHaveURL(new RegExp(`/-/issues/incident/${iid}$`));
  await page.goBack();
  await expect(metrics).toHaveAttribute('aria-selected', 'true');
});
