import { useId } from 'react';
import { Button, Icon } from '../../ui/index.ts';
import {
  type ListQuery,
  type ListQuerySpec,
  type ListState,
  removeLabel,
  type StateTab,
  withFilters,
} from './listQuery.ts';

/** The search box the `s`, `/` and `f` shortcuts focus. */
export const SEARCH_TARGET = 'search';

/** Search box, sort dropdown and the active label filters of a list. */
export function FilterBar<TSort extends string, TState extends StateTab = ListState>({
  noun,
  query,
  spec,
  toSearch,
  onNavigate,
}: {
  noun: string;
  query: ListQuery<TSort, TState>;
  spec: ListQuerySpec<TSort, TState>;
  toSearch: (query: ListQuery<TSort, TState>) => string;
  onNavigate: (search: string) => void;
}) {
  const searchId = useId();
  const sortId = useId();
  return (
    <div className="filter-bar" data-testid="filter-bar">
      <search className="filter-search" aria-label={`Search ${noun}`}>
        <form
          className="filter-search-form"
          onSubmit={(event) => {
            event.preventDefault();
            const value = new FormData(event.currentTarget).get('search');
            onNavigate(
              toSearch(withFilters(query, { search: typeof value === 'string' ? value.trim() : '' })),
            );
          }}
        >
          <label htmlFor={searchId} className="sr-only">
            Search or filter results
          </label>
          <Icon name="search" className="filter-search-icon" />
          <input
            key={query.search}
            id={searchId}
            name="search"
            type="search"
            className="input filter-search-input"
            placeholder="Search or filter results…"
            defaultValue={query.search}
            autoComplete="off"
            data-shortcut-target={SEARCH_TARGET}
            data-testid="search-input"
          />
          <Button
            type="submit"
            variant="default"
            icon="search"
            iconOnly
            aria-label="Search"
            data-testid="search-submit"
          />
        </form>
      </search>
      <div className="filter-sort">
        <label htmlFor={sortId}>Sort by</label>
        <select
          id={sortId}
          className="select"
          value={query.sort.param}
          data-testid="sort-select"
          onChange={(event) => {
            const sort = spec.sorts.find((option) => option.param === event.target.value);
            if (sort) onNavigate(toSearch(withFilters(query, { sort })));
          }}
        >
          {spec.sorts.map((option) => (
            <option key={option.param} value={option.param}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {query.labels.length > 0 ? (
        <ul className="filter-tokens" aria-label="Active label filters" data-testid="label-filters">
          {query.labels.map((label) => (
            <li key={label} className="filter-token" data-testid="label-filter-token">
              <span className="filter-token-name">Label</span>
              <span className="sr-only"> is </span>
              <span className="filter-token-value">{label}</span>
              <button
                type="button"
                className="filter-token-remove"
                aria-label={`Remove label filter ${label}`}
                onClick={() => onNavigate(toSearch(removeLabel(query, label)))}
              >
                <Icon name="close" size={12} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
