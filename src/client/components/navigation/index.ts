/** Page headers and breadcrumb trails, shared by every page (the paths are core/domain/webPaths). */
export { groupCrumbs, projectCrumbs } from './crumbs.ts';
export { PageHeader } from './PageHeader.tsx';
