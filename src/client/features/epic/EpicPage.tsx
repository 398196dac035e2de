import { useState } from 'react';
import type { PageData } from '../../app/pageData.ts';
import { type EpicDateView, type EpicDetail, useEpicDetail, usePageSettled } from '../../data/index.ts';
import { Alert, Breadcrumbs, Button, Loading, useDocumentTitle } from '../../ui/index.ts';
import { NotFoundContent } from '../errors/NotFound.tsx';
import { Detail, DetailList, None } from '../issuable/DetailList.tsx';
import { formatCalendarDate, pluralize } from '../issuable/format.ts';
import { ConfidentialBadge, CreatedBy, StateBadge } from '../issuable/IssuableMeta.tsx';
import { LabelList } from '../issuable/LabelList.tsx';
import { epicPath, groupCrumbs, groupEpicsPath } from '../navigation/crumbs.ts';
import { PageHeader } from '../navigation/PageHeader.tsx';
import { DeleteEpicDialog } from './body/DeleteEpicDialog.tsx';
import { EpicIssuable } from './body/EpicIssuable.tsx';
import { ISSUABLE_TEXT } from './body/issuableTexts.ts';
import { useEpicStatus } from './body/useEpicStatus.ts';
import { type IssuablePolling, useIssuablePolling } from './body/useIssuablePolling.ts';

export type EpicPageProps = Omit<Extract<PageData, { page: 'epic' }>, 'page'>;

/** GitLab's epic page: header with state and actions, title and description editor, sidebar. */
export function EpicPage(props: EpicPageProps) {
  const { fullPath, groupName, iid, listEpicsPath } = props;
  const { data, loading, error } = useEpicDetail(fullPath, iid);
  const [tasksUpdating, setTasksUpdating] = useState(false);
  const polling = useIssuablePolling(props.endpoint, tasksUpdating);
  usePageSettled(data === null || (!loading && (polling.text !== null || polling.failed)));
  useDocumentTitle(data ? `${polling.text?.titleText ?? data.title} (&${data.iid})` : `&${iid}`, 'Epics');
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
        <EpicView
          epic={data}
          page={props}
          crumbs={crumbs}
          polling={polling}
          onUpdatingTasks={setTasksUpdating}
        />
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

function EpicView({
  epic,
  page,
  crumbs,
  polling,
  onUpdatingTasks,
}: {
  epic: EpicDetail;
  page: EpicPageProps;
  crumbs: { label: string; href: string }[];
  polling: IssuablePolling;
  onUpdatingTasks: (updating: boolean) => void;
}) {
  const { counts } = epic;
  const status = useEpicStatus(epic.state, page.updateEndpoint);
  const [deleting, setDeleting] = useState(false);
  const badges = (
    <>
      <StateBadge state={status.state} />
      {epic.confidential ? <ConfidentialBadge /> : null}
    </>
  );
  return (
    <>
      <div className="page-header epic-header">
        <Breadcrumbs items={crumbs} />
        <div className="epic-header-row">
          <div className="page-meta" data-testid="epic-meta">
            {badges}
            <span className="muted">
              <CreatedBy createdAt={epic.createdAt} author={epic.author} capitalized />
            </span>
          </div>
          <div className="page-actions">
            {page.canUpdate ? (
              <Button
                onClick={() => void status.toggle()}
                disabled={status.busy}
                aria-busy={status.busy}
                data-testid="epic-state-toggle"
              >
                {status.state === 'closed' ? ISSUABLE_TEXT.reopenEpic : ISSUABLE_TEXT.closeEpic}
              </Button>
            ) : null}
            {page.canCreate ? (
              <a className="btn btn-default" href={page.newEpicWebUrl} data-testid="epic-new-link">
                {ISSUABLE_TEXT.newEpic}
              </a>
            ) : null}
          </div>
        </div>
      </div>
      <div className="detail-layout">
        <div className="detail-main">
          <EpicIssuable
            endpoint={page.endpoint}
            previewPath={page.markdownPreviewPath}
            canUpdate={page.canUpdate}
            canDestroy={page.canDestroy}
            badges={badges}
            onDelete={() => setDeleting(true)}
            polling={polling}
            onUpdatingTasks={onUpdatingTasks}
          />
          {page.canDestroy ? (
            <div className="epic-delete">
              <Button
                variant="danger"
                icon="trash"
                onClick={() => setDeleting(true)}
                data-testid="epic-delete"
              >
                {ISSUABLE_TEXT.deleteEpic}
              </Button>
            </div>
          ) : null}
          <DeleteEpicDialog open={deleting} endpoint={page.endpoint} onClose={() => setDeleting(false)} />
        </div>
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
