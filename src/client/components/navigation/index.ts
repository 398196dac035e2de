/** Page headers and breadcrumb trails, shared by every page (the paths are core/domain/webPaths). */
export { groupCrumbs, projectCrumbs } from './crumbs.ts';
export {
  adminNavContext,
  adminNavItems,
  groupNavItems,
  type NavContext,
  type NavItem,
  type NavItemId,
  navItemsOf,
  projectNavItems,
  type TrialStatus,
} from './navItems.ts';
export { PageHeader } from './PageHeader.tsx';
export { SIDE_NAV_ID, SideNav, SideNavToggle } from './SideNav.tsx';
export { TrialEndedBanner, TrialWidget } from './TrialWidget.tsx';
export { parseTrialStatus } from './trialStatus.ts';
