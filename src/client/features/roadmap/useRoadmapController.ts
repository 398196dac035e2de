/**
 * Binds a RoadmapController to React: creates it (and its worker) on mount, disposes it on unmount,
 * hands it the view settings (one ViewSpec, diffed by the controller), epics, milestones, expansion
 * and display flags, and re-renders on its `version`.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { MilestonesType } from '../../../core/layout/milestoneBars.ts';
import type { RoadmapEpicView, RoadmapMilestoneView } from '../../data/index.ts';
import { RoadmapController, type RoadmapOpening } from './roadmapController.ts';
import type { RoadmapViewSettings } from './roadmapViewSpec.ts';

export interface RoadmapControllerInputs {
  /** From viewSpecOfSettings; compared by value, so a new object each render is fine. */
  readonly view: RoadmapViewSettings;
  readonly showProgress: boolean;
  /** 'Show dependency arrows'. */
  readonly showDependencies: boolean;
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
    const { view, opensAt } = first.current;
    const created = new RoadmapController({ ...view, today: view.timeframe.today, opensAt });
    const unpublish = created.stats.publish();
    setController(created);
    return () => {
      unpublish();
      created.dispose();
    };
  }, []);

  useSyncExternalStore(controller?.subscribe ?? noop, controller?.getVersion ?? (() => 0));

  const { view, epics, expanded, milestones, milestonesType, showMilestones } = inputs;
  // Runs on every render: the controller sends nothing when the spec is the one it last sent.
  useEffect(() => controller?.setViewSettings(view));
  useEffect(() => controller?.setShowProgress(inputs.showProgress), [controller, inputs.showProgress]);
  useEffect(
    () => controller?.setShowDependencies(inputs.showDependencies),
    [controller, inputs.showDependencies],
  );
  useEffect(() => controller?.setEpics(epics), [controller, epics]);
  useEffect(
    () => controller?.setMilestones(milestones, milestonesType, showMilestones),
    [controller, milestones, milestonesType, showMilestones],
  );
  useEffect(() => controller?.setPresentation(inputs.presentation), [controller, inputs.presentation]);
  useEffect(() => controller?.syncExpanded(expanded), [controller, expanded]);

  return controller;
}
