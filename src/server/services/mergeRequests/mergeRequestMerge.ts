import { createHash } from 'node:crypto';
import {
  type DetailedMergeStatus,
  detailedMergeStatus,
  MERGE_BLOCKED_TEXT,
} from '../../../core/domain/mergeRequests.ts';
import { approvalNote, mergedNote } from '../../../core/domain/systemNotes.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import {
  deleteApproval,
  findMergeRequestById,
  insertApproval,
  setReviewerState,
  updateMergeRequestRow,
} from '../../db/repositories/mergeRequestRepository.ts';
import { markUserTodosOfTargetDone } from '../../db/repositories/todoRepository.ts';
import type { MergeRequestRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { mergeRequestTarget, writeSystemNotes } from '../discussions/systemNoteService.ts';
import { ConflictError, ForbiddenError, NotFoundError, ServiceError, UnauthorizedError } from '../errors.ts';
import { closeIssuesOfMerge } from './mergeRequestClosingIssues.ts';
import { type MergeRequestInProject, mergeRequestRights } from './mergeRequestQueries.ts';

/**
 * Merging and approving. There is no repository: the source branch's head is a stable digest of the
 * merge request's branch (what `sha` must name, as GitLab's HEAD check), and a merge records the
 * merger, the time and a merge commit digest.
 */

/** A merge the merge request's state refuses; `status` says why (GitLab's detailed_merge_status). */
export class MergeBlockedError extends ServiceError {
  constructor(readonly status: Exclude<DetailedMergeStatus, 'mergeable'>) {
    super('conflict', MERGE_BLOCKED_TEXT[status]);
  }
}

/** The `sha` given is not the source branch's head; `head` is what it is (GitLab's API names it). */
export class ShaMismatchError extends ConflictError {
  constructor(readonly head: string) {
    super('SHA does not match HEAD of source branch');
  }
}

/**
 * The actor may approve merge requests in the project but not this one: they wrote it (GitLab's
 * merge_requests_author_approval is off) or it is no longer open. GitLab's eligibility check, which
 * its REST API answers 401 rather than the policy's 403.
 */
export class ApprovalNotEligibleError extends ForbiddenError {
  constructor() {
    super('You are not eligible to approve this merge request');
  }
}

/** A second approval by the same user (GitLab's REST API answers it 401). */
export class AlreadyApprovedError extends ConflictError {
  constructor() {
    super('You have already approved this merge request');
  }
}

const digest = (text: string) => createHash('sha1').update(text).digest('hex');

/** The source branch's head: changes when the branch is pushed to, which here is never. */
export const headSha = (mergeRequest: Pick<MergeRequestRow, 'project_id' | 'source_branch' | 'created_at'>) =>
  digest(`${mergeRequest.project_id}:${mergeRequest.source_branch}:${mergeRequest.created_at.toISOString()}`);

export function mergeStatusOf(mergeRequest: MergeRequestRow): DetailedMergeStatus {
  return detailedMergeStatus({
    state: mergeRequest.state,
    title: mergeRequest.title,
    canMerge: mergeRequest.can_merge,
    unresolvedThreads: 0,
    onlyAllowMergeIfAllDiscussionsAreResolved: false,
  });
}

export interface MergeOptions {
  readonly sha?: string | undefined;
  readonly squash?: boolean | undefined;
}

/**
 * Merges (GitLab's accept): Developers and up; the merge request must be open, ready and free of
 * conflicts. Records merged_at and the merger, writes 'merged', closes the issues it closes, and
 * marks the merger's to-dos on it done — one transaction.
 */
export async function mergeMergeRequest(
  db: Executor,
  access: AccessContext,
  located: MergeRequestInProject,
  options: MergeOptions,
): Promise<MergeRequestRow> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  if (!(await mergeRequestRights(access, located)).canMerge) throw new ForbiddenError();
  return inTransaction(db, async (trx) => {
    const current = await findMergeRequestById(trx, located.mergeRequest.id);
    if (!current) throw new NotFoundError('Merge Request');
    const status = mergeStatusOf(current);
    if (status !== 'mergeable') throw new MergeBlockedError(status);
    if (options.sha !== undefined && options.sha !== headSha(current)) {
      throw new ShaMismatchError(headSha(current));
    }
    const now = access.now();
    const merged = await updateMergeRequestRow(trx, current.id, current.lock_version, {
      state: 'merged',
      merged_at: now,
      merge_user_id: user.id,
      merge_commit_sha: digest(`merge:${current.id}:${now.toISOString()}`),
      squash: options.squash ?? current.squash,
      updated_at: now,
    });
    if (!merged) throw new MergeBlockedError('not_open');
    const by = { authorId: user.id, now };
    await writeSystemNotes(trx, mergeRequestTarget(merged), by, [mergedNote()]);
    await closeIssuesOfMerge(trx, access, { ...located, mergeRequest: merged }, by);
    await markUserTodosOfTargetDone(trx, { type: 'MergeRequest', id: merged.id }, user.id, now);
    return merged;
  });
}

/**
 * Approves (GitLab's approve): Developers and up who did not write it, while it is open; one approval
 * per user (a second is an AlreadyApprovedError, a 401 in GitLab's API). Without the right a
 * ForbiddenError; the author, or a merge request no longer open, an ApprovalNotEligibleError. A
 * reviewer who approves is marked approved.
 */
export async function approveMergeRequest(
  db: Executor,
  access: AccessContext,
  located: MergeRequestInProject,
  options: { readonly sha?: string | undefined } = {},
): Promise<void> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  const rights = await mergeRequestRights(access, located);
  // The author has the policy (they may update it) but not the eligibility; anyone else without
  // canApprove lacks the policy.
  const mayApproveHere =
    rights.canApprove || (located.mergeRequest.author_id === user.id && rights.canUpdate);
  if (!mayApproveHere) throw new ForbiddenError();
  if (!rights.canApprove || located.mergeRequest.state !== 'opened') throw new ApprovalNotEligibleError();
  const head = headSha(located.mergeRequest);
  if (options.sha !== undefined && options.sha !== head) throw new ShaMismatchError(head);
  await inTransaction(db, async (trx) => {
    const now = access.now();
    if (!(await insertApproval(trx, located.mergeRequest, user.id, now))) {
      throw new AlreadyApprovedError();
    }
    await setReviewerState(trx, located.mergeRequest.id, user.id, 'approved');
    await writeSystemNotes(trx, mergeRequestTarget(located.mergeRequest), { authorId: user.id, now }, [
      approvalNote(true),
    ]);
    await markUserTodosOfTargetDone(trx, { type: 'MergeRequest', id: located.mergeRequest.id }, user.id, now);
  });
}

/** Withdraws the actor's approval (GitLab's unapprove); a NotFoundError when there was none. */
export async function unapproveMergeRequest(
  db: Executor,
  access: AccessContext,
  located: MergeRequestInProject,
): Promise<void> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  if (located.mergeRequest.state !== 'opened') throw new ForbiddenError();
  await inTransaction(db, async (trx) => {
    if (!(await deleteApproval(trx, located.mergeRequest.id, user.id))) {
      throw new NotFoundError('Approval');
    }
    await setReviewerState(trx, located.mergeRequest.id, user.id, 'unapproved');
    await writeSystemNotes(
      trx,
      mergeRequestTarget(located.mergeRequest),
      { authorId: user.id, now: access.now() },
      [approvalNote(false)],
    );
  });
}
