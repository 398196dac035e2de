import { useId } from 'react';
import { PageHeader } from '../../components/navigation/index.ts';
import { type IssueStateFilter, useAssignedIssues } from '../../data/index.ts';
import { useLocationSearch } from '../../state/index.ts';
import { Alert, EmptyState, Loading, Pagination, Tabs, useDocumentTitle } from '../../ui/index.ts';
import { DashboardIssueRow } from './AssignedIssuesCard.tsx';
import { dashboardIssuesSearch, parseDashboardIssuesQuery } from './dashboardIssuesQuery.ts';
import { HOME_TEXTS } from './homeTexts.ts';

const PER_PAGE = 20;
const TABS: readonly { state: IssueStateFilter; label: string }[] = [
  { state: 'opened', label: 'Open' },
  { state: 'closed', label: 'Closed' },
  { state: 'all', label: 'All' },
];

/** GitLab's issues dashboard (`/dashboard/issues`): the issues assigned to the signed-in user. */
export function DashboardIssuesPage() {
  const [search, navigate] = useLocationSearch();
  const query = parseDashboardIssuesQuery(search);
  const { data, loading, failed } = useAssignedIssues({ ...query, perPage: PER_PAGE }, true);
  const panelId = useId();
  useDocumentTitle(HOME_TEXTS.dashboardIssuesTitle);
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  return (
    <>
      <PageHeader title={HOME_TEXTS.dashboardIssuesTitle} />
      <Tabs
        label="Filter issues by state"
        panelId={panelId}
        onNavigate={navigate}
        items={TABS.map((tab) => ({
          id: tab.state,
          label: tab.label,
          count: tab.state === query.state ? data?.total : undefined,
          search: dashboardIssuesSearch({ state: tab.state, page: 1 }),
          selected: tab.state === query.state,
          testId: `state-tab-${tab.state}`,
        }))}
      />
      <div id={panelId} role="tabpanel" data-testid="dashboard-issues">
        {failed ? <Alert variant="danger">{HOME_TEXTS.assignedIssuesError}</Alert> : null}
        {loading && !data ? <Loading label="Loading issues" /> : null}
        {data && data.items.length === 0 ? <EmptyState title="No issues are assigned to you here" /> : null}
        {data && data.items.length > 0 ? (
          <ul className="dashboard-list" aria-label={HOME_TEXTS.dashboardIssuesTitle}>
            {data.items.map((issue) => (
              <DashboardIssueRow key={issue.id} issue={issue} />
            ))}
          </ul>
        ) : null}
      </div>
      <Pagination
        previous={
          query.page > 1 ? dashboardIssuesSearch({ ...query, page: Math.min(query.page - 1, pages) }) : null
        }
        next={query.page < pages ? dashboardIssuesSearch({ ...query, page: query.page + 1 }) : null}
        onNavigate={navigate}
      />
    </>
  );
}
