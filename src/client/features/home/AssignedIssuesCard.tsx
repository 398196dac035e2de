import { DASHBOARD_ISSUES_PATH } from '../../../core/domain/webPaths.ts';
import { TimeAgo } from '../../components/issuable/index.ts';
import { type DashboardIssue, useAssignedIssues } from '../../data/index.ts';
import { Alert, Loading } from '../../ui/index.ts';
import { HOME_TEXTS } from './homeTexts.ts';

/** How many of each list the home page shows. */
export const HOME_LIST_SIZE = 5;

/** One issue of a dashboard list: its title, reference and when it last changed. */
export function DashboardIssueRow({ issue }: { issue: DashboardIssue }) {
  return (
    <li className="dashboard-row" data-testid="dashboard-issue">
      <a className="dashboard-row-title" href={issue.webPath}>
        {issue.title}
      </a>
      <span className="dashboard-row-meta muted">
        {issue.reference}
        {issue.updatedAt ? (
          <>
            {' · updated '}
            <TimeAgo instant={issue.updatedAt} />
          </>
        ) : null}
      </span>
    </li>
  );
}

/** The signed-in user's open issues, most recently updated first, with a link to all of them. */
export function AssignedIssuesCard() {
  const { data, loading, failed } = useAssignedIssues(
    { state: 'opened', page: 1, perPage: HOME_LIST_SIZE },
    true,
  );
  return (
    <section className="home-card" aria-labelledby="home-assigned-issues" data-testid="home-assigned-issues">
      <h2 id="home-assigned-issues" className="home-card-title">
        {HOME_TEXTS.assignedIssues}
        {data ? <span className="count-pill">{data.total}</span> : null}
      </h2>
      {failed ? <Alert variant="danger">{HOME_TEXTS.assignedIssuesError}</Alert> : null}
      {loading && !data ? <Loading label="Loading issues" /> : null}
      {data && data.items.length === 0 ? <p className="muted">{HOME_TEXTS.assignedIssuesNone}</p> : null}
      {data && data.items.length > 0 ? (
        <ul className="dashboard-list">
          {data.items.map((issue) => (
            <DashboardIssueRow key={issue.id} issue={issue} />
          ))}
        </ul>
      ) : null}
      <a className="home-card-more" href={DASHBOARD_ISSUES_PATH} data-testid="home-assigned-issues-all">
        {HOME_TEXTS.assignedIssuesAll}
      </a>
    </section>
  );
}
