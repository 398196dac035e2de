import type { Executor } from '../../db/executor.ts';
import type { OffsetLimit } from '../../db/pagination.ts';
import {
  type CodeReviewFilter,
  type CodeReviewRow,
  listCodeReviewMergeRequests,
} from '../../db/repositories/codeReviewRepository.ts';
import { findApprovalRecords } from '../../db/repositories/mergeRequestRepository.ts';
import { findUsersByIds } from '../../db/repositories/userRepository.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError } from '../errors.ts';
import { type MergeRequestPageFacts, mergeRequestPageFacts } from '../mergeRequests/mergeRequestViews.ts';
import { findReadableProject } from '../projectService.ts';

/** The filters code review analytics take (GitLab's `negatable_params`), without the project. */
export type CodeReviewParams = Omit<CodeReviewFilter, 'projectId'>;

/** One page of code review analytics with what its entities show. */
export interface CodeReviewPage {
  readonly rows: readonly CodeReviewRow[];
  readonly total: number;
  /** Authors, milestones, comment counts (as the caller may count them) and projects. */
  readonly facts: MergeRequestPageFacts;
  /** Each merge request's approvers, in the order they approved. */
  readonly approvers: ReadonlyMap<number, readonly UserRow[]>;
}

/**
 * The project's open merge requests, longest in review first (EE API::Analytics::CodeReviewAnalytics):
 * a project the caller cannot see is a NotFoundError, one where they lack read_code_review_analytics
 * (Reporters and up, on Premium) a ForbiddenError.
 */
export async function listCodeReview(
  db: Executor,
  access: AccessContext,
  projectId: number,
  params: CodeReviewParams,
  page: OffsetLimit,
): Promise<CodeReviewPage> {
  const { project, namespace } = await findReadableProject(db, access, String(projectId));
  if (!(await access.canInProject('read_code_review_analytics', project, namespace))) {
    throw new ForbiddenError();
  }
  const { rows, total } = await listCodeReviewMergeRequests(db, { ...params, projectId: project.id }, page);
  const mergeRequests = rows.map((row) => row.mergeRequest);
  const facts = await mergeRequestPageFacts(db, access, mergeRequests);
  const approvals = await findApprovalRecords(
    db,
    mergeRequests.map((row) => row.id),
  );
  const approverIds = [...new Set([...approvals.values()].flatMap((list) => list.map((one) => one.userId)))];
  const users = new Map((await findUsersByIds(db, approverIds)).map((user) => [user.id, user]));
  const approvers = new Map(
    [...approvals].map(([id, list]) => [id, list.flatMap((one) => users.get(one.userId) ?? [])]),
  );
  return { rows, total, facts, approvers };
}
