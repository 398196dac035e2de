import { reviewersChangedNote } from '../../../core/domain/systemNotes.ts';
import { TODO_ACTION_REVIEW_REQUESTED } from '../../../core/domain/todos.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import { findReviewersOf, setReviewerState } from '../../db/repositories/mergeRequestRepository.ts';
import { insertTodo } from '../../db/repositories/todoRepository.ts';
import { findUsersByIds } from '../../db/repositories/userRepository.ts';
import type { AccessContext } from '../access.ts';
import { mergeRequestTarget, writeSystemNotes } from '../discussions/systemNoteService.ts';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../errors.ts';
import { type MergeRequestInProject, mergeRequestRights } from './mergeRequestQueries.ts';

/**
 * Asks a reviewer for a new review (GitLab's MergeRequests::RequestReviewService, the sidebar's
 * "Re-request review"): their review state goes back to unreviewed, the merge request notes that a
 * review was requested from them, and they get a review-requested to-do unless they asked
 * themselves. Needs update_merge_request; someone who is not a reviewer is GitLab's
 * 'Reviewer not found'.
 */
export async function requestReReview(
  db: Executor,
  access: AccessContext,
  located: MergeRequestInProject,
  reviewerId: number,
): Promise<void> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  if (!(await mergeRequestRights(access, located)).canUpdate) throw new ForbiddenError();
  const { mergeRequest } = located;
  await inTransaction(db, async (trx) => {
    const reviewers = (await findReviewersOf(trx, [mergeRequest.id])).get(mergeRequest.id) ?? [];
    const [reviewer] = reviewers.some((entry) => entry.userId === reviewerId)
      ? await findUsersByIds(trx, [reviewerId])
      : [];
    if (!reviewer) throw new ValidationError({ reviewer: ['not found'] });
    const now = access.now();
    await setReviewerState(trx, mergeRequest.id, reviewer.id, 'unreviewed');
    await writeSystemNotes(trx, mergeRequestTarget(mergeRequest), { authorId: user.id, now }, [
      reviewersChangedNote([reviewer.username], []),
    ]);
    if (reviewer.id === user.id) return;
    await insertTodo(trx, {
      root_namespace_id: mergeRequest.root_namespace_id,
      user_id: reviewer.id,
      author_id: user.id,
      target_type: 'MergeRequest',
      target_id: mergeRequest.id,
      group_id: null,
      project_id: located.project.id,
      action: TODO_ACTION_REVIEW_REQUESTED,
      state: 'pending',
      note_id: null,
      created_at: now,
      updated_at: now,
    });
  });
}
