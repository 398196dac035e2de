/**
 * The page contract: the server renders `<div id="app" data-page="…">` with string attributes
 * (booleans are "true"/"false") and a `<meta name="csrf-token">`. This module turns them into
 * typed values once; nothing else reads the dataset.
 */
export interface CurrentUser {
  readonly id: number;
  readonly username: string;
  readonly name: string;
  readonly admin: boolean;
}

export interface Session {
  readonly currentUser: CurrentUser | null;
  readonly signInPath: string;
  readonly flash: string | null;
  readonly csrfToken: string | null;
}

export type RoadmapEpicsState = 'all' | 'opened' | 'closed';
export type RoadmapSort = 'start_date_asc' | 'end_date_asc';

export type PageData =
  | { readonly page: 'home' }
  | { readonly page: 'not-found' }
  | {
      readonly page: 'sign-in';
      readonly error: string | null;
      readonly login: string;
      readonly redirectTo: string;
    }
  | {
      readonly page: 'group' | 'group-epics';
      readonly fullPath: string;
      readonly groupId: string;
      readonly groupName: string;
      readonly canCreateEpic: boolean;
      readonly roadmapPath: string;
    }
  | {
      readonly page: 'group-roadmap';
      readonly fullPath: string;
      readonly groupId: string;
      readonly groupName: string;
      readonly epicsState: RoadmapEpicsState;
      readonly sortedBy: RoadmapSort;
      readonly timeframeRangeType: string;
      readonly presetType: string;
      readonly listEpicsPath: string;
      readonly newEpicPath: string;
      readonly epicsDocsPath: string;
      readonly canCreateEpic: boolean;
      readonly allowSubEpics: boolean;
      readonly hasFiltersApplied: boolean;
      readonly emptyStateIllustration: string;
    }
  | {
      readonly page: 'epic-new';
      readonly fullPath: string;
      readonly groupId: string;
      readonly groupName: string;
      readonly listEpicsPath: string;
      /** Where to go after creating (the roadmap that asked), '' for the new epic's page. */
      readonly returnTo: string;
    }
  | {
      readonly page: 'epic';
      readonly fullPath: string;
      readonly groupId: string;
      readonly groupName: string;
      readonly iid: string;
      readonly epicId: string;
      readonly listEpicsPath: string;
      /** The viewer is signed in: the to-do toggle shows and subscribing is possible. */
      readonly signedIn: boolean;
      readonly canUpdate: boolean;
      /** The delete button and the delete button of the edit form. */
      readonly canDestroy: boolean;
      /** The New epic link. */
      readonly canCreate: boolean;
      /** Link and unlink related epics (GitLab's `admin_epic_relation`): the Linked items card. */
      readonly canAdmin: boolean;
      /** The epic's page path: realtime_changes lives under it and the delete form posts to it. */
      readonly endpoint: string;
      /** `PUT` target of title, description and state saves (`{endpoint}.json`). */
      readonly updateEndpoint: string;
      readonly markdownPreviewPath: string;
      readonly newEpicWebUrl: string;
      /** Sub-epics are allowed (the sidebar's ancestors block). */
      readonly allowSubEpics: boolean;
      /** GitLab's `epic_color_highlight` flag (the sidebar's colour block). */
      readonly epicColorHighlight: boolean;
      /** Notifications are switched off by the owner of the group or of a group above it. */
      readonly emailsDisabled: boolean;
      /** The milestone an inherited start or due date comes from; '' when none or not sent. */
      readonly startDateSourcingMilestoneTitle: string;
      readonly dueDateSourcingMilestoneTitle: string;
    }
  | {
      readonly page: 'project' | 'project-issues';
      readonly fullPath: string;
      readonly projectId: string;
      readonly projectName: string;
      readonly groupFullPath: string;
    }
  | {
      readonly page: 'milestone';
      /** Whose milestone: a group's (`/groups/:group/-/milestones/:iid`) or a project's. */
      readonly kind: 'group' | 'project';
      /** The owning group's or project's full path. */
      readonly fullPath: string;
      /** The group's or project's name. */
      readonly ownerName: string;
      readonly iid: string;
      readonly milestoneId: string;
      readonly milestoneTitle: string;
    }
  | {
      readonly page: 'issue';
      readonly fullPath: string;
      readonly projectId: string;
      readonly iid: string;
      readonly issueId: string;
    };

export type PageName = PageData['page'];

type Dataset = Readonly<Record<string, string | undefined>>;

const text = (dataset: Dataset, key: string, fallback = ''): string => dataset[key]?.trim() || fallback;
const flag = (dataset: Dataset, key: string): boolean => dataset[key] === 'true';

export function parseCurrentUser(raw: string | undefined): CurrentUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const user = value as Record<string, unknown>;
    if (typeof user.username !== 'string' || typeof user.name !== 'string') return null;
    return {
      id: Number(user.id),
      username: user.username,
      name: user.name,
      admin: user.admin === true,
    };
  } catch {
    // A malformed attribute is treated as anonymous rather than breaking the page.
    return null;
  }
}

export function parseSession(dataset: Dataset, csrfToken: string | null): Session {
  return {
    currentUser: parseCurrentUser(dataset.currentUser),
    signInPath: text(dataset, 'signInPath', '/users/sign_in'),
    flash: text(dataset, 'flash') || null,
    csrfToken,
  };
}

function groupEpicsPath(fullPath: string, page: string): string {
  return `/groups/${fullPath}/-/${page}`;
}

export function parsePageData(dataset: Dataset): PageData {
  const fullPath = text(dataset, 'fullPath');
  const page = text(dataset, 'page');
  switch (page) {
    case 'home':
      return { page };
    case 'sign-in':
      return {
        page,
        error: text(dataset, 'error') || null,
        login: text(dataset, 'login'),
        redirectTo: text(dataset, 'redirectTo'),
      };
    case 'group':
    case 'group-epics':
      if (!fullPath) break;
      return {
        page,
        fullPath,
        groupId: text(dataset, 'groupId'),
        groupName: text(dataset, 'groupName', fullPath.split('/').pop()),
        canCreateEpic: flag(dataset, 'canCreateEpic'),
        roadmapPath: text(dataset, 'roadmapPath', groupEpicsPath(fullPath, 'roadmap')),
      };
    case 'group-roadmap': {
      if (!fullPath) break;
      const state = text(dataset, 'epicsState');
      const sort = text(dataset, 'sortedBy').toLowerCase();
      return {
        page,
        fullPath,
        groupId: text(dataset, 'groupId'),
        groupName: text(dataset, 'groupName', fullPath.split('/').pop()),
        epicsState: state === 'opened' || state === 'closed' ? state : 'all',
        sortedBy: sort === 'end_date_asc' ? sort : 'start_date_asc',
        timeframeRangeType: text(dataset, 'timeframeRangeType'),
        presetType: text(dataset, 'presetType'),
        listEpicsPath: text(dataset, 'listEpicsPath', groupEpicsPath(fullPath, 'epics')),
        newEpicPath: text(dataset, 'newEpicPath', `${groupEpicsPath(fullPath, 'epics')}/new`),
        epicsDocsPath: text(dataset, 'epicsDocsPath', '/help/user/group/epics/_index.md'),
        canCreateEpic: flag(dataset, 'canCreateEpic'),
        allowSubEpics: flag(dataset, 'allowSubEpics'),
        hasFiltersApplied: flag(dataset, 'hasFiltersApplied'),
        emptyStateIllustration: text(dataset, 'emptyStateIllustration'),
      };
    }
    case 'epic-new':
      if (!fullPath) break;
      return {
        page,
        fullPath,
        groupId: text(dataset, 'groupId'),
        groupName: text(dataset, 'groupName', fullPath.split('/').pop()),
        listEpicsPath: text(dataset, 'listEpicsPath', groupEpicsPath(fullPath, 'epics')),
        returnTo: text(dataset, 'returnTo'),
      };
    case 'epic':
      if (!fullPath || !text(dataset, 'iid')) break;
      return {
        page,
        fullPath,
        groupId: text(dataset, 'groupId'),
        groupName: text(dataset, 'groupName', fullPath.split('/').pop()),
        iid: text(dataset, 'iid'),
        epicId: text(dataset, 'epicId'),
        listEpicsPath: text(dataset, 'listEpicsPath', groupEpicsPath(fullPath, 'epics')),
        signedIn: flag(dataset, 'signedIn'),
        canUpdate: flag(dataset, 'canUpdate'),
        canDestroy: flag(dataset, 'canDestroy'),
        canCreate: flag(dataset, 'canCreate'),
        canAdmin: flag(dataset, 'canAdmin'),
        endpoint: text(dataset, 'endpoint', `${groupEpicsPath(fullPath, 'epics')}/${text(dataset, 'iid')}`),
        updateEndpoint: text(
          dataset,
          'updateEndpoint',
          `${groupEpicsPath(fullPath, 'epics')}/${text(dataset, 'iid')}.json`,
        ),
        markdownPreviewPath: text(
          dataset,
          'markdownPreviewPath',
          groupEpicsPath(fullPath, 'preview_markdown'),
        ),
        newEpicWebUrl: text(dataset, 'newEpicWebUrl', `${groupEpicsPath(fullPath, 'epics')}/new`),
        allowSubEpics: flag(dataset, 'allowSubEpics'),
        epicColorHighlight: flag(dataset, 'epicColorHighlight'),
        emailsDisabled: flag(dataset, 'emailsDisabled'),
        startDateSourcingMilestoneTitle: text(dataset, 'startDateSourcingMilestoneTitle'),
        dueDateSourcingMilestoneTitle: text(dataset, 'dueDateSourcingMilestoneTitle'),
      };
    case 'project':
    case 'project-issues':
      if (!fullPath) break;
      return {
        page,
        fullPath,
        projectId: text(dataset, 'projectId'),
        projectName: text(dataset, 'projectName', fullPath.split('/').pop()),
        groupFullPath: text(dataset, 'groupFullPath', fullPath.split('/').slice(0, -1).join('/')),
      };
    case 'milestone': {
      const kind = text(dataset, 'kind') === 'project' ? 'project' : 'group';
      if (!fullPath || !text(dataset, 'iid') || !text(dataset, 'milestoneId')) break;
      return {
        page,
        kind,
        fullPath,
        ownerName: text(dataset, kind === 'group' ? 'groupName' : 'projectName', fullPath.split('/').pop()),
        iid: text(dataset, 'iid'),
        milestoneId: text(dataset, 'milestoneId'),
        milestoneTitle: text(dataset, 'milestoneTitle'),
      };
    }
    case 'issue':
      if (!fullPath || !text(dataset, 'iid')) break;
      return {
        page,
        fullPath,
        projectId: text(dataset, 'projectId'),
        iid: text(dataset, 'iid'),
        issueId: text(dataset, 'issueId'),
      };
  }
  return { page: 'not-found' };
}
