import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  saveMergeRequestIssuable,
  withMergeRequestLastEditor,
} from '../../services/mergeRequests/mergeRequestIssuable.ts';
import { projectScopedPatterns } from '../groupScopedRoutes.ts';
import { issuableJsonErrorHandler } from './issuableErrors.ts';
import { mergeRequestText } from './issuableJson.ts';
import { mergeRequestIssuableChanges, mergeRequestOfPath } from './issuableParams.ts';
import { answerIssuableUpdate, answerRealtimeChanges, stopPollingOnFailure } from './realtimeChanges.ts';

/**
 * The endpoints behind the merge request page's title and description editor, the issue page's
 * contract (issueIssuableRoutes.ts) at GitLab's merge request paths:
 *
 * GET  /:project/-/merge_requests/:iid/realtime_changes   (readers; 404 otherwise)
 * PUT  /:project/-/merge_requests/:iid.json               (update_merge_request: Developers, the author)
 *   Body `{ merge_request: { title, description, lock_version, state_event } }`; PATCH with
 *   `update_task` ticks one task-list item. 409 on a stale lock_version; 422 for invalid fields.
 */
export function registerMergeRequestIssuableRoutes(app: FastifyInstance, { db }: ServerDeps): void {
  for (const path of projectScopedPatterns('merge_requests/:iid/realtime_changes')) {
    app.get(
      path,
      { errorHandler: issuableJsonErrorHandler(stopPollingOnFailure) },
      async (request, reply) => {
        const issuable = await withMergeRequestLastEditor(db, await mergeRequestOfPath(db, request));
        return answerRealtimeChanges(db, request, reply, mergeRequestText(issuable));
      },
    );
  }

  for (const path of projectScopedPatterns('merge_requests/:iid.json')) {
    app.route({
      method: ['PUT', 'PATCH'],
      url: path,
      errorHandler: issuableJsonErrorHandler(),
      handler: async (request) => {
        const changes = mergeRequestIssuableChanges(request.query, request.body);
        const located = await mergeRequestOfPath(db, request);
        const saved = await saveMergeRequestIssuable(db, request.access, located, changes);
        return answerIssuableUpdate(db, request.access, mergeRequestText(saved));
      },
    });
  }
}
