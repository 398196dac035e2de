import { useMemo, useState } from 'react';
import {
  groupAutocompleteSourcePath,
  issueClosingMergeRequestsPath,
  issueGfmSourcePaths,
  issueLinksPath,
  issueWebPath,
  newIssuePath,
  projectIssuesPath,
  projectUploadsPath,
} from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { ActivitySection, IssuableAwards, useIssuableAwards } from '../../components/discussions/index.ts';
import { NotFoundContent } from '../../components/errors/index.ts';
import {
  ConfidentialBadge,
  CreatedBy,
  DiscussionLockedBadge,
  DueDateBadge,
  GfmSourcesContext,
  HiddenIssueBadge,
  IssuableBody,
  IssuableDeleteSection,
  type IssuablePolling,
  IssueTypeIcon,
  MarkdownUploadsContext,
  StateBadge,
  useIssuablePolling,
  useIssuableStatus,
} from '../../components/issuable/index.ts';
import { PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import {
  createIssuableTextClient,
  type IssuableTextClient,
  type IssueDetail,
  toIssueType,
  useIssueDetail,
  useIssuePinnedLinks,
  usePageSettled,
  useTimelinePromotion,
} from '../../data/index.ts';
import { Alert, Breadcrumbs, Button, Loading, useDocumentTitle } from '../../ui/index.ts';
import { DevelopmentCard, LinkedItemsCard } from '../related-items/index.ts';
import { RelatedVulnerabilities } from '../vulnerabilities/index.ts';
import { useWorkItemModalParam, WorkItemModal } from '../work-item/index.ts';
import { IssueFormFields } from './IssueFormFields.tsx';
import { IncidentContent } from './incident/IncidentContent.tsx';
import { ISSUE_DELETE_TEXTS, ISSUE_TEXT } from './issueTexts.ts';
import { PinnedLinks } from './PinnedLinks.tsx';
import { IssueSidebar } from './sidebar/IssueSidebar.tsx';
import { IssueTasksWidget, useConvertTaskLine } from './tasks/IssueTasksWidget.tsx';

export type IssuePageProps = PageMountOf<'issue'> & { readonly currentUsername: string };

/** GitLab's issue page: header with state and actions, the title and description editor, details. */
export function IssuePage(props: IssuePageProps) {
  const { fullPath, iid, endpoint, updateEndpoint, markdownPreviewPath } = props;
  const { data, loading, error } = useIssueDetail(fullPath, iid);
  const client = useMemo(
    () => createIssuableTextClient({ issuableType: 'issue', endpoint, updateEndpoint, markdownPreviewPath }),
    [endpoint, updateEndpoint, markdownPreviewPath],
  );
  const gfmSources = useMemo(() => issueGfmSourcePaths(fullPath, iid), [fullPath, iid]);
  const [tasksUpdating, setTasksUpdating] = useState(false);
  const workItemModal = useWorkItemModalParam();
  const polling = useIssuablePolling(client, tasksUpdating);
  usePageSettled(data === null || (!loading && (polling.text !== null || polling.failed)));
  useDocumentTitle(data ? `${polling.text?.titleText ?? data.title} (#${data.iid})` : `#${iid}`, 'Issues');
  if (data === null) return <NotFoundContent />;
  const crumbs = [
    ...projectCrumbs(fullPath, fullPath.split('/').pop() ?? fullPath, data?.projectFullName),
    { label: 'Issues', href: projectIssuesPath(fullPath) },
    { label: `#${iid}`, href: issueWebPath(fullPath, iid) },
  ];
  return (
    <GfmSourcesContext.Provider value={gfmSources}>
      <MarkdownUploadsContext.Provider value={projectUploadsPath(fullPath)}>
        {workItemModal.workItemId ? (
          <WorkItemModal
            key={workItemModal.workItemId}
            workItemId={workItemModal.workItemId}
            onClose={workItemModal.close}
            // A task deleted from its line gave the line its title back: show the new description.
            onDeleted={polling.refresh}
            flags={{ workItemsMvc2: props.workItemsMvc2, issueWeights: props.issueWeights }}
          />
        ) : null}
        {error ? <Alert variant="danger">{ISSUE_TEXT.fetchFailed}</Alert> : null}
        {data ? (
          <IssueView
            issue={data}
            page={props}
            crumbs={crumbs}
            client={client}
            polling={polling}
            updatingTasks={tasksUpdating}
            onUpdatingTasks={setTasksUpdating}
            onOpenWorkItem={workItemModal.open}
          />
        ) : (
          <>
            <PageHeader crumbs={crumbs} title={`Issue #${iid}`} />
            {loading ? <Loading label="Loading issue" /> : null}
          </>
        )}
      </MarkdownUploadsContext.Provider>
    </GfmSourcesContext.Provider>
  );
}

function IssueView({
  issue,
  page,
  crumbs,
  client,
  polling,
  updatingTasks,
  onUpdatingTasks,
  onOpenWorkItem,
}: {
  issue: IssueDetail;
  page: IssuePageProps;
  crumbs: { label: string; href: string }[];
  client: IssuableTextClient;
  polling: IssuablePolling;
  updatingTasks: boolean;
  onUpdatingTasks: (updating: boolean) => void;
  /** Opens a work item (a task) in the page's modal. */
  onOpenWorkItem: (workItemId: string) => void;
}) {
  const status = useIssuableStatus(client, issue.state, ISSUE_TEXT.unableToUpdateIssue);
  const [deleting, setDeleting] = useState(false);
  const awards = useIssuableAwards(issueWebPath(page.fullPath, page.iid), page.currentUsername || null);
  const pinnedLinks = useIssuePinnedLinks(page.fullPath, page.iid);
  // A type changed in the edit form shows at once: the poll carries it, the page's query does not.
  const type = polling.text?.issueType ? toIssueType(polling.text.issueType.toUpperCase()) : issue.type;
  const timeline = useTimelinePromotion(page.fullPath, page.iid, issue.id, type === 'INCIDENT');
  const convertTask = useConvertTaskLine(page.fullPath, page.iid);
  const badges = (
    <>
      <StateBadge state={status.state} />
      {issue.discussionLocked ? <DiscussionLockedBadge /> : null}
      {issue.confidential ? <ConfidentialBadge /> : null}
      {issue.hidden ? <HiddenIssueBadge /> : null}
      {issue.dueDate ? <DueDateBadge dueDate={issue.dueDate} state={status.state} /> : null}
    </>
  );
  // Title, pinned links and description: above an incident's tabs, so every tab names the incident.
  const body = (
    <IssuableBody
      client={client}
      canUpdate={page.canUpdate}
      badges={badges}
      onDelete={page.canDestroy ? () => setDeleting(true) : undefined}
      belowTitle={<PinnedLinks links={pinnedLinks} />}
      formFields={(editor) => (
        <IssueFormFields editor={editor} projectId={page.projectId} canChangeType={page.canAdmin} />
      )}
      polling={polling}
      updatingTasks={updatingTasks}
      onUpdatingTasks={onUpdatingTasks}
      onConvertTask={page.canUpdate ? convertTask : undefined}
    />
  );
  const summary = (
    <>
      {type === 'TASK' ? null : (
        <IssueTasksWidget
          fullPath={page.fullPath}
          iid={page.iid}
          onOpenTask={(task) => onOpenWorkItem(task.id)}
        />
      )}
      <IssuableAwards state={awards} currentUsername={page.currentUsername || null} />
      <LinkedItemsCard
        issuableType="issue"
        endpoint={issueLinksPath(page.fullPath, page.iid)}
        sources={{ issues: groupAutocompleteSourcePath(page.groupFullPath, 'issues') }}
        canAdmin={page.canAdmin}
        blockingAvailable={page.blockedIssues}
      />
      <DevelopmentCard
        endpoint={issueClosingMergeRequestsPath(page.fullPath, page.iid)}
        canAdmin={page.canAdmin}
      />
      <RelatedVulnerabilities fullPath={page.fullPath} iid={page.iid} />
      {page.canDestroy ? (
        <IssuableDeleteSection
          noun="issue"
          texts={ISSUE_DELETE_TEXTS}
          endpoint={page.endpoint}
          deleting={deleting}
          onDeletingChange={setDeleting}
        />
      ) : null}
      <ActivitySection
        itemPath={issueWebPath(page.fullPath, page.iid)}
        noun="issue"
        signedIn={page.signedIn}
        currentUsername={page.currentUsername || null}
        previewMarkdown={client.previewMarkdown}
        onCommandsChanged={(changes) => {
          if ('emoji_award' in changes) awards.refresh();
          if ('zoom_meetings' in changes || 'published_incident' in changes) pinnedLinks.refresh();
        }}
        promoteToTimeline={timeline.canPromote ? timeline.promote : undefined}
      />
    </>
  );
  return (
    <>
      <div className="page-header issuable-page-header">
        <Breadcrumbs items={crumbs} />
        <div className="issuable-page-header-row">
          <div className="page-meta" data-testid="issue-meta">
            <IssueTypeIcon type={type} />
            {badges}
            <span className="muted">
              <CreatedBy createdAt={issue.createdAt} author={issue.author} capitalized />
            </span>
          </div>
          <div className="page-actions">
            {page.canCreateIssue ? (
              <a className="btn btn-default" href={newIssuePath(page.fullPath)} data-testid="issue-new-issue">
                {ISSUE_TEXT.newIssue}
              </a>
            ) : null}
            {page.canUpdate ? (
              <Button
                onClick={() => void status.toggle()}
                disabled={status.busy}
                aria-busy={status.busy}
                data-testid="issue-state-toggle"
              >
                {status.state === 'closed' ? ISSUE_TEXT.reopenIssue : ISSUE_TEXT.closeIssue}
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      <div className="detail-layout">
        <div className="detail-main">
          {type === 'INCIDENT' ? (
            <IncidentContent
              fullPath={page.fullPath}
              projectId={page.projectId}
              iid={page.iid}
              incidentId={issue.id}
              canManageMetricImages={page.canManageMetricImages}
              metricImageMaxBytes={Number(page.metricImageMaxBytes) || 0}
              aboveTabs={body}
              summary={summary}
            />
          ) : (
            <>
              {body}
              {summary}
            </>
          )}
        </div>
        <IssueSidebar
          fullPath={page.fullPath}
          iid={page.iid}
          groupId={page.groupId || null}
          groupFullPath={page.groupFullPath}
          canAdmin={page.canAdmin}
          signedIn={page.signedIn}
          emailsDisabled={page.emailsDisabled}
          canInviteMembers={page.canAdminProject}
          showEpic={page.epics}
          showWeight={page.issueWeights}
          showHealthStatus={page.healthStatus}
        />
      </div>
    </>
  );
}
