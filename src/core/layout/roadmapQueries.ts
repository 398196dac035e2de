/**
 * The variables of the roadmap's first queries, built one way for both sides: the page sends them,
 * and the server runs the same queries with them to embed the answers in the page's HTML (the page
 * uses an embedded answer only when its own variables are the same).
 */
import {
  parseRoadmapFilters,
  type RoadmapFilterVariables,
  roadmapFilterVariables,
} from '../domain/searchTokens.ts';
import type { CalendarDate, DateRange } from '../time/calendarDate.ts';
import { graphqlTimeframe } from '../time/graphqlTimeframe.ts';
import { buildTimeframe, type Timeframe } from '../time/timeframe.ts';
import { parseRoadmapSettings, type RoadmapPageDefaults, type RoadmapSettings } from './roadmapSettings.ts';
import type { SortValue } from './sortOrder.ts';

/** The roadmap asks for epics 50 at a time (GitLab's ROADMAP_PAGE_SIZE). */
export const ROADMAP_PAGE_SIZE = 50;

export interface RoadmapEpicsVariables extends RoadmapFilterVariables {
  readonly fullPath: string;
  readonly state: RoadmapSettings['epicsState'];
  readonly sort: SortValue;
  readonly timeframe: DateRange;
  /** Only top-level epics, except that a single epic is shown wherever it sits in the hierarchy. */
  readonly topLevelHierarchyOnly: boolean;
}

export interface RoadmapMilestonesVariables {
  readonly fullPath: string;
  readonly state: 'active';
  readonly timeframe: DateRange;
  readonly includeDescendants: true;
  readonly includeAncestors: true;
}

export function roadmapEpicsVariables(
  fullPath: string,
  settings: Pick<RoadmapSettings, 'epicsState' | 'sortedBy'>,
  filters: RoadmapFilterVariables,
  timeframe: Pick<Timeframe, 'startDay' | 'endDay'>,
): RoadmapEpicsVariables {
  return {
    fullPath,
    state: settings.epicsState,
    sort: settings.sortedBy,
    timeframe: graphqlTimeframe(timeframe),
    topLevelHierarchyOnly: filters.iid === undefined,
    ...filters,
  };
}

export function roadmapMilestonesVariables(
  fullPath: string,
  timeframe: Pick<Timeframe, 'startDay' | 'endDay'>,
): RoadmapMilestonesVariables {
  return {
    fullPath,
    state: 'active',
    timeframe: graphqlTimeframe(timeframe),
    includeDescendants: true,
    includeAncestors: true,
  };
}

/** The first page of epics: GitLab's page size, no cursor, and the count (later pages skip it). */
export function firstEpicsPage<V extends RoadmapEpicsVariables>(
  variables: V,
): V & { readonly first: number; readonly endCursor: null; readonly withCount: true } {
  return { ...variables, first: ROADMAP_PAGE_SIZE, endCursor: null, withCount: true };
}

/** What a roadmap page at `search` asks for first, on `today`; no milestones when they are hidden. */
export function roadmapFirstQueries(
  fullPath: string,
  search: string,
  defaults: RoadmapPageDefaults,
  today: CalendarDate,
): {
  readonly epics: ReturnType<typeof firstEpicsPage<RoadmapEpicsVariables>>;
  readonly milestones: RoadmapMilestonesVariables | null;
} {
  const settings = parseRoadmapSettings(search, defaults);
  const timeframe = buildTimeframe({
    rangeType: settings.timeframeRangeType,
    presetType: settings.presetType,
    today,
  });
  const filters = roadmapFilterVariables(parseRoadmapFilters(search));
  return {
    epics: firstEpicsPage(roadmapEpicsVariables(fullPath, settings, filters, timeframe)),
    milestones: settings.showMilestones ? roadmapMilestonesVariables(fullPath, timeframe) : null,
  };
}
