import { useMemo, useState } from 'react';
import {
  epicGfmSourcePaths,
  epicWebPath,
  groupEpicsPath,
  groupUploadsPath,
} from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { ActivitySection, IssuableAwards, useIssuableAwards } from '../../components/discussions/index.ts';
import { NotFoundContent } from '../../components/errors/index.ts';
import {
  ConfidentialBadge,
  CreatedBy,
  GfmSourcesContext,
  IssuableBody,
  IssuableDeleteSection,
  type IssuablePolling,
  MarkdownUploadsContext,
  StateBadge,
  useIssuablePolling,
  useIssuableStatus,
} from '../../components/issuable/index.ts';
import { groupCrumbs, PageHeader } from '../../components/navigation/index.ts';
import { SIDEBAR_TEXT } from '../../components/sidebar/index.ts';
import {
  createIssuableTextClient,
  type EpicDetail,
  epicLinkEndpoints,
  type IssuableTextClient,
  useEpicDetail,
  usePageSettled,
} from '../../data/index.ts';
import { useEpicSidebarCollapse } from '../../state/index.ts';
import { Alert, Breadcrumbs, Button, Loading, useDocumentTitle } from '../../ui/index.ts';
import { LinkedItemsCard } from '../related-items/index.ts';
import { EpicTreeCard } from '../tree/index.ts';
import { EPIC_DELETE_TEXTS, EPIC_TEXT } from './body/epicTexts.ts';
import { EPIC_SIDEBAR_HEADER_TOGGLE_ID, EPIC_SIDEBAR_ID, EpicSidebar } from './sidebar/EpicSidebar.tsx';

export type EpicPageProps = PageMountOf<'epic'> & {
  /** The signed-in user's username ('' when signed out): the tree's recently used projects. */
  readonly currentUsername: string;
};

/** GitLab's epic page: header with state and actions, title and description editor, sidebar. */
export function EpicPage(props: EpicPageProps) {
  const { fullPath, groupName, iid, listEpicsPath, endpoint, updateEndpoint, markdownPreviewPath } = props;
  const { data, loading, error } = useEpicDetail(fullPath, iid);
  const client = useMemo(
    () => createIssuableTextClient({ issuableType: 'epic', endpoint, updateEndpoint, markdownPreviewPath }),
    [endpoint, updateEndpoint, markdownPreviewPath],
  );
  const gfmSources = useMemo(() => epicGfmSourcePaths(fullPath, iid), [fullPath, iid]);
  const [tasksUpdating, setTasksUpdating] = useState(false);
  const polling = useIssuablePolling(client, tasksUpdating);
  usePageSettled(data === null || (!loading && (polling.text !== null || polling.failed)));
  useDocumentTitle(data ? `${polling.text?.titleText ?? data.title} (&${data.iid})` : `&${iid}`, 'Epics');
  if (data === null) return <NotFoundContent />;
  const crumbs = [
    ...groupCrumbs(fullPath, data?.groupFullName, groupName),
    { label: 'Epics', href: listEpicsPath || groupEpicsPath(fullPath) },
    { label: `&${iid}`, href: epicWebPath(fullPath, iid) },
  ];
  return (
    <GfmSourcesContext.Provider value={gfmSources}>
      <MarkdownUploadsContext.Provider value={groupUploadsPath(fullPath)}>
        {error ? <Alert variant="danger">Something went wrong while fetching the epic</Alert> : null}
        {data ? (
          <EpicView
            epic={data}
            page={props}
            crumbs={crumbs}
            client={client}
            polling={polling}
            updatingTasks={tasksUpdating}
            onUpdatingTasks={setTasksUpdating}
          />
        ) : (
          <>
            <PageHeader crumbs={crumbs} title={`Epic &${iid}`} />
            {loading ? <Loading label="Loading epic" /> : null}
          </>
        )}
      </MarkdownUploadsContext.Provider>
    </GfmSourcesContext.Provider>
  );
}

function EpicView({
  epic,
  page,
  crumbs,
  client,
  polling,
  updatingTasks,
  onUpdatingTasks,
}: {
  epic: EpicDetail;
  page: EpicPageProps;
  crumbs: { label: string; href: string }[];
  client: IssuableTextClient;
  polling: IssuablePolling;
  updatingTasks: boolean;
  onUpdatingTasks: (updating: boolean) => void;
}) {
  const status = useIssuableStatus(client, epic.state, EPIC_TEXT.unableToUpdateEpic);
  const [deleting, setDeleting] = useState(false);
  const awards = useIssuableAwards(page.endpoint, page.currentUsername || null);
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
        <div className="issuable-page-header-row">
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
                {status.state === 'closed' ? EPIC_TEXT.reopenEpic : EPIC_TEXT.closeEpic}
              </Button>
            ) : null}
            {page.canCreate ? (
              <a className="btn btn-default" href={page.newEpicWebUrl} data-testid="epic-new-link">
                {EPIC_TEXT.newEpic}
              </a>
            ) : null}
            <HeaderSidebarToggle />
          </div>
        </div>
      </div>
      <div className="detail-layout">
        <div className="detail-main">
          <IssuableBody
            client={client}
            canUpdate={page.canUpdate}
            badges={badges}
            onDelete={page.canDestroy ? () => setDeleting(true) : undefined}
            polling={polling}
            updatingTasks={updatingTasks}
            onUpdatingTasks={onUpdatingTasks}
          />
          <IssuableAwards state={awards} currentUsername={page.currentUsername || null} />
          <EpicTreeCard
            fullPath={page.fullPath}
            groupName={page.groupName}
            iid={page.iid}
            signedIn={page.signedIn}
            currentUsername={page.currentUsername}
            allowSubEpics={page.allowSubEpics}
            epicsWebUrl={page.listEpicsPath}
            workItemFlags={{ workItemsMvc2: page.workItemsMvc2, issueWeights: page.issueWeights }}
          />
          <EpicLinkedItems page={page} />
          {page.canDestroy ? (
            <IssuableDeleteSection
              noun="epic"
              texts={EPIC_DELETE_TEXTS}
              endpoint={page.endpoint}
              deleting={deleting}
              onDeletingChange={setDeleting}
            />
          ) : null}
          <ActivitySection
            itemPath={page.endpoint}
            noun="epic"
            signedIn={page.signedIn}
            currentUsername={page.currentUsername || null}
            previewMarkdown={client.previewMarkdown}
            onCommandsChanged={(changes) => {
              if ('emoji_award' in changes) awards.refresh();
            }}
          />
        </div>
        <EpicSidebar {...page} />
      </div>
    </>
  );
}

/** GitLab's related epics ('Linked items'): blocks, is blocked by and relates to. */
function EpicLinkedItems({ page }: { page: EpicPageProps }) {
  const endpoints = epicLinkEndpoints(page.fullPath, page.iid);
  return (
    <LinkedItemsCard
      issuableType="epic"
      endpoint={endpoints.relatedEpicsEndpoint}
      sources={{ epics: endpoints.autoCompleteEpics }}
      canAdmin={page.canAdmin}
    />
  );
}

/** Shown below the lg breakpoint only (CSS), where the sidebar starts collapsed (spec). */
function HeaderSidebarToggle() {
  const { collapsed, setCollapsed } = useEpicSidebarCollapse();
  return (
    <Button
      id={EPIC_SIDEBAR_HEADER_TOGGLE_ID}
      className="epic-header-sidebar-toggle"
      iconOnly
      icon="chevronLeft"
      aria-label={SIDEBAR_TEXT.toggle}
      aria-controls={EPIC_SIDEBAR_ID}
      aria-expanded={!collapsed}
      onClick={() => setCollapsed(!collapsed)}
      data-testid="epic-header-sidebar-toggle"
    />
  );
}
