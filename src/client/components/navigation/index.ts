/** Page headers and breadcrumb trails, shared by every page (the paths are core/domain/webPaths). */
export { groupCrumbs, projectCrumbs } from './crumbs.ts';
export {
  groupNavItems,
  type NavContext,
  type NavItem,
  type NavItemId,
  navItemsOf,
  projectNavItems,
} from './navItems.ts';
export { PageHeader } from './PageHeader.tsx';
export { SIDE_NAV_ID, SideNav, SideNavToggle } from './SideNav.tsx';
