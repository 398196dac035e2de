import type { FastifyInstance } from 'fastify';
import { issuableReference } from '../../../core/domain/references.ts';
import { issueClosingMergeRequestsPath, mergeRequestWebPath } from '../../../core/domain/webPaths.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import type { AccessContext } from '../../services/access.ts';
import type { IssueInProject } from '../../services/issueService.ts';
import { issueRights } from '../../services/issues/issueCommands.ts';
import {
  linkMergeRequestsToIssue,
  readableMergeRequestsClosing,
  unlinkMergeRequestFromIssue,
} from '../../services/mergeRequests/mergeRequestClosingIssues.ts';
import { bodyParams } from '../api/params.ts';
import { projectScopedPatterns } from '../groupScopedRoutes.ts';
import { issueOfPath } from '../issuable/issuableParams.ts';
import { linkJsonErrorHandler } from './linkJsonErrors.ts';
import { issuableReferences, pathId } from './linkParams.ts';

/**
 * The issue page's Development card: the merge requests that close the issue when they merge (their
 * descriptions' 'Closes #12', or linked by hand with the related-items form's merge request variant),
 * in the related-items contract (relatedLinkRoutes.ts):
 *
 * GET    /:project/-/issues/:iid/closing_merge_requests        the merge requests, readers only
 * POST   /:project/-/issues/:iid/closing_merge_requests        { issuable_references } (admin_issue)
 * DELETE /:project/-/issues/:iid/closing_merge_requests/:id    unlinks one (admin_issue)
 *
 * References name merge requests as `!3`, `group/project!3` or their URL; none readable is a 404.
 */
export function registerClosingMergeRequestRoutes(app: FastifyInstance, { db }: ServerDeps): void {
  const options = { errorHandler: linkJsonErrorHandler };
  const list = async (access: AccessContext, issue: IssueInProject) => {
    const canAdmin = (await issueRights(db, access, issue)).canAdmin;
    const base = issueClosingMergeRequestsPath(issue.project.full_path, issue.issue.iid);
    return (await readableMergeRequestsClosing(db, access, issue.issue)).map(({ project, mergeRequest }) => ({
      id: mergeRequest.id,
      iid: mergeRequest.iid,
      title: mergeRequest.title,
      state: mergeRequest.state,
      reference: issuableReference(
        'merge_request',
        mergeRequest.iid,
        project.full_path,
        project.id !== issue.project.id,
      ),
      path: mergeRequestWebPath(project.full_path, mergeRequest.iid),
      relation_path: canAdmin ? `${base}/${mergeRequest.id}` : null,
      confidential: false,
      link_type: null,
      can_admin: canAdmin,
    }));
  };

  for (const path of projectScopedPatterns('issues/:iid/closing_merge_requests')) {
    app.get(path, options, async (request) => list(request.access, await issueOfPath(db, request)));
    app.post(path, options, async (request, reply) => {
      const issue = await issueOfPath(db, request);
      await linkMergeRequestsToIssue(db, request.access, issue, issuableReferences(bodyParams(request)));
      return reply.code(201).send({ message: null, issuables: await list(request.access, issue) });
    });
  }
  for (const path of projectScopedPatterns('issues/:iid/closing_merge_requests/:merge_request_id')) {
    app.delete(path, options, async (request) => {
      const issue = await issueOfPath(db, request);
      const { merge_request_id } = request.params as { merge_request_id: string };
      await unlinkMergeRequestFromIssue(db, request.access, issue, pathId(merge_request_id, 'id'));
      return { issuables: await list(request.access, issue) };
    });
  }
}
