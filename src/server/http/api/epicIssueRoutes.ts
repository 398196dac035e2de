import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  assignIssueById,
  listEpicIssueLinks,
  moveEpicIssue,
  removeEpicIssue,
} from '../../services/links/epicIssueService.ts';
import type { ParentEpic } from '../../services/links/epicLinkService.ts';
import { requireSignedIn } from '../../services/links/linkViews.ts';
import { pathId } from '../epicLinks/linkParams.ts';
import { moveParams, parentEpicOf } from './epicChildParams.ts';
import { presentEpicIssueLink } from './epicIssueLinkJson.ts';
import { presentIssues } from './issueJson.ts';
import { linkApiErrorHandler } from './linkApiErrors.ts';
import { setPaginationHeaders } from './pagination.ts';
import { offsetPage, type Params } from './params.ts';

/**
 * GitLab's epic issues REST API (`ee/lib/api/epic_issues.rb`), under `/api/v4/groups/:id/epics/:epic_iid/issues` and
 * the `/-/epics` spelling:
 *
 * GET    …/issues                   the epic's issues the caller may read, in tree order, paginated;
 *                                   each a full Issue with epic_issue_id and relative_position
 * POST   …/issues/:issue_id         links the issue (global id), moving it out of another epic
 *                                   → 201 EpicIssueLink { id, relative_position, epic, issue }
 * PUT    …/issues/:epic_issue_id    { move_before_id | move_after_id } (epic_issue ids) → the
 *                                   re-ordered list; 400 { message: { error: 'Issue could not be moved!' } }
 * DELETE …/issues/:epic_issue_id    unlinks → 200 the EpicIssueLink (the issue stays)
 */
export function registerEpicIssueRoutes(app: FastifyInstance, { db, config, now }: ServerDeps): void {
  const options = { errorHandler: linkApiErrorHandler };
  const parentOf = (request: FastifyRequest) => parentEpicOf(db, request);
  const issueOptions = (request: FastifyRequest) => ({
    access: request.access,
    externalUrl: config.externalUrl,
    now: now(),
  });
  /** The list as GitLab answers it: full issues with their link's id and position. */
  const issueList = async (
    request: FastifyRequest,
    parent: ParentEpic,
    page?: { offset: number; limit: number },
  ) => {
    const { linked, total } = await listEpicIssueLinks(db, request.access, parent, page);
    const issues = await presentIssues(
      db,
      linked.map(({ issue }) => issue),
      issueOptions(request),
    );
    return {
      total,
      json: issues.map((issue, index) => ({
        ...issue,
        epic_issue_id: linked[index]!.link.id,
        relative_position: linked[index]!.link.relative_position,
      })),
    };
  };

  for (const prefix of [
    '/api/v4/groups/:id/epics/:epic_iid/issues',
    '/api/v4/groups/:id/-/epics/:epic_iid/issues',
  ]) {
    app.get(prefix, options, async (request, reply) => {
      const parent = await parentOf(request);
      const page = offsetPage(request.query as Params);
      const { total, json } = await issueList(request, parent, { offset: page.offset, limit: page.perPage });
      setPaginationHeaders(request, reply, config.externalUrl, page, total);
      return json;
    });

    app.post(`${prefix}/:issue_id`, options, async (request, reply) => {
      requireSignedIn(request.access);
      const parent = await parentOf(request);
      const { issue_id } = request.params as { issue_id: string };
      const link = await assignIssueById(db, request.access, parent, pathId(issue_id, 'issue_id'));
      return reply.code(201).send(await presentEpicIssueLink(db, parent, link, issueOptions(request)));
    });

    app.put(`${prefix}/:epic_issue_id`, options, async (request) => {
      requireSignedIn(request.access);
      const parent = await parentOf(request);
      const { epic_issue_id } = request.params as { epic_issue_id: string };
      const move = moveParams(request);
      await moveEpicIssue(db, request.access, parent, pathId(epic_issue_id, 'epic_issue_id'), move);
      return (await issueList(request, parent)).json;
    });

    app.delete(`${prefix}/:epic_issue_id`, options, async (request) => {
      requireSignedIn(request.access);
      const parent = await parentOf(request);
      const { epic_issue_id } = request.params as { epic_issue_id: string };
      const { link } = await removeEpicIssue(
        db,
        request.access,
        parent,
        pathId(epic_issue_id, 'epic_issue_id'),
      );
      return presentEpicIssueLink(db, parent, link, issueOptions(request));
    });
  }
}
