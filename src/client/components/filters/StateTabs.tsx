import type { StateCounts } from '../../data/index.ts';
import { Tabs } from '../../ui/index.ts';
import { type ListQuery, type ListState, type StateTab, withFilters } from './listQuery.ts';

const TAB_TEXT: Readonly<Record<StateTab, string>> = {
  opened: 'Open',
  merged: 'Merged',
  closed: 'Closed',
  all: 'All',
};

/** The list's state tabs (`states`, in their order), each with its count once known. */
export function StateTabs<TSort extends string, TState extends StateTab = ListState>({
  noun,
  states,
  query,
  counts,
  panelId,
  toSearch,
  onNavigate,
}: {
  noun: string;
  states: readonly TState[];
  query: ListQuery<TSort, TState>;
  counts: StateCounts | undefined;
  panelId: string;
  toSearch: (query: ListQuery<TSort, TState>) => string;
  onNavigate: (search: string) => void;
}) {
  return (
    <Tabs
      label={`Filter ${noun} by state`}
      panelId={panelId}
      onNavigate={onNavigate}
      items={states.map((state) => ({
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
