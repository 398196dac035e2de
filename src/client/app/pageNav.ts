/** Which left navigation a page shows: its group's or its project's, with the item it belongs under. */
import type { PageMount } from '../../core/pages/pageMount.ts';
import type { NavContext, NavItemId } from '../components/navigation/index.ts';

const group = (fullPath: string, name: string, current: NavItemId): NavContext => ({
  kind: 'group',
  fullPath,
  name,
  current,
});
const project = (fullPath: string, name: string, current: NavItemId): NavContext => ({
  kind: 'project',
  fullPath,
  name,
  current,
});

/** The navigation of the page the server rendered; null for pages outside any group or project. */
export function pageNavOf(page: PageMount): NavContext | null {
  switch (page.page) {
    case 'group':
      return group(page.fullPath, page.groupName, 'overview');
    case 'group-epics':
    case 'epic':
    case 'epic-new':
      return group(page.fullPath, page.groupName, 'epics');
    case 'group-roadmap':
      return group(page.fullPath, page.groupName, 'roadmap');
    case 'group-issues':
      return group(page.fullPath, page.groupName, 'issues');
    case 'group-milestones':
      return group(page.fullPath, page.groupName, 'milestones');
    case 'group-labels':
      return group(page.fullPath, page.groupName, 'labels');
    case 'group-members':
      return group(page.fullPath, page.groupName, 'members');
    case 'project':
      return project(page.fullPath, page.projectName, 'overview');
    case 'project-issues':
    case 'issue':
    case 'issue-new':
    case 'issue-templates':
      return project(page.fullPath, page.projectName, 'issues');
    case 'project-milestones':
      return project(page.fullPath, page.projectName, 'milestones');
    case 'project-labels':
      return project(page.fullPath, page.projectName, 'labels');
    case 'project-members':
      return project(page.fullPath, page.projectName, 'members');
    case 'milestone-form':
      return page.kind === 'group'
        ? group(page.fullPath, page.ownerName, 'milestones')
        : project(page.fullPath, page.ownerName, 'milestones');
    case 'milestone':
      return page.kind === 'group'
        ? group(page.fullPath, page.ownerName, 'milestones')
        : project(page.fullPath, page.ownerName, 'milestones');
    case 'home':
    case 'not-found':
    case 'sign-in':
    case 'dashboard-todos':
    case 'dashboard-issues':
    case 'help':
    case 'help-index':
    case 'user':
    case 'profile-settings':
    case 'profile-preferences':
    case 'profile-password':
    case 'profile-access-tokens':
    case 'profile-active-sessions':
      return null;
  }
}
