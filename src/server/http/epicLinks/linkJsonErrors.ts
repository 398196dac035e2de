import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError, ServiceError } from '../../services/errors.ts';
import { EpicHierarchyError, LINK_MESSAGES, LinkUnlicensedError } from '../../services/links/linkMessages.ts';
import { ParamError } from '../api/params.ts';
import { CsrfError } from '../auth.ts';
import { STATUS_OF_KIND } from '../issuable/issuableErrors.ts';

/** Devise's answer to a JSON request without a session (what GitLab's pages get on a 401). */
export const SIGN_IN_MESSAGE = 'You need to sign in or sign up before continuing.';

/**
 * The status and body of a failure of the tree's and related items' JSON endpoints, which GitLab's
 * front end reads as `response.data.message` (GitLab's related-items tree): always `{ "message": "…" }`.
 *   400 malformed parameter; 401 not signed in; 403 not permitted (admin_epic_relation);
 *   404 the epic, issue or link is missing or unreadable, or no reference names a linkable item
 *       ('No matching epic found. …'); 409 already linked, or a hierarchy rule (a depth violation
 *       reads 'Epic hierarchy level too deep'); 422 a link its model refuses, or a bad CSRF token.
 * Null for anything else (a bug: the application's handler logs it as a 500).
 */
export function linkErrorResponse(error: unknown): { status: number; message: string } | null {
  if (error instanceof ParamError) return { status: 400, message: error.message };
  if (error instanceof CsrfError) return { status: 422, message: error.message };
  if (error instanceof EpicHierarchyError) {
    return { status: 409, message: error.tooDeep ? LINK_MESSAGES.hierarchyTooDeep : error.message };
  }
  if (!(error instanceof ServiceError)) return clientError(error);
  if (error.kind === 'unauthorized') return { status: 401, message: SIGN_IN_MESSAGE };
  if (error instanceof LinkUnlicensedError) return { status: 403, message: error.message };
  if (error.kind === 'forbidden') {
    return {
      status: 403,
      message: error.message === 'Forbidden' ? '403 Forbidden' : `403 Forbidden - ${error.message}`,
    };
  }
  if (error instanceof NotFoundError) return { status: 404, message: `404 ${error.message}` };
  return { status: STATUS_OF_KIND[error.kind], message: error.message };
}

/** Fastify's own 4xx (a malformed JSON body, an unsupported content type) in the same shape. */
function clientError(error: unknown): { status: number; message: string } | null {
  const { statusCode, code, message } = error as Partial<FastifyError>;
  if (statusCode === undefined || statusCode < 400 || statusCode >= 500 || statusCode === 429) return null;
  const malformed = code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error as Error).name === 'SyntaxError';
  return { status: statusCode, message: malformed ? 'Malformed JSON in the request body' : (message ?? '') };
}

/** A route error handler answering in that shape; it also covers the route's hooks (CSRF). */
export function linkJsonErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const response = linkErrorResponse(error);
  if (!response) throw error;
  return reply.code(response.status).send({ message: response.message });
}
