/**
 * The roadmap shell: toolbar, then the viewport where the PixiJS canvas draws and the accessible
 * overlay sits on top, both moved in one frame by the RoadmapController. Owns the tree's expansion
 * (children fetched on first expand), infinite loading, the empty state and whether it has settled.
 * It knows nothing of the page around it: the group roadmap and the epic page's Roadmap view both
 * embed it, each with its own rows, scope and idle signal.
 */
import {
  type KeyboardEvent as ReactKeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { RoadmapSettings } from '../../../core/layout/roadmapSettings.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { dayToCalendarDate } from '../../../core/time/epochDay.ts';
import type { Timeframe } from '../../../core/time/timeframe.ts';
import { chooseRenderer, RoadmapCanvas } from '../../canvas/RoadmapCanvas.tsx';
import { rowsTop } from '../../canvas/roadmapFrame.ts';
import type { RoadmapEpicPages, RoadmapMilestoneView } from '../../data/index.ts';
import { usePresentationMode, useRoadmapTreeState } from '../../state/index.ts';
import { Alert, Button, Dialog, Loading } from '../../ui/index.ts';
import { DomHeader } from './DomHeader.tsx';
import { RescheduleGhost } from './RescheduleGhost.tsx';
import { RoadmapEmptyState } from './RoadmapEmptyState.tsx';
import { RoadmapMilestonesSection } from './RoadmapMilestonesSection.tsx';
import { type OverlayRowModel, RoadmapOverlay, rowModels } from './RoadmapOverlay.tsx';
import { type PopoverTarget, RoadmapPopover } from './RoadmapPopover.tsx';
import { RoadmapScrollbars } from './RoadmapScrollbars.tsx';
import { RoadmapToolbar } from './RoadmapToolbar.tsx';
import type { RoadmapController, RoadmapOpening } from './roadmapController.ts';
import type { RoadmapScope } from './roadmapScope.ts';
import { epicsLoadedText, RESCHEDULE_TEXT, ROADMAP_TEXT } from './roadmapTexts.ts';
import {
  useCanvasState,
  useEpicPaging,
  useHighlightNewEpic,
  useMilestonesWheel,
  useViewportSize,
} from './roadmapViewHooks.ts';
import { viewSpecOfSettings } from './roadmapViewSpec.ts';
import { usePopoverTarget } from './usePopoverTarget.ts';
import { usePresentation } from './usePresentation.ts';
import { type RoadmapChildFilters, useRoadmapChildren } from './useRoadmapChildren.ts';
import { useRoadmapController } from './useRoadmapController.ts';
import { useRoadmapKeyboard } from './useRoadmapKeyboard.ts';
import { useRoadmapPointer } from './useRoadmapPointer.ts';
import { useRoadmapReschedule } from './useRoadmapReschedule.ts';

export interface RoadmapViewProps {
  readonly scope: RoadmapScope;
  readonly settings: RoadmapSettings;
  readonly filtered: boolean;
  readonly singleEpicIid: boolean;
  readonly today: CalendarDate;
  readonly timeframe: Timeframe;
  /** The top-level rows: the group's epics page by page, or one epic's child epics. */
  readonly epics: RoadmapEpicPages;
  readonly milestones: readonly RoadmapMilestoneView[] | undefined;
  /** State, sort, timeframe and filters of the rows, reused when a row's children are fetched. */
  readonly variables: RoadmapChildFilters;
  /** Told whether the view has settled (rows loaded and laid out): the host's idle signal. */
  readonly onSettled: (settled: boolean) => void;
  /** Where the timeline first opens; today unless said otherwise. */
  readonly opensAt?: RoadmapOpening;
}

const NO_MILESTONES: readonly RoadmapMilestoneView[] = [];

/** The loaded epics an epic blocks, for its popover. */
const blockedEpicsOf = (controller: RoadmapController) => (id: number) =>
  controller.dependencies.blockedOf(id).flatMap((blocked) => controller.epic(blocked) ?? []);

export function RoadmapView(props: RoadmapViewProps) {
  const { scope, settings, epics, timeframe, variables, onSettled } = props;
  const tree = useRoadmapTreeState();
  const [presentation, setPresentation] = usePresentationMode();
  const [renderer] = useState(() => chooseRenderer(window.location.search));
  const viewportRef = useRef<HTMLElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  usePresentation(sectionRef, presentation, setPresentation);

  const { children, childrenError, toggle } = useRoadmapChildren(variables, tree);

  const controllerRef = useRef<RoadmapController | null>(null);
  const reschedule = useRoadmapReschedule(controllerRef);
  const { overrides } = reschedule;
  const allEpics = useMemo(() => {
    const loaded = [...(epics.epics ?? []), ...[...children.values()].flat()];
    // What was rescheduled here shows at once, ahead of the pages it came from.
    return overrides.size === 0 ? loaded : loaded.map((epic) => overrides.get(epic.id) ?? epic);
  }, [epics.epics, children, overrides]);
  const controller = useRoadmapController({
    view: viewSpecOfSettings(settings, {
      today: props.today,
      currentGroupId: Number(scope.groupId) || null,
      singleEpicIid: props.singleEpicIid,
    }),
    showProgress: settings.showProgress,
    showDependencies: settings.showDependencies,
    epics: allEpics,
    expanded: tree.expanded,
    milestones: props.milestones ?? NO_MILESTONES,
    milestonesType: settings.milestonesType,
    showMilestones: settings.showMilestones,
    presentation,
    opensAt: props.opensAt ?? 'today',
  });
  controllerRef.current = controller;

  useEpicPaging(controller, epics);
  useViewportSize(viewportRef, controller);
  useMilestonesWheel(viewportRef, controller);
  const { canvasState, onSurface, onContextLost } = useCanvasState(controller);
  useHighlightNewEpic(controller, epics, allEpics);

  const snapshot = controller?.snapshot ?? null;
  const rows = useMemo(
    () => (controller ? rowModels(snapshot, (id) => controller.epic(id)) : []),
    [controller, snapshot],
  );
  const openEpic = useCallback(
    (entry: number, newTab: boolean) => {
      const id = controller?.snapshot?.rows.ids[entry];
      const epic = id === undefined ? undefined : controller?.epic(id);
      if (!epic) return;
      if (newTab) window.open(epic.webPath, '_blank', 'noopener');
      else window.location.assign(epic.webPath);
    },
    [controller],
  );
  const keyboard = useRoadmapKeyboard(controller, viewportRef, toggle);
  const hovered = useRoadmapPointer(
    viewportRef,
    controller,
    openEpic,
    keyboard.dismissPopover,
    reschedule.pointer,
  );
  const { onRowKeyDown: rescheduleKeyDown, onRowBlur: rescheduleBlur } = reschedule;
  const onRowKeyDown = useCallback(
    (event: ReactKeyboardEvent<HTMLElement>, model: OverlayRowModel) => {
      if (!rescheduleKeyDown(event, model)) keyboard.onRowKeyDown(event, model);
    },
    [rescheduleKeyDown, keyboard.onRowKeyDown],
  );
  const onRowBlur = useCallback(() => {
    rescheduleBlur();
    keyboard.onRowBlur();
  }, [rescheduleBlur, keyboard.onRowBlur]);
  const [focusedMilestone, setFocusedMilestone] = useState(-1);
  const popover: PopoverTarget | null = usePopoverTarget(
    controller,
    viewportRef,
    hovered ?? (focusedMilestone >= 0 ? { kind: 'milestone', index: focusedMilestone } : null),
    keyboard.focusedRow,
    props.milestones,
  );

  const { hasNextPage, loadingMore } = epics;
  // The toolbar's props stay the same objects while a scroll brings new snapshots, so that its
  // memo skips it: only the overlay re-renders then.
  const loadAllRef = useRef(epics.loadAll);
  useLayoutEffect(() => {
    loadAllRef.current = epics.loadAll;
  });
  const toolbarActions = useMemo(
    () => ({
      onZoomIn: () => controller?.zoomIn(),
      onZoomOut: () => controller?.zoomOut(),
      onResetZoom: () => controller?.resetZoom(),
      onToday: () => controller?.scrollToToday(),
      onFitAll: () => controller?.fitAll(),
      onPresentation: () => setPresentation(!presentation),
      onLoadAll: () => loadAllRef.current(),
    }),
    [controller, presentation, setPresentation],
  );
  const loadedCount = epics.epics?.length ?? 0;
  const exportSource = useMemo(
    () => ({
      settings,
      today: props.today,
      currentGroupId: Number(scope.groupId) || null,
      singleEpicIid: props.singleEpicIid,
      variables,
      epics: allEpics,
      loaded: loadedCount,
      total: epics.total,
      expanded: tree.expanded,
      viewport: () => (controller && controller.viewport.width > 0 ? controller.viewport : null),
    }),
    [
      settings,
      props.today,
      scope.groupId,
      props.singleEpicIid,
      variables,
      allEpics,
      loadedCount,
      epics.total,
      tree.expanded,
      controller,
    ],
  );

  const loaded = epics.epics !== undefined;
  // Only a layout of the current epics can say the view is empty: while the worker lays out a page that
  // just arrived, the previous snapshot (often the initial empty one) is still current.
  const empty =
    loaded &&
    !hasNextPage &&
    snapshot !== null &&
    snapshot.rowCount === 0 &&
    !epics.loading &&
    controller !== null &&
    !controller.busy;
  const settled =
    loaded && !epics.loadingMore && controller !== null && !controller.busy && snapshot !== null;
  useEffect(() => onSettled(settled), [onSettled, settled]);

  const frame = controller?.frame;
  const fallback = canvasState === 'lost';
  return (
    <>
      {empty ? (
        <RoadmapEmptyState
          scope={scope}
          filtered={props.filtered}
          singleEpicIid={props.singleEpicIid}
          timeframeStart={dayToCalendarDate(timeframe.startDay)}
          timeframeEnd={dayToCalendarDate(timeframe.endDay)}
        />
      ) : null}
      {/* Hidden, never unmounted, while empty: the controller holds the viewport, canvas and overlay
          elements it was given, and a remounted section would leave it sizing and drawing detached ones. */}
      <section
        ref={sectionRef}
        hidden={empty}
        className={`roadmap-view${presentation ? ' is-presenting' : ''}`}
        aria-label="Roadmap"
        data-testid="roadmap-view"
        data-canvas={canvasState}
        data-renderer={renderer}
      >
        <RoadmapToolbar
          zoomed={controller?.zoomed ?? false}
          canZoomIn={controller?.canZoomIn ?? false}
          canZoomOut={controller?.canZoomOut ?? false}
          loaded={epics.epics?.length ?? 0}
          total={epics.total}
          hasNextPage={hasNextPage}
          loadingMore={loadingMore}
          presentation={presentation}
          {...toolbarActions}
          exportSource={exportSource}
        />
        {childrenError ? <Alert variant="danger">{ROADMAP_TEXT.fetchEpicsError}</Alert> : null}
        <section
          ref={viewportRef}
          className="roadmap-viewport"
          data-testid="roadmap-viewport"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the timeline region takes focus so arrow keys pan it
          tabIndex={0}
          aria-label="Roadmap timeline: arrow keys pan, + and - zoom"
          onKeyDown={keyboard.onViewportKeyDown}
        >
          <div className="roadmap-canvas" data-testid="roadmap-canvas" aria-hidden="true">
            <RoadmapCanvas renderer={renderer} onReady={onSurface} onContextLost={onContextLost} />
          </div>
          <div className="roadmap-corner" aria-hidden="true" />
          {frame && controller ? (
            <RoadmapMilestonesSection
              frame={frame}
              lane={controller.milestones}
              milestones={props.milestones ?? NO_MILESTONES}
              show={settings.showMilestones}
              onToggle={() => controller?.toggleMilestonesExpanded()}
              layerRef={(element) => {
                if (controller) controller.overlay.milestones = element;
              }}
              onFocusMilestone={setFocusedMilestone}
            />
          ) : null}
          {fallback && snapshot ? (
            <DomHeader
              snapshot={snapshot}
              controllerRef={(element) => {
                if (controller) controller.overlay.header = element;
              }}
            />
          ) : null}
          <RoadmapOverlay
            snapshot={snapshot}
            rows={rows}
            rowsTop={frame ? rowsTop(frame) : 60}
            activeRow={keyboard.activeRow}
            loadingChildren={tree.loadingChildren}
            allowSubEpics={scope.allowSubEpics}
            showBars={fallback}
            rowsRef={(element) => {
              if (controller) controller.overlay.rows = element;
              controller?.requestDraw();
            }}
            timelineRef={(element) => {
              if (controller) controller.overlay.timeline = element;
              controller?.requestDraw();
            }}
            onToggle={toggle}
            onRowKeyDown={onRowKeyDown}
            onRowFocus={keyboard.onRowFocus}
            onRowBlur={onRowBlur}
          />
          {reschedule.draft && controller ? (
            <RescheduleGhost draft={reschedule.draft} controller={controller} />
          ) : null}
          {controller ? <RoadmapScrollbars controller={controller} /> : null}
          {!loaded ? (
            <div className="roadmap-loading">
              <Loading label={ROADMAP_TEXT.loadingEpics} />
            </div>
          ) : null}
        </section>
        {popover ? (
          <RoadmapPopover
            target={popover}
            progressTracking={settings.progressTracking}
            showProgress={settings.showProgress}
            blockedOf={controller ? blockedEpicsOf(controller) : undefined}
          />
        ) : null}
        <p className="sr-only" aria-live="assertive" data-testid="roadmap-reschedule-status">
          {reschedule.announcement}
        </p>
        <Dialog
          open={reschedule.confirming !== null}
          title={RESCHEDULE_TEXT.confirmTitle}
          onClose={() => reschedule.answerConfirm(false)}
          testId="roadmap-reschedule-confirm"
        >
          <p>
            {reschedule.confirming ? RESCHEDULE_TEXT.confirmBody(reschedule.confirming.epic.title) : null}
          </p>
          <div className="dialog-actions">
            <Button onClick={() => reschedule.answerConfirm(false)}>{RESCHEDULE_TEXT.confirmNo}</Button>
            <Button
              variant="confirm"
              onClick={() => reschedule.answerConfirm(true)}
              data-testid="roadmap-reschedule-confirm-yes"
            >
              {RESCHEDULE_TEXT.confirmYes}
            </Button>
          </div>
        </Dialog>
        <p className="sr-only" aria-live="polite" data-testid="roadmap-status">
          {!loaded
            ? ROADMAP_TEXT.loadingEpics
            : epics.total === null
              ? ''
              : epicsLoadedText(epics.epics?.length ?? 0, epics.total, loadingMore)}
        </p>
      </section>
    </>
  );
}
