import { useCallback, useId } from 'react';
import { addLabel, ListFrame, useListQuery } from '../../components/filters/index.ts';
import { PageHeader } from '../../components/navigation/index.ts';
import { type DashboardMergeRequestScope, useDashboardMergeRequests } from '../../data/index.ts';
import { useLocationSearch } from '../../state/index.ts';
import { Tabs, tabId, useDocumentTitle } from '../../ui/index.ts';
import { parseDashboardScope, scopedSearch } from './dashboardScope.ts';
import { MergeRequestList } from './MergeRequestList.tsx';
import {
  MERGE_REQUEST_LIST_SPEC,
  type MergeRequestListQuery,
  mergeRequestsEmptyText,
  MERGE_REQUEST_LIST_TEXT as TEXT,
} from './mergeRequestListSpec.ts';

const SCOPES: readonly { scope: DashboardMergeRequestScope; label: string }[] = [
  { scope: 'assigned', label: TEXT.assigned },
  { scope: 'review_requested', label: TEXT.reviewRequested },
];

/**
 * GitLab's merge requests dashboard (`/dashboard/merge_requests`, signed-in only): the merge requests
 * assigned to the user or asking for their review, each scope a tab counting its open ones, with the
 * list's state tabs, search, labels, sort and paging inside.
 */
export function DashboardMergeRequestsPage({ username }: { username: string }) {
  const [search] = useLocationSearch();
  const scope = parseDashboardScope(search);
  const list = useListQuery(MERGE_REQUEST_LIST_SPEC);
  const { query, navigate } = list;
  const toSearch = useCallback(
    (next: MergeRequestListQuery) => scopedSearch(list.toSearch(next), scope, username),
    [list.toSearch, scope, username],
  );
  const { data, loading, error } = useDashboardMergeRequests(scope, {
    state: query.state,
    sort: query.sort.value,
    search: query.search,
    labelNames: query.labels,
    cursor: { after: query.after, before: query.before },
  });
  const panelId = useId();
  useDocumentTitle(TEXT.title);
  const openCounts = data?.openCounts;
  return (
    <>
      <PageHeader title={TEXT.title} />
      <Tabs
        label={TEXT.dashboardScopes}
        panelId={panelId}
        onNavigate={navigate}
        items={SCOPES.map((item) => ({
          id: item.scope,
          label: item.label,
          count: item.scope === 'assigned' ? openCounts?.assigned : openCounts?.reviewRequested,
          search: scopedSearch('', item.scope, username),
          selected: item.scope === scope,
          testId: `scope-tab-${item.scope}`,
        }))}
      />
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(panelId, scope)}
        className="dashboard-merge-requests"
        data-testid="dashboard-merge-requests"
      >
        <ListFrame
          noun={TEXT.noun}
          query={query}
          spec={MERGE_REQUEST_LIST_SPEC}
          toSearch={toSearch}
          onNavigate={navigate}
          counts={data?.counts}
          pageInfo={data?.page.pageInfo}
          itemCount={data === null ? 0 : data?.page.items.length}
          loading={loading}
          error={error}
          errorText={TEXT.listError}
          empty={mergeRequestsEmptyText(query, data?.counts, 'dashboard')}
        >
          <MergeRequestList
            items={data?.page.items ?? []}
            fullReference
            labelSearch={(label) => toSearch(addLabel(query, label))}
            onNavigate={navigate}
          />
        </ListFrame>
      </div>
    </>
  );
}
