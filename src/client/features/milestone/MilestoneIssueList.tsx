import { ConfidentialIcon, StateBadge } from '../../components/issuable/index.ts';
import type { MilestoneIssueItem } from '../../data/index.ts';
import { EmptyState } from '../../ui/index.ts';
import { MILESTONE_TEXTS, shownIssuesText } from './milestoneTexts.ts';

/** The milestone's issues the viewer may see: title link, reference and state. */
export function MilestoneIssueList({
  issues,
  total,
}: {
  issues: readonly MilestoneIssueItem[];
  total: number;
}) {
  const shown = shownIssuesText(issues.length, total);
  return (
    <section className="content-section" aria-labelledby="milestone-issues-title">
      <h2 className="section-title" id="milestone-issues-title">
        {MILESTONE_TEXTS.issues}
        <span className="count-pill" data-testid="milestone-issues-count">
          {total}
        </span>
      </h2>
      {issues.length === 0 ? (
        <EmptyState
          title={MILESTONE_TEXTS.noIssuesTitle}
          description={MILESTONE_TEXTS.noIssuesDescription}
          testId="milestone-issues-empty"
        />
      ) : (
        <ul className="issuable-list" data-testid="milestone-issues">
          {issues.map((issue) => (
            <li key={issue.id} className="issuable-row milestone-issue-row" data-testid="milestone-issue">
              <div className="issuable-main">
                <div className="issuable-title-line">
                  {issue.confidential ? <ConfidentialIcon noun="issue" /> : null}
                  <a className="issuable-title" href={issue.webPath} data-testid="milestone-issue-title">
                    {issue.title}
                  </a>
                </div>
                <div className="issuable-meta">
                  <span className="issuable-reference" data-testid="milestone-issue-reference">
                    {issue.reference}
                  </span>
                </div>
              </div>
              <div className="issuable-side">
                <StateBadge state={issue.state} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {shown ? (
        <p className="muted milestone-issues-shown" data-testid="milestone-issues-shown">
          {shown}
        </p>
      ) : null}
    </section>
  );
}
