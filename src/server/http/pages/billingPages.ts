import type { BillingJson } from '../../../core/pages/pageMount.ts';
import type { Executor } from '../../db/executor.ts';
import type { NamespaceRow } from '../../db/schema.ts';
import type { AccessContext } from '../../services/access.ts';
import { canReadBilling, subscriptionOf } from '../../services/billing/gitlabSubscriptionService.ts';

/** Billing is a top-level group's page: its owners and administrators see it. */
export async function canReadBillingOf(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
): Promise<boolean> {
  return group.parent_id === null && (await canReadBilling(db, access, group));
}

/** The Billing page's plan, seats and dates. */
export async function billingJson(db: Executor, group: NamespaceRow): Promise<BillingJson> {
  const view = await subscriptionOf(db, group);
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
  };
}
