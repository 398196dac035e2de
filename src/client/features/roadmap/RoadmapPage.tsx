/**
 * The group roadmap page (roadmap spec): filter bar, sort and settings, then the roadmap view
 * (canvas + accessible overlay) or its loading, empty and error states. Settings and filters live
 * in the URL, rewritten without a history entry, so a copied link reproduces the view.
 */
import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_SETTINGS } from '../../../core/domain/applicationSettings.ts';
import {
  hasFiltersApplied,
  parseRoadmapFilters,
  type RoadmapFilters,
  roadmapFilterVariables,
  serializeRoadmapFilters,
} from '../../../core/domain/searchTokens.ts';
import { groupRoadmapPath } from '../../../core/domain/webPaths.ts';
import { roadmapEpicsVariables } from '../../../core/layout/roadmapQueries.ts';
import {
  parseRoadmapSettings,
  type RoadmapSettings,
  writeRoadmapSettings,
} from '../../../core/layout/roadmapSettings.ts';
import type { PageMountOf, Session } from '../../../core/pages/pageMount.ts';
import { FilteredSearchBar } from '../../components/filtered-search/index.ts';
import { groupCrumbs, PageHeader } from '../../components/navigation/index.ts';
import { usePageSettledReporter, useRoadmapEpics } from '../../data/index.ts';
import { useLocationSearch } from '../../state/index.ts';
import { Alert, Button, useDocumentTitle } from '../../ui/index.ts';
import { RoadmapMilestonesAlert } from './RoadmapMilestonesAlert.tsx';
import { RoadmapSettingsDrawer } from './RoadmapSettingsDrawer.tsx';
import { RoadmapView } from './RoadmapView.tsx';
import { newEpicHref } from './roadmapLinks.ts';
import { ROADMAP_TEXT } from './roadmapTexts.ts';
import { SortSelect } from './SortSelect.tsx';
import { useRoadmapTimeframe } from './useRoadmapTimeframe.ts';

/** The mount element's roadmap attributes (spec), as core/pages parses them, and the session. */
export type RoadmapPageProps = PageMountOf<'group-roadmap'> & {
  readonly session: Session;
};

export function RoadmapPage(props: RoadmapPageProps) {
  const { fullPath, groupName, session } = props;
  const [search, navigate] = useLocationSearch();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settings = useMemo(() => parseRoadmapSettings(search, props), [search, props]);
  const filters = useMemo(() => parseRoadmapFilters(search), [search]);
  const filtered = hasFiltersApplied(filters);
  const { today, timeframe, milestones } = useRoadmapTimeframe(fullPath, settings);
  const filterVariables = useMemo(() => roadmapFilterVariables(filters), [filters]);
  const singleEpicIid = filterVariables.iid !== undefined;
  const variables = useMemo(
    () => roadmapEpicsVariables(fullPath, settings, filterVariables, timeframe),
    [fullPath, settings, timeframe, filterVariables],
  );
  const epicsLimit = Number(props.epicsLimit) || DEFAULT_SETTINGS.roadmap_epics_limit;
  const epics = useRoadmapEpics(variables, epicsLimit);
  const [limitDismissed, setLimitDismissed] = useState(false);
  useDocumentTitle('Roadmap', groupName);
  const reportViewSettled = usePageSettledReporter();

  const rewrite = useCallback(
    (write: (params: URLSearchParams) => void) => {
      const params = new URLSearchParams(search);
      write(params);
      navigate(params.toString(), { replace: true });
    },
    [search, navigate],
  );
  const applySettings = useCallback(
    (next: RoadmapSettings) => rewrite((params) => writeRoadmapSettings(next, params)),
    [rewrite],
  );
  const applyFilters = useCallback(
    (next: RoadmapFilters) => rewrite((params) => serializeRoadmapFilters(next, params)),
    [rewrite],
  );
  const resultEmpty = epics.epics !== undefined && epics.epics.length === 0 && !epics.hasNextPage;
  const showSettingsButton = !(resultEmpty && !filtered) && !singleEpicIid;

  return (
    <div className="roadmap-page">
      <PageHeader
        crumbs={[
          ...groupCrumbs(fullPath, null, groupName),
          { label: 'Roadmap', href: groupRoadmapPath(fullPath) },
        ]}
        title="Roadmap"
        actions={
          props.canCreateEpic ? (
            <a
              className="btn btn-confirm"
              href={newEpicHref(props.newEpicPath, search)}
              data-testid="roadmap-header-new-epic"
            >
              {ROADMAP_TEXT.newEpic}
            </a>
          ) : null
        }
      />
      <div className="roadmap-filters" data-testid="roadmap-filters">
        <FilteredSearchBar
          fullPath={fullPath}
          groupId={props.groupId}
          currentUser={session.currentUser}
          epicsSupported={props.allowSubEpics}
          value={filters}
          onSubmit={applyFilters}
        />
        <SortSelect
          value={settings.sortedBy}
          onChange={(sortedBy) => applySettings({ ...settings, sortedBy })}
        />
        {showSettingsButton ? (
          <Button
            icon="settings"
            aria-expanded={settingsOpen}
            aria-controls="roadmap-settings"
            onClick={() => setSettingsOpen(!settingsOpen)}
            data-testid="roadmap-settings-button"
          >
            Settings
          </Button>
        ) : null}
      </div>
      {epics.error ? (
        <Alert variant="danger" testId="roadmap-epics-error">
          {ROADMAP_TEXT.fetchEpicsError}
        </Alert>
      ) : null}
      {epics.limitReached && !limitDismissed ? (
        <Alert variant="warning" title={ROADMAP_TEXT.epicsLimitTitle} testId="epics_limit_callout">
          <p>
            {ROADMAP_TEXT.epicsLimitBody(epicsLimit)}{' '}
            <a href={props.epicsDocsPath}>{ROADMAP_TEXT.learnMore}</a>
          </p>
          <Button
            variant="tertiary"
            onClick={() => setLimitDismissed(true)}
            data-testid="epics-limit-dismiss"
          >
            {ROADMAP_TEXT.dismiss}
          </Button>
        </Alert>
      ) : null}
      <RoadmapMilestonesAlert milestones={milestones} showMilestones={settings.showMilestones} />
      <div className="roadmap-body">
        {epics.error ? null : (
          <RoadmapView
            scope={props}
            settings={settings}
            filtered={filtered}
            singleEpicIid={singleEpicIid}
            today={today}
            timeframe={timeframe}
            epics={epics}
            milestones={milestones.milestones}
            variables={variables}
            onSettled={reportViewSettled}
          />
        )}
        {settingsOpen ? (
          <RoadmapSettingsDrawer
            settings={settings}
            onChange={applySettings}
            onClose={() => setSettingsOpen(false)}
          />
        ) : null}
      </div>
    </div>
  );
}
