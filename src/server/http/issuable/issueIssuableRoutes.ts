import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import { saveIssueIssuable, withLastEditor } from '../../services/issues/issueIssuable.ts';
import { projectScopedPatterns } from '../groupScopedRoutes.ts';
import { issuableJsonErrorHandler } from './issuableErrors.ts';
import { issueText } from './issuableJson.ts';
import { issueIssuableChanges, issueOfPath } from './issuableParams.ts';
import { answerIssuableUpdate, answerRealtimeChanges, stopPollingOnFailure } from './realtimeChanges.ts';

/**
 * The endpoints behind the issue page's title and description editor, at GitLab's paths; the same
 * contract as the epic page's (epicIssuableRoutes.ts):
 *
 * GET  /:project/-/issues/:iid/realtime_changes   (readers; 404 otherwise)
 *   200 { title, title_text, description, description_text, task_status, task_completion_status,
 *         lock_version, updated_at, updated_by_name, updated_by_path }; Poll-Interval, ETag, 304.
 *
 * PUT  /:project/-/issues/:iid.json               (update_issue: Reporters and up, the author)
 *   Body (JSON `{ issue: {…} }`, form `issue[…]=`, or query): title, description, lock_version,
 *   state_event (close | reopen), issue_type (issue | incident; admin_issue). PATCH with
 *   `update_task` ticks one task-list item, as the epic's (epicIssuableRoutes.ts). 200 { …the realtime fields, web_url, state }; 409 with GitLab's
 *   concurrent-edit message when lock_version is stale; 422 for invalid fields; nothing changes.
 */
export function registerIssueIssuableRoutes(app: FastifyInstance, { db }: ServerDeps): void {
  for (const path of projectScopedPatterns('issues/:iid/realtime_changes')) {
    app.get(
      path,
      { errorHandler: issuableJsonErrorHandler(stopPollingOnFailure) },
      async (request, reply) => {
        const issuable = await withLastEditor(db, await issueOfPath(db, request));
        return answerRealtimeChanges(db, request, reply, issueText(issuable));
      },
    );
  }

  for (const path of projectScopedPatterns('issues/:iid.json')) {
    // PUT saves the form; PATCH is GitLab's task-list toggle (update_task), answered alike.
    app.route({
      method: ['PUT', 'PATCH'],
      url: path,
      errorHandler: issuableJsonErrorHandler(),
      handler: async (request) => {
        const changes = issueIssuableChanges(request.query, request.body);
        const located = await issueOfPath(db, request);
        const saved = await saveIssueIssuable(db, request.access, located, changes);
        return answerIssuableUpdate(db, request.access, issueText(saved));
      },
    });
  }
}
