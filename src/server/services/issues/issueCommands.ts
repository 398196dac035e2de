import {
  type FieldErrors,
  hasErrors,
  validateDate,
  validateDescription,
  validateTitle,
} from '../../../core/domain/epicRules.ts';
import { HEALTH_STATUS_CODE, type HealthStatus } from '../../../core/domain/healthStatus.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import {
  findAssigneeIdsOfIssues,
  findEpicIdsOfIssues,
  findIssueById,
  type IssueUpdate,
  isAssignedTo,
  replaceIssueAssignees,
  updateIssueRow,
} from '../../db/repositories/issueRepository.ts';
import { findMilestoneById } from '../../db/repositories/milestoneRepository.ts';
import { findUserByUsername, findUsersByIds } from '../../db/repositories/userRepository.ts';
import type { IssueRow } from '../../db/schema.ts';
import { MAX_SQL_INTEGER } from '../../db/sqlInteger.ts';
import type { AccessContext } from '../access.ts';
import { refreshEpicDates } from '../epicDatesService.ts';
import {
  ForbiddenError,
  NotFoundError,
  StaleEditError,
  UnauthorizedError,
  ValidationError,
} from '../errors.ts';
import type { TextChanges } from '../issuableTaskToggle.ts';
import type { IssueInProject, ProjectInNamespace } from '../issueService.ts';
import { labelIdsForTitles, MAX_LABELS_PER_REQUEST, resolveLabelChanges } from '../labelService.ts';
import { issueBefore, recordIssueChanges } from './issueSystemNotes.ts';
import { withLicensedIssueFields } from './licensedIssueFields.ts';

/** Changing issues: each save one transaction, checked against the lock version it was made on. */

/** What a save may change; undefined leaves a field alone, null clears it. */
export interface IssueChanges extends TextChanges {
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly stateEvent?: 'close' | 'reopen' | undefined;
  /** The version the client edited; a different current one refuses the save (409). */
  readonly lockVersion?: number | undefined;
  // The metadata below is the team's (admin_issue), whoever wrote the issue.
  readonly confidential?: boolean | undefined;
  readonly discussionLocked?: boolean | undefined;
  readonly issueType?: 'issue' | 'incident' | undefined;
  readonly weight?: number | null | undefined;
  /** `YYYY-MM-DD`. */
  readonly dueDate?: string | null | undefined;
  readonly milestoneId?: number | null | undefined;
  readonly healthStatus?: HealthStatus | null | undefined;
  /** Replace every label with these titles (missing ones are created in the project's group). */
  readonly labels?: readonly string[] | undefined;
  readonly addLabels?: readonly string[] | undefined;
  readonly removeLabels?: readonly string[] | undefined;
  readonly labelIds?: readonly number[] | undefined;
  readonly addLabelIds?: readonly number[] | undefined;
  readonly removeLabelIds?: readonly number[] | undefined;
  /** Replace the assignees; empty unassigns everyone. */
  readonly assigneeIds?: readonly number[] | undefined;
}

/** Assignees one save may name (GitLab's cap on list arguments). */
export const MAX_ASSIGNEES = 100;

const METADATA_FIELDS = [
  'confidential',
  'discussionLocked',
  'issueType',
  'weight',
  'dueDate',
  'milestoneId',
  'healthStatus',
  'labels',
  'addLabels',
  'removeLabels',
  'labelIds',
  'addLabelIds',
  'removeLabelIds',
  'assigneeIds',
] as const satisfies readonly (keyof IssueChanges)[];

/** Whether a save touches the team's metadata (labels, milestone, assignees, …), not only the text. */
export const changesMetadata = (changes: IssueChanges): boolean =>
  METADATA_FIELDS.some((field) => changes[field] !== undefined);

/** What the actor may do to an issue: GitLab's update_issue and admin_issue, read in one go. */
export interface IssueRights {
  /** Title, description and state: Reporters and up, and the issue's author. */
  readonly canUpdate: boolean;
  /** Labels, milestone, assignees, weight, dates, health, confidentiality, type and the lock. */
  readonly canAdmin: boolean;
  /** Deleting it: project Owners and administrators. */
  readonly canDestroy: boolean;
}

/**
 * Both rights with one look at the issue's assignees; confidential issues for Reporters, their
 * author and assignees.
 */
export async function issueRights(
  db: Executor,
  access: AccessContext,
  { project, namespace, issue }: IssueInProject,
): Promise<IssueRights> {
  const viewerId = access.actor.user?.id;
  if (viewerId === undefined) return { canUpdate: false, canAdmin: false, canDestroy: false };
  const isAuthor = issue.author_id === viewerId;
  const isAssignee = !isAuthor && (await isAssignedTo(db, issue.id, viewerId));
  const context = { confidential: issue.confidential, isAuthor, isAssignee };
  const [canUpdate, canAdmin, canDestroy] = await Promise.all([
    access.canInProject('update_issue', project, namespace, context),
    access.canInProject('admin_issue', project, namespace, context),
    access.canInProject('destroy_issue', project, namespace, context),
  ]);
  return { canUpdate, canAdmin, canDestroy };
}

function validatedMetadata(changes: IssueChanges, current: IssueRow, errors: FieldErrors): IssueUpdate {
  const row: IssueUpdate = {};
  if (changes.confidential !== undefined) row.confidential = changes.confidential;
  if (changes.discussionLocked !== undefined) row.discussion_locked = changes.discussionLocked;
  if (changes.issueType !== undefined && changes.issueType !== current.issue_type) {
    // A task lives inside another issue (work items): it is not turned into an issue from here.
    if (current.issue_type === 'task') errors.issue_type = ['cannot be changed for a task'];
    else row.issue_type = changes.issueType;
  }
  if (changes.weight !== undefined) {
    const { weight } = changes;
    if (weight !== null && (!Number.isInteger(weight) || weight < 0 || weight > MAX_SQL_INTEGER)) {
      errors.weight = ['must be greater than or equal to 0'];
    } else row.weight = weight;
  }
  if (changes.dueDate !== undefined) {
    const dueDate = validateDate(changes.dueDate, 'due_date', errors);
    if (dueDate !== undefined) row.due_date = dueDate;
  }
  if (changes.healthStatus !== undefined) {
    row.health_status = changes.healthStatus === null ? null : HEALTH_STATUS_CODE[changes.healthStatus];
  }
  if (changes.milestoneId !== undefined) row.milestone_id = changes.milestoneId;
  const labelCount =
    (changes.labels?.length ?? 0) + (changes.addLabels?.length ?? 0) + (changes.labelIds?.length ?? 0);
  if (labelCount > MAX_LABELS_PER_REQUEST) {
    errors.labels = [`are too many (maximum is ${MAX_LABELS_PER_REQUEST})`];
  }
  if ((changes.assigneeIds?.length ?? 0) > MAX_ASSIGNEES) {
    errors.assignees = [`are too many (maximum is ${MAX_ASSIGNEES})`];
  }
  return row;
}

/** A milestone of the issue's project or of a group above it; 422 for any other. */
export async function checkMilestone(db: Executor, { project, namespace }: ProjectInNamespace, id: number) {
  const milestone = await findMilestoneById(db, id);
  const inScope =
    milestone !== undefined &&
    (milestone.project_id === project.id ||
      (milestone.group_id !== null && namespace.traversal_ids.includes(milestone.group_id)));
  if (!inScope) throw new ValidationError({ milestone: ['not found'] });
}

/** Every assignee must be an active user; 422 naming the field otherwise. */
export async function checkAssignees(db: Executor, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const users = await findUsersByIds(db, unique);
  if (users.length < unique.length || users.some((user) => user.state !== 'active')) {
    throw new ValidationError({ assignees: ['not found'] });
  }
  return unique;
}

function validatedChanges(changes: IssueChanges, current: IssueRow, now: Date): IssueUpdate {
  const errors: FieldErrors = {};
  const row: IssueUpdate = validatedMetadata(changes, current, errors);
  if (changes.title !== undefined) {
    const title = validateTitle(changes.title, errors, true);
    if (title !== undefined && title !== current.title) row.title = title;
  }
  if (changes.description !== undefined) {
    const description = validateDescription(changes.description, errors);
    if (description !== undefined && description !== current.description) row.description = description;
  }
  if (hasErrors(errors)) throw new ValidationError(errors);
  // Closing a closed issue (or reopening an open one) changes nothing, as in GitLab.
  if (changes.stateEvent === 'close' && current.state === 'opened') {
    row.state = 'closed';
    row.closed_at = now;
  } else if (changes.stateEvent === 'reopen' && current.state === 'closed') {
    row.state = 'opened';
    row.closed_at = null;
  }
  return row;
}

/**
 * Saves title, description, state and metadata. A stale lock_version is a StaleEditError and nothing
 * changes; a save that changes nothing still bumps the lock version (so other open copies go stale,
 * as GitLab's does) but records no edit. Inside a caller's transaction (bulk edit) it writes there.
 */
export async function updateIssue(
  db: Executor,
  access: AccessContext,
  located: IssueInProject,
  requested: IssueChanges,
): Promise<IssueRow> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  // The plan is read before the transaction: its statement is not the transaction's.
  const changes = await withLicensedIssueFields(access, located.namespace, requested);
  const exclusiveScopes =
    touchesLabels(changes) && (await access.hasFeature(located.namespace, 'scoped_labels'));
  const rights = await issueRights(db, access, located);
  if (!rights.canUpdate || (changesMetadata(changes) && !rights.canAdmin)) throw new ForbiddenError();
  return inTransaction(db, async (trx) => {
    const current = await findIssueById(trx, located.issue.id);
    if (!current) throw new NotFoundError('Issue');
    if (changes.lockVersion !== undefined && changes.lockVersion !== current.lock_version) {
      throw new StaleEditError();
    }
    const now = access.now();
    const row = validatedChanges(changes, current, now);
    const edited = row.title !== undefined || row.description !== undefined;
    if (edited) {
      // The issuable view's "Edited … by …" and realtime_changes' updated_by_* read these.
      row.last_edited_at = now;
      row.last_edited_by_id = user.id;
    }
    if (row.milestone_id != null) await checkMilestone(trx, located, row.milestone_id);
    const assigneeIds = changes.assigneeIds && (await checkAssignees(trx, changes.assigneeIds));
    const before = await issueBefore(trx, current, {
      labels: touchesLabels(changes),
      assignees: assigneeIds !== undefined,
    });
    const updated = await updateIssueRow(trx, current.id, changes.lockVersion, { ...row, updated_at: now });
    if (!updated) throw new StaleEditError();
    if (assigneeIds) await replaceIssueAssignees(trx, updated, assigneeIds);
    await applyLabelChanges(trx, located, updated, changes, exclusiveScopes);
    if (row.milestone_id !== undefined && row.milestone_id !== current.milestone_id) {
      // An epic's inherited dates come from its issues' milestones.
      const epicId = (await findEpicIdsOfIssues(trx, [updated.id])).get(updated.id);
      if (epicId !== undefined) await refreshEpicDates(trx, [epicId]);
    }
    await recordIssueChanges(trx, before, updated, { authorId: user.id, now });
    return updated;
  });
}

const touchesLabels = (changes: IssueChanges): boolean =>
  [
    changes.labels,
    changes.addLabels,
    changes.removeLabels,
    changes.labelIds,
    changes.addLabelIds,
    changes.removeLabelIds,
  ].some((list) => list !== undefined);

/** Labels by title (created in the project's group when missing) or by id. */
async function applyLabelChanges(
  db: Executor,
  { namespace, project }: ProjectInNamespace,
  issue: IssueRow,
  changes: IssueChanges,
  exclusiveScopes: boolean,
): Promise<void> {
  const byTitles = async (titles: readonly string[] | undefined) =>
    titles ? labelIdsForTitles(db, namespace, titles, project.id) : undefined;
  const replaced = changes.labels ?? changes.labelIds;
  await resolveLabelChanges(
    db,
    namespace,
    { type: 'Issue', id: issue.id },
    {
      replaceWith:
        replaced === undefined
          ? undefined
          : [...(changes.labelIds ?? []), ...((await byTitles(changes.labels)) ?? [])],
      add: [...(changes.addLabelIds ?? []), ...((await byTitles(changes.addLabels)) ?? [])],
      remove: changes.removeLabelIds,
      removeTitles: changes.removeLabels,
    },
    { projectId: project.id, exclusiveScopes },
  );
}

export type ListOperation = 'replace' | 'append' | 'remove';

/**
 * The assignee ids a list of usernames makes, replacing, added to or removed from the issue's
 * current ones (GitLab's issueSetAssignees operation modes). An unknown username is a 422.
 */
export async function assigneeIdsFor(
  db: Executor,
  issue: IssueRow,
  usernames: readonly string[],
  operation: ListOperation,
): Promise<number[]> {
  if (usernames.length > MAX_ASSIGNEES) {
    throw new ValidationError({ assignees: [`are too many (maximum is ${MAX_ASSIGNEES})`] });
  }
  const named: number[] = [];
  for (const username of new Set(usernames)) {
    const user = await findUserByUsername(db, username);
    if (!user) throw new ValidationError({ assignees: ['not found'] });
    named.push(user.id);
  }
  if (operation === 'replace') return named;
  const current = (await findAssigneeIdsOfIssues(db, [issue.id])).get(issue.id) ?? [];
  return operation === 'append'
    ? [...new Set([...current, ...named])]
    : current.filter((id) => !named.includes(id));
}
