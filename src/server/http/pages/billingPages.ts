import { groupBillingPath } from '../../../core/domain/webPaths.ts';
import type { BillingJson, TrialStatusJson } from '../../../core/pages/pageMount.ts';
import type { Executor } from '../../db/executor.ts';
import type { NamespaceRow } from '../../db/schema.ts';
import type { AccessContext } from '../../services/access.ts';
import {
  canReadBilling,
  rootGroupOf,
  subscriptionOf,
} from '../../services/billing/gitlabSubscriptionService.ts';

/** Billing is a top-level group's page: its owners and administrators see it. */
export async function canReadBillingOf(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
): Promise<boolean> {
  return group.parent_id === null && (await canReadBilling(db, access, group));
}

/** The Billing page's plan, seats and dates, and whether its trial may start. */
export async function billingJson(db: Executor, group: NamespaceRow, today: string): Promise<BillingJson> {
  const view = await subscriptionOf(db, group, today);
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
  };
}

/**
 * The group's trial as its top-level group's owners see it on every group page: the sidebar's
 * widget while it runs, a banner once it has ended; '' for anyone else, or without a trial.
 */
export async function trialStatusOf(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  today: string,
): Promise<string> {
  if (!access.actor.user || !(await canReadBilling(db, access, group))) return '';
  const root = await rootGroupOf(db, group);
  const view = await subscriptionOf(db, root, today);
  const status: TrialStatusJson | null =
    view.trial && view.trialStartsOn && view.trialEndsOn
      ? {
          state: 'running',
          plan: view.plan,
          group_name: root.name,
          billing_path: groupBillingPath(root.full_path),
          starts_on: view.trialStartsOn,
          ends_on: view.trialEndsOn,
          today,
        }
      : view.endedTrial
        ? {
            state: 'ended',
            plan: view.endedTrial.plan,
            group_name: root.name,
            billing_path: groupBillingPath(root.full_path),
            starts_on: view.trialStartsOn ?? view.endedTrial.endsOn,
            ends_on: view.endedTrial.endsOn,
            today,
          }
        : null;
  return status ? JSON.stringify(status) : '';
}
