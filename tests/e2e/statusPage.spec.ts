import { text } from 'node:stream/consumers';
import { expect, test } from '@playwright/test';
import type { S3Bucket } from '../../src/server/storage/s3Bucket.ts';
import { type S3TestServer, startS3Server } from '../helpers/s3Server.ts';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

/**
 * A project's status page, as its owner sets it up and uses it: Settings → Monitor names a bucket
 * (a real S3-compatible server the test starts), `/publish` in a comment publishes an incident, the
 * page pins the published link under the title and the server writes the incident's files to the
 * bucket in the background. The settings are turned off again at the end, as other suites share
 * the project.
 */

const PROJECT = 'acme/platform/infrastructure/terraform';
const STATUS_SITE = 'https://status.example.com';

let s3: S3TestServer;
let bucket: S3Bucket;

test.beforeAll(async () => {
  s3 = await startS3Server();
  bucket = s3.client();
});

test.afterAll(async () => {
  await s3?.close();
});

async function bucketJson(key: string): Promise<unknown> {
  const stream = await bucket.get(key);
  return stream === null ? null : JSON.parse(await text(stream));
}

test('the owner sets up the status page and publishes an incident with /publish', async ({ page }) => {
  await signIn(page, 'owner', `/${PROJECT}`);
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/${PROJECT}/-/settings/operations$`));
  await expect(page.getByRole('heading', { name: 'Monitor settings', level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Active without a bucket: every missing field says so, and nothing is sent.
  const form = page.getByTestId('status-page-form');
  await form.getByLabel('Active').check();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText("S3 Bucket name can't be blank")).toBeVisible();
  await expect(form.getByLabel('S3 Bucket name')).toBeFocused();

  await form.getByLabel('Status page URL').fill(STATUS_SITE);
  await form.getByLabel('S3 Bucket name').fill(s3.bucket);
  await form.getByLabel('AWS region').fill(s3.region);
  await form.getByLabel('AWS access key ID').fill(s3.accessKeyId);
  await form.getByLabel('AWS Secret access key').fill(s3.secretAccessKey);
  await form.getByLabel('S3 endpoint').fill(s3.endpoint);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('settings-notice')).toHaveText('Your changes have been saved');
  // The secret is never shown again; a blank field keeps it.
  await expect(form.getByLabel('AWS Secret access key')).toHaveValue('');
  await expect(form.getByText('A secret is saved. Leave this blank to keep it.')).toBeVisible();

  // A new incident, published from a comment.
  const created = await api(page, 'POST', `/api/v4/projects/${encodeURIComponent(PROJECT)}/issues`, {
    title: 'Checkout is slow',
    description: 'Payments time out for some users.',
    issue_type: 'incident',
  });
  expect(created.status).toBe(201);
  const iid = created.body.iid as number;
  await page.goto(`/${PROJECT}/-/issues/incident/${iid}`);
  await waitForIdle(page);
  await expect(page.getByTestId('published-incident-link')).toHaveCount(0);
  const comment = page.getByPlaceholder('Write a comment or drag your files here…');
  await comment.fill('/publish');
  await page.getByTestId('comment-submit-new').click();
  await expect(page.getByText('Issue published on status page.')).toBeVisible();
  const link = page.getByTestId('published-incident-link');
  await expect(link).toHaveText('Published on status page');
  await expect(link).toHaveAttribute('href', `${STATUS_SITE}/#/data/incident/${iid}.json`);
  await expect(page.getByText('published this issue to the status page')).toBeVisible();

  // The server writes the incident's files to the bucket by itself.
  await expect
    .poll(() => bucketJson(`data/incident/${iid}.json`), { timeout: 30_000, intervals: [250] })
    .toMatchObject({ id: iid, status: 'opened', title: 'Checkout is slow' });
  await expect
    .poll(async () =>
      ((await bucketJson('data/list.json')) as { id: number }[] | null)?.map((item) => item.id),
    )
    .toContain(iid);

  // The settings page tells how publishing went; then the status page is turned off again.
  await page.goto(`/${PROJECT}/-/settings/operations`);
  await waitForIdle(page);
  await expect(page.getByTestId('status-page-status')).toContainText(
    '1 incident is published. Last published',
  );
  await form.getByLabel('Active').uncheck();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('settings-notice')).toHaveText('Your changes have been saved');
  await page.goto(`/${PROJECT}/-/issues/incident/${iid}`);
  await waitForIdle(page);
  await expect(page.getByTestId('published-incident-link')).toHaveCount(0);
});

test('a developer sees no Settings, and the page is not found for them', async ({ page }) => {
  await signIn(page, 'developer', `/${PROJECT}`);
  await expect(page.getByRole('link', { name: 'Members' }).first()).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Settings' }),
  ).toHaveCount(0);
  const response = await page.goto(`/${PROJECT}/-/settings/operations`);
  expect(response?.status()).toBe(404);
});
