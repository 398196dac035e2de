import { useId } from 'react';
import { SCOPE_TITLES, SCOPES_AT, type SearchScope } from '../../../core/domain/globalSearch.ts';
import { PageHeader } from '../../components/navigation/index.ts';
import { type SearchResultRow, usePageSettled, useSearchCounts, useSearchResults } from '../../data/index.ts';
import { useLocationSearch } from '../../state/index.ts';
import {
  Alert,
  Avatar,
  Badge,
  EmptyState,
  Loading,
  Pagination,
  Tabs,
  tabId,
  useDocumentTitle,
} from '../../ui/index.ts';
import {
  parseSearchPageQuery,
  type SearchPageQuery,
  serializeSearchPageQuery,
  shownScope,
} from './searchPageQuery.ts';
import { SEARCH_TEXTS } from './searchTexts.ts';

function ResultRow({ row, scope }: { row: SearchResultRow; scope: SearchScope }) {
  return (
    <li className="search-result" data-testid="search-result">
      {scope === 'projects' || scope === 'groups' || scope === 'users' ? (
        <Avatar name={row.title} colorKey={row.subtitle} size={32} />
      ) : null}
      <div className="search-result-body">
        <a className="search-result-title" href={row.webPath}>
          {row.title}
        </a>
        <div className="search-result-meta">
          {row.state ? (
            <Badge variant={row.state === 'closed' ? 'info' : 'success'}>
              {row.state === 'opened' || row.state === 'active' ? 'Open' : 'Closed'}
            </Badge>
          ) : null}
          <span className="muted">{row.subtitle}</span>
        </div>
        {row.description ? <p className="search-result-description">{row.description}</p> : null}
      </div>
    </li>
  );
}

/** The search box of the results page: a plain GET form, so Enter reloads the page with the term. */
function SearchForm({ query }: { query: SearchPageQuery }) {
  return (
    <form className="search-page-form" action="/search" method="get">
      <input
        type="search"
        name="search"
        className="input"
        aria-label={SEARCH_TEXTS.label}
        defaultValue={query.term}
        maxLength={255}
        data-testid="search-page-input"
      />
      {query.scope ? <input type="hidden" name="scope" value={query.scope} /> : null}
      {query.groupId !== null ? <input type="hidden" name="group_id" value={query.groupId} /> : null}
      <button type="submit" className="btn btn-confirm">
        {SEARCH_TEXTS.submit}
      </button>
    </form>
  );
}

/**
 * GitLab's search results page (`/search?search=…&scope=…`): a tab per kind with its count, the
 * shown tab's results a page at a time; term, tab and page live in the URL.
 */
export function SearchResultsPage({ groupName }: { groupName: string }) {
  const [search, navigate] = useLocationSearch();
  const query = parseSearchPageQuery(search);
  const scopes = SCOPES_AT[query.groupId === null ? 'instance' : 'group'];
  const counts = useSearchCounts(query.term, query.groupId);
  const scope = shownScope(query, scopes, counts.value);
  const results = useSearchResults({ ...query, scope });
  const panelId = useId();
  useDocumentTitle(query.term ? `${query.term} · ${SEARCH_TEXTS.pageTitle}` : SEARCH_TEXTS.pageTitle);
  // Settled once the counts and the shown tab's page are in (or failed).
  usePageSettled(
    !query.term ||
      counts.failed ||
      (!counts.loading && !results.loading && results.value !== null) ||
      results.failed,
  );
  const go = (next: SearchPageQuery) => serializeSearchPageQuery(next);
  const page = results.value;
  const title = query.term ? SEARCH_TEXTS.resultsTitle(query.term) : SEARCH_TEXTS.pageTitle;
  return (
    <>
      <PageHeader title={title}>
        {groupName ? <p className="muted">{SEARCH_TEXTS.resultsIn(groupName)}</p> : null}
      </PageHeader>
      <div className="search-page" data-testid="search-page">
        <SearchForm query={query} />
        {!query.term ? (
          <EmptyState title={SEARCH_TEXTS.emptyTerm} />
        ) : (
          <>
            <Tabs
              label={SEARCH_TEXTS.tabsLabel}
              panelId={panelId}
              onNavigate={navigate}
              items={scopes.map((item) => ({
                id: item,
                label: SCOPE_TITLES[item],
                count: counts.value?.[item] ?? null,
                search: go({ ...query, scope: item, page: 1 }),
                selected: item === scope,
                testId: `search-tab-${item}`,
              }))}
            />
            <div
              id={panelId}
              role="tabpanel"
              aria-labelledby={scope ? tabId(panelId, scope) : undefined}
              aria-busy={results.loading || counts.loading}
              className="list-panel"
            >
              {counts.failed || results.failed ? (
                <Alert variant="danger">{SEARCH_TEXTS.fetchError}</Alert>
              ) : null}
              {!page || !scope ? (
                results.loading || counts.loading ? (
                  <Loading label={SEARCH_TEXTS.loading} />
                ) : null
              ) : page.rows.length === 0 ? (
                <EmptyState title={SEARCH_TEXTS.noResults(query.term)} />
              ) : (
                <ul className="search-results" aria-label={SCOPE_TITLES[scope]} data-testid="search-results">
                  {page.rows.map((row) => (
                    <ResultRow key={row.id} row={row} scope={scope} />
                  ))}
                </ul>
              )}
            </div>
            {page && scope ? (
              <Pagination
                previous={query.page > 1 ? go({ ...query, scope, page: query.page - 1 }) : null}
                next={query.page < page.totalPages ? go({ ...query, scope, page: query.page + 1 }) : null}
                onNavigate={navigate}
              />
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
