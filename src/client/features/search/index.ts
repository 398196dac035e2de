/** The top bar's search box and the search results page (GitLab's global and group search). */
export { SearchResultsPage } from './SearchResultsPage.tsx';
export { GLOBAL_SEARCH_TARGET, TopBarSearch } from './TopBarSearch.tsx';
