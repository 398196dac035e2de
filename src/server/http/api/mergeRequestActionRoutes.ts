import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import { requireSignedIn } from '../../services/links/linkViews.ts';
import {
  readableClosingIssues,
  readableMergeRequestsClosing,
} from '../../services/mergeRequests/mergeRequestClosingIssues.ts';
import { mergeMergeRequest } from '../../services/mergeRequests/mergeRequestMerge.ts';
import { mergeRequestReviewers } from '../../services/mergeRequests/mergeRequestViews.ts';
import { mergeRequestParticipants } from '../../services/participantService.ts';
import { readableIssueOfApiPath } from './issueApiParams.ts';
import { presentIssues } from './issueJson.ts';
import { mergeApiErrorHandler } from './mergeRequestApiErrors.ts';
import { readableMergeRequestOfApiPath } from './mergeRequestApiParams.ts';
import {
  presentFullMergeRequests,
  presentMergeRequest,
  presentMergeRequests,
  reviewerJson,
  usersJson,
} from './mergeRequestJson.ts';
import { mergeOptionsOf } from './mergeRequestUpdateParams.ts';
import { setPaginationHeaders } from './pagination.ts';
import { bodyParams, offsetPage, type Params } from './params.ts';

/**
 * GitLab's per-merge-request REST actions under `/api/v4/projects/:id/merge_requests/:merge_request_iid`,
 * and the issue's side of the links:
 *
 * PUT  …/merge                 merges (Developers and up); POST is taken too. 200 with the
 *                              MergeRequest; 401, 405, 409, 422 as mergeApiErrorHandler says.
 * GET  …/closes_issues         the issues it closes on merge that the caller may read (Issue JSON).
 * GET  …/participants          author, assignees, reviewers and commenters who may read it.
 * GET  …/reviewers             `[{ user, state, created_at }]`.
 * GET  /projects/:id/issues/:issue_iid/closed_by              the project's merge requests that close
 *                                                            the issue (MergeRequestBasic).
 * GET  /projects/:id/issues/:issue_iid/related_merge_requests every merge request that closes it that
 *                                                            the caller may read (MergeRequest, no
 *                                                            `subscribed`).
 *
 * The lists are offset-paged with GitLab's headers; a merge request or issue the caller cannot read
 * is a 404.
 */
export function registerMergeRequestActionRoutes(
  app: FastifyInstance,
  { db, config, now }: ServerDeps,
): void {
  const prefix = '/api/v4/projects/:id/merge_requests/:merge_request_iid';
  const options = (request: FastifyRequest) => ({
    access: request.access,
    externalUrl: config.externalUrl,
    now: now(),
  });
  /** One offset page of a list read whole (these lists are short: one merge request's people). */
  const paged = <T>(request: FastifyRequest, reply: FastifyReply, items: readonly T[]): T[] => {
    const page = offsetPage(request.query as Params);
    setPaginationHeaders(request, reply, config.externalUrl, page, items.length);
    return items.slice(page.offset, page.offset + page.perPage);
  };

  const merge = async (request: FastifyRequest) => {
    requireSignedIn(request.access);
    const mergeOptions = mergeOptionsOf(bodyParams(request));
    const located = await readableMergeRequestOfApiPath(db, request);
    const merged = await mergeMergeRequest(db, request.access, located, mergeOptions);
    return presentMergeRequest(db, { ...located, mergeRequest: merged }, options(request));
  };
  app.put(`${prefix}/merge`, { errorHandler: mergeApiErrorHandler }, merge);
  app.post(`${prefix}/merge`, { errorHandler: mergeApiErrorHandler }, async (request, reply) =>
    reply.code(200).send(await merge(request)),
  );

  app.get(`${prefix}/closes_issues`, async (request, reply) => {
    const located = await readableMergeRequestOfApiPath(db, request);
    const closing = await readableClosingIssues(db, request.access, located.mergeRequest);
    const page = paged(request, reply, closing);
    return presentIssues(
      db,
      page.map(({ issue }) => issue),
      options(request),
    );
  });

  app.get(`${prefix}/participants`, async (request, reply) => {
    const located = await readableMergeRequestOfApiPath(db, request);
    const users = await mergeRequestParticipants(db, request.access, located);
    return usersJson(paged(request, reply, users), config.externalUrl);
  });

  app.get(`${prefix}/reviewers`, async (request, reply) => {
    const located = await readableMergeRequestOfApiPath(db, request);
    const reviewers = await mergeRequestReviewers(db, located);
    return paged(request, reply, reviewers).map((reviewer) => reviewerJson(reviewer, config.externalUrl));
  });

  const issuePrefix = '/api/v4/projects/:id/issues/:issue_iid';
  app.get(`${issuePrefix}/closed_by`, async (request, reply) => {
    const located = await readableIssueOfApiPath(db, request);
    // GitLab's closed_by reads the issue's own project's merge requests only.
    const closing = (await readableMergeRequestsClosing(db, request.access, located.issue)).filter(
      ({ project }) => project.id === located.project.id,
    );
    const page = paged(request, reply, closing);
    return presentMergeRequests(
      db,
      page.map(({ mergeRequest }) => mergeRequest),
      options(request),
    );
  });

  app.get(`${issuePrefix}/related_merge_requests`, async (request, reply) => {
    const located = await readableIssueOfApiPath(db, request);
    const closing = await readableMergeRequestsClosing(db, request.access, located.issue);
    // GitLab sorts them by iid (across projects too) before paging.
    const sorted = [...closing].sort((a, b) => a.mergeRequest.iid - b.mergeRequest.iid);
    return presentFullMergeRequests(db, paged(request, reply, sorted), options(request));
  });
}
