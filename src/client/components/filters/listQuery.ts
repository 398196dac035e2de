/**
 * The URL state of an issuable list (GitLab's parameter names): `state`, `search`, `label_name[]`,
 * `sort`, and the cursors `page_after` / `page_before`. Parsing is forgiving (unknown values fall
 * back to defaults); serialising omits defaults so URLs stay short and canonical.
 */
import type { PageInfoView } from '../../data/index.ts';

/** The state tabs of an epics or issues list. */
export type ListState = 'opened' | 'closed' | 'all';
export const LIST_STATES: readonly [ListState, ...ListState[]] = ['opened', 'closed', 'all'];
/** Every state tab a list may have: a merge requests list adds Merged. */
export type StateTab = ListState | 'merged';

export interface SortOption<TSort extends string> {
  /** The value in the URL (`sort=`). */
  readonly param: string;
  /** The GraphQL enum value sent to the server. */
  readonly value: TSort;
  readonly label: string;
}

export interface ListQuerySpec<TSort extends string, TState extends StateTab = ListState> {
  /** The first option is the default. */
  readonly sorts: readonly [SortOption<TSort>, ...SortOption<TSort>[]];
  /**
   * The state tabs, in their order; the first is the default. Absent: Open, Closed and All
   * (LIST_STATES), which a list of other states must not leave out.
   */
  readonly states?: readonly [TState, ...TState[]];
}

export interface ListQuery<TSort extends string, TState extends StateTab = ListState> {
  readonly state: TState;
  readonly search: string;
  readonly labels: readonly string[];
  readonly sort: SortOption<TSort>;
  readonly after: string | null;
  readonly before: string | null;
}

const LABEL_PARAMS = ['label_name[]', 'label_name'];

function findSort<TSort extends string, TState extends StateTab>(
  spec: ListQuerySpec<TSort, TState>,
  raw: string | null,
): SortOption<TSort> {
  const wanted = raw?.trim().toLowerCase();
  const match = spec.sorts.find((option) => option.param === wanted || option.value.toLowerCase() === wanted);
  return match ?? spec.sorts[0];
}

/** The list's state tabs, the default first. */
export const listStates = <TSort extends string, TState extends StateTab>(
  spec: ListQuerySpec<TSort, TState>,
): readonly [TState, ...TState[]] =>
  // A spec without states is one of Open, Closed and All (see ListQuerySpec.states).
  spec.states ?? (LIST_STATES as unknown as readonly [TState, ...TState[]]);

export function parseListQuery<TSort extends string, TState extends StateTab = ListState>(
  search: string,
  spec: ListQuerySpec<TSort, TState>,
): ListQuery<TSort, TState> {
  const params = new URLSearchParams(search);
  const states = listStates(spec);
  const state = states.find((known) => known === params.get('state')) ?? states[0];
  const labels = LABEL_PARAMS.flatMap((name) => params.getAll(name))
    .map((label) => label.trim())
    .filter(Boolean);
  return {
    state,
    search: params.get('search')?.trim() ?? '',
    labels: [...new Set(labels)],
    sort: findSort(spec, params.get('sort')),
    after: params.get('page_after') || null,
    before: params.get('page_before') || null,
  };
}

export function serializeListQuery<TSort extends string, TState extends StateTab = ListState>(
  query: ListQuery<TSort, TState>,
  spec: ListQuerySpec<TSort, TState>,
): string {
  const params = new URLSearchParams();
  if (query.state !== listStates(spec)[0]) params.set('state', query.state);
  if (query.search) params.set('search', query.search);
  for (const label of query.labels) params.append('label_name[]', label);
  if (query.sort.param !== spec.sorts[0].param) params.set('sort', query.sort.param);
  if (query.before) params.set('page_before', query.before);
  else if (query.after) params.set('page_after', query.after);
  return params.toString();
}

/** Any change of filters starts again from the first page. */
export function withFilters<TSort extends string, TState extends StateTab = ListState>(
  query: ListQuery<TSort, TState>,
  change: Partial<Pick<ListQuery<TSort, TState>, 'state' | 'search' | 'labels' | 'sort'>>,
): ListQuery<TSort, TState> {
  return { ...query, ...change, after: null, before: null };
}

export function addLabel<TSort extends string, TState extends StateTab = ListState>(
  query: ListQuery<TSort, TState>,
  label: string,
): ListQuery<TSort, TState> {
  return query.labels.includes(label)
    ? withFilters(query, {})
    : withFilters(query, { labels: [...query.labels, label] });
}

export function removeLabel<TSort extends string, TState extends StateTab = ListState>(
  query: ListQuery<TSort, TState>,
  label: string,
): ListQuery<TSort, TState> {
  return withFilters(query, { labels: query.labels.filter((existing) => existing !== label) });
}

/**
 * The queries of the previous and next pages, or null where there is none. Servers may not compute
 * `hasPreviousPage` when paging forward (nor `hasNextPage` backward), so the direction we came
 * from is always open.
 */
export function pageLinks<TSort extends string, TState extends StateTab = ListState>(
  query: ListQuery<TSort, TState>,
  pageInfo: PageInfoView,
): { previous: ListQuery<TSort, TState> | null; next: ListQuery<TSort, TState> | null } {
  const hasPrevious = pageInfo.hasPreviousPage || (query.after !== null && query.before === null);
  const hasNext = pageInfo.hasNextPage || query.before !== null;
  return {
    previous:
      hasPrevious && pageInfo.startCursor ? { ...query, after: null, before: pageInfo.startCursor } : null,
    next: hasNext && pageInfo.endCursor ? { ...query, after: pageInfo.endCursor, before: null } : null,
  };
}

/** True when the list is narrowed by something other than its state tab. */
export const hasFilters = <TSort extends string, TState extends StateTab>(
  query: ListQuery<TSort, TState>,
): boolean => query.search !== '' || query.labels.length > 0;
