import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import { type AccessContext, canAdminEpic } from '../../services/access.ts';
import type { IssueInProject } from '../../services/issueService.ts';
import type { ParentEpic } from '../../services/links/epicLinkService.ts';
import {
  addRelatedEpics,
  addRelatedIssues,
  listRelatedEpics,
  listRelatedIssues,
  removeRelatedEpic,
  removeRelatedIssue,
} from '../../services/links/relatedLinkService.ts';
import { bodyParams } from '../api/params.ts';
import { groupScopedPatterns, projectScopedPatterns } from '../groupScopedRoutes.ts';
import { issueOfPath } from '../issuable/issuableParams.ts';
import { loadIssueExtras, relatedEpicJson, relatedIssueJson } from './linkJson.ts';
import { linkJsonErrorHandler } from './linkJsonErrors.ts';
import { epicOfPath, issuableReferences, linkTypeParam, pathId } from './linkParams.ts';

/**
 * The related-items endpoints (spec), at GitLab's paths:
 *
 * GET    /groups/:path/-/epics/:iid/related_epic_links          the epic's related epics
 * POST   /groups/:path/-/epics/:iid/related_epic_links          { issuable_references, link_type }
 * DELETE /groups/:path/-/epics/:iid/related_epic_links/:id
 * GET    /:namespace/:project/-/issues/:iid/links                the issue's related issues
 * POST   /:namespace/:project/-/issues/:iid/links                { issuable_references, link_type }
 * DELETE /:namespace/:project/-/issues/:iid/links/:id
 *
 * link_type is relates_to (default), blocks or is_blocked_by. Answers and failures as the tree's
 * (epicTreeRoutes.ts): the list after a change, `{ message }` on failure with nothing changed.
 */
export function registerRelatedLinkRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db } = deps;
  const options = { errorHandler: linkJsonErrorHandler };
  const epicOf = (request: FastifyRequest) => epicOfPath(db, request);
  const relatedEpics = async (access: AccessContext, source: ParentEpic) => {
    const canAdmin = await canAdminEpic(access, source.group, source.epic);
    return (await listRelatedEpics(db, access, source)).map((view) =>
      relatedEpicJson(view, source, canAdmin),
    );
  };

  for (const path of groupScopedPatterns('epics/:iid/related_epic_links')) {
    app.get(path, options, async (request) => relatedEpics(request.access, await epicOf(request)));
    app.post(path, options, async (request) => {
      const source = await epicOf(request);
      const params = bodyParams(request);
      await addRelatedEpics(db, request.access, source, issuableReferences(params), linkTypeParam(params));
      return { message: null, issuables: await relatedEpics(request.access, source) };
    });
  }
  for (const path of groupScopedPatterns('epics/:iid/related_epic_links/:link_id')) {
    app.delete(path, options, async (request) => {
      const source = await epicOf(request);
      const { link_id } = request.params as { link_id: string };
      await removeRelatedEpic(db, request.access, source, pathId(link_id, 'id'));
      return { issuables: await relatedEpics(request.access, source) };
    });
  }

  const issueOf = (request: FastifyRequest) => issueOfPath(db, request);
  const relatedIssues = async (access: AccessContext, source: IssueInProject) => {
    const views = await listRelatedIssues(db, access, source);
    const extras = await loadIssueExtras(db, views, deps.config.externalUrl, deps.now());
    return views.map((view) => relatedIssueJson(view, source, extras));
  };

  for (const path of projectScopedPatterns('issues/:iid/links')) {
    app.get(path, options, async (request) => relatedIssues(request.access, await issueOf(request)));
    app.post(path, options, async (request) => {
      const source = await issueOf(request);
      const params = bodyParams(request);
      await addRelatedIssues(db, request.access, source, issuableReferences(params), linkTypeParam(params));
      return { message: null, issuables: await relatedIssues(request.access, source) };
    });
  }
  for (const path of projectScopedPatterns('issues/:iid/links/:link_id')) {
    app.delete(path, options, async (request) => {
      const source = await issueOf(request);
      const { link_id } = request.params as { link_id: string };
      await removeRelatedIssue(db, request.access, source, pathId(link_id, 'id'));
      return { issuables: await relatedIssues(request.access, source) };
    });
  }
}
