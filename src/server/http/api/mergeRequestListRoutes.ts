import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import type { IssueListPlace } from '../../services/issueListService.ts';
import { listMergeRequestsAt } from '../../services/mergeRequests/mergeRequestQueries.ts';
import { readableMergeRequestOfApiPath } from './mergeRequestApiParams.ts';
import { presentMergeRequest, presentMergeRequests, presentSimpleMergeRequests } from './mergeRequestJson.ts';
import { type MergeRequestScope, mergeRequestListQuery } from './mergeRequestListParams.ts';
import { setPaginationHeaders } from './pagination.ts';
import { offsetPage, type Params } from './params.ts';

/**
 * GitLab's REST merge request reads: `GET /projects/:id/merge_requests`, `GET /groups/:id/merge_requests`
 * (the group and its subgroups) and `GET /merge_requests` (the signed-in user's, `created_by_me`
 * unless `scope` says otherwise; 401 anonymous), offset-paged with GitLab's headers; and
 * `GET /projects/:id/merge_requests/:merge_request_iid`. Bad parameters are a 400 before anything is
 * read; a project or group the caller cannot see is a 404, a project whose merge requests they may
 * not read a 403.
 */
export function registerMergeRequestListRoutes(app: FastifyInstance, { db, config, now }: ServerDeps): void {
  const routes: readonly [string, (params: Params) => IssueListPlace, MergeRequestScope][] = [
    ['/api/v4/merge_requests', () => ({ kind: 'viewer' }), 'created_by_me'],
    [
      '/api/v4/groups/:id/merge_requests',
      (params) => ({ kind: 'group', idOrPath: String(params.id) }),
      'all',
    ],
    [
      '/api/v4/projects/:id/merge_requests',
      (params) => ({ kind: 'project', idOrPath: String(params.id) }),
      'all',
    ],
  ];
  for (const [url, place, defaultScope] of routes) {
    app.get(url, async (request, reply) => {
      const query = request.query as Params;
      const page = offsetPage(query);
      const { params, sort, simple, withLabelsDetails } = mergeRequestListQuery(query, defaultScope);
      const { rows, total } = await listMergeRequestsAt(
        db,
        request.access,
        place(request.params as Params),
        params,
        sort,
        { offset: page.offset, limit: page.perPage },
      );
      setPaginationHeaders(request, reply, config.externalUrl, page, total);
      const options = {
        access: request.access,
        externalUrl: config.externalUrl,
        now: now(),
        withLabelsDetails,
      };
      return simple ? presentSimpleMergeRequests(db, rows, options) : presentMergeRequests(db, rows, options);
    });
  }

  app.get('/api/v4/projects/:id/merge_requests/:merge_request_iid', async (request) => {
    const located = await readableMergeRequestOfApiPath(db, request);
    return presentMergeRequest(db, located, {
      access: request.access,
      externalUrl: config.externalUrl,
      now: now(),
      withLabelsDetails: false,
    });
  });
}
