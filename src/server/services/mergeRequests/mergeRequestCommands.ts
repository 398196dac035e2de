import {
  type FieldErrors,
  hasErrors,
  validateDescription,
  validateTitle,
} from '../../../core/domain/epicRules.ts';
import { draftlessTitle, draftTitle, isValidBranchName } from '../../../core/domain/mergeRequests.ts';
import { issuableReference } from '../../../core/domain/references.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import {
  deleteMergeRequestRow,
  findMergeRequestById,
  findOpenMergeRequestOfBranches,
  findUserIdsOf,
  insertMergeRequest,
  type MergeRequestUpdate,
  replacePeople,
  updateMergeRequestRow,
} from '../../db/repositories/mergeRequestRepository.ts';
import { findUserByUsername } from '../../db/repositories/userRepository.ts';
import type { MergeRequestRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  StaleEditError,
  UnauthorizedError,
  ValidationError,
} from '../errors.ts';
import type { ProjectInNamespace } from '../issueService.ts';
import type { ListOperation } from '../issues/issueCommands.ts';
import { checkAssignees, checkMilestone, MAX_ASSIGNEES } from '../issues/issueCommands.ts';
import { labelIdsForTitles, MAX_LABELS_PER_REQUEST, resolveLabelChanges } from '../labelService.ts';
import { syncDescriptionClosingIssues } from './mergeRequestClosingIssues.ts';
import { type MergeRequestInProject, mergeRequestRights } from './mergeRequestQueries.ts';
import { mergeRequestBefore, recordMergeRequestChanges } from './mergeRequestSystemNotes.ts';

/** What a save may change; undefined leaves a field alone, null clears it. */
export interface MergeRequestChanges {
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly stateEvent?: 'close' | 'reopen' | undefined;
  readonly targetBranch?: string | undefined;
  /** Mark as draft or ready: the title's prefix, as GitLab's mergeRequestSetDraft writes it. */
  readonly draft?: boolean | undefined;
  readonly squash?: boolean | undefined;
  readonly lockVersion?: number | undefined;
  // The team's metadata (admin_merge_request):
  readonly discussionLocked?: boolean | undefined;
  readonly milestoneId?: number | null | undefined;
  readonly labels?: readonly string[] | undefined;
  readonly addLabels?: readonly string[] | undefined;
  readonly removeLabels?: readonly string[] | undefined;
  /** Labels by id (GraphQL's mergeRequestSetLabels): replacing, added or removed. */
  readonly labelIds?: readonly number[] | undefined;
  readonly addLabelIds?: readonly number[] | undefined;
  readonly removeLabelIds?: readonly number[] | undefined;
  readonly assigneeIds?: readonly number[] | undefined;
  readonly reviewerIds?: readonly number[] | undefined;
}

/**
 * A second open merge request of the same source and target branches, with GitLab's
 * validate_branches wording naming the open one (`!12`).
 */
export class BranchConflictError extends ConflictError {
  constructor(readonly openReference: string) {
    super(`Another open merge request already exists for this source branch: ${openReference}`);
  }
}

const METADATA_FIELDS = [
  'discussionLocked',
  'milestoneId',
  'labels',
  'addLabels',
  'removeLabels',
  'labelIds',
  'addLabelIds',
  'removeLabelIds',
  'assigneeIds',
  'reviewerIds',
] as const satisfies readonly (keyof MergeRequestChanges)[];

export function validBranch(name: unknown, field: string, errors: FieldErrors): string | undefined {
  if (typeof name !== 'string' || !isValidBranchName(name)) {
    errors[field] = [...(errors[field] ?? []), 'is invalid'];
    return undefined;
  }
  return name;
}

const touchesLabels = (changes: MergeRequestChanges): boolean =>
  [
    changes.labels,
    changes.addLabels,
    changes.removeLabels,
    changes.labelIds,
    changes.addLabelIds,
    changes.removeLabelIds,
  ].some((list) => list !== undefined);

function validatedChanges(
  changes: MergeRequestChanges,
  current: MergeRequestRow,
  now: Date,
): MergeRequestUpdate {
  const errors: FieldErrors = {};
  const row: MergeRequestUpdate = {};
  let title = current.title;
  if (changes.title !== undefined) {
    const checked = validateTitle(changes.title, errors, true);
    if (checked !== undefined) title = checked;
  }
  if (changes.draft !== undefined) title = changes.draft ? draftTitle(title) : draftlessTitle(title);
  if (title !== current.title) row.title = title;
  if (changes.description !== undefined) {
    const description = validateDescription(changes.description, errors);
    if (description !== undefined && description !== current.description) row.description = description;
  }
  if (changes.targetBranch !== undefined) {
    const target = validBranch(changes.targetBranch, 'target_branch', errors);
    if (target !== undefined && target === current.source_branch) {
      errors.target_branch = ['must be different than source branch'];
    } else if (target !== undefined && target !== current.target_branch) row.target_branch = target;
  }
  if (changes.squash !== undefined) row.squash = changes.squash;
  if (changes.discussionLocked !== undefined) row.discussion_locked = changes.discussionLocked;
  if (changes.milestoneId !== undefined) row.milestone_id = changes.milestoneId;
  const labelCount =
    (changes.labels?.length ?? 0) +
    (changes.addLabels?.length ?? 0) +
    (changes.labelIds?.length ?? 0) +
    (changes.addLabelIds?.length ?? 0);
  if (labelCount > MAX_LABELS_PER_REQUEST)
    errors.labels = [`are too many (maximum is ${MAX_LABELS_PER_REQUEST})`];
  if ((changes.assigneeIds?.length ?? 0) > MAX_ASSIGNEES) {
    errors.assignees = [`are too many (maximum is ${MAX_ASSIGNEES})`];
  }
  if ((changes.reviewerIds?.length ?? 0) > MAX_ASSIGNEES) {
    errors.reviewers = [`are too many (maximum is ${MAX_ASSIGNEES})`];
  }
  if (hasErrors(errors)) throw new ValidationError(errors);
  // Merged merge requests stay merged: only open ones close, only closed ones reopen.
  if (changes.stateEvent === 'close' && current.state === 'opened') {
    Object.assign(row, { state: 'closed', closed_at: now });
  } else if (changes.stateEvent === 'reopen' && current.state === 'closed') {
    Object.assign(row, { state: 'opened', closed_at: null, closed_by_id: null });
  }
  return row;
}

/**
 * Saves title, description, state, draft, target branch and metadata in one transaction, with the
 * system notes of what changed. A stale lock_version is a StaleEditError and nothing changes.
 */
export async function updateMergeRequest(
  db: Executor,
  access: AccessContext,
  located: MergeRequestInProject,
  changes: MergeRequestChanges,
): Promise<MergeRequestRow> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  const exclusiveScopes =
    touchesLabels(changes) && (await access.hasFeature(located.namespace, 'scoped_labels'));
  const rights = await mergeRequestRights(access, located);
  const metadata = METADATA_FIELDS.some((field) => changes[field] !== undefined);
  if (!rights.canUpdate || (metadata && !rights.canAdmin)) throw new ForbiddenError();
  return inTransaction(db, async (trx) => {
    const current = await findMergeRequestById(trx, located.mergeRequest.id);
    if (!current) throw new NotFoundError('Merge Request');
    if (changes.lockVersion !== undefined && changes.lockVersion !== current.lock_version) {
      throw new StaleEditError();
    }
    const now = access.now();
    const row = validatedChanges(changes, current, now);
    if (row.state === 'closed') row.closed_by_id = user.id;
    if (row.title !== undefined || row.description !== undefined) {
      row.last_edited_at = now;
      row.last_edited_by_id = user.id;
    }
    if (row.milestone_id != null) await checkMilestone(trx, located, row.milestone_id);
    const assigneeIds = changes.assigneeIds && (await checkAssignees(trx, changes.assigneeIds));
    const reviewerIds = changes.reviewerIds && (await checkPeople(trx, changes.reviewerIds, 'reviewers'));
    const before = await mergeRequestBefore(trx, current, {
      labels: touchesLabels(changes),
      assignees: assigneeIds !== undefined,
      reviewers: reviewerIds !== undefined,
    });
    const updated = await updateMergeRequestRow(trx, current.id, changes.lockVersion, {
      ...row,
      updated_at: now,
    });
    if (!updated) throw new StaleEditError();
    if (assigneeIds) await replacePeople(trx, 'merge_request_assignees', updated, assigneeIds);
    if (reviewerIds) await replacePeople(trx, 'merge_request_reviewers', updated, reviewerIds);
    await applyLabels(trx, located, updated, changes, exclusiveScopes);
    if (row.description !== undefined)
      await syncDescriptionClosingIssues(trx, access, { ...located, mergeRequest: updated });
    await recordMergeRequestChanges(trx, located, before, updated, { authorId: user.id, now });
    return updated;
  });
}

/** Labels by title (created in the project's group when missing) or by id. */
async function applyLabels(
  db: Executor,
  { namespace, project }: ProjectInNamespace,
  mergeRequest: MergeRequestRow,
  changes: MergeRequestChanges,
  exclusiveScopes: boolean,
): Promise<void> {
  if (!touchesLabels(changes)) return;
  const byTitles = (titles: readonly string[] | undefined) =>
    titles ? labelIdsForTitles(db, namespace, titles, project.id) : Promise.resolve([]);
  const replaced = changes.labels ?? changes.labelIds;
  await resolveLabelChanges(
    db,
    namespace,
    { type: 'MergeRequest', id: mergeRequest.id },
    {
      replaceWith:
        replaced === undefined
          ? undefined
          : [...(changes.labelIds ?? []), ...(await byTitles(changes.labels))],
      add: [...(changes.addLabelIds ?? []), ...(await byTitles(changes.addLabels))],
      remove: changes.removeLabelIds,
      removeTitles: changes.removeLabels,
    },
    { projectId: project.id, exclusiveScopes },
  );
}

/** Every named user must be an active user; 422 naming the field otherwise. */
async function checkPeople(db: Executor, ids: readonly number[], field: 'reviewers'): Promise<number[]> {
  try {
    return await checkAssignees(db, ids);
  } catch (error) {
    if (error instanceof ValidationError) throw new ValidationError({ [field]: ['not found'] });
    throw error;
  }
}

/**
 * The user ids a list of usernames makes, replacing, added to or removed from the merge request's
 * current assignees or reviewers (GitLab's mergeRequestSetAssignees/SetReviewers operation modes).
 */
export async function peopleIdsFor(
  db: Executor,
  mergeRequest: MergeRequestRow,
  table: 'merge_request_assignees' | 'merge_request_reviewers',
  usernames: readonly string[],
  operation: ListOperation,
): Promise<number[]> {
  const field = table === 'merge_request_assignees' ? 'assignees' : 'reviewers';
  if (usernames.length > MAX_ASSIGNEES) {
    throw new ValidationError({ [field]: [`are too many (maximum is ${MAX_ASSIGNEES})`] });
  }
  const named: number[] = [];
  for (const username of new Set(usernames)) {
    const user = await findUserByUsername(db, username);
    if (!user) throw new ValidationError({ [field]: ['not found'] });
    named.push(user.id);
  }
  if (operation === 'replace') return named;
  const current = (await findUserIdsOf(db, table, [mergeRequest.id])).get(mergeRequest.id) ?? [];
  return operation === 'append'
    ? [...new Set([...current, ...named])]
    : current.filter((id) => !named.includes(id));
}

export interface NewMergeRequest {
  readonly title: unknown;
  readonly description?: string | undefined;
  readonly sourceBranch: unknown;
  readonly targetBranch: unknown;
  readonly milestoneId?: number | undefined;
  readonly labels?: readonly string[] | undefined;
  readonly assigneeIds?: readonly number[] | undefined;
  readonly reviewerIds?: readonly number[] | undefined;
  readonly squash?: boolean | undefined;
}

/**
 * Opens a merge request (GitLab's `POST /projects/:id/merge_requests`, how a CI system or a person
 * reports a branch). Developers and up; one open merge request per source and target branch; the
 * metadata is set as on an update, with its notes. 409 for a second open one of the same branches.
 */
export async function createMergeRequest(
  db: Executor,
  access: AccessContext,
  place: ProjectInNamespace,
  input: NewMergeRequest,
): Promise<MergeRequestRow> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  if (!(await access.canInProject('create_merge_request_in', place.project, place.namespace))) {
    throw new ForbiddenError();
  }
  const errors: FieldErrors = {};
  const title = validateTitle(input.title, errors, true);
  const description = validateDescription(input.description ?? '', errors);
  const sourceBranch = validBranch(input.sourceBranch, 'source_branch', errors);
  const targetBranch = validBranch(input.targetBranch, 'target_branch', errors);
  if (sourceBranch !== undefined && sourceBranch === targetBranch) {
    errors.target_branch = ['must be different than source branch'];
  }
  if (hasErrors(errors)) throw new ValidationError(errors);
  // Metadata needs admin_merge_request, as on an update; without it GitLab drops it silently.
  const canAdmin = await access.canInProject('admin_merge_request', place.project, place.namespace);
  const exclusiveScopes =
    canAdmin && input.labels !== undefined && (await access.hasFeature(place.namespace, 'scoped_labels'));
  return inTransaction(db, async (trx) => {
    const open = await findOpenMergeRequestOfBranches(trx, place.project.id, sourceBranch!, targetBranch!);
    if (open) throw new BranchConflictError(issuableReference('merge_request', open.iid, '', false));
    const milestoneId = canAdmin ? input.milestoneId : undefined;
    if (milestoneId !== undefined) await checkMilestone(trx, place, milestoneId);
    const created = await insertMergeRequest(trx, {
      rootNamespaceId: place.namespace.root_namespace_id,
      projectId: place.project.id,
      authorId: user.id,
      title: title!,
      description: description ?? '',
      sourceBranch: sourceBranch!,
      targetBranch: targetBranch!,
      milestoneId: milestoneId ?? null,
      squash: input.squash ?? false,
      now: access.now(),
    });
    if (canAdmin) {
      if (input.assigneeIds) {
        await replacePeople(
          trx,
          'merge_request_assignees',
          created,
          await checkAssignees(trx, input.assigneeIds),
        );
      }
      if (input.reviewerIds) {
        const reviewers = await checkPeople(trx, input.reviewerIds, 'reviewers');
        await replacePeople(trx, 'merge_request_reviewers', created, reviewers);
      }
      await applyLabels(trx, place, created, { labels: input.labels }, exclusiveScopes);
    }
    await syncDescriptionClosingIssues(trx, access, { ...place, mergeRequest: created });
    return created;
  });
}

/** Deletes a merge request: project Owners and administrators (GitLab's destroy_merge_request). */
export async function destroyMergeRequest(
  db: Executor,
  access: AccessContext,
  located: MergeRequestInProject,
): Promise<void> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (!(await mergeRequestRights(access, located)).canDestroy) throw new ForbiddenError();
  await inTransaction(db, (trx) => deleteMergeRequestRow(trx, located.mergeRequest.id));
}
