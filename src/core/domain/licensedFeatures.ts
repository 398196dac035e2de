/**
 * What each plan unlocks, as GitLab sells it (its `licensed_feature_available?` names). A top-level
 * group's plan decides for every group and project under it. Nothing is deleted when a plan lapses:
 * the data stays stored and shows again on upgrade.
 */
import type { Action } from './permissions.ts';
import { type PaidPlanCode, PLAN_CODES, PLAN_TITLES, type PlanCode } from './plans.ts';

/** The lowest plan each feature comes with. */
export const LICENSED_FEATURE_PLANS = {
  /** Epics and their roadmap. */
  epics: 'premium',
  /** Multi-level epics: child epics under an epic. */
  subepics: 'ultimate',
  scoped_labels: 'premium',
  issue_weights: 'premium',
  blocked_issues: 'premium',
  epic_colors: 'premium',
  issuable_health_status: 'ultimate',
  /** DORA metrics and the project deployment frequency API. */
  dora4_analytics: 'ultimate',
  /** A group's recent issues, merge requests and members. */
  group_activity_analytics: 'premium',
  /** How long a project's open merge requests have been in review. */
  code_review_analytics: 'premium',
  /** A group's value stream analytics. */
  cycle_analytics_for_groups: 'premium',
  /** The tasks-by-type chart of value stream analytics. */
  type_of_work_analytics: 'premium',
  /** The vulnerability report, its states and the issues made from it. */
  security_dashboard: 'ultimate',
} as const satisfies Record<string, PaidPlanCode>;

export type LicensedFeature = keyof typeof LICENSED_FEATURE_PLANS;

export const LICENSED_FEATURES = Object.keys(LICENSED_FEATURE_PLANS) as readonly LicensedFeature[];

/** The actions a feature's absence refuses everywhere (GitLab's `prevent_all` in its policies). */
export const ACTION_FEATURES: Readonly<Partial<Record<Action, LicensedFeature>>> = {
  read_epic: 'epics',
  create_epic: 'epics',
  update_epic: 'epics',
  admin_epic_relation: 'epics',
  destroy_epic: 'epics',
  read_dora4_analytics: 'dora4_analytics',
  read_group_activity_analytics: 'group_activity_analytics',
  read_code_review_analytics: 'code_review_analytics',
  read_group_cycle_analytics: 'cycle_analytics_for_groups',
  admin_value_stream: 'cycle_analytics_for_groups',
  read_type_of_work_analytics: 'type_of_work_analytics',
  read_vulnerability: 'security_dashboard',
  admin_vulnerability: 'security_dashboard',
  upload_security_report: 'security_dashboard',
};

/** Whether `plan` includes `feature` (the plans are ordered: each includes the one below it). */
export function planHasFeature(plan: PlanCode, feature: LicensedFeature): boolean {
  return PLAN_CODES.indexOf(plan) >= PLAN_CODES.indexOf(LICENSED_FEATURE_PLANS[feature]);
}

/** Every feature `plan` includes, in the order above (what a page tells its client). */
export const featuresOfPlan = (plan: PlanCode): readonly LicensedFeature[] =>
  LICENSED_FEATURES.filter((feature) => planHasFeature(plan, feature));

/** The feature as a sentence names it (a plural: "… are not available"). */
export const LICENSED_FEATURE_TITLES: Readonly<Record<LicensedFeature, string>> = {
  epics: 'Epics',
  subepics: 'Multi-level epics',
  scoped_labels: 'Scoped labels',
  issue_weights: 'Issue weights',
  blocked_issues: 'Blocking issues',
  epic_colors: 'Epic colors',
  issuable_health_status: 'Health statuses',
  dora4_analytics: 'DORA metrics',
  group_activity_analytics: 'Group activity analytics',
  code_review_analytics: 'Code review analytics',
  cycle_analytics_for_groups: 'Value stream analytics',
  type_of_work_analytics: 'Type of work analytics',
  security_dashboard: 'Vulnerability reports',
};

/** The plans that include `feature`, as a sentence lists them ("Premium or Ultimate"). */
export function plansWithFeature(feature: LicensedFeature): string {
  const titles = PLAN_CODES.filter((plan) => planHasFeature(plan, feature)).map((plan) => PLAN_TITLES[plan]);
  return titles.length > 1 ? `${titles.slice(0, -1).join(', ')} or ${titles.at(-1)}` : (titles[0] ?? '');
}

/** What the API answers with its 403 when the group's plan lacks the feature. */
export const featureUnavailableMessage = (feature: LicensedFeature, plan: PlanCode): string =>
  `${LICENSED_FEATURE_TITLES[feature]} are not available on the ${PLAN_TITLES[plan]} plan. ` +
  `Upgrade the top-level group to ${plansWithFeature(feature)}.`;

/** The upsell empty state shown instead of a feature's page (GitLab's own words for epics). */
export const UPSELL_TEXTS = {
  epicsTitle: 'Epics let you manage your portfolio of projects more efficiently and with less effort',
  epicsDescription: 'Track groups of issues that share a theme, across projects and milestones',
  roadmapTitle: 'Plan and track work over time with the roadmap',
  roadmapDescription: "See your group's epics on a timeline, with their progress and milestones",
  availableOn: (feature: LicensedFeature) =>
    `${LICENSED_FEATURE_TITLES[feature]} are available on ${plansWithFeature(feature)}.`,
  startTrial: 'Start a free trial',
  upgrade: 'Upgrade your plan',
  comparePlans: 'Compare all plans',
  askOwner: 'Ask an owner of the top-level group to upgrade its plan.',
} as const;
