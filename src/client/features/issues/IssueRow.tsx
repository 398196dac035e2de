import {
  AssigneeAvatars,
  ConfidentialIcon,
  CreatedBy,
  formatCalendarDate,
  HealthBadge,
  IssueTypeIcon,
  LabelList,
  StateBadge,
} from '../../components/issuable/index.ts';
import type { IssueListItem } from '../../data/index.ts';
import { Icon } from '../../ui/index.ts';
import { BULK_EDIT_TEXT } from './bulk/bulkEditTexts.ts';

const ISSUE_LIST_TEXT = { comments: 'Comments' } as const;

/** A row's bulk-edit checkbox, while bulk edit is on. */
export interface RowSelection {
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
}

const rowClass = (selection: RowSelection | null): string =>
  selection ? `issuable-row is-selectable${selection.checked ? ' is-selected' : ''}` : 'issuable-row';

/**
 * One issue of a list. A project's list names it `#12`; a group's list spans projects, so it names
 * the project too (`group/project#12`), as GitLab's group list does.
 */
export function IssueRow({
  issue,
  fullReference,
  labelSearch,
  onNavigate,
  selection,
}: {
  issue: IssueListItem;
  fullReference: boolean;
  labelSearch: (label: string) => string;
  onNavigate: (search: string) => void;
  selection: RowSelection | null;
}) {
  return (
    <li className={rowClass(selection)} data-testid="issue-row">
      {selection ? (
        <input
          type="checkbox"
          className="issuable-select"
          checked={selection.checked}
          aria-label={BULK_EDIT_TEXT.selectIssue(issue.title)}
          onChange={(event) => selection.onChange(event.currentTarget.checked)}
          data-testid="issue-select"
        />
      ) : null}
      <div className="issuable-main">
        <div className="issuable-title-line">
          <IssueTypeIcon type={issue.type} />
          {issue.confidential ? <ConfidentialIcon noun="issue" /> : null}
          <a className="issuable-title" href={issue.webPath} data-testid="issue-title">
            {issue.title}
          </a>
        </div>
        <div className="issuable-meta">
          <span className="issuable-reference" data-testid="issue-reference">
            {fullReference ? issue.fullReference : `#${issue.iid}`}
          </span>
          <span className="meta-separator" aria-hidden="true">
            ·
          </span>
          <CreatedBy createdAt={issue.createdAt} author={issue.author} />
          {issue.milestone ? (
            <span className="meta-item" data-testid="issue-milestone">
              <Icon name="milestone" />
              <span className="sr-only">Milestone: </span>
              {issue.milestone.title}
            </span>
          ) : null}
          {issue.dueDate ? (
            <span className="meta-item" data-testid="issue-due-date">
              <Icon name="calendar" />
              <span className="sr-only">Due date: </span>
              {formatCalendarDate(issue.dueDate)}
            </span>
          ) : null}
          {issue.weight != null ? (
            <span className="meta-item" data-testid="issue-weight">
              <Icon name="weight" />
              <span className="sr-only">Weight: </span>
              {issue.weight}
            </span>
          ) : null}
        </div>
        <LabelList labels={issue.labels} filterLink={{ search: labelSearch, onNavigate }} />
      </div>
      <div className="issuable-side">
        {issue.state === 'closed' ? <StateBadge state="closed" /> : null}
        {issue.healthStatus ? <HealthBadge status={issue.healthStatus} /> : null}
        <AssigneeAvatars assignees={issue.assignees} />
        <a
          className={`meta-item issuable-comments${issue.userDiscussionsCount === 0 ? ' muted' : ''}`}
          href={`${issue.webPath}#notes`}
          title={ISSUE_LIST_TEXT.comments}
          data-testid="issue-comments"
        >
          <Icon name="comment" />
          <span className="sr-only">{ISSUE_LIST_TEXT.comments}: </span>
          {issue.userDiscussionsCount}
        </a>
      </div>
    </li>
  );
}
