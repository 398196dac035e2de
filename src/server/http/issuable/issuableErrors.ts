import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  type ServiceError,
  ServiceError as ServiceErrorClass,
  ValidationError,
} from '../../services/errors.ts';
import { ParamError } from '../api/params.ts';
import { CsrfError } from '../auth.ts';

/**
 * Error bodies of the epic page's JSON endpoints (realtime_changes, the .json update, the markdown
 * preview): always `{ "errors": [message, …] }`, the shape GitLab's issuable controllers answer and
 * whose first message the client shows. Statuses:
 *   400 malformed parameter, 401 not signed in, 403 not permitted, 404 missing or unreadable,
 *   409 stale lock_version (the concurrent-edit message), 422 validation failed or bad CSRF token.
 * Anything else goes on to the application's handler (a logged 500).
 */

/** Rails' full messages: "Title can't be blank". */
function fullMessages(error: ValidationError): string[] {
  return Object.entries(error.fieldErrors).flatMap(([field, messages]) => {
    const name = field.replace(/_/g, ' ');
    const label = name.charAt(0).toUpperCase() + name.slice(1);
    return messages.map((message) => `${label} ${message}`);
  });
}

/** The HTTP status of each kind of service failure (the delete form shares it). */
export const STATUS_OF_KIND: Readonly<Record<ServiceError['kind'], number>> = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  invalid: 422,
  unavailable: 503,
};

/** The status and `errors` list for a failure these endpoints expect, or null for a real bug. */
function issuableErrorResponse(error: unknown): { status: number; errors: string[] } | null {
  if (error instanceof ParamError) return { status: 400, errors: [error.message] };
  if (error instanceof CsrfError) return { status: 422, errors: [error.message] };
  if (error instanceof ValidationError) return { status: 422, errors: fullMessages(error) };
  if (error instanceof ServiceErrorClass)
    return { status: STATUS_OF_KIND[error.kind], errors: [error.message] };
  return null;
}

/** A Fastify route error handler answering in the shape above; it also covers the route's hooks. */
export function issuableJsonErrorHandler(onError?: (reply: FastifyReply, status: number) => void) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const response = issuableErrorResponse(error);
    // Thrown on, the error reaches the application's handler (tokens, body parsing, bugs).
    if (!response) throw error;
    onError?.(reply, response.status);
    return reply.code(response.status).send({ errors: response.errors });
  };
}
