import { userPath } from '../../../core/domain/webPaths.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { dueDateText } from '../../../core/time/dueDateText.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import type { HealthStatus, Instant, IssueType, ItemState, UserView, Visibility } from '../../data/index.ts';
import { useNow } from '../../lib/index.ts';
import { Avatar, Badge, Icon, Tooltip } from '../../ui/index.ts';
import { formatTimeAgo, formatTimestamp, HEALTH_STATUS, VISIBILITY } from './format.ts';

/** '3 days ago' in a `<time>` whose tooltip is the full timestamp. */
export function TimeAgo({ instant }: { instant: Instant }) {
  const now = useNow();
  return (
    <time dateTime={instant} title={formatTimestamp(instant)}>
      {formatTimeAgo(instant, now)}
    </time>
  );
}

/** 'created 3 days ago by Dana Developer' ('Created …' at the start of a line). */
export function CreatedBy({
  createdAt,
  author,
  capitalized = false,
}: {
  createdAt: Instant | null;
  author: UserView;
  capitalized?: boolean;
}) {
  const verb = capitalized ? 'Created' : 'created';
  return (
    <span className="created-by">
      {createdAt ? (
        <>
          {verb} <TimeAgo instant={createdAt} />{' '}
        </>
      ) : (
        `${verb} `
      )}
      by{' '}
      <a className="author-name" href={userPath(author.username)}>
        {author.name}
      </a>
    </span>
  );
}

export function StateBadge({ state }: { state: ItemState }) {
  return state === 'closed' ? (
    <Badge variant="info" testId="state-badge">
      Closed
    </Badge>
  ) : (
    <Badge variant="success" testId="state-badge">
      Open
    </Badge>
  );
}

export function ConfidentialIcon({ noun }: { noun: string }) {
  const text = `Confidential ${noun}`;
  return (
    <span className="confidential-icon" title={text} data-testid="confidential-icon">
      <Icon name="eyeSlash" />
      <span className="sr-only">{text}</span>
    </span>
  );
}

export function ConfidentialBadge() {
  return (
    <Badge variant="warning" icon="eyeSlash" testId="confidential-badge">
      Confidential
    </Badge>
  );
}

export function HealthBadge({ status }: { status: HealthStatus }) {
  const { text, variant } = HEALTH_STATUS[status];
  return (
    <Badge variant={variant} testId="health-status">
      {text}
    </Badge>
  );
}

export function VisibilityBadge({ visibility }: { visibility: Visibility }) {
  const { text, icon, description } = VISIBILITY[visibility];
  return (
    <span className="visibility-badge" title={description} data-testid="visibility-badge">
      <Badge variant="neutral" icon={icon}>
        {text}
      </Badge>
    </span>
  );
}

/** A compact visibility marker for list rows: an icon with its level as screen-reader text. */
export function VisibilityIcon({ visibility }: { visibility: Visibility }) {
  const { text, icon, description } = VISIBILITY[visibility];
  return (
    <span className="visibility-icon" title={`${text} - ${description}`} data-testid="visibility-icon">
      <Icon name={icon} />
      <span className="sr-only">{text}</span>
    </span>
  );
}

export function IssueTypeIcon({ type }: { type: IssueType }) {
  if (type === 'ISSUE') return null;
  const text = type === 'INCIDENT' ? 'Incident' : 'Task';
  return (
    <span className="issue-type-icon" title={text} data-testid="issue-type-icon">
      <Icon name={type === 'INCIDENT' ? 'incident' : 'task'} />
      <span className="sr-only">{text}</span>
    </span>
  );
}

/** Overlapping avatars of the people in one role, each named for screen readers and on hover. */
function PeopleAvatars({
  people,
  label,
  personLabel,
  testId,
}: {
  people: readonly UserView[];
  label: string;
  personLabel: (name: string) => string;
  testId: string;
}) {
  if (people.length === 0) return null;
  return (
    <ul className="assignee-avatars" aria-label={label} data-testid={testId}>
      {people.map((user) => (
        <li key={user.id}>
          <Avatar name={user.name} colorKey={user.username} label={personLabel(user.name)} />
        </li>
      ))}
    </ul>
  );
}

export function AssigneeAvatars({ assignees }: { assignees: readonly UserView[] }) {
  return (
    <PeopleAvatars
      people={assignees}
      label="Assignees"
      personLabel={(name) => `Assigned to ${name}`}
      testId="assignees"
    />
  );
}

/** A merge request's reviewers (GitLab's list names each "Review requested from …"). */
export function ReviewerAvatars({ reviewers }: { reviewers: readonly UserView[] }) {
  return (
    <PeopleAvatars
      people={reviewers}
      label="Reviewers"
      personLabel={(name) => `Review requested from ${name}`}
      testId="reviewers"
    />
  );
}

/**
 * 'Due Tomorrow', 'Due Jun 22', … (the spec's due-date wording), with the full date where it is
 * near; red once an open item's date has passed.
 */
export function DueDateBadge({ dueDate, state }: { dueDate: CalendarDate; state: ItemState }) {
  const today = calendarDateOf(useNow());
  const { text, tooltip, overdue } = dueDateText(dueDate, today);
  return (
    <Tooltip text={`Due date: ${tooltip}`}>
      {(tooltipId) => (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip's full date must be reachable by keyboard.
        <span tabIndex={0} aria-describedby={tooltipId} data-testid="due-date-badge">
          <Badge variant={overdue && state === 'opened' ? 'danger' : 'neutral'} icon="calendar">
            Due {text}
          </Badge>
        </span>
      )}
    </Tooltip>
  );
}

/** GitLab's hidden icon: shown to the administrators who still see an issue of a banned author. */
export function HiddenIssueBadge() {
  return (
    <Tooltip text={HIDDEN_ISSUE_TEXT}>
      {(tooltipId) => (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip's reason must be reachable by keyboard.
        <span tabIndex={0} aria-describedby={tooltipId} data-testid="hidden-badge">
          <Badge variant="warning" icon="spam">
            <span className="sr-only">Hidden</span>
          </Badge>
        </span>
      )}
    </Tooltip>
  );
}

/** The spec's hidden badge text. */
export const HIDDEN_ISSUE_TEXT = 'This issue is hidden because its author has been banned';

/** GitLab's lock icon: only project members may comment. */
export function DiscussionLockedBadge() {
  return (
    <Badge variant="warning" icon="lock" testId="locked-badge">
      Locked
    </Badge>
  );
}
