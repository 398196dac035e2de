/** What a group's epics, analytics and vulnerability report pages show when its top-level group's plan lacks the feature. */
import type { LicensedFeature } from '../../../core/domain/licensedFeatures.ts';
import { PLAN_TITLES } from '../../../core/domain/plans.ts';
import { groupBillingPath, newTrialPath } from '../../../core/domain/webPaths.ts';
import type { Executor } from '../../db/executor.ts';
import type { NamespaceRow } from '../../db/schema.ts';
import { planStateOf, rootGroupOf } from '../../services/billing/gitlabSubscriptionService.ts';

/** The upsell pages, by the page asked for. */
export type UpsellFeature = 'epics' | 'roadmap' | 'value_stream_analytics' | 'vulnerability_report';

/** The licensed feature whose absence each upsell stands for. */
export const UPSELL_LICENSED_FEATURES: Readonly<Record<UpsellFeature, LicensedFeature>> = {
  epics: 'epics',
  roadmap: 'epics',
  value_stream_analytics: 'cycle_analytics_for_groups',
  vulnerability_report: 'security_dashboard',
};

/** The page titles of the upsells. */
export const UPSELL_PAGE_TITLES: Readonly<Record<UpsellFeature, string>> = {
  epics: 'Epics',
  roadmap: 'Roadmap',
  value_stream_analytics: 'Value Stream Analytics',
  vulnerability_report: 'Vulnerability report',
};

/** The group sections that are epics', analytics' or the vulnerability report's pages, and which upsell each shows. */
export function upsellFeatureOf(section: string): UpsellFeature | null {
  if (section === 'roadmap') return 'roadmap';
  if (section === 'epics' || section === 'epics/new' || /^epics\/\d+$/.test(section)) return 'epics';
  if (section === VALUE_STREAM_ANALYTICS_SECTION) return 'value_stream_analytics';
  if (section === GROUP_VULNERABILITY_REPORT_SECTION) return 'vulnerability_report';
  return null;
}

/** The group section of GitLab's value stream analytics page. */
export const VALUE_STREAM_ANALYTICS_SECTION = 'analytics/value_stream_analytics';

/** The group section of GitLab's group vulnerability report. */
export const GROUP_VULNERABILITY_REPORT_SECTION = 'security/vulnerabilities';

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
