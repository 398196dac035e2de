import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import { requireSignedIn } from '../../services/links/linkViews.ts';
import {
  approveMergeRequest,
  unapproveMergeRequest,
} from '../../services/mergeRequests/mergeRequestMerge.ts';
import type { MergeRequestInProject } from '../../services/mergeRequests/mergeRequestQueries.ts';
import { mergeRequestApprovals } from '../../services/mergeRequests/mergeRequestViews.ts';
import { approvalApiErrorHandler } from './mergeRequestApiErrors.ts';
import { readableMergeRequestOfApiPath } from './mergeRequestApiParams.ts';
import { approvalRulesJson, approvalStateJson } from './mergeRequestJson.ts';
import { bodyParams, optionalString } from './params.ts';

/**
 * GitLab's merge request approvals API (lib/api/merge_request_approvals.rb and its EE part), under
 * `/api/v4/projects/:id/merge_requests/:merge_request_iid`:
 *
 * GET  …/approvals       who approved and whether the caller may (EE's ApprovalState shape).
 * GET  …/approval_state  the approval rules: none here, `{ approval_rules_overwritten: false, rules: [] }`.
 * POST …/approve         approves once (Developers and up, not the author; optional `sha`); 201 with
 *                        the approvals. 401 for the author or a second approval, 403 without the
 *                        right, 409 for a stale `sha`.
 * POST …/unapprove       withdraws the caller's approval; 201 with the approvals, 404 when there was
 *                        none.
 */
export function registerMergeRequestApprovalRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  const prefix = '/api/v4/projects/:id/merge_requests/:merge_request_iid';
  const approvalsJson = async (request: FastifyRequest, located: MergeRequestInProject) =>
    approvalStateJson(
      located.mergeRequest,
      await mergeRequestApprovals(db, request.access, located),
      config.externalUrl,
    );

  app.get(`${prefix}/approvals`, async (request) =>
    approvalsJson(request, await readableMergeRequestOfApiPath(db, request)),
  );

  app.get(`${prefix}/approval_state`, async (request) => {
    await readableMergeRequestOfApiPath(db, request);
    return approvalRulesJson();
  });

  app.post(`${prefix}/approve`, { errorHandler: approvalApiErrorHandler }, async (request, reply) => {
    requireSignedIn(request.access);
    const sha = optionalString(bodyParams(request), 'sha', 64);
    const located = await readableMergeRequestOfApiPath(db, request);
    await approveMergeRequest(db, request.access, located, { sha });
    return reply.code(201).send(await approvalsJson(request, located));
  });

  app.post(`${prefix}/unapprove`, { errorHandler: approvalApiErrorHandler }, async (request, reply) => {
    requireSignedIn(request.access);
    const located = await readableMergeRequestOfApiPath(db, request);
    await unapproveMergeRequest(db, request.access, located);
    return reply.code(201).send(await approvalsJson(request, located));
  });
}
