/** What a group's epics pages show when its top-level group's plan lacks epics. */
import { PLAN_TITLES } from '../../../core/domain/plans.ts';
import { groupBillingPath, newTrialPath } from '../../../core/domain/webPaths.ts';
import type { Executor } from '../../db/executor.ts';
import type { NamespaceRow } from '../../db/schema.ts';
import { planStateOf, rootGroupOf } from '../../services/billing/gitlabSubscriptionService.ts';

/** The group sections that are epics' pages, and which upsell each shows. */
export function upsellFeatureOf(section: string): 'epics' | 'roadmap' | null {
  if (section === 'roadmap') return 'roadmap';
  if (section === 'epics' || section === 'epics/new' || /^epics\/\d+$/.test(section)) return 'epics';
  return null;
}

/**
 * The upsell's plan and what its owners may do about it: the trial (a Free group that never had
 * one) and the top-level group's Billing page.
 */
export async function upsellActions(
  db: Executor,
  group: NamespaceRow,
  today: string,
  ownsRoot: boolean,
): Promise<{ planTitle: string; trialPath: string; billingPath: string }> {
  const root = await rootGroupOf(db, group);
  const { plan, hadTrial } = await planStateOf(db, root, today);
  return {
    planTitle: PLAN_TITLES[plan],
    trialPath: ownsRoot && plan === 'free' && !hadTrial ? newTrialPath(root.id) : '',
    billingPath: ownsRoot ? groupBillingPath(root.full_path) : '',
  };
}
