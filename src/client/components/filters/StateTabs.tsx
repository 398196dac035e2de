import type { StateCounts } from '../../data/index.ts';
import { Tabs } from '../../ui/index.ts';
import { type ListQuery, type ListState, withFilters } from './listQuery.ts';

const TAB_TEXT: Readonly<Record<ListState, string>> = { opened: 'Open', closed: 'Closed', all: 'All' };
const ORDER: readonly ListState[] = ['opened', 'closed', 'all'];

export function StateTabs<TSort extends string>({
  noun,
  query,
  counts,
  panelId,
  toSearch,
  onNavigate,
}: {
  noun: string;
  query: ListQuery<TSort>;
  counts: StateCounts | undefined;
  panelId: string;
  toSearch: (query: ListQuery<TSort>) => string;
  onNavigate: (search: string) => void;
}) {
  return (
    <Tabs
      label={`Filter ${noun} by state`}
      panelId={panelId}
      onNavigate={onNavigate}
      items={ORDER.map((state) => ({
        id: state,
        label: TAB_TEXT[state],
        count: counts?.[state],
        search: toSearch(withFilters(query, { state })),
        selected: query.state === state,
        testId: `state-tab-${state}`,
      }))}
    />
  );
}
