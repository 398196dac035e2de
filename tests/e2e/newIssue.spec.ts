import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';

/**
 * GitLab's New issue page and the project's description templates, in `workshop/playground` (seeded
 * with the Bug and Feature proposal templates), away from acme's lists and counts.
 */

const PROJECT = 'workshop/playground';

test('a developer opens New issue from the list, fills it from a template, edits it and creates it', async ({
  page,
}) => {
  await signIn(page, 'developer', `/${PROJECT}/-/issues`);
  await page.getByTestId('new-issue-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New issue');
  await waitForIdle(page);
  await expect(page.getByTestId('new-issue-type').locator('option')).toHaveText(['Issue', 'Incident']);

  await page.getByTestId('new-issue-title').fill('Checkout fails on Safari');
  const select = page.getByTestId('template-select');
  await select.selectOption('Bug');
  const description = page.getByTestId('issuable-description-input');
  await expect(description).toHaveValue(/## Steps to reproduce/);
  const edited = (await description.inputValue()).replace('1. ', '1. Open the checkout in Safari');
  await description.fill(edited);

  // The description was edited since the template: choosing another one asks first.
  await select.selectOption('Feature proposal');
  const dialog = page.getByTestId('template-confirm-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(description).toHaveValue(edited);
  await expect(select).toHaveValue('Bug');

  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByTestId('markdown-preview').getByRole('heading', { name: 'Summary' })).toBeVisible();
  await page.getByTestId('new-issue-milestone').selectOption({ label: 'Playground launch' });
  await expectNoSeriousAxeViolations(page);

  await page.getByTestId('create-issue').click();
  await page.waitForURL(new RegExp(`/${PROJECT}/-/issues/\\d+$`));
  await waitForIdle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout fails on Safari');
  await expect(page.getByTestId('issuable-description')).toContainText('Open the checkout in Safari');
  await expect(page.getByTestId('sidebar-milestone-value')).toContainText('Playground launch');
  await expect(page.getByTestId('issue-new-issue')).toBeVisible();
});

test('a maintainer adds a template on the templates page and it is offered on New issue', async ({
  page,
}) => {
  await signIn(page, 'maintainer', `/${PROJECT}`);
  await page.getByTestId('project-issue-templates-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Issue templates');
  await expect(page.getByTestId('template-row')).toHaveCount(2);

  await page.getByTestId('new-template').click();
  await page.getByTestId('template-name').fill('ops/release');
  await page.getByTestId('issuable-description-input').fill('## Release checklist\n\n- [ ] Tag it');
  await page.getByTestId('template-save').click();
  await expect(page.getByTestId('templates-error')).toHaveText("name can't contain '/'");

  await page.getByTestId('template-name').fill('Release checklist');
  await page.getByTestId('template-save').click();
  await expect(page.getByTestId('templates-notice')).toHaveText('Template “Release checklist” saved.');
  await expect(page.getByTestId('template-row')).toHaveCount(3);
  await expectNoSeriousAxeViolations(page);

  await page.goto(`/${PROJECT}/-/issues/new`);
  await waitForIdle(page);
  await page.getByTestId('template-select').selectOption('Release checklist');
  await expect(page.getByTestId('issuable-description-input')).toHaveValue(
    '## Release checklist\n\n- [ ] Tag it',
  );
});

test('a guest gets no Incident type and no metadata, and ?issuable_template= preselects a template', async ({
  page,
}) => {
  await signIn(
    page,
    'guest',
    `/${PROJECT}/-/issues/new?issuable_template=${encodeURIComponent('Feature proposal')}`,
  );
  await expect(page.getByTestId('new-issue-type').locator('option')).toHaveText(['Issue']);
  await expect(page.getByTestId('new-issue-metadata')).toHaveCount(0);
  await expect(page.getByTestId('template-select')).toHaveValue('Feature proposal');
  await expect(page.getByTestId('issuable-description-input')).toHaveValue(/## Problem to solve/);
});
