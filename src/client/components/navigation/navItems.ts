/**
 * The left navigation of group and project pages, and of the Admin Area: which items, where they
 * lead, which is current.
 */
import {
  ADMIN_GEO_SITES_PATH,
  ADMIN_SETTINGS_PATH,
  groupBillingPath,
  groupEpicsPath,
  groupIssuesPath,
  groupLabelsPath,
  groupMembersPath,
  groupMergeRequestsPath,
  groupMilestonesPath,
  groupPath,
  groupRoadmapPath,
  groupValueStreamAnalyticsPath,
  groupVulnerabilityReportPath,
  projectEnvironmentsPath,
  projectIssuesPath,
  projectLabelsPath,
  projectMembersPath,
  projectMergeRequestsPath,
  projectMilestonesPath,
  projectMonitorSettingsPath,
  projectPath,
  projectVulnerabilityReportPath,
} from '../../../core/domain/webPaths.ts';
import type { IconName } from '../../ui/index.ts';

export type NavItemId =
  | 'overview'
  | 'epics'
  | 'roadmap'
  | 'issues'
  | 'merge_requests'
  | 'environments'
  | 'milestones'
  | 'labels'
  | 'members'
  | 'billing'
  | 'settings'
  | 'value_stream_analytics'
  | 'vulnerability_report'
  | 'admin_settings'
  | 'geo_sites';

/**
 * Whose navigation a page shows: a group's, a project's or the Admin Area's (its `fullPath` is ''),
 * and the item the page belongs under.
 */
export interface NavContext {
  readonly kind: 'group' | 'project' | 'admin';
  readonly fullPath: string;
  /** The group's or project's name ('' when the page does not know it: the path's last part shows). */
  readonly name: string;
  readonly current: NavItemId;
  /** The viewer maintains the project: its Settings show (GitLab's admin_project). */
  readonly canAdminProject?: boolean;
  /**
   * False when the viewer may not read the project's merge requests (GitLab's read_merge_request):
   * Merge requests does not show. Unknown (a milestone's pages) shows it.
   */
  readonly canReadMergeRequests?: boolean;
  /**
   * False when the viewer may not read the project's environments (GitLab's read_environment, here
   * signed in only): Environments does not show. Unknown (a milestone's pages) shows it.
   */
  readonly canReadEnvironments?: boolean;
  /**
   * The viewer may read the project's or the group's vulnerabilities (GitLab's read_vulnerability:
   * Developers and up, on Ultimate): Secure → Vulnerability report shows. Unknown hides it.
   */
  readonly canReadVulnerabilities?: boolean;
  /** The viewer owns the top-level group (or administers the instance): its Billing shows. */
  readonly canReadBilling?: boolean;
  /**
   * The viewer may read the group's value stream analytics (GitLab's read_group_cycle_analytics:
   * Reporters and up where the plan has them): Value stream analytics shows.
   */
  readonly canReadCycleAnalytics?: boolean;
  /** The top-level group's trial, for those owners: the widget while it runs, a banner once ended. */
  readonly trial?: TrialStatus | null;
}

/** A trial as the navigation shows it (core/pages: TrialStatusJson, read by parseTrialStatus). */
export interface TrialStatus {
  readonly state: 'running' | 'ended';
  /** 'Ultimate'. */
  readonly planTitle: string;
  readonly groupName: string;
  readonly billingPath: string;
  /** The checkout for the trial's plan: the popover's 'Upgrade {group} to {plan}'. */
  readonly upgradePath: string;
  readonly namespaceId: string;
  /** The popover offers the upgrade, or (GitLab's experiment variant) a form to contact sales. */
  readonly variant: 'upgrade' | 'contact_sales';
  readonly startsOn: string;
  readonly endsOn: string;
  readonly today: string;
}

export interface NavItem {
  readonly id: NavItemId;
  readonly label: string;
  readonly href: string;
  readonly icon: IconName;
}

/** Secure → Vulnerability report, a project's or a group's. */
const vulnerabilityReportItem = (href: string): NavItem => ({
  id: 'vulnerability_report',
  label: 'Vulnerability report',
  href,
  icon: 'shield',
});

/**
 * GitLab's group sidebar, in its order: Overview, then Plan's Epics, Roadmap, Issues, then Code's
 * Merge requests, Plan's Milestones and Labels, then Manage's Members, Secure's Vulnerability report
 * and Analyze's Value stream analytics for those who may read them, and Settings' Billing for a
 * top-level group's owners.
 */
export function groupNavItems(
  fullPath: string,
  canReadBilling = false,
  canReadCycleAnalytics = false,
  canReadVulnerabilities = false,
): NavItem[] {
  const billing: NavItem[] = canReadBilling
    ? [{ id: 'billing', label: 'Billing', href: groupBillingPath(fullPath), icon: 'creditCard' }]
    : [];
  const analytics: NavItem[] = canReadCycleAnalytics
    ? [
        {
          id: 'value_stream_analytics',
          label: 'Value stream analytics',
          href: groupValueStreamAnalyticsPath(fullPath),
          icon: 'chart',
        },
      ]
    : [];
  return [
    { id: 'overview', label: 'Overview', href: groupPath(fullPath), icon: 'overview' },
    { id: 'epics', label: 'Epics', href: groupEpicsPath(fullPath), icon: 'epic' },
    { id: 'roadmap', label: 'Roadmap', href: groupRoadmapPath(fullPath), icon: 'roadmap' },
    { id: 'issues', label: 'Issues', href: groupIssuesPath(fullPath), icon: 'issues' },
    {
      id: 'merge_requests',
      label: 'Merge requests',
      href: groupMergeRequestsPath(fullPath),
      icon: 'mergeRequest',
    },
    { id: 'milestones', label: 'Milestones', href: groupMilestonesPath(fullPath), icon: 'milestone' },
    { id: 'labels', label: 'Labels', href: groupLabelsPath(fullPath), icon: 'label' },
    { id: 'members', label: 'Members', href: groupMembersPath(fullPath), icon: 'group' },
    ...(canReadVulnerabilities ? [vulnerabilityReportItem(groupVulnerabilityReportPath(fullPath))] : []),
    ...analytics,
    ...billing,
  ];
}

/** What the viewer may do in a project, as far as its navigation tells. */
export type ProjectNavRights = Pick<
  NavContext,
  'canAdminProject' | 'canReadMergeRequests' | 'canReadEnvironments' | 'canReadVulnerabilities'
>;

/**
 * The project's: Overview, Issues, Merge requests, the Vulnerability report (GitLab's Secure →
 * Vulnerability report) and Environments (Operate → Environments) for those who may read them,
 * Milestones, Labels, Members, and Settings for its maintainers.
 */
export function projectNavItems(fullPath: string, rights: ProjectNavRights = {}): NavItem[] {
  const settings: NavItem[] = rights.canAdminProject
    ? [{ id: 'settings', label: 'Settings', href: projectMonitorSettingsPath(fullPath), icon: 'settings' }]
    : [];
  const mergeRequests: NavItem[] =
    rights.canReadMergeRequests === false
      ? []
      : [
          {
            id: 'merge_requests',
            label: 'Merge requests',
            href: projectMergeRequestsPath(fullPath),
            icon: 'mergeRequest',
          },
        ];
  const environments: NavItem[] =
    rights.canReadEnvironments === false
      ? []
      : [
          {
            id: 'environments',
            label: 'Environments',
            href: projectEnvironmentsPath(fullPath),
            icon: 'environment',
          },
        ];
  return [
    { id: 'overview', label: 'Overview', href: projectPath(fullPath), icon: 'overview' },
    { id: 'issues', label: 'Issues', href: projectIssuesPath(fullPath), icon: 'issues' },
    ...mergeRequests,
    ...(rights.canReadVulnerabilities === true
      ? [vulnerabilityReportItem(projectVulnerabilityReportPath(fullPath))]
      : []),
    ...environments,
    { id: 'milestones', label: 'Milestones', href: projectMilestonesPath(fullPath), icon: 'milestone' },
    { id: 'labels', label: 'Labels', href: projectLabelsPath(fullPath), icon: 'label' },
    { id: 'members', label: 'Members', href: projectMembersPath(fullPath), icon: 'group' },
    ...settings,
  ];
}

/** The Admin Area's, for administrators: its Settings, then Geo → Sites (GitLab's order). */
export function adminNavItems(): NavItem[] {
  return [
    { id: 'admin_settings', label: 'Settings', href: ADMIN_SETTINGS_PATH, icon: 'settings' },
    { id: 'geo_sites', label: 'Geo sites', href: ADMIN_GEO_SITES_PATH, icon: 'earth' },
  ];
}

/** The Admin Area's navigation: what its pages show beside them, titled 'Admin Area'. */
export const adminNavContext = (current: 'admin_settings' | 'geo_sites'): NavContext => ({
  kind: 'admin',
  fullPath: '',
  name: 'Admin Area',
  current,
});

export function navItemsOf(context: NavContext): NavItem[] {
  if (context.kind === 'admin') return adminNavItems();
  return context.kind === 'group'
    ? groupNavItems(
        context.fullPath,
        context.canReadBilling,
        context.canReadCycleAnalytics,
        context.canReadVulnerabilities,
      )
    : projectNavItems(context.fullPath, context);
}

/** The name to show: the given one, else the last part of the path. */
export function navTitleOf(context: NavContext): string {
  return context.name || (context.fullPath.split('/').pop() ?? context.fullPath);
}
