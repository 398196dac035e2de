import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, waitForIdle } from './helpers.ts';
import { api } from './treeHelpers.ts';

/**
 * A top-level group's Billing page, GitLab's free trial and the checkout. They run in order: the
 * first reads `sandbox` on Free, the second starts its trial (a group has one) and lets it run out,
 * the third buys Premium for it through the sandbox payment provider.
 */
test.describe.configure({ mode: 'serial' });

test("an owner finds the group's plan, seats and dates under Billing; a developer finds no Billing", async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner', '/groups/acme');
  await page.getByRole('navigation').getByRole('link', { name: 'Billing' }).click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/\/groups\/acme\/-\/billings$/);
  await expect(page.getByTestId('billing-plan')).toHaveText(
    'Acme Corp is currently using the Ultimate plan.',
  );
  const seats = page.getByTestId('billing-seats');
  await expect(seats).toContainText('Seats in subscription25');
  await expect(seats).toContainText('Seats owed0');
  await expect(page.getByTestId('billing-dates')).toContainText('Renews automatically');
  await expect(page.getByTestId('billing-plan-ultimate')).toContainText('Current plan');
  await expectNoSeriousAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await waitForIdle(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoSeriousAxeViolations(page);

  // Free has no seats to pay for; a subgroup has no Billing of its own.
  await page.goto('/groups/sandbox/-/billings');
  await expect(page.getByTestId('billing-plan')).toHaveText('Sandbox is currently using the Free plan.');
  await expect(page.getByTestId('billing-seats')).not.toContainText('Seats owed');
  // Free keeps epics and the roadmap behind GitLab's upsell, which offers the trial.
  await page.goto('/groups/sandbox/-/roadmap');
  await waitForIdle(page);
  const upsell = page.getByTestId('feature-upsell');
  await expect(upsell).toContainText(
    'Epics are available on Premium or Ultimate. Sandbox is on the Free plan.',
  );
  await expect(page.getByTestId('feature-upsell-trial')).toHaveAttribute(
    'href',
    /^\/-\/trials\/new\?namespace_id=\d+$/,
  );
  await expect(page.getByTestId('side-nav-roadmap')).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousAxeViolations(page);
  await page.goto('/groups/acme/platform');
  await waitForIdle(page);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Billing' })).toHaveCount(0);
  expect((await page.goto('/groups/acme/platform/-/billings'))?.status()).toBe(404);

  const context = await browser.newContext();
  const developer = await context.newPage();
  await signIn(developer, 'developer', '/groups/acme');
  await expect(developer.getByRole('navigation').getByRole('link', { name: 'Members' })).toBeVisible();
  await expect(developer.getByRole('navigation').getByRole('link', { name: 'Billing' })).toHaveCount(0);
  expect((await developer.goto('/groups/acme/-/billings'))?.status()).toBe(404);
  await context.close();
});

test('an owner starts a free trial on sandbox, watches its days in the sidebar, and sees it end', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner', '/groups/sandbox/-/billings');
  await page.getByTestId('billing-start-trial').click();
  await waitForIdle(page);
  await expect(page.getByTestId('trial-namespace')).toHaveValue(/\d+/);
  await page.getByTestId('trial-submit').click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/\/groups\/sandbox\/-\/billings$/);
  await expect(page.getByText('Congratulations, your free trial is activated.')).toBeVisible();
  await expect(page.getByTestId('billing-plan')).toHaveText(
    'Sandbox is currently using the Ultimate Trial plan.',
  );
  const widget = page.getByTestId('trial-widget');
  await expect(widget).toContainText('Ultimate Trial');
  await expect(page.getByTestId('trial-widget-day')).toHaveText('Day 1/30');
  await widget.hover();
  const popover = page.getByTestId('trial-popover');
  await expect(popover).toContainText('Hey there');
  await expect(popover).toContainText(/Your trial ends on [A-Z][a-z]+ \d{1,2}\./);
  await expect(popover.getByRole('link', { name: 'Upgrade Sandbox to Ultimate' })).toHaveAttribute(
    'href',
    /^\/-\/subscriptions\/new\?namespace_id=\d+&plan_id=ultimate$/,
  );
  await expect(popover.getByRole('link', { name: 'Compare all plans' })).toHaveAttribute(
    'href',
    '/groups/sandbox/-/billings',
  );

  // With the instance's contact-sales variant, the popover asks the sales team to get in touch.
  const settingsPath = '/api/v4/application/settings';
  const adminContext = await browser.newContext();
  const settingsAdmin = await adminContext.newPage();
  await signIn(settingsAdmin, 'admin', '/');
  expect(
    (await api(settingsAdmin, 'PUT', settingsPath, { trial_widget_variant: 'contact_sales' })).status,
  ).toBe(200);
  try {
    await page.reload();
    await waitForIdle(page);
    await page.getByTestId('trial-widget').hover();
    await expect(page.getByTestId('trial-popover-upgrade')).toHaveCount(0);
    await page.getByTestId('trial-popover-contact-sales').click();
    const lead = page.getByTestId('hand-raise-lead');
    await expect(lead).toContainText('Contact our Sales team');
    await lead.getByLabel('First name').fill('Olivia');
    await lead.getByLabel('Last name').fill('Owens');
    await lead.getByLabel('Company name').fill('Sandbox Labs');
    await lead.getByLabel('Number of employees').selectOption('100 - 499');
    await lead.getByLabel('Telephone number').fill('+1 555 0100');
    await lead.getByLabel('Country').selectOption('US');
    await lead.getByRole('button', { name: 'Submit information' }).click();
    await expect(lead.getByTestId('hand-raise-lead-error')).toContainText("State can't be blank");
    await lead.getByLabel('State or province').selectOption('IL');
    await expectNoSeriousAxeViolations(page);
    await lead.getByRole('button', { name: 'Submit information' }).click();
    await expect(
      page.getByText('Thank you for reaching out! Our sales team will get back to you soon.'),
    ).toBeVisible();
    await expect(lead).toBeHidden();
  } finally {
    await api(settingsAdmin, 'PUT', settingsPath, { trial_widget_variant: 'upgrade' });
    await adminContext.close();
  }

  // The trial's Ultimate shows the epics that Free keeps behind the upsell.
  await page.goto('/groups/sandbox/-/epics');
  await waitForIdle(page);
  await expect(page.getByTestId('new-epic-link')).toBeVisible();
  await expect(page.getByTestId('feature-upsell')).toHaveCount(0);

  // A trial already had cannot start again.
  await page.goto('/-/trials/new');
  await expect(page.getByTestId('trial-none')).toBeVisible();

  // Fifteen days in (an administrator moves the trial's dates), then past its end.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, 'admin', '/groups/sandbox');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const path = '/api/v4/namespaces/sandbox/gitlab_subscription';
  expect((await api(admin, 'PUT', path, { trial_starts_on: day(-15), trial_ends_on: day(15) })).status).toBe(
    200,
  );
  await page.goto('/groups/sandbox');
  await waitForIdle(page);
  await expect(page.getByTestId('trial-widget-day')).toHaveText('Day 16/30');
  expect((await api(admin, 'PUT', path, { trial_starts_on: day(-31), trial_ends_on: day(-1) })).status).toBe(
    200,
  );
  await context.close();

  await page.goto('/groups/sandbox/-/epics');
  await waitForIdle(page);
  await expect(page.getByTestId('feature-upsell')).toBeVisible();
  await expect(page.getByTestId('feature-upsell-trial')).toHaveCount(0);
  await expect(page.getByTestId('feature-upsell-upgrade')).toHaveAttribute(
    'href',
    '/groups/sandbox/-/billings',
  );
  await expect(page.getByTestId('trial-widget')).toHaveCount(0);
  await expect(page.getByTestId('trial-ended-banner')).toHaveCount(0);
  await page.goto('/groups/sandbox');
  await waitForIdle(page);
  const banner = page.getByTestId('trial-ended-banner');
  await expect(banner).toContainText('Your Ultimate trial has ended. Sandbox is now on the Free plan.');
  await banner.getByRole('link', { name: 'See plans' }).click();
  await waitForIdle(page);
  await expect(page.getByTestId('billing-plan')).toHaveText('Sandbox is currently using the Free plan.');
  await expect(page.getByTestId('billing-start-trial')).toHaveCount(0);
  await page.getByTestId('trial-ended-banner').getByRole('button', { name: 'Dismiss' }).click();
  await page.reload();
  await waitForIdle(page);
  await expect(page.getByTestId('trial-ended-banner')).toHaveCount(0);
});

test('an owner buys Premium for sandbox: a declined card, then one whose bank asks to confirm', async ({
  page,
}) => {
  await signIn(page, 'owner', '/groups/sandbox/-/billings');
  await page.getByTestId('billing-upgrade-premium').click();
  await waitForIdle(page);
  await expect(page).toHaveURL(/\/-\/subscriptions\/new\?namespace_id=\d+&plan_id=premium$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upgrade to Premium');

  // Fewer seats than the group's members are refused; the total follows the seats.
  const seats = page.getByTestId('checkout-seats');
  const inUse = Number(await seats.inputValue());
  expect(inUse).toBeGreaterThan(1);
  await seats.fill('1');
  await page.getByTestId('checkout-details-continue').click();
  await expect(page.getByTestId('checkout-step-details')).toContainText(`must be at least ${inUse}`);
  await seats.fill(String(inUse + 2));
  await expect(page.getByTestId('checkout-total')).toHaveText(
    `$${((inUse + 2) * 348).toLocaleString('en-US')}.00`,
  );
  await page.getByTestId('checkout-details-continue').click();

  // The billing address: states come with the country.
  await page.getByTestId('checkout-country').selectOption('US');
  await page.getByTestId('checkout-address-continue').click();
  await expect(page.getByTestId('checkout-step-address')).toContainText("City can't be blank.");
  await page.getByTestId('checkout-address1').fill('1 Main Street');
  await page.getByTestId('checkout-city').fill('Springfield');
  await page.getByTestId('checkout-state').selectOption('IL');
  await page.getByTestId('checkout-zip').fill('62701');
  await page.getByTestId('checkout-address-continue').click();

  const payWith = async (number: string) => {
    await page.getByTestId('checkout-card-name').fill('Olivia Owens');
    await page.getByTestId('checkout-card-number').fill(number);
    await page.getByTestId('checkout-card-month').fill('12');
    await page.getByTestId('checkout-card-year').fill(String((new Date().getUTCFullYear() + 3) % 100));
    await page.getByTestId('checkout-card-cvc').fill('123');
    await page.getByTestId('checkout-card-continue').click();
  };
  await payWith('4242 4242 4242 4241');
  await expect(page.getByTestId('checkout-card-error')).toHaveText('Your card number is invalid.');
  await payWith('4000 0000 0000 0002');
  await expect(page.getByTestId('checkout-step-payment')).toContainText('Visa •••• 0002');
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId('checkout-confirm').click();
  await expect(page.getByTestId('checkout-error')).toHaveText('Your card was declined.');

  await page.getByRole('button', { name: 'Edit payment method' }).click();
  await payWith('4000 0025 0000 3155');
  await page.getByTestId('checkout-confirm').click();
  const bank = page.getByTestId('checkout-bank');
  await expect(bank).toContainText('Your bank asks you to confirm the payment');
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await waitForIdle(page);

  await expect(page).toHaveURL(/\/groups\/sandbox\/-\/billings$/);
  await expect(
    page.getByText('Thank you for your purchase. Sandbox is now on the Premium plan.'),
  ).toBeVisible();
  await expect(page.getByTestId('billing-plan')).toHaveText('Sandbox is currently using the Premium plan.');
  await expect(page.getByTestId('billing-seats')).toContainText(`Seats in subscription${inUse + 2}`);
  await expect(page.getByTestId('billing-invoices')).toContainText(`Premium, ${inUse + 2} seats`);
  await expect(page.getByTestId('billing-invoices')).toContainText('Visa •••• 3155');
  // Ultimate is what is left to buy.
  await expect(page.getByTestId('billing-upgrade-premium')).toHaveCount(0);
  await expect(page.getByTestId('billing-upgrade-ultimate')).toBeVisible();

  // Premium ungates epics and their roadmap at once.
  await page.goto('/groups/sandbox/-/roadmap');
  await waitForIdle(page);
  await expect(page.getByTestId('feature-upsell')).toHaveCount(0);
  await expect(page.getByTestId('roadmap-filters')).toBeVisible();
});

test('an administrator assigns a plan outright; an owner has no such form', async ({ page }) => {
  await signIn(page, 'owner', '/groups/sandbox/-/billings');
  await expect(page.getByTestId('billing-plan')).toHaveText('Sandbox is currently using the Premium plan.');
  await expect(page.getByTestId('billing-assign-plan')).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, 'admin', '/groups/sandbox/-/billings');
  const form = page.getByTestId('billing-assign-plan');
  await form.getByLabel('Plan').selectOption('ultimate');
  await form.getByLabel('Seats').fill('0');
  await form.getByLabel('Seats').fill('20');
  await form.getByRole('button', { name: 'Assign plan' }).click();
  await waitForIdle(page);
  await expect(page.getByTestId('billing-plan')).toHaveText('Sandbox is currently using the Ultimate plan.');
  await expect(page.getByTestId('billing-seats')).toContainText('Seats in subscription20');

  await form.getByLabel('End date (optional)').fill('2000-01-01');
  await form.getByRole('button', { name: 'Assign plan' }).click();
  await expect(page.getByTestId('billing-assign-error')).toContainText('must be on or after the start date');
});
