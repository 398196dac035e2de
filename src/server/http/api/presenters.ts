import { contrastTextColor } from '../../../core/domain/colors.ts';
import { issuableReference } from '../../../core/domain/references.ts';
import {
  groupMilestonePath,
  groupPath,
  projectMilestonePath,
  projectPath,
  userPath,
} from '../../../core/domain/webPaths.ts';
import type { LabelRow, MilestoneRow, NamespaceRow, ProjectRow, UserRow } from '../../db/schema.ts';
import { visibilityOfLevel } from '../../services/access.ts';
import type { LabelDetails } from '../../services/labelViewService.ts';
import { renderTitleHtml } from '../../services/markdown/markdownRenderer.ts';

/** REST JSON shapes, field for field as GitLab's API entities. */

/** An issue's `type` as GitLab's REST entities name it. */
export const REST_ISSUE_TYPE = { issue: 'ISSUE', incident: 'INCIDENT', task: 'TASK' } as const;

export function userBasicJson(
  user: Pick<UserRow, 'id' | 'username' | 'name' | 'state'>,
  externalUrl: string,
) {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    state: user.state,
    locked: false,
    avatar_url: null,
    web_url: `${externalUrl}${userPath(user.username)}`,
  };
}

/** GitLab's public user entity (`GET /users/:id`): the basics, when they joined and their bio. */
export function userPublicJson(user: UserRow, externalUrl: string) {
  return {
    ...userBasicJson(user, externalUrl),
    created_at: user.created_at.toISOString(),
    bio: user.bio,
    location: '',
    public_email: null,
    website_url: '',
    organization: '',
    job_title: '',
    bot: false,
  };
}

export function currentUserJson(user: UserRow, externalUrl: string) {
  return {
    ...userBasicJson(user, externalUrl),
    created_at: user.created_at.toISOString(),
    bio: user.bio,
    public_email: null,
    email: user.email,
    is_admin: user.is_admin,
    can_create_group: true,
    can_create_project: true,
  };
}

export function groupJson(group: NamespaceRow, externalUrl: string) {
  return {
    id: group.id,
    web_url: `${externalUrl}${groupPath(group.full_path)}`,
    name: group.name,
    path: group.path,
    description: group.description,
    visibility: visibilityOfLevel(group.visibility_level),
    share_with_group_lock: false,
    require_two_factor_authentication: false,
    two_factor_grace_period: 48,
    project_creation_level: 'developer',
    auto_devops_enabled: null,
    subgroup_creation_level: 'maintainer',
    emails_disabled: group.emails_disabled,
    emails_enabled: !group.emails_disabled,
    mentions_disabled: null,
    lfs_enabled: true,
    default_branch_protection: 2,
    avatar_url: null,
    request_access_enabled: true,
    full_name: group.full_name,
    full_path: group.full_path,
    created_at: group.created_at.toISOString(),
    parent_id: group.parent_id,
  };
}

export function projectJson(
  project: ProjectRow,
  namespace: NamespaceRow,
  externalUrl: string,
  openIssuesCount: number | undefined,
) {
  const webUrl = `${externalUrl}${projectPath(project.full_path)}`;
  return {
    id: project.id,
    description: project.description,
    name: project.name,
    name_with_namespace: `${namespace.full_name} / ${project.name}`,
    path: project.path,
    path_with_namespace: project.full_path,
    created_at: project.created_at.toISOString(),
    default_branch: 'main',
    tag_list: [],
    topics: [],
    ssh_url_to_repo: null,
    http_url_to_repo: `${webUrl}.git`,
    web_url: webUrl,
    readme_url: null,
    avatar_url: null,
    forks_count: 0,
    star_count: 0,
    last_activity_at: project.updated_at.toISOString(),
    namespace: {
      id: namespace.id,
      name: namespace.name,
      path: namespace.path,
      kind: 'group',
      full_path: namespace.full_path,
      parent_id: namespace.parent_id,
      avatar_url: null,
      web_url: `${externalUrl}${groupPath(namespace.full_path)}`,
    },
    visibility: visibilityOfLevel(project.visibility_level),
    issues_enabled: true,
    open_issues_count: openIssuesCount,
    _links: {
      self: `${externalUrl}/api/v4/projects/${project.id}`,
      issues: `${externalUrl}/api/v4/projects/${project.id}/issues`,
      merge_requests: `${externalUrl}/api/v4/projects/${project.id}/merge_requests`,
      labels: `${externalUrl}/api/v4/projects/${project.id}/labels`,
    },
  };
}

export function milestoneJson(
  milestone: MilestoneRow,
  ownerPath: string,
  today: string,
  externalUrl: string,
) {
  const isGroup = milestone.group_id !== null;
  return {
    id: milestone.id,
    iid: milestone.iid,
    ...(isGroup ? { group_id: milestone.group_id } : { project_id: milestone.project_id }),
    title: milestone.title,
    description: milestone.description,
    state: milestone.state,
    created_at: milestone.created_at.toISOString(),
    updated_at: milestone.updated_at.toISOString(),
    due_date: milestone.due_date,
    start_date: milestone.start_date,
    expired: milestone.due_date !== null && milestone.due_date < today,
    web_url: `${externalUrl}${isGroup ? groupMilestonePath(ownerPath, milestone.iid) : projectMilestonePath(ownerPath, milestone.iid)}`,
  };
}

/**
 * GitLab's label entity. `details` (labelViewService) says whether the viewer subscribes and the
 * project's priority; with its counts, the with_counts fields come along.
 */
export function labelJson(label: LabelRow, details?: LabelDetails) {
  const counts = details?.counts;
  return {
    id: label.id,
    name: label.title,
    description: label.description || null,
    // GitLab renders a label's description as one line of markdown; raw text here would be HTML injection.
    description_html: renderTitleHtml(label.description),
    text_color: contrastTextColor(label.color),
    color: label.color,
    ...(counts
      ? {
          open_issues_count: counts.openIssues,
          closed_issues_count: counts.closedIssues,
          open_merge_requests_count: counts.openMergeRequests,
        }
      : {}),
    subscribed: details?.subscribed ?? false,
    priority: details?.priority ?? null,
    is_project_label: label.project_id !== null,
  };
}

export function epicReferences(iid: number, groupPath: string, fromGroupPath: string) {
  return {
    short: issuableReference('epic', iid, groupPath, false),
    relative: issuableReference('epic', iid, groupPath, groupPath !== fromGroupPath),
    full: issuableReference('epic', iid, groupPath, true),
  };
}
