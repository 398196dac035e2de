import type { TrialWidgetVariant } from '../../../core/domain/applicationSettings.ts';
import { groupBillingPath, newSubscriptionPath } from '../../../core/domain/webPaths.ts';
import type { BillingJson, TrialStatusJson } from '../../../core/pages/pageMount.ts';
import type { Executor } from '../../db/executor.ts';
import type { NamespaceRow } from '../../db/schema.ts';
import type { AccessContext } from '../../services/access.ts';
import {
  planStateOf,
  rootGroupOf,
  subscriptionOf,
} from '../../services/billing/gitlabSubscriptionService.ts';
import { invoicesOf } from '../../services/billing/purchaseService.ts';

/** The Billing page's plan, seats and dates, and whether its trial may start. */
export async function billingJson(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  today: string,
): Promise<BillingJson> {
  const view = await subscriptionOf(db, group, today);
  const invoices = await invoicesOf(db, access, group);
  return {
    plan: view.plan,
    trial: view.trial,
    trial_ends_on: view.trialEndsOn,
    seats_in_subscription: view.seats,
    seats_in_use: view.seatsInUse,
    max_seats_used: view.maxSeatsUsed,
    seats_owed: view.seatsOwed,
    subscription_start_date: view.startDate,
    subscription_end_date: view.endDate,
    auto_renew: view.autoRenew,
    exclude_guests: view.excludeGuests,
    trial_available: view.plan === 'free' && view.trialStartsOn === null,
    ended_trial_plan: view.endedTrial?.plan ?? null,
    ended_trial_on: view.endedTrial?.endsOn ?? null,
    has_subscription: view.recorded,
    today,
    invoices: invoices.map((invoice) => ({
      number: invoice.number,
      created_at: invoice.created_at.toISOString(),
      plan: invoice.plan_code,
      seats: invoice.seats,
      amount_cents: Number(invoice.amount_cents),
      currency: invoice.currency,
      period_start: invoice.period_start,
      period_end: invoice.period_end,
      card: `${invoice.card_brand} •••• ${invoice.card_last4}`,
    })),
  };
}

/**
 * The top-level group's trial as its owners see it on every group page: the sidebar's widget while
 * it runs, a banner once it has ended; '' without a trial. The caller has found the viewer an owner.
 */
export async function trialStatusOf(
  db: Executor,
  group: NamespaceRow,
  today: string,
  variant: TrialWidgetVariant,
): Promise<string> {
  const root = await rootGroupOf(db, group);
  const { trial } = await planStateOf(db, root, today);
  if (!trial) return '';
  const status: TrialStatusJson = {
    state: trial.state,
    plan: trial.plan,
    group_name: root.name,
    billing_path: groupBillingPath(root.full_path),
    upgrade_path: newSubscriptionPath(root.id, trial.plan),
    namespace_id: root.id,
    variant,
    starts_on: trial.startsOn,
    ends_on: trial.endsOn,
    today,
  };
  return JSON.stringify(status);
}
