import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import { requireSignedIn } from '../../services/links/linkViews.ts';
import {
  createMergeRequest,
  destroyMergeRequest,
  updateMergeRequest,
} from '../../services/mergeRequests/mergeRequestCommands.ts';
import { findReadableProject } from '../../services/projectService.ts';
import { createApiErrorHandler } from './mergeRequestApiErrors.ts';
import { readableMergeRequestOfApiPath } from './mergeRequestApiParams.ts';
import { presentMergeRequest } from './mergeRequestJson.ts';
import {
  assertOwnTargetProject,
  mergeRequestChangesOf,
  newMergeRequestOf,
} from './mergeRequestUpdateParams.ts';
import { bodyParams } from './params.ts';

/**
 * GitLab's REST merge request writes (lib/api/merge_requests.rb):
 *
 * POST   /projects/:id/merge_requests   Developers and up: source_branch, target_branch and title
 *        (400 `title is missing, …` without them), description, labels, assignee_ids (or
 *        assignee_id), reviewer_ids, milestone_id, squash; the metadata is dropped without
 *        admin_merge_request, as in GitLab. 201 with the MergeRequest; 409 `{"message": ["Another
 *        open merge request already exists for this source branch: !N"]}` for a second open one of
 *        the same branches; 400 for invalid values.
 * PUT    /projects/:id/merge_requests/:merge_request_iid   title, description, state_event
 *        (close/reopen), target_branch, squash (update_merge_request: Developers, the author) and
 *        labels, add_labels, remove_labels, milestone_id, assignee_id(s), reviewer_ids,
 *        discussion_locked (admin_merge_request: Developers). A `Draft:` title makes it a draft, one
 *        without makes it ready. 200 with the MergeRequest; 400 when nothing is named.
 * DELETE /projects/:id/merge_requests/:merge_request_iid   project Owners and administrators; 204.
 *
 * Every route: 401 anonymous, 403 without the right, 404 for what the caller cannot see.
 */
export function registerMergeRequestRoutes(app: FastifyInstance, { db, config, now }: ServerDeps): void {
  const options = (request: FastifyRequest) => ({
    access: request.access,
    externalUrl: config.externalUrl,
    now: now(),
  });

  app.post(
    '/api/v4/projects/:id/merge_requests',
    { errorHandler: createApiErrorHandler },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      requireSignedIn(request.access);
      const body = bodyParams(request);
      const input = newMergeRequestOf(body);
      const place = await findReadableProject(db, request.access, id);
      assertOwnTargetProject(body, place.project.id);
      const mergeRequest = await createMergeRequest(db, request.access, place, input);
      return reply
        .code(201)
        .send(await presentMergeRequest(db, { ...place, mergeRequest }, options(request)));
    },
  );

  app.put('/api/v4/projects/:id/merge_requests/:merge_request_iid', async (request) => {
    requireSignedIn(request.access);
    const changes = mergeRequestChangesOf(bodyParams(request));
    const located = await readableMergeRequestOfApiPath(db, request);
    const mergeRequest = await updateMergeRequest(db, request.access, located, changes);
    return presentMergeRequest(db, { ...located, mergeRequest }, options(request));
  });

  app.delete('/api/v4/projects/:id/merge_requests/:merge_request_iid', async (request, reply) => {
    requireSignedIn(request.access);
    await destroyMergeRequest(db, request.access, await readableMergeRequestOfApiPath(db, request));
    return reply.code(204).send();
  });
}
