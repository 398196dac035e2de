/**
 * Binds a RoadmapController to React: creates it (and its worker) on mount, disposes it on unmount,
 * forwards settings, epics, milestones and expansion to it, and re-renders on its `version`.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { MilestonesType } from '../../../core/layout/milestoneBars.ts';
import type { ProgressTracking } from '../../../core/layout/progress.ts';
import type { SortValue } from '../../../core/layout/sortOrder.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import type { TimeframeSpec } from '../../../core/time/scaleSpec.ts';
import type { RoadmapEpicView, RoadmapMilestoneView } from '../../data/index.ts';
import { RoadmapController, type RoadmapOpening } from './roadmapController.ts';

export interface RoadmapControllerInputs {
  readonly today: CalendarDate;
  readonly timeframe: TimeframeSpec;
  readonly sortedBy: SortValue;
  readonly progressTracking: ProgressTracking;
  readonly showProgress: boolean;
  readonly currentGroupId: number | null;
  readonly singleEpicIid: boolean;
  readonly epics: readonly RoadmapEpicView[];
  readonly expanded: ReadonlySet<number>;
  readonly milestones: readonly RoadmapMilestoneView[];
  readonly milestonesType: MilestonesType;
  readonly showMilestones: boolean;
  readonly presentation: boolean;
  readonly opensAt: RoadmapOpening;
}

const noop = () => () => undefined;

export function useRoadmapController(inputs: RoadmapControllerInputs): RoadmapController | null {
  const [controller, setController] = useState<RoadmapController | null>(null);
  const first = useRef(inputs);
  useEffect(() => {
    const { today, timeframe, sortedBy, progressTracking, currentGroupId, singleEpicIid, opensAt } =
      first.current;
    const created = new RoadmapController({
      today,
      timeframe,
      sortedBy,
      progressTracking,
      currentGroupId,
      singleEpicIid,
      opensAt,
    });
    const unpublish = created.stats.publish();
    setController(created);
    return () => {
      unpublish();
      created.dispose();
    };
  }, []);

  useSyncExternalStore(controller?.subscribe ?? noop, controller?.getVersion ?? (() => 0));

  const { timeframe, sortedBy, progressTracking, showProgress, singleEpicIid } = inputs;
  const timeframeKey = JSON.stringify(timeframe);
  const stableTimeframe = useMemo(() => JSON.parse(timeframeKey) as TimeframeSpec, [timeframeKey]);
  const applied = useRef<TimeframeSpec | null>(null);
  useEffect(() => {
    if (!controller) return;
    if (applied.current === null) {
      applied.current = stableTimeframe;
      return;
    }
    if (applied.current !== stableTimeframe) {
      applied.current = stableTimeframe;
      controller.setView({ timeframe: stableTimeframe });
    }
  }, [controller, stableTimeframe]);
  useEffect(() => controller?.setView({ singleEpicIid }), [controller, singleEpicIid]);
  useEffect(() => controller?.setSort(sortedBy), [controller, sortedBy]);
  useEffect(
    () => controller?.setProgress(progressTracking, showProgress),
    [controller, progressTracking, showProgress],
  );
  useEffect(() => controller?.setEpics(inputs.epics), [controller, inputs.epics]);
  useEffect(
    () => controller?.setMilestones(inputs.milestones, inputs.milestonesType, inputs.showMilestones),
    [controller, inputs.milestones, inputs.milestonesType, inputs.showMilestones],
  );
  useEffect(() => controller?.setPresentation(inputs.presentation), [controller, inputs.presentation]);

  const sentExpanded = useRef<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (!controller) return;
    const before = sentExpanded.current;
    for (const id of inputs.expanded) if (!before.has(id)) controller.setExpanded(id, true);
    for (const id of before) if (!inputs.expanded.has(id)) controller.setExpanded(id, false);
    sentExpanded.current = inputs.expanded;
  }, [controller, inputs.expanded]);

  return controller;
}
