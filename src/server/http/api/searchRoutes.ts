import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSearchScope, MAX_SEARCH_TERM_LENGTH } from '../../../core/domain/globalSearch.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import type { EpicRow, NamespaceRow } from '../../db/schema.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  type EpicInGroup,
  type SearchPlaceRef,
  type SearchResults,
  scopeAnsweredAt,
  search,
} from '../../services/search/searchService.ts';
import { presentEpics } from './epicJson.ts';
import { presentIssues } from './issueJson.ts';
import { setPaginationHeaders } from './pagination.ts';
import { offsetPage, ParamError, type Params, requiredString } from './params.ts';
import { groupJson, milestoneJson, userBasicJson } from './presenters.ts';
import { presentProjects } from './projectRoutes.ts';

/**
 * GitLab's scopes that name what this product does not keep (code, wikis, merge requests, notes,
 * snippets): accepted, and answered with no results, as a GitLab without them would.
 */
const EMPTY_SCOPES = ['merge_requests', 'snippet_titles', 'wiki_blobs', 'commits', 'blobs', 'notes'] as const;

/** `scope` and `search` as GitLab validates them: both required, the scope one the place answers. */
function searchParams(query: Params, place: SearchPlaceRef['kind']) {
  const scope = requiredString(query, 'scope', 64);
  const term = requiredString(query, 'search', MAX_SEARCH_TERM_LENGTH);
  const known = isSearchScope(scope) && scopeAnsweredAt(place, scope);
  if (!known && !(EMPTY_SCOPES as readonly string[]).includes(scope)) {
    throw new ParamError('scope does not have a valid value');
  }
  return { scope: known ? scope : null, term };
}

/**
 * GitLab's search API: `GET /search`, `GET /groups/:id/search` (the group and its subgroups) and
 * `GET /projects/:id/search`, with `scope` and `search` required (a 400 `{"error": …}` for either
 * missing, a scope the place does not answer, or a term past 255 characters), offset-paged with
 * GitLab's headers, each row in the entity its own API returns.
 */
export function registerSearchRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db, config } = deps;
  const routes: readonly [string, (params: Params) => SearchPlaceRef][] = [
    ['/api/v4/search', () => ({ kind: 'instance' })],
    ['/api/v4/groups/:id/search', (params) => ({ kind: 'group', idOrPath: String(params.id) })],
    ['/api/v4/projects/:id/search', (params) => ({ kind: 'project', idOrPath: String(params.id) })],
  ];
  for (const [url, placeOf] of routes) {
    app.get(url, async (request, reply) => {
      const query = request.query as Params;
      const place = placeOf(request.params as Params);
      const { scope, term } = searchParams(query, place.kind);
      const page = offsetPage(query);
      const results = scope
        ? await search(db, request.access, place, scope, term, { offset: page.offset, limit: page.perPage })
        : null;
      setPaginationHeaders(request, reply, config.externalUrl, page, results?.page.total ?? 0);
      return results ? present(request, deps, results) : [];
    });
  }
}

async function present(
  request: FastifyRequest,
  { db, config, now }: ServerDeps,
  results: SearchResults,
): Promise<unknown[]> {
  const { externalUrl } = config;
  switch (results.scope) {
    case 'projects':
      return presentProjects(db, request, externalUrl, results.page.rows);
    case 'groups':
      return results.page.rows.map((group) => groupJson(group, externalUrl));
    case 'users':
      return results.page.rows.map((user) => userBasicJson(user, externalUrl));
    case 'issues':
      return presentIssues(db, results.page.rows, { access: request.access, externalUrl, now: now() });
    case 'milestones': {
      const today = calendarDateOf(now());
      return results.page.rows.map(({ milestone, ownerPath }) =>
        milestoneJson(milestone, ownerPath, today, externalUrl),
      );
    }
    case 'epics':
      return presentEpicsOfGroups(db, request, externalUrl, results.page.rows);
  }
}

/** Epics of several groups, each with references written from its own group: one batch per group. */
async function presentEpicsOfGroups(
  db: ServerDeps['db'],
  request: FastifyRequest,
  externalUrl: string,
  rows: readonly EpicInGroup[],
): Promise<unknown[]> {
  const byGroup = new Map<number, { group: NamespaceRow; epics: EpicRow[] }>();
  for (const { epic, group } of rows) {
    const entry = byGroup.get(group.id) ?? { group, epics: [] };
    entry.epics.push(epic);
    byGroup.set(group.id, entry);
  }
  const presented = new Map<number, unknown>();
  for (const { group, epics } of byGroup.values()) {
    const jsons = await presentEpics(db, epics, {
      access: request.access,
      externalUrl,
      fromGroup: group,
      withLabelsDetails: false,
    });
    for (const [index, epic] of epics.entries()) presented.set(epic.id, jsons[index]);
  }
  return rows.map(({ epic }) => presented.get(epic.id));
}
