/**
 * The epic page's Roadmap view (epics spec, GitLab's child epics query): the roadmap of one epic's child epics,
 * asked with `epicChildEpics` by the epic's group path and iid, drawn by the group roadmap's own
 * RoadmapView. GitLab's default settings apply; there is no filter bar or settings drawer, and the
 * page's URL is left alone. A row's children expand as on the group roadmap.
 */
import { useEffect, useMemo } from 'react';
import { newEpicPath } from '../../../core/domain/webPaths.ts';
import { DEFAULT_ROADMAP_SETTINGS } from '../../../core/layout/roadmapSettings.ts';
import { graphqlTimeframe } from '../../../core/time/graphqlTimeframe.ts';
import {
  type EpicSort,
  type RoadmapChildEpicsQueryVariables,
  useEpicRoadmapEpics,
} from '../../data/index.ts';
import { Alert } from '../../ui/index.ts';
import { RoadmapMilestonesAlert } from './RoadmapMilestonesAlert.tsx';
import { RoadmapView } from './RoadmapView.tsx';
import { EPICS_DOCS_PATH } from './roadmapLinks.ts';
import type { RoadmapScope } from './roadmapScope.ts';
import { ROADMAP_TEXT } from './roadmapTexts.ts';
import { useRoadmapTimeframe } from './useRoadmapTimeframe.ts';

export interface EpicRoadmapProps {
  /** The epic's group. */
  readonly fullPath: string;
  readonly iid: string;
  /** The epic's group id, once the tree has said it (null before). */
  readonly groupId: number | null;
  readonly canCreateEpic: boolean;
  readonly listEpicsPath: string;
  /** Told whether the roadmap has settled (or failed): folded into the card's idle signal. */
  readonly onSettled: (settled: boolean) => void;
}

const settings = DEFAULT_ROADMAP_SETTINGS;

export function EpicRoadmap({
  fullPath,
  iid,
  groupId,
  canCreateEpic,
  listEpicsPath,
  onSettled,
}: EpicRoadmapProps) {
  const { today, timeframe, milestones } = useRoadmapTimeframe(fullPath, settings);
  const variables = useMemo(
    (): RoadmapChildEpicsQueryVariables => ({
      fullPath,
      iid,
      state: settings.epicsState,
      sort: settings.sortedBy as EpicSort,
      timeframe: graphqlTimeframe(timeframe),
    }),
    [fullPath, iid, timeframe],
  );
  const epics = useEpicRoadmapEpics(variables);
  const scope = useMemo(
    (): RoadmapScope => ({
      groupId: groupId === null ? '' : String(groupId),
      allowSubEpics: true,
      canCreateEpic,
      newEpicPath: newEpicPath(fullPath),
      listEpicsPath,
      epicsDocsPath: EPICS_DOCS_PATH,
      childEpics: true,
    }),
    [groupId, canCreateEpic, fullPath, listEpicsPath],
  );

  // A failed roadmap has nothing more to wait for.
  const failed = epics.error !== undefined;
  useEffect(() => {
    if (failed) onSettled(true);
  }, [failed, onSettled]);

  if (failed)
    return (
      <Alert variant="danger" testId="epic-roadmap-error">
        {ROADMAP_TEXT.epicRoadmapError}
      </Alert>
    );
  return (
    <>
      <RoadmapMilestonesAlert milestones={milestones} showMilestones={settings.showMilestones} />
      <RoadmapView
        scope={scope}
        settings={settings}
        filtered={false}
        singleEpicIid={false}
        today={today}
        timeframe={timeframe}
        epics={epics}
        milestones={milestones.milestones}
        variables={variables}
        onSettled={onSettled}
        opensAt="wholeTimeframe"
      />
    </>
  );
}
