export { emptyText } from './emptyText.ts';
export { FilterBar, SEARCH_TARGET } from './FilterBar.tsx';
export { ListFrame } from './ListFrame.tsx';
export {
  addLabel,
  hasFilters,
  type ListQuery,
  type ListQuerySpec,
  type ListState,
  listStates,
  pageLinks,
  parseListQuery,
  removeLabel,
  type SortOption,
  type StateTab,
  serializeListQuery,
  withFilters,
} from './listQuery.ts';
export { StateTabs } from './StateTabs.tsx';
export { type ListQueryControls, useListQuery } from './useListQuery.ts';
