import { StateBadge, TimeAgo } from '../../components/issuable/index.ts';
import type { Instant, UserIssues } from '../../data/index.ts';
import { Alert, Loading } from '../../ui/index.ts';

/** The issues a user opened that the viewer may read (GitLab's `GET /issues`, signed in). */
export function UserIssuesList({ name, userIssues }: { name: string; userIssues: UserIssues }) {
  const { issues, loading, failed } = userIssues;
  return (
    <>
      {loading ? <Loading label="Loading issues" /> : null}
      {failed ? <Alert variant="danger">Something went wrong while fetching issues</Alert> : null}
      {!loading && !failed && issues.length === 0 ? (
        <p className="muted" data-testid="user-profile-no-issues">
          {name} has not opened any issues you can see.
        </p>
      ) : null}
      <ul className="issuable-list" aria-label="Issues opened" data-testid="user-profile-issues">
        {issues.map((issue) => (
          <li key={issue.id} className="issuable-row">
            <div className="issuable-main">
              <div className="issuable-title-line">
                <a className="issuable-title" href={issue.webPath}>
                  {issue.title}
                </a>
              </div>
              <div className="issuable-meta">
                <span>{issue.reference}</span>
                <span aria-hidden="true"> · </span>
                <span>
                  opened <TimeAgo instant={issue.createdAt as Instant} />
                </span>
              </div>
            </div>
            <div className="issuable-side">
              <StateBadge state={issue.state} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
