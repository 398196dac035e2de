/**
 * Which left navigation a page shows: its group's, its project's or the Admin Area's, with the item
 * it belongs under.
 */
import type { PageMount, PageMountOf, PageName } from '../../core/pages/pageMount.ts';
import {
  adminNavContext,
  type NavContext,
  type NavItemId,
  parseTrialStatus,
} from '../components/navigation/index.ts';

/** A page's navigation from its mount; null for a page outside any group, project or the Admin Area. */
type PageNav<P extends PageName> = ((page: PageMountOf<P>) => NavContext) | null;

const inGroup =
  (current: NavItemId) =>
  (page: {
    readonly fullPath: string;
    readonly groupName: string;
    readonly canReadBilling: boolean;
    readonly trialStatus: string;
    readonly canReadCycleAnalytics: boolean;
    readonly canReadVulnerabilities: boolean;
  }): NavContext => ({
    kind: 'group',
    fullPath: page.fullPath,
    name: page.groupName,
    current,
    canReadBilling: page.canReadBilling,
    canReadCycleAnalytics: page.canReadCycleAnalytics,
    canReadVulnerabilities: page.canReadVulnerabilities,
    trial: parseTrialStatus(page.trialStatus),
  });

const inProject =
  (current: NavItemId) =>
  (page: {
    readonly fullPath: string;
    readonly projectName: string;
    readonly canAdminProject: boolean;
    readonly canReadMergeRequests: boolean;
    readonly canReadEnvironments: boolean;
    readonly canReadVulnerabilities: boolean;
  }): NavContext => ({
    kind: 'project',
    fullPath: page.fullPath,
    name: page.projectName,
    current,
    canAdminProject: page.canAdminProject,
    canReadMergeRequests: page.canReadMergeRequests,
    canReadEnvironments: page.canReadEnvironments,
    canReadVulnerabilities: page.canReadVulnerabilities,
  });

/** A milestone's pages show the navigation of whoever owns it, a group or a project. */
const inOwner =
  (current: NavItemId) =>
  (page: {
    readonly kind: NavContext['kind'];
    readonly fullPath: string;
    readonly ownerName: string;
    readonly canReadMergeRequests: boolean;
    readonly canReadEnvironments: boolean;
    readonly canReadVulnerabilities: boolean;
  }): NavContext => ({
    kind: page.kind,
    fullPath: page.fullPath,
    name: page.ownerName,
    current,
    canReadMergeRequests: page.canReadMergeRequests,
    canReadEnvironments: page.canReadEnvironments,
    canReadVulnerabilities: page.canReadVulnerabilities,
  });

/** The item an upsell page belongs under: the page it stands in for. */
const UPSELL_NAV_ITEMS: Readonly<Record<PageMountOf<'feature-upsell'>['feature'], NavItemId>> = {
  epics: 'epics',
  roadmap: 'roadmap',
  value_stream_analytics: 'value_stream_analytics',
  vulnerability_report: 'vulnerability_report',
};

/** Every page's navigation: a new page does not compile until it is given one (or null). */
const PAGE_NAVS: { readonly [P in PageName]: PageNav<P> } = {
  group: inGroup('overview'),
  'group-epics': inGroup('epics'),
  'feature-upsell': (page) => inGroup(UPSELL_NAV_ITEMS[page.feature])(page),
  epic: inGroup('epics'),
  'epic-new': inGroup('epics'),
  'group-roadmap': inGroup('roadmap'),
  'group-value-stream-analytics': inGroup('value_stream_analytics'),
  'group-vulnerability-report': inGroup('vulnerability_report'),
  'group-issues': inGroup('issues'),
  'group-merge-requests': inGroup('merge_requests'),
  'group-milestones': inGroup('milestones'),
  'group-labels': inGroup('labels'),
  'group-members': inGroup('members'),
  'group-billing': inGroup('billing'),
  project: inProject('overview'),
  'project-issues': inProject('issues'),
  'project-merge-requests': inProject('merge_requests'),
  issue: inProject('issues'),
  'merge-request': inProject('merge_requests'),
  'project-environments': inProject('environments'),
  environment: inProject('environments'),
  'project-vulnerability-report': inProject('vulnerability_report'),
  vulnerability: inProject('vulnerability_report'),
  'work-item': inProject('issues'),
  'issue-new': inProject('issues'),
  'issue-templates': inProject('issues'),
  'project-milestones': inProject('milestones'),
  'project-labels': inProject('labels'),
  'project-members': inProject('members'),
  'project-settings-monitor': inProject('settings'),
  'milestone-form': inOwner('milestones'),
  milestone: inOwner('milestones'),
  home: null,
  'not-found': null,
  'sign-in': null,
  'sign-up': null,
  'group-new': null,
  'project-new': null,
  invitation: null,
  mailbox: null,
  'dashboard-todos': null,
  'trial-new': null,
  'subscription-new': null,
  'admin-settings': () => adminNavContext('admin_settings'),
  'admin-geo-sites': () => adminNavContext('geo_sites'),
  'dashboard-issues': null,
  'dashboard-merge-requests': null,
  help: null,
  'help-index': null,
  search: null,
  user: null,
  'profile-settings': null,
  'profile-preferences': null,
  'profile-password': null,
  'profile-access-tokens': null,
  'profile-active-sessions': null,
};

/** Generic so that TypeScript pairs the page with its own entry, whose mount it reads. */
function navOf<P extends PageName>(page: { readonly page: P } & PageMountOf<P>): NavContext | null {
  const nav: PageNav<P> = PAGE_NAVS[page.page];
  return nav === null ? null : nav(page);
}

/** The navigation of the page the server rendered; null for pages outside any group, project or the Admin Area. */
export function pageNavOf(page: PageMount): NavContext | null {
  return navOf(page);
}
