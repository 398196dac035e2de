import { issueWebPath, projectIssuesPath } from '../../../core/domain/webPaths.ts';
import { NotFoundContent } from '../../components/errors/index.ts';
import {
  ConfidentialBadge,
  CreatedBy,
  Detail,
  DetailList,
  formatCalendarDate,
  HealthBadge,
  IssueTypeIcon,
  LabelList,
  None,
  PlainDescription,
  StateBadge,
} from '../../components/issuable/index.ts';
import { PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import { type IssueDetail, useIssueDetail } from '../../data/index.ts';
import { Alert, Avatar, Loading, useDocumentTitle } from '../../ui/index.ts';

export interface IssuePageProps {
  readonly fullPath: string;
  readonly iid: string;
}

/** A read-only view of one issue. */
export function IssuePage({ fullPath, iid }: IssuePageProps) {
  const { data, loading, error } = useIssueDetail(fullPath, iid);
  useDocumentTitle(data ? `${data.title} (#${data.iid})` : `#${iid}`, 'Issues');
  if (data === null) return <NotFoundContent />;
  const crumbs = [
    ...projectCrumbs(fullPath, fullPath.split('/').pop() ?? fullPath, data?.projectFullName),
    { label: 'Issues', href: projectIssuesPath(fullPath) },
    { label: `#${iid}`, href: issueWebPath(fullPath, iid) },
  ];
  return (
    <>
      {error ? <Alert variant="danger">Something went wrong while fetching the issue</Alert> : null}
      {data ? (
        <IssueView issue={data} crumbs={crumbs} />
      ) : (
        <>
          <PageHeader crumbs={crumbs} title={`Issue #${iid}`} />
          {loading ? <Loading label="Loading issue" /> : null}
        </>
      )}
    </>
  );
}

function IssueView({ issue, crumbs }: { issue: IssueDetail; crumbs: { label: string; href: string }[] }) {
  return (
    <>
      <PageHeader
        crumbs={crumbs}
        title={
          <span className="title-with-icon">
            <IssueTypeIcon type={issue.type} />
            <span data-testid="issue-title">{issue.title}</span>
          </span>
        }
        eyebrow={
          <div className="page-meta" data-testid="issue-meta">
            <StateBadge state={issue.state} />
            {issue.confidential ? <ConfidentialBadge /> : null}
            <span className="muted">
              <CreatedBy createdAt={issue.createdAt} author={issue.author} capitalized />
            </span>
          </div>
        }
      />
      <div className="detail-layout">
        <section className="detail-main" aria-label="Description">
          <PlainDescription text={issue.description} />
        </section>
        <DetailList title="Issue details">
          <Detail term="Reference">{issue.reference}</Detail>
          <Detail term="Assignees" testId="issue-assignees">
            {issue.assignees.length > 0 ? (
              <ul className="person-list">
                {issue.assignees.map((user) => (
                  <li key={user.id} className="person">
                    <Avatar name={user.name} colorKey={user.username} />
                    {user.name}
                  </li>
                ))}
              </ul>
            ) : (
              <None />
            )}
          </Detail>
          <Detail term="Epic" testId="issue-epic">
            {issue.epic ? (
              <a href={issue.epic.webPath}>
                {issue.epic.title} <span className="muted">{issue.epic.reference}</span>
              </a>
            ) : (
              <None />
            )}
          </Detail>
          <Detail term="Milestone" testId="issue-milestone">
            {issue.milestone ? issue.milestone.title : <None />}
          </Detail>
          <Detail term="Due date" testId="issue-due-date">
            {issue.dueDate ? formatCalendarDate(issue.dueDate) : <None />}
          </Detail>
          <Detail term="Weight" testId="issue-weight">
            {issue.weight ?? <None />}
          </Detail>
          <Detail term="Health status" testId="issue-health">
            {issue.healthStatus ? <HealthBadge status={issue.healthStatus} /> : <None />}
          </Detail>
          <Detail term="Labels" testId="issue-labels">
            {issue.labels.length > 0 ? <LabelList labels={issue.labels} /> : <None />}
          </Detail>
        </DetailList>
      </div>
    </>
  );
}
