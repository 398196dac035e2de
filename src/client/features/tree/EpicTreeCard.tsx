/**
 * The epic page's 'Child issues and epics' card (spec): its title, totals of epics, issues and
 * weight (open and closed in the tooltip), the health summary, the add dropdown with its one open
 * form, the 'Show labels' switch, and the tree drawn by EpicTreeView. New items come first after
 * an add or create: the root's first page is read again. With sub-epics, tabs switch between the
 * tree and the roadmap of the child epics, which is mounted when first shown and kept afterwards.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { toGlobalId } from '../../../core/domain/gid.ts';
import type { TreeItemKey } from '../../../core/layout/tree/treeItem.ts';
import { calendarDateToDay } from '../../../core/time/epochDay.ts';
import { calendarDateOf } from '../../components/issuable/index.ts';
import { epicLinkEndpoints, useEpicTreeData } from '../../data/index.ts';
import { systemClock } from '../../lib/clock.ts';
import { usePushToast } from '../../state/index.ts';
import { Icon, Switch, Tooltip } from '../../ui/index.ts';
import { EpicRoadmap } from '../roadmap/index.ts';
import { useWorkItemModalParam, type WorkItemFlags, WorkItemModal } from '../work-item/index.ts';
import { EpicTreeView } from './EpicTreeView.tsx';
import { AddItemDropdown, formForAction, type TreeForm, TreeFormPanel } from './forms/index.ts';
import { type CardView, CardViewPanel, CardViewTabs } from './TreeCardTabs.tsx';
import type { TreeViewState } from './treeController.ts';
import { TREE_TEXT } from './treeTexts.ts';
import { useTreeController } from './useTreeController.ts';

export interface EpicTreeCardProps {
  readonly fullPath: string;
  readonly groupName: string;
  readonly iid: string;
  readonly signedIn: boolean;
  readonly currentUsername: string;
  readonly allowSubEpics: boolean;
  readonly epicsWebUrl: string;
  /** The work item modal's settings: a plain click on an issue opens it there. */
  readonly workItemFlags: WorkItemFlags;
}

export function EpicTreeCard(props: EpicTreeCardProps) {
  const data = useEpicTreeData();
  const pushToast = usePushToast();
  const notify = useCallback((text: string) => pushToast(text, 'danger'), [pushToast]);
  // "Today" is read once when the card mounts (no per-frame dates), as the roadmaps do.
  const [today] = useState(() => calendarDateToDay(calendarDateOf(systemClock.now())));
  const [showLabels, setShowLabels] = useState(true);
  const [form, setForm] = useState<TreeForm | null>(null);
  const { controller, state } = useTreeController({
    data,
    fullPath: props.fullPath,
    iid: props.iid,
    signedIn: props.signedIn,
    isShowingLabels: showLabels,
    notify,
    today,
  });
  const root = state?.root ?? null;
  const adminEpic = root?.item.adminEpic ?? false;
  const title = props.allowSubEpics ? TREE_TEXT.cardTitle : TREE_TEXT.cardTitleIssuesOnly;
  // The modal's issue is named in the URL (`work_item_id`), so a copied link reopens it.
  const workItemModal = useWorkItemModalParam();
  // What the modal changed (title, state, or the issue deleted) shows once it closes, by Back too:
  // the list holding the opened row is read again, however deep (the root only for a copied link).
  const openedWorkItem = useRef<string | null>(null);
  const openedRow = useRef<TreeItemKey | null>(null);
  useEffect(() => {
    if (openedWorkItem.current && !workItemModal.workItemId) {
      void (openedRow.current ? controller?.reloadAround(openedRow.current) : controller?.load());
      openedRow.current = null;
    }
    openedWorkItem.current = workItemModal.workItemId;
  }, [workItemModal.workItemId, controller]);
  const itemsAdded = () => {
    setForm(null);
    void controller?.load();
  };
  const ids = useId();
  const [view, setView] = useState<CardView>('tree');
  // The roadmap is fetched only once its tab is first opened; it stays mounted afterwards.
  const [roadmapOpened, setRoadmapOpened] = useState(false);
  const [roadmapSettled, setRoadmapSettled] = useState(false);
  const showView = (next: CardView) => {
    setView(next);
    if (next === 'roadmap') setRoadmapOpened(true);
  };
  const treeIdle = state !== null && !state.busy && !state.loading;
  const idle = treeIdle && (!roadmapOpened || roadmapSettled);

  const tree =
    controller && state ? (
      state.failed ? (
        <p className="tree-empty">{TREE_TEXT.fetchFailed}</p>
      ) : state.snapshot && state.snapshot.rowCount === 0 && !state.loading ? (
        <p className="tree-empty muted" data-testid="tree-empty">
          {TREE_TEXT.empty}
        </p>
      ) : (
        <EpicTreeView
          controller={controller}
          state={state}
          canAdmin={adminEpic}
          epicsWebUrl={props.epicsWebUrl}
          onOpenIssue={(entry) => {
            openedRow.current = entry.key;
            workItemModal.open(toGlobalId('WorkItem', entry.id));
          }}
        />
      )
    ) : null;

  return (
    <section
      className="tree-card"
      aria-label={title}
      data-testid="epic-tree-card"
      data-idle={idle ? 'true' : 'false'}
    >
      {workItemModal.workItemId ? (
        <WorkItemModal
          key={workItemModal.workItemId}
          workItemId={workItemModal.workItemId}
          onClose={workItemModal.close}
          flags={props.workItemFlags}
        />
      ) : null}
      <header className="tree-card-header">
        <h2 className="tree-card-title" id={`${ids}-title`}>
          {title}
        </h2>
        {state ? <TreeTotals state={state} allowSubEpics={props.allowSubEpics} /> : null}
        {props.allowSubEpics ? (
          <CardViewTabs idPrefix={ids} labelledBy={`${ids}-title`} selected={view} onSelect={showView} />
        ) : null}
        <div className="tree-card-actions">
          {view === 'tree' ? (
            <Switch
              checked={showLabels}
              label={TREE_TEXT.showLabels}
              onCheckedChange={(next) => {
                setShowLabels(next);
                controller?.setShowingLabels(next);
              }}
              data-testid="tree-show-labels"
            />
          ) : null}
          <AddItemDropdown
            adminEpic={adminEpic}
            allowSubEpics={props.allowSubEpics}
            onChoose={(action) => setForm(formForAction(action))}
          />
        </div>
      </header>
      {root ? (
        <TreeFormPanel
          form={form}
          parent={{
            numericalId: root.item.id,
            fullPath: root.groupFullPath,
            groupId: root.groupId,
            groupName: props.groupName,
            confidential: root.confidential,
          }}
          endpoints={epicLinkEndpoints(props.fullPath, props.iid)}
          currentUsername={props.currentUsername}
          onAdded={itemsAdded}
          onCreated={itemsAdded}
          onClose={() => setForm(null)}
        />
      ) : null}
      {props.allowSubEpics ? (
        <>
          <CardViewPanel idPrefix={ids} view="tree" selected={view} testId="epic-tree-panel">
            {tree}
          </CardViewPanel>
          <CardViewPanel idPrefix={ids} view="roadmap" selected={view} testId="epic-roadmap-panel">
            {roadmapOpened ? (
              <EpicRoadmap
                fullPath={props.fullPath}
                iid={props.iid}
                groupId={root?.groupId ?? null}
                canCreateEpic={root?.createEpic ?? false}
                listEpicsPath={props.epicsWebUrl}
                onSettled={setRoadmapSettled}
              />
            ) : null}
          </CardViewPanel>
        </>
      ) : (
        tree
      )}
    </section>
  );
}

/** Epics, issues and weight, with open and closed counts in the tooltip; the health summary. */
function TreeTotals({ state, allowSubEpics }: { state: TreeViewState; allowSubEpics: boolean }) {
  const counts = state.root?.item.descendantCounts;
  const weights = state.root?.item.descendantWeightSum;
  const health = state.root?.item.epicHealthStatus;
  if (!counts) return null;
  const epics = counts.openedEpics + counts.closedEpics;
  const issues = counts.openedIssues + counts.closedIssues;
  const weight = (weights?.openedIssues ?? 0) + (weights?.closedIssues ?? 0);
  const healthSum = health ? health.issuesOnTrack + health.issuesNeedingAttention + health.issuesAtRisk : 0;
  const tooltip = [
    allowSubEpics
      ? `${TREE_TEXT.epics}: ${TREE_TEXT.openedClosed(counts.openedEpics, counts.closedEpics)}`
      : null,
    `${TREE_TEXT.issues}: ${TREE_TEXT.openedClosed(counts.openedIssues, counts.closedIssues)}`,
    `${TREE_TEXT.totalWeight}: ${TREE_TEXT.openedClosed(weights?.openedIssues ?? 0, weights?.closedIssues ?? 0)}`,
  ]
    .filter(Boolean)
    .join('. ');
  return (
    <div className="tree-totals">
      <Tooltip text={tooltip}>
        {(tooltipId) => (
          <button
            type="button"
            className="tree-counts"
            aria-describedby={tooltipId}
            data-testid="tree-counts"
          >
            {allowSubEpics ? (
              <span>
                <Icon name="epic" /> {epics}
                <span className="sr-only"> {TREE_TEXT.epics}</span>
              </span>
            ) : null}
            <span>
              <Icon name="issues" /> {issues}
              <span className="sr-only"> {TREE_TEXT.issues}</span>
            </span>
            <span>
              <Icon name="weight" /> {weight}
              <span className="sr-only"> {TREE_TEXT.totalWeight}</span>
            </span>
          </button>
        )}
      </Tooltip>
      {health && healthSum > 0 ? (
        <span className="tree-health" data-testid="tree-health">
          <span className="sr-only">
            {TREE_TEXT.healthSummary(
              health.issuesOnTrack,
              health.issuesNeedingAttention,
              health.issuesAtRisk,
            )}
          </span>
          <span className="tree-health-on-track" aria-hidden="true">
            {health.issuesOnTrack}
          </span>
          <span className="tree-health-needs-attention" aria-hidden="true">
            {health.issuesNeedingAttention}
          </span>
          <span className="tree-health-at-risk" aria-hidden="true">
            {health.issuesAtRisk}
          </span>
        </span>
      ) : null}
    </div>
  );
}
