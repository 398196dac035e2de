/**
 * GitLab's Issues tab of a milestone: three columns, Unstarted (open and unassigned), Ongoing (open
 * and assigned) and Completed (closed), each with its count and the first of its issues.
 */
import { ConfidentialIcon } from '../../components/issuable/index.ts';
import type { MilestoneIssueColumn, MilestoneIssueColumns, MilestoneIssueItem } from '../../data/index.ts';
import { Avatar, Icon, LabelChip } from '../../ui/index.ts';
import { MILESTONE_TEXTS, shownIssuesText } from './milestoneTexts.ts';

function IssueCard({ issue }: { issue: MilestoneIssueItem }) {
  return (
    <li className="milestone-card" data-testid="milestone-issue">
      <div className="milestone-card-title">
        {issue.confidential ? <ConfidentialIcon noun="issue" /> : null}
        <a href={issue.webPath} data-testid="milestone-issue-title">
          {issue.title}
        </a>
      </div>
      {issue.labels.length > 0 ? (
        <div className="milestone-card-labels">
          {issue.labels.map((label) => (
            <LabelChip key={label.id} {...label} />
          ))}
        </div>
      ) : null}
      <div className="milestone-card-meta">
        <span className="issuable-reference" data-testid="milestone-issue-reference">
          {issue.reference}
        </span>
        {issue.weight !== null ? (
          <span className="milestone-card-weight" title="Weight">
            <Icon name="weight" />
            <span className="sr-only">Weight </span>
            {issue.weight}
          </span>
        ) : null}
        <span className="milestone-card-assignees">
          {issue.assignees.map((user) => (
            <Avatar
              key={user.id}
              name={user.name}
              colorKey={user.username}
              label={`Assigned to ${user.name}`}
            />
          ))}
        </span>
      </div>
    </li>
  );
}

function Column({
  id,
  title,
  hint,
  column,
}: {
  id: string;
  title: string;
  hint: string;
  column: MilestoneIssueColumn;
}) {
  const shown = shownIssuesText(column.items.length, column.total);
  return (
    <section
      className="milestone-column"
      aria-labelledby={`milestone-column-${id}`}
      data-testid={`milestone-column-${id}`}
    >
      <h3 className="milestone-column-title" id={`milestone-column-${id}`}>
        {title} <span className="muted">{hint}</span>
        <span className="count-pill" data-testid="milestone-column-count">
          {column.total}
        </span>
      </h3>
      <ul className="milestone-cards">
        {column.items.map((issue) => (
          <IssueCard key={issue.id} issue={issue} />
        ))}
      </ul>
      {shown ? <p className="muted">{shown}</p> : null}
    </section>
  );
}

export function MilestoneIssueColumnsView({ columns }: { columns: MilestoneIssueColumns }) {
  return (
    <div className="milestone-columns">
      <Column
        id="unstarted"
        title={MILESTONE_TEXTS.unstarted}
        hint={MILESTONE_TEXTS.unstartedHint}
        column={columns.unstarted}
      />
      <Column
        id="ongoing"
        title={MILESTONE_TEXTS.ongoing}
        hint={MILESTONE_TEXTS.ongoingHint}
        column={columns.ongoing}
      />
      <Column
        id="completed"
        title={MILESTONE_TEXTS.completed}
        hint={MILESTONE_TEXTS.completedHint}
        column={columns.completed}
      />
    </div>
  );
}
