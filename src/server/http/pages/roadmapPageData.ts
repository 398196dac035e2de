import type { NamespaceRow } from '../../db/schema.ts';

/** GitLab's roadmap ranges and the layouts each allows; the first is the default (spec: "Allowed presets by range"). */
const PRESETS_BY_RANGE = {
  CURRENT_QUARTER: ['WEEKS'],
  CURRENT_YEAR: ['MONTHS', 'WEEKS'],
  THREE_YEARS: ['QUARTERS', 'MONTHS', 'WEEKS'],
} as const;
type RangeType = keyof typeof PRESETS_BY_RANGE;

const FILTER_KEYS = [
  'author_username',
  'label_name',
  'label_name[]',
  'milestone_title',
  'confidential',
  'my_reaction_emoji',
  'epic_iid',
  'search',
];

function single(query: Record<string, unknown>, key: string): string | undefined {
  const value = query[key];
  return typeof value === 'string' ? value : undefined;
}

/** The roadmap mount's data attributes (spec), with the URL's range, layout, state and sort validated. */
export function roadmapPageData(group: NamespaceRow, canCreateEpic: boolean, query: Record<string, unknown>) {
  const requestedRange = single(query, 'timeframe_range_type');
  const range: RangeType =
    requestedRange && requestedRange in PRESETS_BY_RANGE ? (requestedRange as RangeType) : 'CURRENT_QUARTER';
  const allowed: readonly string[] = PRESETS_BY_RANGE[range];
  const layout = single(query, 'layout');
  const presetType = layout && allowed.includes(layout) ? layout : allowed[0];
  const state = single(query, 'state');
  const sort = single(query, 'sort');
  const hasFilters = Object.keys(query).some((key) => FILTER_KEYS.includes(key) || key.startsWith('not['));
  const base = `/groups/${group.full_path}`;
  return {
    fullPath: group.full_path,
    groupId: group.id,
    groupName: group.name,
    newEpicPath: `${base}/-/epics/new`,
    listEpicsPath: `${base}/-/epics`,
    epicsPath: `${base}/-/epics.json`,
    epicsDocsPath: '/help/user/group/epics/_index.md',
    groupLabelsEndpoint: `${base}/-/labels.json`,
    groupMilestonesEndpoint: `${base}/-/milestones.json`,
    canCreateEpic: canCreateEpic ? 'true' : 'false',
    timeframeRangeType: range,
    presetType,
    hasFiltersApplied: hasFilters ? 'true' : 'false',
    allowSubEpics: 'true',
    childEpics: 'false',
    innerHeight: '',
    iid: '',
    epicsState: state === 'opened' || state === 'closed' || state === 'all' ? state : 'all',
    sortedBy: sort === 'start_date_asc' || sort === 'end_date_asc' ? sort : 'start_date_asc',
    emptyStateIllustration: '/illustrations/empty-roadmap.svg',
  };
}
