/**
 * The URL state of an issuable list (GitLab's parameter names): `state`, `search`, `label_name[]`,
 * `sort`, and the cursors `page_after` / `page_before`. Parsing is forgiving (unknown values fall
 * back to defaults); serialising omits defaults so URLs stay short and canonical.
 */
import type { PageInfoView } from '../../data/index.ts';

export type ListState = 'opened' | 'closed' | 'all';
export const LIST_STATES: readonly ListState[] = ['opened', 'closed', 'all'];

export interface SortOption<TSort extends string> {
  /** The value in the URL (`sort=`). */
  readonly param: string;
  /** The GraphQL enum value sent to the server. */
  readonly value: TSort;
  readonly label: string;
}

export interface ListQuerySpec<TSort extends string> {
  /** The first option is the default. */
  readonly sorts: readonly [SortOption<TSort>, ...SortOption<TSort>[]];
}

export interface ListQuery<TSort extends string> {
  readonly state: ListState;
  readonly search: string;
  readonly labels: readonly string[];
  readonly sort: SortOption<TSort>;
  readonly after: string | null;
  readonly before: string | null;
}

const LABEL_PARAMS = ['label_name[]', 'label_name'];

function findSort<TSort extends string>(spec: ListQuerySpec<TSort>, raw: string | null): SortOption<TSort> {
  const wanted = raw?.trim().toLowerCase();
  const match = spec.sorts.find((option) => option.param === wanted || option.value.toLowerCase() === wanted);
  return match ?? spec.sorts[0];
}

export function parseListQuery<TSort extends string>(
  search: string,
  spec: ListQuerySpec<TSort>,
): ListQuery<TSort> {
  const params = new URLSearchParams(search);
  const state = params.get('state');
  const labels = LABEL_PARAMS.flatMap((name) => params.getAll(name))
    .map((label) => label.trim())
    .filter(Boolean);
  return {
    state: LIST_STATES.includes(state as ListState) ? (state as ListState) : 'opened',
    search: params.get('search')?.trim() ?? '',
    labels: [...new Set(labels)],
    sort: findSort(spec, params.get('sort')),
    after: params.get('page_after') || null,
    before: params.get('page_before') || null,
  };
}

export function serializeListQuery<TSort extends string>(
  query: ListQuery<TSort>,
  spec: ListQuerySpec<TSort>,
): string {
  const params = new URLSearchParams();
  if (query.state !== 'opened') params.set('state', query.state);
  if (query.search) params.set('search', query.search);
  for (const label of query.labels) params.append('label_name[]', label);
  if (query.sort.param !== spec.sorts[0].param) params.set('sort', query.sort.param);
  if (query.before) params.set('page_before', query.before);
  else if (query.after) params.set('page_after', query.after);
  return params.toString();
}

/** Any change of filters starts again from the first page. */
export function withFilters<TSort extends string>(
  query: ListQuery<TSort>,
  change: Partial<Pick<ListQuery<TSort>, 'state' | 'search' | 'labels' | 'sort'>>,
): ListQuery<TSort> {
  return { ...query, ...change, after: null, before: null };
}

export function addLabel<TSort extends string>(query: ListQuery<TSort>, label: string): ListQuery<TSort> {
  return query.labels.includes(label)
    ? withFilters(query, {})
    : withFilters(query, { labels: [...query.labels, label] });
}

export function removeLabel<TSort extends string>(query: ListQuery<TSort>, label: string): ListQuery<TSort> {
  return withFilters(query, { labels: query.labels.filter((existing) => existing !== label) });
}

/**
 * The queries of the previous and next pages, or null where there is none. Servers may not compute
 * `hasPreviousPage` when paging forward (nor `hasNextPage` backward), so the direction we came
 * from is always open.
 */
export function pageLinks<TSort extends string>(
  query: ListQuery<TSort>,
  pageInfo: PageInfoView,
): { previous: ListQuery<TSort> | null; next: ListQuery<TSort> | null } {
  const hasPrevious = pageInfo.hasPreviousPage || (query.after !== null && query.before === null);
  const hasNext = pageInfo.hasNextPage || query.before !== null;
  return {
    previous:
      hasPrevious && pageInfo.startCursor ? { ...query, after: null, before: pageInfo.startCursor } : null,
    next: hasNext && pageInfo.endCursor ? { ...query, after: pageInfo.endCursor, before: null } : null,
  };
}

/** True when the list is narrowed by something other than its state tab. */
export const hasFilters = <TSort extends string>(query: ListQuery<TSort>): boolean =>
  query.search !== '' || query.labels.length > 0;
