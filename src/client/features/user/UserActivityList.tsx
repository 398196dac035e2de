import { TimeAgo } from '../../components/issuable/index.ts';
import type { ActivityEventView, Instant, UserActivity } from '../../data/index.ts';
import { Alert, Avatar, Button, Loading } from '../../ui/index.ts';

/**
 * GitLab's profile Activity: "<name> commented on issue #12 at group/project", newest first, each
 * linking to the item (a comment to its note), with a comment's first words under it.
 */
export function UserActivityList({
  name,
  username,
  activity,
}: {
  name: string;
  username: string;
  activity: UserActivity;
}) {
  const { events, loading, failed, hasMore, loadMore } = activity;
  return (
    <>
      {failed ? <Alert variant="danger">Something went wrong while fetching activity</Alert> : null}
      {!loading && !failed && events.length === 0 ? (
        <p className="muted" data-testid="user-profile-no-activity">
          {name} has no activity you can see.
        </p>
      ) : null}
      <ol className="user-activity" aria-label="Activity" data-testid="user-profile-activity">
        {events.map((event) => (
          <ActivityEvent key={event.id} event={event} name={name} username={username} />
        ))}
      </ol>
      {loading ? <Loading label="Loading activity" /> : null}
      {!loading && hasMore ? (
        <Button variant="default" onClick={loadMore} data-testid="user-profile-activity-more">
          Load more
        </Button>
      ) : null}
    </>
  );
}

function ActivityEvent({
  event,
  name,
  username,
}: {
  event: ActivityEventView;
  name: string;
  username: string;
}) {
  return (
    <li className="user-activity-event" data-testid="user-activity-event">
      <Avatar name={name} colorKey={username} size={24} />
      <div className="user-activity-body">
        <p className="user-activity-line">
          <strong>{name}</strong> {event.action} {event.targetKind}{' '}
          <a href={event.webPath} title={event.title}>
            {event.reference}
          </a>{' '}
          at <span className="user-activity-place">{event.placePath}</span>
        </p>
        <p className="user-activity-title">
          <a href={event.webPath}>{event.title}</a>
        </p>
        {event.excerpt ? <p className="user-activity-excerpt">{event.excerpt}</p> : null}
      </div>
      <TimeAgo instant={event.createdAt as Instant} />
    </li>
  );
}
