import { type HealthStatus, healthStatusOfCode } from '../../../core/domain/healthStatus.ts';
import { issuableReference } from '../../../core/domain/references.ts';
import { epicWebPath, issueOrTaskWebPath } from '../../../core/domain/webPaths.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import type { Executor } from '../../db/executor.ts';
import { findEpicsByIds } from '../../db/repositories/epicRepository.ts';
import {
  countVotes,
  findAssigneeIdsOfIssues,
  findEpicIdsOfIssues,
} from '../../db/repositories/issueRepository.ts';
import { findLabelsOfTargets } from '../../db/repositories/labelRepository.ts';
import { findMilestonesByIds } from '../../db/repositories/milestoneRepository.ts';
import { findNamespacesByIds } from '../../db/repositories/namespaceRepository.ts';
import { findProjectsByIds } from '../../db/repositories/projectRepository.ts';
import { findUsersByIds } from '../../db/repositories/userRepository.ts';
import type { EpicRow, IssueRow, NamespaceRow, UserRow } from '../../db/schema.ts';
import type { AccessContext } from '../../services/access.ts';
import { visibleUserNotesCounts } from '../../services/discussions/userNoteCounts.ts';
import { renderMarkdown } from '../../services/markdown/markdownRenderer.ts';
import { labelJson, milestoneJson, REST_ISSUE_TYPE, userBasicJson } from './presenters.ts';

export interface IssueJsonOptions {
  /** Whose eyes: an epic they may not read is not named. */
  readonly access: AccessContext;
  readonly externalUrl: string;
  readonly now: Date;
  /** Labels as objects (name, color, description…) instead of names: GitLab's `with_labels_details`. */
  readonly withLabelsDetails?: boolean | undefined;
  /** Single-issue routes add whether the viewer gets notifications (GitLab's `subscribed`). */
  readonly subscribed?: boolean | undefined;
}

/**
 * GitLab's REST Issue entity for a list of issues, every related row read in one batch each.
 * Counts that need merge requests or time tracking (none kept here) are 0.
 */
export async function presentIssues(db: Executor, issues: readonly IssueRow[], options: IssueJsonOptions) {
  const ids = issues.map((issue) => issue.id);
  const [projects, assigneeIds, labels, votes, epicIds] = [
    await findProjectsByIds(db, [...new Set(issues.map((issue) => issue.project_id))]),
    await findAssigneeIdsOfIssues(db, ids),
    await findLabelsOfTargets(db, 'Issue', ids),
    await countVotes(db, 'Issue', ids),
    await findEpicIdsOfIssues(db, ids),
  ];
  const userIds = new Set(issues.map((issue) => issue.author_id));
  for (const list of assigneeIds.values()) for (const id of list) userIds.add(id);
  const users = new Map((await findUsersByIds(db, [...userIds])).map((user) => [user.id, user]));
  const milestones = await findMilestonesByIds(db, [
    ...new Set(issues.flatMap((issue) => issue.milestone_id ?? [])),
  ]);
  const epics = await findEpicsByIds(db, [...new Set(epicIds.values())]);
  const groups = new Map(
    (
      await findNamespacesByIds(db, [
        ...new Set([...epics.map((epic) => epic.group_id), ...milestones.flatMap((m) => m.group_id ?? [])]),
      ])
    ).map((group) => [group.id, group]),
  );
  const readableEpics = new Map<number, { epic: EpicRow; group: NamespaceRow }>();
  for (const epic of epics) {
    const group = groups.get(epic.group_id);
    if (
      group &&
      (await options.access.canInNamespace('read_epic', group, { confidential: epic.confidential }))
    ) {
      readableEpics.set(epic.id, { epic, group });
    }
  }
  const notesCounts = await visibleUserNotesCounts(db, options.access, issues, projects);
  const projectById = new Map(projects.map((project) => [project.id, project]));
  const today = calendarDateOf(options.now);
  const { externalUrl } = options;
  const user = (id: number): UserRow => {
    const found = users.get(id);
    if (!found) throw new Error(`User ${id} is missing`);
    return found;
  };
  return issues.map((issue) => {
    const project = projectById.get(issue.project_id);
    if (!project) throw new Error(`Issue ${issue.id} lost its project`);
    const milestone = milestones.find((row) => row.id === issue.milestone_id);
    const milestoneOwner = milestone?.group_id
      ? groups.get(milestone.group_id)?.full_path
      : projectById.get(milestone?.project_id ?? 0)?.full_path;
    const assignees = (assigneeIds.get(issue.id) ?? []).map((id) => userBasicJson(user(id), externalUrl));
    const epicId = epicIds.get(issue.id);
    const epic = epicId === undefined ? undefined : readableEpics.get(epicId);
    const tasks = renderMarkdown(issue.description).tasks;
    const vote = votes.get(issue.id) ?? { upvotes: 0, downvotes: 0 };
    const webUrl = `${externalUrl}${issueOrTaskWebPath(project.full_path, issue.iid, issue.issue_type)}`;
    const apiProject = `${externalUrl}/api/v4/projects/${project.id}`;
    return {
      id: issue.id,
      iid: issue.iid,
      project_id: issue.project_id,
      title: issue.title,
      description: issue.description,
      state: issue.state,
      created_at: issue.created_at.toISOString(),
      updated_at: issue.updated_at.toISOString(),
      closed_at: issue.closed_at?.toISOString() ?? null,
      closed_by: null,
      labels: options.withLabelsDetails
        ? (labels.get(issue.id) ?? []).map((label) => labelJson(label))
        : (labels.get(issue.id) ?? []).map((label) => label.title),
      milestone: milestone ? milestoneJson(milestone, milestoneOwner ?? '', today, externalUrl) : null,
      assignees,
      author: userBasicJson(user(issue.author_id), externalUrl),
      type: REST_ISSUE_TYPE[issue.issue_type],
      assignee: assignees[0] ?? null,
      user_notes_count: notesCounts.get(issue.id) ?? 0,
      merge_requests_count: 0,
      upvotes: vote.upvotes,
      downvotes: vote.downvotes,
      due_date: issue.due_date,
      confidential: issue.confidential,
      discussion_locked: null,
      issue_type: issue.issue_type,
      web_url: webUrl,
      time_stats: {
        time_estimate: 0,
        total_time_spent: 0,
        human_time_estimate: null,
        human_total_time_spent: null,
      },
      task_completion_status: { count: tasks.total, completed_count: tasks.completed },
      weight: issue.weight,
      blocking_issues_count: 0,
      has_tasks: tasks.total > 0,
      _links: {
        self: `${apiProject}/issues/${issue.iid}`,
        notes: `${apiProject}/issues/${issue.iid}/notes`,
        award_emoji: `${apiProject}/issues/${issue.iid}/award_emoji`,
        project: apiProject,
        closed_as_duplicate_of: null,
      },
      references: {
        short: issuableReference('issue', issue.iid, project.full_path, false),
        relative: issuableReference('issue', issue.iid, project.full_path, false),
        full: issuableReference('issue', issue.iid, project.full_path, true),
      },
      severity: 'UNKNOWN',
      moved_to_id: null,
      service_desk_reply_to: null,
      epic_iid: epic?.epic.iid ?? null,
      epic: epic
        ? {
            id: epic.epic.id,
            iid: epic.epic.iid,
            title: epic.epic.title,
            url: epicWebPath(epic.group.full_path, epic.epic.iid),
            group_id: epic.epic.group_id,
            human_readable_end_date: null,
            human_readable_timestamp: null,
          }
        : null,
      iteration: null,
      health_status: restHealthStatus(issue.health_status),
      ...(options.subscribed === undefined ? {} : { subscribed: options.subscribed }),
    };
  });
}

/** REST answers the health status by its snake-case name. */
const REST_HEALTH_STATUS: Readonly<Record<HealthStatus, string>> = {
  onTrack: 'on_track',
  needsAttention: 'needs_attention',
  atRisk: 'at_risk',
};

function restHealthStatus(code: number | null): string | null {
  const status = code === null ? null : healthStatusOfCode(code);
  return status === null ? null : REST_HEALTH_STATUS[status];
}
