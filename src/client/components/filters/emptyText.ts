import { hasFilters, type ListQuery, type StateTab } from './listQuery.ts';

/** GitLab's empty-state wording for an issuable list (`noun` is plural: 'epics', 'issues'). */
export function emptyText<TSort extends string, TState extends StateTab>(
  noun: string,
  query: ListQuery<TSort, TState>,
): { title: string; description?: string } {
  if (hasFilters(query)) {
    return {
      title: 'Sorry, your filter produced no results',
      description: 'To widen your search, change or remove filters above.',
    };
  }
  if (query.state === 'opened') return { title: `There are no open ${noun}` };
  if (query.state === 'closed') return { title: `There are no closed ${noun}` };
  return { title: `There are no ${noun} to show` };
}
