import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import { loadEpicIssuable, saveEpicIssuable } from '../../services/epicIssuableService.ts';
import { groupPathOf, groupScopedPatterns } from '../groupScopedRoutes.ts';
import { issuableJsonErrorHandler } from './issuableErrors.ts';
import { epicText } from './issuableJson.ts';
import { epicIssuableChanges, parseIid } from './issuableParams.ts';
import { answerIssuableUpdate, answerRealtimeChanges, stopPollingOnFailure } from './realtimeChanges.ts';

/**
 * The endpoints behind the epic page's title and description editor, at GitLab's paths:
 *
 * GET  /groups/:path/-/epics/:iid/realtime_changes   (readers; 404 otherwise)
 *   200 { title, title_text, description, description_text, task_status,
 *         task_completion_status: { count, completed_count }, lock_version,
 *         updated_at, updated_by_name, updated_by_path }   (updated_* null until the first edit)
 *   Headers: Poll-Interval 3000 (-1 on 401/403/404: stop polling), ETag; If-None-Match → 304.
 *
 * PUT  /groups/:path/-/epics/:iid.json                (update permission)
 *   Body (JSON `{ epic: {…} }`, form `epic[…]=`, or query): title, description, lock_version,
 *   state_event (close | reopen).
 * PATCH the same path with `update_task: { index, checked, line_number, line_source }` instead of a
 *   description ticks one task-list item of the stored description (409 when that line changed).
 *   200 { …the realtime fields, web_url (the epic's path), state }
 *   409 { errors: [the concurrent-edit message] } when lock_version is stale; nothing changes.
 *
 * POST /groups/:path/-/epics/:iid  _method=delete, authenticity_token, destroy_confirm=true
 *   (destroy permission): deletes the epic and its descendant epics, 303 to the epics list with the
 *   flash 'The epic was successfully deleted.'; see destroyForms.ts for its failures.
 *
 * JSON failures are `{ errors: [...] }` (issuableErrors.ts). CSRF: every non-GET request with a
 * session must carry the token (X-CSRF-Token header or authenticity_token field), as everywhere.
 */
export function registerEpicIssuableRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db } = deps;
  for (const path of groupScopedPatterns('epics/:iid/realtime_changes')) {
    app.get(
      path,
      { errorHandler: issuableJsonErrorHandler(stopPollingOnFailure) },
      async (request, reply) => {
        const { iid } = request.params as { iid: string };
        const issuable = await loadEpicIssuable(
          db,
          request.access,
          groupPathOf(request.params),
          parseIid(iid),
        );
        return answerRealtimeChanges(db, request, reply, epicText(issuable));
      },
    );
  }

  for (const path of groupScopedPatterns('epics/:iid.json')) {
    // PUT saves the form; PATCH is GitLab's task-list toggle (update_task), answered alike.
    app.route({
      method: ['PUT', 'PATCH'],
      url: path,
      errorHandler: issuableJsonErrorHandler(),
      handler: async (request) => {
        const { iid } = request.params as { iid: string };
        const changes = epicIssuableChanges(request.query, request.body);
        const saved = await saveEpicIssuable(
          db,
          request.access,
          groupPathOf(request.params),
          parseIid(iid),
          changes,
        );
        return answerIssuableUpdate(db, request.access, epicText(saved));
      },
    });
  }
}
