import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { calendarDateOf, formatCalendarDate } from '../../../core/time/formatting.ts';
import { StateBadge, TimeAgo } from '../../components/issuable/index.ts';
import { type Instant, usePageSettled, useUserIssues } from '../../data/index.ts';
import { Alert, Avatar, Loading, StatusEmoji, UserName, useDocumentTitle } from '../../ui/index.ts';

export type UserProfilePageProps = PageMountOf<'user'>;

/**
 * GitLab's user profile (`/:username`), where every author, assignee and participant links: who
 * they are, since when, and the issues they opened that the viewer may read (for a signed-in
 * viewer: GitLab's issues API needs one).
 */
export function UserProfilePage({
  username,
  name,
  statusEmoji,
  statusMessage,
  statusBusy,
  bio,
  createdAt,
  signedIn,
}: UserProfilePageProps) {
  const { issues, loading, failed } = useUserIssues(username, signedIn);
  usePageSettled(!loading);
  useDocumentTitle(`${name} (@${username})`);
  const memberSince = createdAt ? formatCalendarDate(calendarDateOf(new Date(createdAt))) : null;
  return (
    <div className="user-profile" data-testid="user-profile">
      <header className="user-profile-header">
        <Avatar name={name || username} colorKey={username} size={48} />
        <div>
          <h1 className="user-profile-name">
            <UserName name={name || username} busy={statusBusy} />
          </h1>
          <p className="muted user-profile-username">@{username}</p>
          {statusEmoji || statusMessage ? (
            <p className="user-profile-status" data-testid="user-profile-status">
              <StatusEmoji emoji={statusEmoji} message="" /> {statusMessage}
            </p>
          ) : null}
          {memberSince ? <p className="muted">Member since {memberSince}</p> : null}
          {bio ? <p className="user-profile-bio">{bio}</p> : null}
        </div>
      </header>
      {signedIn ? (
        <section aria-labelledby="user-profile-issues" className="user-profile-section">
          <h2 id="user-profile-issues">Issues opened</h2>
          {loading ? <Loading label="Loading issues" /> : null}
          {failed ? <Alert variant="danger">Something went wrong while fetching issues</Alert> : null}
          {!loading && !failed && issues.length === 0 ? (
            <p className="muted" data-testid="user-profile-no-issues">
              {name || username} has not opened any issues you can see.
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
        </section>
      ) : null}
    </div>
  );
}
