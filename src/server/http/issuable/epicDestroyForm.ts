import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DESTROY_CONFIRMATION_MISSING, EPIC_DELETED_NOTICE } from '../../../core/domain/issuableTexts.ts';
import { groupEpicsPath } from '../../../core/domain/webPaths.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { destroyEpicFromPage } from '../../services/epicIssuableService.ts';
import { ServiceError } from '../../services/errors.ts';
import { optionalBoolean, optionalString, ParamError, type Params } from '../api/params.ts';
import { groupPathOf, groupScopedPatterns } from '../groupScopedRoutes.ts';
import { setFlash } from '../pages/flash.ts';
import { STATUS_OF_KIND } from './issuableErrors.ts';
import { parseIid } from './issuableParams.ts';

/**
 * The epic page's delete form: POST /groups/:path/-/epics/:iid with `_method=delete`,
 * `authenticity_token` (checked by the CSRF hook) and `destroy_confirm=true`, form-encoded.
 * Success: the epic and its descendant epics are gone (issues stay), 303 to the group's epics list
 * with the flash 'The epic was successfully deleted.'.
 * Failures, as plain text since a browser form posted them: 400 bad `_method` or `destroy_confirm`
 * value, 401 signed out, 403 without destroy permission, 422 without `destroy_confirm` (GitLab's
 * message) or with a bad CSRF token, and the not-found page when the epic is missing or unreadable.
 */
export function registerEpicDestroyForm(app: FastifyInstance, { db }: ServerDeps): void {
  for (const path of groupScopedPatterns('epics/:iid')) {
    app.post(path, { errorHandler: destroyFormErrorHandler }, async (request, reply) => {
      const body = (request.body ?? {}) as Params;
      if (optionalString(body, '_method', 16)?.toLowerCase() !== 'delete') {
        throw new ParamError('_method must be delete');
      }
      if (optionalBoolean(body, 'destroy_confirm') !== true) {
        throw new ServiceError('invalid', DESTROY_CONFIRMATION_MISSING);
      }
      const { iid } = request.params as { iid: string };
      const group = await destroyEpicFromPage(db, request.access, groupPathOf(request.params), parseIid(iid));
      setFlash(reply, EPIC_DELETED_NOTICE);
      return reply.redirect(groupEpicsPath(group.full_path), 303);
    });
  }
}

function destroyFormErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const plain = (status: number, message: string) =>
    reply.code(status).type('text/plain; charset=utf-8').send(`${status} ${message}`);
  if (error instanceof ParamError) return plain(400, error.message);
  // Not found goes on to the application's handler, which shows the not-found page.
  if (error instanceof ServiceError && error.kind !== 'not_found') {
    return plain(STATUS_OF_KIND[error.kind], error.message);
  }
  throw error;
}
