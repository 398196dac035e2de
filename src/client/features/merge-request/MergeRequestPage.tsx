import { useMemo, useState } from 'react';
import { isDraftTitle } from '../../../core/domain/mergeRequests.ts';
import {
  mergeRequestGfmSourcePaths,
  mergeRequestWebPath,
  projectMergeRequestsPath,
  projectUploadsPath,
} from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { ActivitySection, IssuableAwards, useIssuableAwards } from '../../components/discussions/index.ts';
import { NotFoundContent } from '../../components/errors/index.ts';
import {
  DiscussionLockedBadge,
  GfmSourcesContext,
  IssuableBody,
  type IssuablePolling,
  MarkdownUploadsContext,
  TimeAgo,
  useIssuablePolling,
  useIssuableStatus,
} from '../../components/issuable/index.ts';
import { PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import {
  createIssuableTextClient,
  type IssuableTextClient,
  type MergeRequestDetail,
  useMergeRequestActions,
  useMergeRequestDetail,
  usePageSettled,
} from '../../data/index.ts';
import { usePushToast } from '../../state/index.ts';
import { Alert, Breadcrumbs, Button, Loading, useDocumentTitle } from '../../ui/index.ts';
import { BranchName } from './BranchName.tsx';
import { MergeRequestSidebar } from './MergeRequestSidebar.tsx';
import { MergeRequestStateBadge } from './MergeRequestStateBadge.tsx';
import { MergeWidget } from './MergeWidget.tsx';
import { MERGE_REQUEST_TEXT } from './mergeRequestTexts.ts';
import { ThreadNavigator } from './ThreadNavigator.tsx';

export type MergeRequestPageProps = PageMountOf<'merge-request'> & { readonly currentUsername: string };

/**
 * GitLab's merge request page, for a product that tracks rather than hosts code: the header with its
 * state and branches, the title and description editor, the merge widget (approvals, merge, the issues
 * it closes), reactions, the activity, and the sidebar.
 */
export function MergeRequestPage(props: MergeRequestPageProps) {
  const { fullPath, iid, endpoint, updateEndpoint, markdownPreviewPath } = props;
  const detail = useMergeRequestDetail(fullPath, iid);
  const client = useMemo(
    () =>
      createIssuableTextClient({
        issuableType: 'merge_request',
        endpoint,
        updateEndpoint,
        markdownPreviewPath,
      }),
    [endpoint, updateEndpoint, markdownPreviewPath],
  );
  const gfmSources = useMemo(() => mergeRequestGfmSourcePaths(fullPath, iid), [fullPath, iid]);
  const [tasksUpdating, setTasksUpdating] = useState(false);
  const polling = useIssuablePolling(client, tasksUpdating);
  const { data, loading, error } = detail;
  usePageSettled(data === null || (!loading && (polling.text !== null || polling.failed)));
  useDocumentTitle(
    data ? `${polling.text?.titleText ?? data.title} (!${data.iid})` : `!${iid}`,
    MERGE_REQUEST_TEXT.mergeRequests,
  );
  if (data === null) return <NotFoundContent />;
  const crumbs = [
    ...projectCrumbs(fullPath, fullPath.split('/').pop() ?? fullPath, data?.projectFullName),
    { label: MERGE_REQUEST_TEXT.mergeRequests, href: projectMergeRequestsPath(fullPath) },
    { label: `!${iid}`, href: mergeRequestWebPath(fullPath, iid) },
  ];
  return (
    <GfmSourcesContext.Provider value={gfmSources}>
      <MarkdownUploadsContext.Provider value={projectUploadsPath(fullPath)}>
        {error ? <Alert variant="danger">{MERGE_REQUEST_TEXT.fetchFailed}</Alert> : null}
        {data ? (
          <MergeRequestView
            mergeRequest={data}
            page={props}
            crumbs={crumbs}
            client={client}
            polling={polling}
            updatingTasks={tasksUpdating}
            onUpdatingTasks={setTasksUpdating}
            onChanged={detail.refetch}
          />
        ) : (
          <>
            <PageHeader crumbs={crumbs} title={`Merge request !${iid}`} />
            {loading ? <Loading label="Loading merge request" /> : null}
          </>
        )}
      </MarkdownUploadsContext.Provider>
    </GfmSourcesContext.Provider>
  );
}

function MergeRequestView({
  mergeRequest,
  page,
  crumbs,
  client,
  polling,
  updatingTasks,
  onUpdatingTasks,
  onChanged,
}: {
  mergeRequest: MergeRequestDetail;
  page: MergeRequestPageProps;
  crumbs: { label: string; href: string }[];
  client: IssuableTextClient;
  polling: IssuablePolling;
  updatingTasks: boolean;
  onUpdatingTasks: (updating: boolean) => void;
  /** Something the header and widget show changed (state, draft, approvals): read them again. */
  onChanged: () => void;
}) {
  // Close and reopen are the editor's state event; merged and locked ones are not toggled here.
  const status = useIssuableStatus(
    client,
    mergeRequest.state === 'closed' ? 'closed' : 'opened',
    MERGE_REQUEST_TEXT.unableToUpdate,
  );
  const actions = useMergeRequestActions(page.fullPath, page.iid);
  const pushToast = usePushToast();
  const [draftBusy, setDraftBusy] = useState(false);
  const awards = useIssuableAwards(page.endpoint, page.currentUsername || null);
  const merged = mergeRequest.state === 'merged';
  const state = merged ? 'merged' : status.state;
  // The poll carries a renamed title ("Draft: …" added or removed in the editor) before the query.
  const draft =
    state === 'opened' && (polling.text ? isDraftTitle(polling.text.titleText) : mergeRequest.draft);

  const toggleDraft = async () => {
    setDraftBusy(true);
    const result = await actions.setDraft(!draft);
    setDraftBusy(false);
    if (!result.ok) pushToast(result.error ?? MERGE_REQUEST_TEXT.unableToUpdate, 'danger');
    polling.refresh();
    onChanged();
  };
  const toggleState = async () => {
    await status.toggle();
    onChanged();
  };

  const badges = (
    <>
      <MergeRequestStateBadge state={state} draft={draft} />
      {mergeRequest.discussionLocked ? <DiscussionLockedBadge /> : null}
    </>
  );
  return (
    <>
      <div className="page-header issuable-page-header">
        <Breadcrumbs items={crumbs} />
        <div className="issuable-page-header-row">
          <div className="page-meta merge-request-meta" data-testid="merge-request-meta">
            {badges}
            <span className="muted">
              {mergeRequest.author ? (
                <a className="author-name" href={mergeRequest.author.webUrl}>
                  {mergeRequest.author.name}
                </a>
              ) : null}{' '}
              {MERGE_REQUEST_TEXT.requestedToMerge} <BranchName name={mergeRequest.sourceBranch} copyable />{' '}
              {MERGE_REQUEST_TEXT.into} <BranchName name={mergeRequest.targetBranch} />{' '}
              <TimeAgo instant={mergeRequest.createdAt} />
            </span>
          </div>
          <div className="page-actions">
            {page.canUpdate && state === 'opened' ? (
              <Button
                onClick={() => void toggleDraft()}
                disabled={draftBusy}
                aria-busy={draftBusy}
                data-testid="merge-request-draft-toggle"
              >
                {draft ? MERGE_REQUEST_TEXT.markAsReady : MERGE_REQUEST_TEXT.markAsDraft}
              </Button>
            ) : null}
            {page.canUpdate && !merged ? (
              <Button
                onClick={() => void toggleState()}
                disabled={status.busy}
                aria-busy={status.busy}
                data-testid="merge-request-state-toggle"
              >
                {status.state === 'closed'
                  ? MERGE_REQUEST_TEXT.reopenMergeRequest
                  : MERGE_REQUEST_TEXT.closeMergeRequest}
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      <div className="detail-layout">
        <div className="detail-main">
          <IssuableBody
            client={client}
            canUpdate={page.canUpdate}
            badges={badges}
            polling={polling}
            updatingTasks={updatingTasks}
            onUpdatingTasks={onUpdatingTasks}
          />
          <MergeWidget
            mergeRequest={{ ...mergeRequest, state, draft }}
            page={page}
            onMerged={() => {
              polling.refresh();
              onChanged();
            }}
            onApprovalChanged={onChanged}
            onMarkReady={page.canUpdate ? () => void toggleDraft() : undefined}
            merge={actions.merge}
          />
          <IssuableAwards state={awards} currentUsername={page.currentUsername || null} />
          <ThreadNavigator />
          <ActivitySection
            itemPath={page.endpoint}
            noun="merge request"
            signedIn={page.signedIn}
            currentUsername={page.currentUsername || null}
            previewMarkdown={client.previewMarkdown}
            onCommandsChanged={(changes) => {
              if ('emoji_award' in changes) awards.refresh();
            }}
          />
        </div>
        <MergeRequestSidebar
          fullPath={page.fullPath}
          iid={page.iid}
          groupId={page.groupId || null}
          groupFullPath={page.groupFullPath}
          canAdmin={page.canAdmin}
          signedIn={page.signedIn}
          emailsDisabled={page.emailsDisabled}
          canInviteMembers={page.canAdminProject}
        />
      </div>
    </>
  );
}
