import { issuableReference } from '../../../core/domain/references.ts';
import { epicWebPath, issueOrTaskWebPath, issueWebPath, userPath } from '../../../core/domain/webPaths.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import type { Executor } from '../../db/executor.ts';
import { findMilestonesByIds } from '../../db/repositories/milestoneRepository.ts';
import { findNamespacesByIds } from '../../db/repositories/namespaceRepository.ts';
import { findProjectsByIds } from '../../db/repositories/projectRepository.ts';
import { findUsersByIds } from '../../db/repositories/userRepository.ts';
import type { IssueRow, MilestoneRow, NamespaceRow, ProjectRow, UserRow } from '../../db/schema.ts';
import type { EpicIssueView } from '../../services/links/epicIssueService.ts';
import type { ParentEpic } from '../../services/links/epicLinkService.ts';
import type { EpicView, IssueView } from '../../services/links/linkViews.ts';
import type { RelatedEpicView, RelatedIssueView } from '../../services/links/relatedLinkService.ts';
import { milestoneJson, REST_ISSUE_TYPE } from '../api/presenters.ts';

/**
 * The JSON of GitLab's related-items endpoints (LinkedEpicEntity, LinkedEpicIssueEntity,
 * Epics::RelatedEpicEntity, LinkedProjectIssueEntity), field for field, plus the few fields the
 * tree reads that those entities leave to GraphQL (confidential, group_id, relative_position).
 */

/** `&5` from the same group, `group/path&5` from elsewhere (GitLab's `epic.to_reference(group)`). */
function epicReferenceFrom(epic: EpicView, from: NamespaceRow): string {
  return issuableReference('epic', epic.epic.iid, epic.group.full_path, epic.group.id !== from.id);
}

/**
 * `#12` from the same project, `project#12` from another project of the same group, else the full
 * path (GitLab's `issue.to_reference(project)`).
 */
function issueReferenceFrom(view: IssueView, from: ProjectRow): string {
  if (view.project.id === from.id) return issuableReference('issue', view.issue.iid, '', false);
  const path = view.project.namespace_id === from.namespace_id ? view.project.path : view.project.full_path;
  return issuableReference('issue', view.issue.iid, path, true);
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The fields of an epic common to the tree and the related epics, its reference seen from `from`. */
function linkedEpicJson(view: EpicView, from: NamespaceRow) {
  const { epic, group } = view;
  return {
    id: epic.id,
    iid: epic.iid,
    title: epic.title,
    state: epic.state,
    confidential: epic.confidential,
    created_at: epic.created_at.toISOString(),
    closed_at: iso(epic.closed_at),
    reference: epicReferenceFrom(view, from),
    path: epicWebPath(group.full_path, epic.iid),
  };
}

/** A child epic in the tree (GitLab's LinkedEpicEntity). */
export function childEpicJson(view: EpicView, parent: ParentEpic) {
  const { epic, group } = view;
  return {
    ...linkedEpicJson(view, parent.group),
    relation_path: `${epicWebPath(parent.group.full_path, parent.epic.iid)}/links/${epic.id}`,
    has_children: view.hasChildren,
    has_issues: view.hasIssues,
    full_path: group.full_path,
    group_id: epic.group_id,
    relative_position: epic.relative_position,
    can_admin: view.canAdmin,
  };
}

/** What issue JSON needs beyond the views: assignees and milestones, read once for a list. */
export interface IssueExtras {
  readonly users: ReadonlyMap<number, UserRow>;
  readonly milestones: ReadonlyMap<number, { milestone: MilestoneRow; ownerPath: string }>;
  readonly today: string;
  readonly externalUrl: string;
}

export async function loadIssueExtras(
  db: Executor,
  views: readonly IssueView[],
  externalUrl: string,
  now: Date,
): Promise<IssueExtras> {
  const users = await findUsersByIds(db, [...new Set(views.flatMap((view) => view.assigneeIds))]);
  const milestoneIds = [...new Set(views.flatMap((view) => view.issue.milestone_id ?? []))];
  const milestones = await findMilestonesByIds(db, milestoneIds);
  const groups = await findNamespacesByIds(
    db,
    milestones.flatMap((milestone) => milestone.group_id ?? []),
  );
  const projects = await findProjectsByIds(
    db,
    milestones.flatMap((milestone) => milestone.project_id ?? []),
  );
  const ownerPath = (milestone: MilestoneRow) =>
    (milestone.group_id !== null
      ? groups.find((group) => group.id === milestone.group_id)?.full_path
      : projects.find((project) => project.id === milestone.project_id)?.full_path) ?? '';
  return {
    users: new Map(users.map((user) => [user.id, user])),
    milestones: new Map(
      milestones.map((milestone) => [milestone.id, { milestone, ownerPath: ownerPath(milestone) }]),
    ),
    today: calendarDateOf(now),
    externalUrl,
  };
}

/** GitLab's LinkedIssueEntity fields common to the tree and the related issues. */
function linkedIssueJson(
  view: IssueView,
  extras: IssueExtras,
  reference: string,
  relationPath: string | null,
) {
  const { issue, project } = view;
  const milestone = issue.milestone_id === null ? undefined : extras.milestones.get(issue.milestone_id);
  return {
    id: issue.id,
    iid: issue.iid,
    confidential: issue.confidential,
    title: issue.title,
    assignees: view.assigneeIds.flatMap((id) => {
      const user = extras.users.get(id);
      return user
        ? [
            {
              id: user.id,
              username: user.username,
              name: user.name,
              state: user.state,
              avatar_url: null,
              web_url: `${extras.externalUrl}${userPath(user.username)}`,
              path: userPath(user.username),
            },
          ]
        : [];
    }),
    state: issue.state,
    milestone: milestone
      ? milestoneJson(milestone.milestone, milestone.ownerPath, extras.today, extras.externalUrl)
      : null,
    weight: issue.weight,
    reference,
    path: issueOrTaskWebPath(project.full_path, issue.iid, issue.issue_type),
    type: REST_ISSUE_TYPE[issue.issue_type],
    relation_path: relationPath,
    due_date: issue.due_date,
    created_at: issue.created_at.toISOString(),
    closed_at: iso(issue.closed_at),
    blocked: view.blocked,
  };
}

/** An issue in the tree (GitLab's LinkedEpicIssueEntity); removable only by an admin of the epic. */
export function epicIssueJson(
  view: EpicIssueView,
  parent: ParentEpic,
  canAdmin: boolean,
  extras: IssueExtras,
) {
  const relationPath = canAdmin
    ? `${epicWebPath(parent.group.full_path, parent.epic.iid)}/issues/${view.link.id}`
    : null;
  return {
    ...linkedIssueJson(
      view,
      extras,
      issuableReference('issue', view.issue.iid, view.project.full_path, true),
      relationPath,
    ),
    epic_issue_id: view.link.id,
    relative_position: view.link.relative_position,
    can_admin: canAdmin,
  };
}

/** An epic related to another (GitLab's Epics::RelatedEpicEntity). */
export function relatedEpicJson(view: RelatedEpicView, source: ParentEpic, canAdminSource: boolean) {
  return {
    ...linkedEpicJson(view, source.group),
    relation_path:
      canAdminSource && view.canAdmin
        ? `${epicWebPath(source.group.full_path, source.epic.iid)}/related_epic_links/${view.linkId}`
        : null,
    link_type: view.linkType,
    link_created_at: view.linkCreatedAt.toISOString(),
  };
}

/** An issue related to another (GitLab's LinkedProjectIssueEntity). */
export function relatedIssueJson(
  view: RelatedIssueView,
  source: { readonly project: ProjectRow; readonly issue: IssueRow },
  extras: IssueExtras,
) {
  const relationPath = view.canAdmin
    ? `${issueWebPath(source.project.full_path, source.issue.iid)}/links/${view.linkId}`
    : null;
  return {
    ...linkedIssueJson(view, extras, issueReferenceFrom(view, source.project), relationPath),
    link_type: view.linkType,
    link_created_at: view.linkCreatedAt.toISOString(),
  };
}
