/** Page headers and GitLab's web paths and breadcrumb trails, shared by every page. */
export {
  epicPath,
  groupCrumbs,
  groupEpicsPath,
  groupMilestonePath,
  groupPath,
  groupRoadmapPath,
  issuePath,
  projectCrumbs,
  projectIssuesPath,
  projectMilestonePath,
  projectPath,
} from './crumbs.ts';
export { PageHeader } from './PageHeader.tsx';
