/**
 * The roadmap's settings as GitLab keeps them in the URL (spec; GitLab's front end):
 * `timeframe_range_type`, `layout`, `state`, `sort`, `progress`, `show_progress`, `show_milestones`,
 * `milestones_type`, and `show_dependencies` (this app's own: dependency arrows, default on). Parsing is forgiving (unknown values fall back to the page's defaults, then to
 * GitLab's); serialising writes every setting so a copied URL reproduces the view exactly.
 */

import {
  isTimeframeRangeType,
  type PresetType,
  parseTimeframeRangeType,
  presetAfterRangeChange,
  resolvePresetType,
  type TimeframeRangeType,
} from '../time/presets.ts';
import { MILESTONES_TYPES, type MilestonesType } from './milestoneBars.ts';
import { type ProgressTracking, parseProgressTracking } from './progress.ts';
import { isSortValue, parseInitialSort, type SortValue } from './sortOrder.ts';

export const EPICS_STATES = ['all', 'opened', 'closed'] as const;
export type EpicsState = (typeof EPICS_STATES)[number];

export interface RoadmapSettings {
  readonly timeframeRangeType: TimeframeRangeType;
  readonly presetType: PresetType;
  readonly epicsState: EpicsState;
  readonly sortedBy: SortValue;
  readonly progressTracking: ProgressTracking;
  readonly showProgress: boolean;
  readonly showMilestones: boolean;
  readonly milestonesType: MilestonesType;
  /** Draw 'blocks' links between epics as arrows. */
  readonly showDependencies: boolean;
}

/** What the server put on the mount element (spec); the URL wins where it says something. */
export interface RoadmapPageDefaults {
  readonly timeframeRangeType: string;
  readonly presetType: string;
  readonly epicsState: string;
  readonly sortedBy: string;
}

const SETTING_KEYS = [
  'timeframe_range_type',
  'layout',
  'state',
  'sort',
  'progress',
  'show_progress',
  'show_milestones',
  'milestones_type',
  'show_dependencies',
] as const;

const isEpicsState = (value: unknown): value is EpicsState =>
  (EPICS_STATES as readonly unknown[]).includes(value);

/** GitLab parses these booleans with `parseBoolean`: only 'true' is true; absent means the default. */
function booleanParam(params: URLSearchParams, key: string, fallback: boolean): boolean {
  const value = params.get(key);
  return value === null ? fallback : value === 'true';
}

export function parseRoadmapSettings(search: string, defaults: RoadmapPageDefaults): RoadmapSettings {
  const params = new URLSearchParams(search);
  const rangeParam = params.get('timeframe_range_type');
  const timeframeRangeType = isTimeframeRangeType(rangeParam)
    ? rangeParam
    : parseTimeframeRangeType(defaults.timeframeRangeType);
  const sortParam = params.get('sort')?.toLowerCase();
  const stateParam = params.get('state');
  const milestonesType = params.get('milestones_type')?.toUpperCase();
  return {
    timeframeRangeType,
    presetType: resolvePresetType(timeframeRangeType, params.get('layout') ?? defaults.presetType),
    epicsState: isEpicsState(stateParam)
      ? stateParam
      : isEpicsState(defaults.epicsState)
        ? defaults.epicsState
        : 'all',
    sortedBy: isSortValue(sortParam) ? sortParam : parseInitialSort(defaults.sortedBy.toLowerCase()),
    progressTracking: parseProgressTracking(params.get('progress')),
    showProgress: booleanParam(params, 'show_progress', true),
    showMilestones: booleanParam(params, 'show_milestones', true),
    milestonesType: (MILESTONES_TYPES as readonly unknown[]).includes(milestonesType)
      ? (milestonesType as MilestonesType)
      : 'ALL',
    showDependencies: booleanParam(params, 'show_dependencies', true),
  };
}

/** Writes every setting into `params` (replacing what was there); other keys are left alone. */
export function writeRoadmapSettings(settings: RoadmapSettings, params: URLSearchParams): void {
  for (const key of SETTING_KEYS) params.delete(key);
  params.set('timeframe_range_type', settings.timeframeRangeType);
  params.set('layout', settings.presetType);
  params.set('state', settings.epicsState);
  params.set('sort', settings.sortedBy);
  params.set('progress', settings.progressTracking);
  params.set('show_progress', String(settings.showProgress));
  params.set('show_milestones', String(settings.showMilestones));
  params.set('milestones_type', settings.milestonesType);
  params.set('show_dependencies', String(settings.showDependencies));
}

/** Spec: "Choosing a range resets the preset to the default for that range." */
export function withRangeType(settings: RoadmapSettings, range: TimeframeRangeType): RoadmapSettings {
  return settings.timeframeRangeType === range
    ? settings
    : { ...settings, timeframeRangeType: range, presetType: presetAfterRangeChange(range) };
}

/** A layout the range does not allow is ignored (spec: "applies only if it differs"). */
export function withPresetType(settings: RoadmapSettings, preset: PresetType): RoadmapSettings {
  const resolved = resolvePresetType(settings.timeframeRangeType, preset);
  return resolved === settings.presetType ? settings : { ...settings, presetType: resolved };
}

/**
 * A roadmap with neither page attributes nor URL settings (the epic page's Roadmap view): GitLab's
 * defaults, this quarter by week, all epics by start date, progress by weight, all milestones.
 */
export const DEFAULT_ROADMAP_SETTINGS: RoadmapSettings = parseRoadmapSettings('', {
  timeframeRangeType: '',
  presetType: '',
  epicsState: '',
  sortedBy: '',
});
