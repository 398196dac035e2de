import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/executor.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { type AccessContext, canAdminEpic } from '../../services/access.ts';
import { addEpicIssues, listEpicIssues, removeEpicIssue } from '../../services/links/epicIssueService.ts';
import {
  addChildEpics,
  listChildEpics,
  type ParentEpic,
  removeChildEpic,
} from '../../services/links/epicLinkService.ts';
import { bodyParams } from '../api/params.ts';
import { groupScopedPatterns } from '../groupScopedRoutes.ts';
import { childEpicJson, epicIssueJson, loadIssueExtras } from './linkJson.ts';
import { linkJsonErrorHandler } from './linkJsonErrors.ts';
import { epicOfPath, issuableReferences, pathId } from './linkParams.ts';

/**
 * The endpoints of the epic page's child-items tree, at GitLab's paths (what related_items_tree
 * calls; GitLab's related-items tree, the spec's REST calls):
 *
 * GET    /groups/:path/-/epics/:iid/links                 child epics the viewer may read, tree order
 * POST   /groups/:path/-/epics/:iid/links                 { issuable_references: ['&5', 'g/p&5', URL] }
 * DELETE /groups/:path/-/epics/:iid/links/:child_id       unlinks a child epic (it becomes top level)
 * GET    /groups/:path/-/epics/:iid/issues                the epic's issues the viewer may read
 * POST   /groups/:path/-/epics/:iid/issues                { issuable_references: ['g/p#12', URL] }
 * DELETE /groups/:path/-/epics/:iid/issues/:epic_issue_id unlinks an issue (the issue stays)
 *
 * GET answers the list; POST 200 `{ message: null, issuables }` and DELETE 200 `{ issuables }`, the
 * list after the change (new children first). Writes need a signed-in admin of the epic
 * (admin_epic_relation) and, with a session, the CSRF token. Failures are `{ message }`
 * (linkJsonErrors.ts); nothing changes on any of them.
 */
export function registerEpicTreeRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db } = deps;
  const options = { errorHandler: linkJsonErrorHandler };
  const parentOf = (request: FastifyRequest) => epicOfPath(db, request);
  const childEpics = async (access: AccessContext, parent: ParentEpic) =>
    (await listChildEpics(db, access, parent)).map((view) => childEpicJson(view, parent));
  const epicIssues = async (executor: Executor, access: AccessContext, parent: ParentEpic) => {
    const views = await listEpicIssues(executor, access, parent);
    const extras = await loadIssueExtras(executor, views, deps.config.externalUrl, deps.now());
    const canAdmin = await canAdminEpic(access, parent.group, parent.epic);
    return views.map((view) => epicIssueJson(view, parent, canAdmin, extras));
  };

  for (const path of groupScopedPatterns('epics/:iid/links')) {
    app.get(path, options, async (request) => childEpics(request.access, await parentOf(request)));
    app.post(path, options, async (request) => {
      const parent = await parentOf(request);
      await addChildEpics(db, request.access, parent, issuableReferences(bodyParams(request)));
      return { message: null, issuables: await childEpics(request.access, parent) };
    });
  }
  for (const path of groupScopedPatterns('epics/:iid/links/:child_id')) {
    app.delete(path, options, async (request) => {
      const parent = await parentOf(request);
      const { child_id } = request.params as { child_id: string };
      await removeChildEpic(db, request.access, parent, pathId(child_id, 'child_id'));
      return { issuables: await childEpics(request.access, parent) };
    });
  }

  for (const path of groupScopedPatterns('epics/:iid/issues')) {
    app.get(path, options, async (request) => epicIssues(db, request.access, await parentOf(request)));
    app.post(path, options, async (request) => {
      const parent = await parentOf(request);
      await addEpicIssues(db, request.access, parent, issuableReferences(bodyParams(request)));
      return { message: null, issuables: await epicIssues(db, request.access, parent) };
    });
  }
  for (const path of groupScopedPatterns('epics/:iid/issues/:epic_issue_id')) {
    app.delete(path, options, async (request) => {
      const parent = await parentOf(request);
      const { epic_issue_id } = request.params as { epic_issue_id: string };
      await removeEpicIssue(db, request.access, parent, pathId(epic_issue_id, 'epic_issue_id'));
      return { issuables: await epicIssues(db, request.access, parent) };
    });
  }
}
