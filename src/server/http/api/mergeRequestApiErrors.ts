import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, NotFoundError } from '../../services/errors.ts';
import { BranchConflictError } from '../../services/mergeRequests/mergeRequestCommands.ts';
import {
  AlreadyApprovedError,
  ApprovalNotEligibleError,
  MergeBlockedError,
  ShaMismatchError,
} from '../../services/mergeRequests/mergeRequestMerge.ts';

/**
 * The REST answers of the merge request services' own failures, where GitLab's merge request API
 * words them apart from its usual `{"message": "403 Forbidden"}` (lib/api/merge_requests.rb,
 * merge_request_approvals.rb). Everything else goes on to the application's handler
 * (errorHandler.ts).
 */

const UNAUTHORIZED = { message: '401 Unauthorized' };

/** The SHA check of merge and approve (GitLab's check_sha_param!). */
function sendShaMismatch(error: ShaMismatchError, reply: FastifyReply) {
  return reply.code(409).send({ message: `${error.message}: ${error.head}` });
}

/**
 * `PUT|POST …/merge`: 401 when the caller may not merge, 405 when the merge request cannot merge
 * (not open, a draft, threads to resolve), 422 `Branch cannot be merged` when it conflicts, 409 for
 * a `sha` that is not the source branch's head.
 */
export function mergeApiErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ForbiddenError) return reply.code(401).send(UNAUTHORIZED);
  if (error instanceof MergeBlockedError) {
    return error.status === 'broken_status'
      ? reply.code(422).send({ message: 'Branch cannot be merged' })
      : reply.code(405).send({ message: '405 Method Not Allowed' });
  }
  if (error instanceof ShaMismatchError) return sendShaMismatch(error, reply);
  throw error;
}

/**
 * `POST …/approve` and `…/unapprove`: 401 for an author or a second approval (GitLab's
 * `unauthorized! unless success`), 404 `404 Not Found` for withdrawing an approval never given,
 * 409 for a stale `sha`; a caller without the right keeps the 403.
 */
export function approvalApiErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApprovalNotEligibleError || error instanceof AlreadyApprovedError) {
    return reply.code(401).send(UNAUTHORIZED);
  }
  if (error instanceof ShaMismatchError) return sendShaMismatch(error, reply);
  if (error instanceof NotFoundError && error.resource === 'Approval') {
    return reply.code(404).send({ message: '404 Not Found' });
  }
  throw error;
}

/** `POST /projects/:id/merge_requests`: a second open one of the same branches (GitLab's `conflict!`). */
export function createApiErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof BranchConflictError) return reply.code(409).send({ message: [error.message] });
  throw error;
}
