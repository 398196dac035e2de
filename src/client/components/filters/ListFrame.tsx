import { type ReactNode, useId } from 'react';
import type { PageInfoView, StateCounts } from '../../data/index.ts';
import { Alert, EmptyState, Loading, Pagination, tabId } from '../../ui/index.ts';
import { emptyText } from './emptyText.ts';
import { FilterBar } from './FilterBar.tsx';
import {
  type ListQuery,
  type ListQuerySpec,
  type ListState,
  listStates,
  pageLinks,
  type StateTab,
} from './listQuery.ts';
import { StateTabs } from './StateTabs.tsx';

/**
 * The common frame of GitLab's issuable lists: state tabs with counts, the filter bar, the list
 * (a tab panel), an empty state and Previous / Next paging. The empty state is the epics' and
 * issues' wording unless the list brings its own (`empty`).
 */
export function ListFrame<TSort extends string, TState extends StateTab = ListState>({
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
  empty,
  children,
}: {
  noun: string;
  query: ListQuery<TSort, TState>;
  spec: ListQuerySpec<TSort, TState>;
  toSearch: (query: ListQuery<TSort, TState>) => string;
  onNavigate: (search: string) => void;
  counts: StateCounts | undefined;
  pageInfo: PageInfoView | undefined;
  itemCount: number | undefined;
  loading: boolean;
  error: Error | undefined;
  errorText: string;
  empty?: { title: string; description?: string };
  children: ReactNode;
}) {
  const panelId = useId();
  const links = pageInfo ? pageLinks(query, pageInfo) : { previous: null, next: null };
  return (
    <div className="list-frame">
      <StateTabs
        noun={noun}
        states={listStates(spec)}
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
          <EmptyState {...(empty ?? emptyText(noun, query))} />
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
