import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deletedNotice, destroyConfirmationMissing } from '../../../core/domain/issuableTexts.ts';
import { groupEpicsPath, projectIssuesPath } from '../../../core/domain/webPaths.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { destroyEpicFromPage } from '../../services/epicIssuableService.ts';
import { ServiceError } from '../../services/errors.ts';
import { destroyIssue } from '../../services/issues/issueDestroy.ts';
import { uploadStoreOf } from '../../services/uploads/uploadStore.ts';
import { optionalBoolean, optionalString, ParamError, type Params } from '../api/params.ts';
import { groupPathOf, groupScopedPatterns, projectScopedPatterns } from '../groupScopedRoutes.ts';
import { setFlash } from '../pages/flash.ts';
import { issuableJsonErrorHandler, STATUS_OF_KIND } from './issuableErrors.ts';
import { issueOfPath, parseIid } from './issuableParams.ts';

/**
 * The issuable pages' delete forms: POST to the epic's or issue's path with `_method=delete`,
 * `authenticity_token` (checked by the CSRF hook) and `destroy_confirm=true`, form-encoded.
 * Success: 303 to the group's epics or the project's issues list with the flash 'The epic was
 * successfully deleted.' / 'The issue was successfully deleted.'. An epic takes its descendant
 * epics with it (issues stay); an issue leaves its epic, whose dates and rollups follow.
 * Failures, as plain text since a browser form posted them: 400 bad `_method` or `destroy_confirm`
 * value, 401 signed out, 403 without destroy permission (group / project Owners), 422 without
 * `destroy_confirm` (GitLab's message) or with a bad CSRF token, and the not-found page when the
 * item is missing or unreadable.
 *
 * The issue also answers GitLab's JSON delete, `DELETE /:project/-/issues/:iid.json?destroy_confirm=true`:
 * 200 `{ web_url }` (the issues list, where the same flash waits), failures as `{ errors: [...] }`.
 */
export function registerDestroyForms(app: FastifyInstance, { db, config }: ServerDeps): void {
  const files = uploadStoreOf(config);
  for (const path of groupScopedPatterns('epics/:iid')) {
    app.post(path, { errorHandler: destroyFormErrorHandler }, async (request, reply) => {
      confirmedDeleteForm(request.body, 'epic');
      const { iid } = request.params as { iid: string };
      const group = await destroyEpicFromPage(db, request.access, groupPathOf(request.params), parseIid(iid));
      setFlash(reply, deletedNotice('epic'));
      return reply.redirect(groupEpicsPath(group.full_path), 303);
    });
  }

  for (const path of projectScopedPatterns('issues/:iid')) {
    app.post(path, { errorHandler: destroyFormErrorHandler }, async (request, reply) => {
      confirmedDeleteForm(request.body, 'issue');
      const located = await issueOfPath(db, request);
      await destroyIssue(db, request.access, located, files);
      setFlash(reply, deletedNotice('issue'));
      return reply.redirect(projectIssuesPath(located.project.full_path), 303);
    });
  }

  for (const path of projectScopedPatterns('issues/:iid.json')) {
    app.delete(path, { errorHandler: issuableJsonErrorHandler() }, async (request, reply) => {
      const params = { ...(request.query as Params), ...((request.body ?? {}) as Params) };
      if (optionalBoolean(params, 'destroy_confirm') !== true) {
        throw new ServiceError('invalid', destroyConfirmationMissing('issue'));
      }
      const located = await issueOfPath(db, request);
      await destroyIssue(db, request.access, located, files);
      setFlash(reply, deletedNotice('issue'));
      return { web_url: projectIssuesPath(located.project.full_path) };
    });
  }
}

function confirmedDeleteForm(body: unknown, noun: 'epic' | 'issue'): void {
  const params = (body ?? {}) as Params;
  if (optionalString(params, '_method', 16)?.toLowerCase() !== 'delete') {
    throw new ParamError('_method must be delete');
  }
  if (optionalBoolean(params, 'destroy_confirm') !== true) {
    throw new ServiceError('invalid', destroyConfirmationMissing(noun));
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
