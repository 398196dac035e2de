import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  LinkInvalidError,
  LinkMoveError,
  LinkTargetNotFoundError,
  LinkUnlicensedError,
} from '../../services/links/linkMessages.ts';

/**
 * The REST answers of the link services' own failures, as GitLab's epic_issues and epic_links APIs
 * give them through `render_api_error!` (no status prefix): a move that cannot be made is a 400
 * `{ message: { error } }` (GitLab's epic_issues API), a reference that names nothing linkable a 404 with the
 * service's message, a link its model refuses a 422. Everything else goes on to the application's
 * handler (errorHandler.ts: `404 Epic Not Found`, `403 Forbidden`, 409 hierarchy messages …).
 */
export function linkApiErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof LinkMoveError) return reply.code(400).send({ message: { error: error.message } });
  if (error instanceof LinkTargetNotFoundError) return reply.code(404).send({ message: error.message });
  if (error instanceof LinkInvalidError) return reply.code(422).send({ message: error.message });
  if (error instanceof LinkUnlicensedError) return reply.code(403).send({ message: error.message });
  throw error;
}
