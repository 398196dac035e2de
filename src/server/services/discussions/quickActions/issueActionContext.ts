import type { Kysely } from 'kysely';
import type { CalendarDate } from '../../../../core/time/calendarDate.ts';
import { calendarDateOf } from '../../../../core/time/formatting.ts';
import { findEpicIssueByIssueId } from '../../../db/repositories/epicLinkRepository.ts';
import { findAssigneeIdsOfIssues } from '../../../db/repositories/issueRepository.ts';
import { findLabelsOfTargets, listLabels } from '../../../db/repositories/labelRepository.ts';
import { findMilestoneById, listMilestones } from '../../../db/repositories/milestoneRepository.ts';
import { findUsersByIds } from '../../../db/repositories/userRepository.ts';
import { findAddedZoomMeeting } from '../../../db/repositories/zoomMeetingRepository.ts';
import type { Database, IssueRow, LabelRow, MilestoneRow, UserRow } from '../../../db/schema.ts';
import type { AccessContext } from '../../access.ts';
import type { IssueInProject, ProjectInNamespace } from '../../issueService.ts';
import { type IssueRights, issueRights } from '../../issues/issueCommands.ts';
import { canPublishToStatusPage } from '../../statusPage/statusPageMarking.ts';
import { isSubscribedToIssue } from '../../subscriptionService.ts';
import { findPendingTodoOf } from '../../todoService.ts';

/**
 * An issue as its quick actions see it before they run: what the actor may do (the same rights the
 * sidebar reads) and the state the commands' conditions test (GitLab's `condition` blocks).
 */
export interface IssueActionState {
  /** The issue is being created from a form: GitLab's commands that need a saved item stay text. */
  readonly creating: boolean;
  readonly rights: IssueRights;
  /** GitLab's admin_issue_link: the related-items card's own rule (update_issue, not the author's). */
  readonly canAdminLink: boolean;
  readonly labels: readonly LabelRow[];
  readonly assignees: readonly UserRow[];
  readonly milestone: MilestoneRow | null;
  readonly hasEpic: boolean;
  /** Some label exists for the issue's project to take (GitLab's `find_labels.any?`). */
  readonly anyLabel: boolean;
  readonly anyActiveMilestone: boolean;
  readonly pendingTodo: boolean;
  readonly subscribed: boolean;
  readonly open: boolean;
  readonly confidential: boolean;
  readonly hasDueDate: boolean;
  readonly hasWeight: boolean;
  readonly discussionLocked: boolean;
  /** A Zoom meeting is pinned (GitLab's canonical_meeting): /zoom needs none, /remove_zoom one. */
  readonly hasZoomMeeting: boolean;
  /** The actor may publish the issue on the project's active status page (GitLab's /publish condition). */
  readonly canPublishToStatusPage: boolean;
  readonly today: CalendarDate;
}

/** The state with who acts and where: enough to explain commands, even for an issue not yet created. */
export interface IssueExplainContext extends IssueActionState {
  readonly db: Kysely<Database>;
  readonly access: AccessContext;
  readonly user: UserRow;
  readonly scope: ProjectInNamespace;
  readonly located: IssueInProject | null;
}

/** An existing issue's context; `located` follows the commands' saves one by one. */
export interface IssueActionContext extends IssueExplainContext {
  located: IssueInProject;
}

function issueFlags(issue: IssueRow) {
  return {
    open: issue.state === 'opened',
    confidential: issue.confidential,
    hasDueDate: issue.due_date !== null,
    hasWeight: issue.weight !== null,
    discussionLocked: issue.discussion_locked,
  };
}

export async function loadIssueActionContext(
  db: Kysely<Database>,
  access: AccessContext,
  user: UserRow,
  located: IssueInProject,
): Promise<IssueActionContext> {
  const { project, namespace, issue } = located;
  const owners = { groupIds: namespace.traversal_ids, projectIds: [project.id] };
  const [
    rights,
    canAdminLink,
    labels,
    assigneeIds,
    milestone,
    link,
    anyLabel,
    anyMilestone,
    todo,
    subscribed,
    zoomMeeting,
    publishable,
  ] = await Promise.all([
    issueRights(db, access, located),
    access.canInProject('update_issue', project, namespace, { confidential: issue.confidential }),
    findLabelsOfTargets(db, 'Issue', [issue.id]),
    findAssigneeIdsOfIssues(db, [issue.id]),
    issue.milestone_id === null ? undefined : findMilestoneById(db, issue.milestone_id),
    findEpicIssueByIssueId(db, issue.id),
    listLabels(db, { groupIds: namespace.traversal_ids }, { offset: 0, limit: 1 }),
    listMilestones(db, { ...owners, state: 'active' }, { offset: 0, limit: 1 }),
    findPendingTodoOf(db, access.actor, { type: 'Issue', id: issue.id }),
    isSubscribedToIssue(db, access.actor, issue),
    findAddedZoomMeeting(db, issue.id),
    canPublishToStatusPage(db, access, located),
  ]);
  const assignees = await findUsersByIds(db, assigneeIds.get(issue.id) ?? []);
  return {
    db,
    access,
    user,
    scope: { project, namespace },
    located,
    creating: false,
    rights,
    canAdminLink,
    labels: labels.get(issue.id) ?? [],
    assignees,
    milestone: milestone ?? null,
    hasEpic: link !== undefined,
    anyLabel: anyLabel.total > 0,
    anyActiveMilestone: anyMilestone.total > 0,
    pendingTodo: todo !== undefined,
    subscribed,
    hasZoomMeeting: zoomMeeting !== undefined,
    canPublishToStatusPage: publishable,
    ...issueFlags(issue),
    today: calendarDateOf(access.now()),
  };
}

/**
 * The state of an issue the new-issue form is about to create: nothing set yet, and the metadata
 * commands only for those who may set metadata on creation (admin_issue, as newIssueMetadata.ts).
 */
export async function newIssueActionState(
  db: Kysely<Database>,
  access: AccessContext,
  { project, namespace }: ProjectInNamespace,
  confidential: boolean,
): Promise<IssueActionState> {
  const owners = { groupIds: namespace.traversal_ids, projectIds: [project.id] };
  const [canAdmin, anyLabel, anyMilestone] = await Promise.all([
    access.canInProject('admin_issue', project, namespace),
    listLabels(db, { groupIds: namespace.traversal_ids }, { offset: 0, limit: 1 }),
    listMilestones(db, { ...owners, state: 'active' }, { offset: 0, limit: 1 }),
  ]);
  return {
    creating: true,
    rights: { canUpdate: true, canAdmin, canDestroy: false },
    canAdminLink: false,
    labels: [],
    assignees: [],
    milestone: null,
    hasEpic: false,
    anyLabel: anyLabel.total > 0,
    anyActiveMilestone: anyMilestone.total > 0,
    pendingTodo: false,
    subscribed: true,
    open: true,
    confidential,
    hasDueDate: false,
    hasWeight: false,
    discussionLocked: false,
    hasZoomMeeting: false,
    canPublishToStatusPage: false,
    today: calendarDateOf(access.now()),
  };
}
