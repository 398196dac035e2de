import type { FastifyInstance, FastifyRequest } from 'fastify';
import { issuableReference } from '../../../core/domain/references.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { NotFoundError } from '../../services/errors.ts';
import { findReadableIssue, type IssueInProject } from '../../services/issueService.ts';
import { requireSignedIn } from '../../services/links/linkViews.ts';
import {
  addRelatedIssues,
  listRelatedIssues,
  type RelatedIssueView,
  removeRelatedIssue,
} from '../../services/links/relatedLinkService.ts';
import { findReadableProject } from '../../services/projectService.ts';
import { linkTypeParam, pathId } from '../epicLinks/linkParams.ts';
import { parseIssueIid, readableIssueOfApiPath } from './issueApiParams.ts';
import { presentIssues } from './issueJson.ts';
import { linkApiErrorHandler } from './linkApiErrors.ts';
import { bodyParams, optionalString, ParamError } from './params.ts';

/**
 * GitLab's issue links API (`@gitbeaker/rest`'s `IssueLinks`), over the same relations as the issue
 * page's Linked items card:
 *
 * GET    /api/v4/projects/:id/issues/:issue_iid/links                  related issues the caller may
 *        read, oldest link first, each with issue_link_id, link_type, link_created_at, link_updated_at
 * GET    /api/v4/projects/:id/issues/:issue_iid/links/:issue_link_id   { source_issue, target_issue, link_type }
 * POST   /api/v4/projects/:id/issues/:issue_iid/links                  target_project_id, target_issue_iid,
 *        link_type (relates_to | blocks | is_blocked_by) → 201 { source_issue, target_issue, link_type }
 * DELETE /api/v4/projects/:id/issues/:issue_iid/links/:issue_link_id   → the removed link, same shape
 *
 * Writes need update rights on both issues (401 / 403); an unreadable target or link is a 404; an
 * existing relation a 409.
 */
export function registerIssueLinkApiRoutes(app: FastifyInstance, { db, config, now }: ServerDeps): void {
  const prefix = '/api/v4/projects/:id/issues/:issue_iid/links';
  const present = (request: FastifyRequest, issues: Parameters<typeof presentIssues>[1]) =>
    presentIssues(db, issues, { access: request.access, externalUrl: config.externalUrl, now: now() });

  const linkJson = async (request: FastifyRequest, source: IssueInProject, link: RelatedIssueView) => {
    const [sourceIssue, targetIssue] = await present(request, [source.issue, link.issue]);
    return { source_issue: sourceIssue, target_issue: targetIssue, link_type: link.linkType };
  };
  const linkOf = async (request: FastifyRequest, source: IssueInProject) => {
    const { issue_link_id } = request.params as { issue_link_id: string };
    const linkId = pathId(issue_link_id, 'issue_link_id');
    const link = (await listRelatedIssues(db, request.access, source)).find((view) => view.linkId === linkId);
    if (!link) throw new NotFoundError('Issue link');
    return link;
  };

  app.get(prefix, async (request) => {
    const source = await readableIssueOfApiPath(db, request);
    const links = await listRelatedIssues(db, request.access, source);
    const issues = await present(
      request,
      links.map((link) => link.issue),
    );
    return links.map((link, index) => ({
      ...issues[index],
      issue_link_id: link.linkId,
      link_type: link.linkType,
      link_created_at: link.linkCreatedAt.toISOString(),
      link_updated_at: link.linkCreatedAt.toISOString(),
    }));
  });

  app.get(`${prefix}/:issue_link_id`, async (request) => {
    const source = await readableIssueOfApiPath(db, request);
    return linkJson(request, source, await linkOf(request, source));
  });

  app.post(prefix, { errorHandler: linkApiErrorHandler }, async (request, reply) => {
    requireSignedIn(request.access);
    const source = await readableIssueOfApiPath(db, request);
    const params = bodyParams(request);
    const targetProjectId = optionalString(params, 'target_project_id', 1024);
    const targetIid = optionalString(params, 'target_issue_iid', 16);
    if (!targetProjectId) throw new ParamError('target_project_id is missing');
    if (!targetIid) throw new ParamError('target_issue_iid is missing');
    const linkType = linkTypeParam(params);
    const targetProject = await findReadableProject(db, request.access, targetProjectId);
    const target = await findReadableIssue(db, request.access, targetProject, parseIssueIid(targetIid));
    const reference = issuableReference('issue', target.iid, targetProject.project.full_path, true);
    await addRelatedIssues(db, request.access, source, [reference], linkType);
    const link = (await listRelatedIssues(db, request.access, source)).find(
      (view) => view.issue.id === target.id,
    );
    if (!link) throw new NotFoundError('Issue link');
    return reply.code(201).send(await linkJson(request, source, link));
  });

  app.delete(`${prefix}/:issue_link_id`, async (request) => {
    requireSignedIn(request.access);
    const source = await readableIssueOfApiPath(db, request);
    const link = await linkOf(request, source);
    const json = await linkJson(request, source, link);
    await removeRelatedIssue(db, request.access, source, link.linkId);
    return json;
  });
}
