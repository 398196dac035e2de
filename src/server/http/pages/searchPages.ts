import type { FastifyInstance } from 'fastify';
import {
  AUTOCOMPLETE_PER_SCOPE,
  MAX_SEARCH_TERM_LENGTH,
  SEARCH_AUTOCOMPLETE_PATH,
  SEARCH_COUNTS_PATH,
  type SearchCounts,
  type SearchSuggestion,
} from '../../../core/domain/globalSearch.ts';
import { NotFoundError } from '../../services/errors.ts';
import { findReadableGroup } from '../../services/groupService.ts';
import {
  countSearchResults,
  type SearchPlaceRef,
  suggestSearchResults,
} from '../../services/search/searchService.ts';
import { optionalInteger, optionalString, type Params } from '../api/params.ts';
import { type PageDeps, sendPage } from './pageRoutes.ts';

/** The search within a group (`group_id`), or the whole instance. */
function placeOf(query: Params): SearchPlaceRef {
  const groupId = optionalInteger(query, 'group_id', 1);
  return groupId === undefined ? { kind: 'instance' } : { kind: 'group', idOrPath: String(groupId) };
}

/**
 * The search pages: GitLab's results page (`/search?search=…&scope=…&group_id=…`), the top bar's
 * suggestions (`/-/search/autocomplete?term=`: a few of each kind with their web paths) and the
 * results page's tab counts (`/-/search/counts?search=`). A term past 255 characters is a 400.
 */
export function registerSearchPages(app: FastifyInstance, deps: PageDeps): void {
  const { db, assets } = deps;

  app.get('/search', async (request, reply) => {
    const query = request.query as Params;
    const search = optionalString(query, 'search', MAX_SEARCH_TERM_LENGTH) ?? '';
    const scope = optionalString(query, 'scope', 64) ?? '';
    const groupId = optionalInteger(query, 'group_id', 1);
    // A group the viewer cannot read is not named: the page searches everywhere instead.
    const group =
      groupId === undefined
        ? null
        : await findReadableGroup(db, request.access, String(groupId)).catch((error: unknown) => {
            if (error instanceof NotFoundError) return null;
            throw error;
          });
    return sendPage(request, reply, assets, {
      title: search ? `${search} · Search` : 'Search',
      mount: {
        page: 'search',
        search,
        scope,
        groupId: group ? String(group.id) : '',
        groupName: group?.full_name ?? '',
      },
    });
  });

  app.get(SEARCH_AUTOCOMPLETE_PATH, async (request): Promise<SearchSuggestion[]> => {
    const query = request.query as Params;
    const term = optionalString(query, 'term', MAX_SEARCH_TERM_LENGTH) ?? '';
    if (term.trim() === '') return [];
    return suggestSearchResults(db, request.access, placeOf(query), term, AUTOCOMPLETE_PER_SCOPE);
  });

  app.get(SEARCH_COUNTS_PATH, async (request): Promise<SearchCounts> => {
    const query = request.query as Params;
    const term = optionalString(query, 'search', MAX_SEARCH_TERM_LENGTH) ?? '';
    if (term.trim() === '') return {};
    return countSearchResults(db, request.access, placeOf(query), term);
  });
}
