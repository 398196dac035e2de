import { type EpicDateView, type EpicDetail, useEpicDetail } from '../../data/index.ts';
import { Alert, Loading, useDocumentTitle } from '../../ui/index.ts';
import { NotFoundContent } from '../errors/NotFound.tsx';
import { Detail, DetailList, None, PlainDescription } from '../issuable/DetailList.tsx';
import { formatCalendarDate, pluralize } from '../issuable/format.ts';
import { ConfidentialBadge, CreatedBy, StateBadge } from '../issuable/IssuableMeta.tsx';
import { LabelList } from '../issuable/LabelList.tsx';
import { epicPath, groupCrumbs, groupEpicsPath } from '../navigation/crumbs.ts';
import { PageHeader } from '../navigation/PageHeader.tsx';

export interface EpicPageProps {
  readonly fullPath: string;
  readonly groupName: string;
  readonly iid: string;
  readonly listEpicsPath: string;
}

/** A read-only view of one epic. */
export function EpicPage({ fullPath, groupName, iid, listEpicsPath }: EpicPageProps) {
  const { data, loading, error } = useEpicDetail(fullPath, iid);
  useDocumentTitle(data ? `${data.title} (&${data.iid})` : `&${iid}`, 'Epics');
  if (data === null) return <NotFoundContent />;
  const crumbs = [
    ...groupCrumbs(fullPath, data?.groupFullName, groupName),
    { label: 'Epics', href: listEpicsPath || groupEpicsPath(fullPath) },
    { label: `&${iid}`, href: epicPath(fullPath, iid) },
  ];
  return (
    <>
      {error ? <Alert variant="danger">Something went wrong while fetching the epic</Alert> : null}
      {data ? (
        <EpicView epic={data} crumbs={crumbs} />
      ) : (
        <>
          <PageHeader crumbs={crumbs} title={`Epic &${iid}`} />
          {loading ? <Loading label="Loading epic" /> : null}
        </>
      )}
    </>
  );
}

function DateDetail({ term, value, testId }: { term: string; value: EpicDateView; testId: string }) {
  return (
    <Detail term={term} testId={testId}>
      {value.date ? (
        <>
          {formatCalendarDate(value.date)}{' '}
          <span className="muted">({value.isFixed ? 'Fixed' : 'Inherited'})</span>
        </>
      ) : (
        <None />
      )}
    </Detail>
  );
}

function EpicView({ epic, crumbs }: { epic: EpicDetail; crumbs: { label: string; href: string }[] }) {
  const { counts } = epic;
  return (
    <>
      <PageHeader
        crumbs={crumbs}
        eyebrow={
          <div className="page-meta" data-testid="epic-meta">
            <StateBadge state={epic.state} />
            {epic.confidential ? <ConfidentialBadge /> : null}
            <span className="muted">
              <CreatedBy createdAt={epic.createdAt} author={epic.author} capitalized />
            </span>
          </div>
        }
        title={<span data-testid="epic-title">{epic.title}</span>}
      />
      <div className="detail-layout">
        <section className="detail-main" aria-label="Description">
          <PlainDescription text={epic.description} />
        </section>
        <DetailList title="Epic details">
          <Detail term="Reference">{epic.reference}</Detail>
          <DateDetail term="Start date" value={epic.startDate} testId="epic-start-date" />
          <DateDetail term="Due date" value={epic.dueDate} testId="epic-due-date" />
          <Detail term="Labels" testId="epic-labels">
            {epic.labels.length > 0 ? <LabelList labels={epic.labels} /> : <None />}
          </Detail>
          <Detail term="Parent epic" testId="epic-parent">
            {epic.parent ? (
              <a href={epic.parent.webPath}>
                {epic.parent.title} <span className="muted">{epic.parent.reference}</span>
              </a>
            ) : (
              <None />
            )}
          </Detail>
          <Detail term="Child epics" testId="epic-child-epics">
            {pluralize(counts.openedEpics, 'open epic')}, {pluralize(counts.closedEpics, 'closed epic')}
          </Detail>
          <Detail term="Issues" testId="epic-issues">
            {pluralize(counts.openedIssues, 'open issue')}, {pluralize(counts.closedIssues, 'closed issue')}
          </Detail>
          <Detail term="Reactions">
            {pluralize(epic.upvotes, 'upvote')}, {pluralize(epic.downvotes, 'downvote')}
          </Detail>
        </DetailList>
      </div>
    </>
  );
}
