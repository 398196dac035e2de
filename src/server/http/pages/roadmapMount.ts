import { hasFiltersApplied, parseRoadmapFilters } from '../../../core/domain/searchTokens.ts';
import {
  EMPTY_ROADMAP_ILLUSTRATION,
  EPICS_DOCS_PATH,
  groupEpicsJsonPath,
  groupEpicsPath,
  groupLabelsJsonPath,
  groupMilestonesJsonPath,
  newEpicPath,
} from '../../../core/domain/webPaths.ts';
import { parseRoadmapSettings } from '../../../core/layout/roadmapSettings.ts';
import type { PageMountInput } from '../../../core/pages/pageMount.ts';
import type { NamespaceRow } from '../../db/schema.ts';

/** A roadmap page has no defaults of its own: GitLab's apply where the URL says nothing. */
export const NO_PAGE_DEFAULTS = { timeframeRangeType: '', presetType: '', epicsState: '', sortedBy: '' };

/**
 * The roadmap mount: GitLab's attributes, with the range, layout, state and sort read from the URL's
 * query by the same parser the page uses, so the two never disagree.
 */
export function roadmapMount(
  group: NamespaceRow,
  can: {
    readonly canCreateEpic: boolean;
    readonly canReadBilling: boolean;
    readonly trialStatus: string;
    readonly canReadCycleAnalytics: boolean;
    readonly canReadVulnerabilities: boolean;
    /** The plan has multi-level epics: rows expand to their child epics. */
    readonly allowSubEpics: boolean;
    /** The instance's `roadmap_epics_limit`. */
    readonly epicsLimit: number;
  },
  query: string,
): PageMountInput {
  const settings = parseRoadmapSettings(query, NO_PAGE_DEFAULTS);
  return {
    page: 'group-roadmap',
    fullPath: group.full_path,
    groupId: group.id,
    groupName: group.name,
    canCreateEpic: can.canCreateEpic,
    canReadBilling: can.canReadBilling,
    trialStatus: can.trialStatus,
    canReadCycleAnalytics: can.canReadCycleAnalytics,
    canReadVulnerabilities: can.canReadVulnerabilities,
    newEpicPath: newEpicPath(group.full_path),
    listEpicsPath: groupEpicsPath(group.full_path),
    epicsPath: groupEpicsJsonPath(group.full_path),
    epicsDocsPath: EPICS_DOCS_PATH,
    groupLabelsEndpoint: groupLabelsJsonPath(group.full_path),
    groupMilestonesEndpoint: groupMilestonesJsonPath(group.full_path),
    timeframeRangeType: settings.timeframeRangeType,
    presetType: settings.presetType,
    epicsState: settings.epicsState,
    sortedBy: settings.sortedBy,
    hasFiltersApplied: hasFiltersApplied(parseRoadmapFilters(query)),
    allowSubEpics: can.allowSubEpics,
    childEpics: false,
    innerHeight: '',
    iid: '',
    emptyStateIllustration: EMPTY_ROADMAP_ILLUSTRATION,
    epicsLimit: String(can.epicsLimit),
  };
}
