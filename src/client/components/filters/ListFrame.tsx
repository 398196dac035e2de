import { type ReactNode, useId } from 'react';
import type { PageInfoView, StateCounts } from '../../data/index.ts';
import { Alert, EmptyState, Loading, Pagination, tabId } from '../../ui/index.ts';
import { emptyText } from './emptyText.ts';
import { FilterBar } from './FilterBar.tsx';
import { type ListQuery, type ListQuerySpec, pageLinks } from './listQuery.ts';
import { StateTabs } from './StateTabs.tsx';

/**
 * The common frame of GitLab's issuable lists: state tabs with counts, the filter bar, the list
 * (a tab panel), an empty state and Previous / Next paging.
 */
export function ListFrame<TSort extends string>({
  noun,
  query,
  spec,
  toSearch,
  onNavigate,
  counts,
  pageInfo,
  itemCount,
  loading,
  error,
  errorText,
  children,
}: {
  noun: string;
  query: ListQuery<TSort>;
  spec: ListQuerySpec<TSort>;
  toSearch: (query: ListQuery<TSort>) => string;
  onNavigate: (search: string) => void;
  counts: StateCounts | undefined;
  pageInfo: PageInfoView | undefined;
  itemCount: number | undefined;
  loading: boolean;
  error: Error | undefined;
  errorText: string;
  children: ReactNode;
}) {
  const panelId = useId();
  const links = pageInfo ? pageLinks(query, pageInfo) : { previous: null, next: null };
  return (
    <div className="list-frame">
      <StateTabs
        noun={noun}
        query={query}
        counts={counts}
        panelId={panelId}
        toSearch={toSearch}
        onNavigate={onNavigate}
      />
      <FilterBar noun={noun} query={query} spec={spec} toSearch={toSearch} onNavigate={onNavigate} />
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(panelId, query.state)}
        aria-busy={loading}
        className="list-panel"
      >
        {error ? <Alert variant="danger">{errorText}</Alert> : null}
        {itemCount === undefined ? (
          loading ? (
            <Loading label={`Loading ${noun}`} />
          ) : null
        ) : itemCount === 0 ? (
          <EmptyState {...emptyText(noun, query)} />
        ) : (
          children
        )}
      </div>
      <Pagination
        previous={links.previous ? toSearch(links.previous) : null}
        next={links.next ? toSearch(links.next) : null}
        onNavigate={onNavigate}
      />
    </div>
  );
}
