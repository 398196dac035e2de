import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { closeOtherContexts, expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

test.afterEach(({ browser, context }) => closeOtherContexts(browser, context));
// Each walk signs in two or three people and opens several pages: more than the default budget on a
// busy machine, while every step keeps its own 10 s.
test.describe.configure({ timeout: 120_000 });

/**
 * The environments pages and deployment approvals: a deployment to a protected environment waits
 * for a Maintainer's approval, runs once approved, fails once rejected; its deployer may only reject;
 * a refusal shows the server's words; an environment is stopped from the list. Every test writes
 * environments of its own, uniquely named, in `workshop/playground`.
 */

const PROJECT = 'workshop/playground';
const API = `/api/v4/projects/${encodeURIComponent(PROJECT)}`;
let made = 0;

const unique = (prefix: string) => {
  made += 1;
  return `${prefix}-${Date.now().toString(36)}-${made}`;
};
/** A 40-hex-digit commit sha of its own. */
const newSha = () => randomBytes(20).toString('hex');

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

/** As the maintainer: a new production environment whose deployments wait for a Maintainer. */
async function protectedEnvironment(maintainer: Page, name: string): Promise<number> {
  const created = await api(maintainer, 'POST', `${API}/environments`, {
    name,
    tier: 'production',
    external_url: 'https://playground.example.com',
  });
  expect(created.status).toBe(201);
  const protection = await api(maintainer, 'POST', `${API}/protected_environments`, {
    name,
    deploy_access_levels: [{ access_level: 30 }],
    approval_rules: [{ access_level: 40, required_approvals: 1 }],
  });
  expect(protection.status).toBe(201);
  return created.body.id as number;
}

/** Reports a deployment as the page's user, the way a CI system does: it starts blocked. */
async function reportDeployment(page: Page, environment: string): Promise<{ id: number; iid: number }> {
  const answer = await api(page, 'POST', `${API}/deployments`, {
    environment,
    sha: newSha(),
    ref: 'main',
    tag: false,
    status: 'running',
  });
  expect(answer.status).toBe(201);
  expect(answer.body.status).toBe('blocked');
  return { id: answer.body.id as number, iid: answer.body.iid as number };
}

async function openEnvironment(page: Page, id: number): Promise<void> {
  await page.goto(`/${PROJECT}/-/environments/${id}`);
  await waitForIdle(page);
  await expect(page.getByTestId('deployment-list')).toBeVisible();
}

const deploymentItem = (page: Page, iid: number): Locator =>
  page.getByTestId('deployment').filter({ has: page.getByTestId('deployment-iid').getByText(`#${iid}`) });

test('a blocked deployment waits for a maintainer, who approves it with a comment, and it runs', async ({
  page,
  browser,
}) => {
  const name = unique('e2e-production');
  await signIn(page, 'maintainer');
  const environmentId = await protectedEnvironment(page, name);
  const developer = await signedInPage(browser, 'developer');
  const { id, iid } = await reportDeployment(developer, name);

  // The list marks the environment whose last deployment waits.
  await developer.goto(`/${PROJECT}/-/environments`);
  await waitForIdle(developer);
  const row = developer.getByTestId('environment-row').filter({ hasText: name });
  await expect(row.getByTestId('approval-pending')).toHaveText('Deployment approval pending');
  await expect(row.getByTestId('deployment-status')).toHaveText('Waiting for approval');
  await expect(row.getByTestId('deployment-iid')).toHaveText(`#${iid}`);
  await row.getByTestId('environment-name').click();
  await waitForIdle(developer);
  await expect(developer.getByTestId('environment-title')).toHaveText(name);
  // A Developer is not among the approvers: the rule shows, no Approve or Reject does.
  const waiting = deploymentItem(developer, iid);
  await expect(waiting.getByTestId('approval-rule')).toHaveText('Maintainers: 0 of 1 approval');
  await expect(waiting.getByTestId('approve-deployment')).toHaveCount(0);
  await expect(waiting.getByTestId('reject-deployment')).toHaveCount(0);

  const owner = await signedInPage(browser, 'owner');
  await openEnvironment(owner, environmentId);
  const item = deploymentItem(owner, iid);
  await expect(item.getByTestId('deployment-status')).toHaveText('Waiting for approval');
  await expect(item.getByTestId('approvals-pending')).toHaveText('Waiting for 1 more approval');
  await expectNoSeriousAxeViolations(owner);
  await item.getByRole('textbox', { name: 'Comment (optional)' }).fill('Smoke tests passed, ship it');
  await item.getByRole('button', { name: 'Approve' }).click();

  await expect(item.getByTestId('deployment-status')).toHaveText('Running');
  await expect(item.getByTestId('approval-form')).toHaveCount(0);
  const approval = item.getByTestId('deployment-approval');
  await expect(approval).toContainText('Olivia Owens');
  await expect(approval.getByTestId('deployment-approval-status')).toHaveText('approved');
  await expect(approval.getByTestId('deployment-approval-comment')).toHaveText('Smoke tests passed, ship it');
  const stored = await api(owner, 'GET', `${API}/deployments/${id}`);
  expect(stored.body).toMatchObject({ status: 'running', pending_approval_count: 0 });

  // The developer's page, read again, shows it running.
  await developer.reload();
  await waitForIdle(developer);
  await expect(deploymentItem(developer, iid).getByTestId('deployment-status')).toHaveText('Running');
});

test('a rejected deployment fails, with the rejection and its comment kept', async ({ page, browser }) => {
  const name = unique('e2e-release');
  await signIn(page, 'maintainer');
  const environmentId = await protectedEnvironment(page, name);
  const developer = await signedInPage(browser, 'developer');
  const { id, iid } = await reportDeployment(developer, name);

  await openEnvironment(page, environmentId);
  const item = deploymentItem(page, iid);
  await item.getByTestId('approval-comment').fill('The migration is not reversible');
  await item.getByTestId('reject-deployment').click();
  await expect(item.getByTestId('deployment-status')).toHaveText('Failed');
  await expect(item.getByTestId('deployment-finished')).toContainText('Finished');
  await expect(item.getByTestId('deployment-approval-status')).toHaveText('rejected');
  await expect(item.getByTestId('deployment-approval-comment')).toHaveText('The migration is not reversible');
  expect((await api(page, 'GET', `${API}/deployments/${id}`)).body.status).toBe('failed');
});

test('the deployer may only reject, and a refusal shows the server’s message', async ({ page, browser }) => {
  const name = unique('e2e-hotfix');
  await signIn(page, 'maintainer');
  const environmentId = await protectedEnvironment(page, name);
  // The maintainer deploys, so approving is someone else's to do.
  const own = await reportDeployment(page, name);
  await openEnvironment(page, environmentId);
  const mine = deploymentItem(page, own.iid);
  await expect(mine.getByTestId('approval-form')).toContainText('you can reject it, but not approve it');
  await expect(mine.getByTestId('approve-deployment')).toHaveCount(0);
  await expect(mine.getByTestId('reject-deployment')).toBeVisible();
  const refused = await api(page, 'POST', `${API}/deployments/${own.id}/approval`, { status: 'approved' });
  expect(refused).toEqual({ status: 400, body: { message: 'The same user can not approve' } });

  // The owner's page goes stale: the deployment is approved elsewhere before they act.
  const owner = await signedInPage(browser, 'owner');
  const developer = await signedInPage(browser, 'developer');
  const theirs = await reportDeployment(developer, name);
  await openEnvironment(owner, environmentId);
  const stale = deploymentItem(owner, theirs.iid);
  await expect(stale.getByTestId('approve-deployment')).toBeVisible();
  const approved = await api(page, 'POST', `${API}/deployments/${theirs.id}/approval`, {
    status: 'approved',
  });
  expect(approved.status).toBe(201);
  await stale.getByTestId('approve-deployment').click();
  await expect(stale.getByTestId('approval-error')).toHaveText(
    'This deployment job is not waiting for approvals',
  );
});

test('an environment is stopped from the list after confirming, and shows under Stopped', async ({
  page,
  browser,
}) => {
  const name = unique('e2e-review');
  await signIn(page, 'developer');
  const created = await api(page, 'POST', `${API}/environments`, { name });
  expect(created.status).toBe(201);
  const deployed = await api(page, 'POST', `${API}/deployments`, {
    environment: name,
    sha: newSha(),
    ref: 'feature/review',
    tag: false,
    status: 'success',
  });
  expect(deployed.body.status).toBe('success');

  // A Reporter reads the list but may not stop anything.
  const reporter = await signedInPage(browser, 'reporter');
  await reporter.goto(`/${PROJECT}/-/environments`);
  await waitForIdle(reporter);
  const readOnly = reporter.getByTestId('environment-row').filter({ hasText: name });
  await expect(readOnly.getByTestId('deployment-status')).toHaveText('Success');
  await expect(readOnly.getByTestId('stop-environment')).toHaveCount(0);

  await page.goto(`/${PROJECT}/-/environments`);
  await waitForIdle(page);
  const navigation = page.getByRole('navigation', { name: 'Project' });
  await expect(navigation.getByRole('link', { name: 'Environments' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const activeCount = await tabNumber(page, 'Active');
  const row = page.getByTestId('environment-row').filter({ hasText: name });
  await expect(row.getByTestId('deployment-ref').locator('code')).toHaveText('feature/review');
  await row.getByRole('button', { name: `Stop environment ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Stopping ${name}` });
  await expect(dialog).toContainText('Are you sure you want to stop this environment?');
  await expectNoSeriousAxeViolations(page);
  await dialog.getByTestId('stop-environment-confirm').click();
  await expect(dialog).not.toBeVisible();
  await expect(row).toHaveCount(0);
  await expect.poll(() => tabNumber(page, 'Active')).toBe(activeCount - 1);

  await page.getByRole('tab', { name: /^Stopped/ }).click();
  await waitForIdle(page);
  expect(new URL(page.url()).search).toBe('?scope=stopped');
  const stopped = page.getByTestId('environment-row').filter({ hasText: name });
  await expect(stopped).toBeVisible();
  await expect(stopped.getByTestId('stop-environment')).toHaveCount(0);
});

/** The count on the environments list's tab ('Active 3'). */
async function tabNumber(page: Page, name: 'Active' | 'Stopped'): Promise<number> {
  const text = await page.getByRole('tab', { name: new RegExp(`^${name}`) }).innerText();
  return Number(text.replace(/[^0-9]/g, ''));
}
