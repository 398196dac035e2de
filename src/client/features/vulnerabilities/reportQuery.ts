/**
 * The report's URL state, in GitLab's parameter names and values: `state`, `severity`, `reportType`,
 * `projectId` (a group's report) and `activity`, each a comma-separated list of GitLab's enum values
 * (`state=DETECTED,CONFIRMED`; repeated parameters are read too); `sortBy` (severity, detected) and
 * `sortDesc`; the cursors `page_after` / `page_before`. Parsing forgives (unknown values are
 * dropped); serialising leaves out defaults, so a plain report's URL stays bare.
 */
import { toGlobalId } from '../../../core/domain/gid.ts';
import {
  isReportType,
  isSeverity,
  REPORT_TYPES,
  type ReportType,
  SEVERITIES,
  type Severity,
} from '../../../core/domain/securityReports/index.ts';
import {
  isVulnerabilityState,
  VULNERABILITY_STATES,
  type VulnerabilityState,
} from '../../../core/domain/vulnerabilities.ts';
import type { VulnerabilityFilters, VulnerabilitySortOrder } from '../../data/index.ts';

/** GitLab's Activity filter: still found by the latest scan, no longer found, has an issue. */
export const ACTIVITIES = ['still_detected', 'no_longer_detected', 'has_issue'] as const;
export type Activity = (typeof ACTIVITIES)[number];
const isActivity = (value: unknown): value is Activity => (ACTIVITIES as readonly unknown[]).includes(value);

/** The status filter GitLab's report starts with: what still needs a decision or a fix. */
export const DEFAULT_STATES: readonly VulnerabilityState[] = ['detected', 'confirmed'];

export type SortColumn = 'severity' | 'detected';

export interface ReportQuery {
  /** Empty: every status ('All statuses', `state=ALL`). */
  readonly states: readonly VulnerabilityState[];
  readonly severities: readonly Severity[];
  readonly reportTypes: readonly ReportType[];
  /** Project numbers (a group's report). */
  readonly projectIds: readonly string[];
  readonly activities: readonly Activity[];
  readonly sortBy: SortColumn;
  readonly sortDesc: boolean;
  readonly after: string | null;
  readonly before: string | null;
}

/** The query of a bare URL: GitLab's default statuses, most severe first, the first page. */
export const DEFAULT_QUERY: ReportQuery = {
  states: DEFAULT_STATES,
  severities: [],
  reportTypes: [],
  projectIds: [],
  activities: [],
  sortBy: 'severity',
  sortDesc: true,
  after: null,
  before: null,
};

const ALL = 'ALL';

/** Every value of a parameter, split at commas, trimmed, lowercased, without repeats. */
function listOf(params: URLSearchParams, key: string): string[] {
  const values = params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(values)];
}

/** The known values of a parameter, in `order` (so that the same choice always reads the same). */
function knownOf<T extends string>(
  params: URLSearchParams,
  key: string,
  order: readonly T[],
  known: (value: unknown) => value is T,
): T[] {
  const values = new Set(listOf(params, key).filter(known));
  return order.filter((value) => values.has(value));
}

export function parseReportQuery(search: string): ReportQuery {
  const params = new URLSearchParams(search);
  const states = knownOf(params, 'state', VULNERABILITY_STATES, isVulnerabilityState);
  const sortBy = params.get('sortBy')?.trim();
  return {
    // `ALL` is every status; a state parameter of nothing known reads as the default.
    states: listOf(params, 'state').includes(ALL.toLowerCase())
      ? []
      : states.length > 0
        ? states
        : DEFAULT_STATES,
    severities: knownOf(params, 'severity', SEVERITIES, isSeverity),
    reportTypes: knownOf(params, 'reportType', REPORT_TYPES, isReportType),
    projectIds: listOf(params, 'projectId').filter((id) => /^\d{1,15}$/.test(id)),
    activities: knownOf(params, 'activity', ACTIVITIES, isActivity),
    sortBy: sortBy === 'detected' ? 'detected' : 'severity',
    sortDesc: params.get('sortDesc')?.trim() !== 'false',
    after: params.get('page_after') || null,
    before: params.get('page_before') || null,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((value) => b.includes(value));

const upperList = (values: readonly string[]): string => values.map((value) => value.toUpperCase()).join(',');

export function serializeReportQuery(query: ReportQuery): string {
  const params = new URLSearchParams();
  if (query.states.length === 0) params.set('state', ALL);
  else if (!sameSet(query.states, DEFAULT_STATES)) params.set('state', upperList(query.states));
  if (query.severities.length > 0) params.set('severity', upperList(query.severities));
  if (query.reportTypes.length > 0) params.set('reportType', upperList(query.reportTypes));
  if (query.projectIds.length > 0) params.set('projectId', query.projectIds.join(','));
  if (query.activities.length > 0) params.set('activity', upperList(query.activities));
  if (query.sortBy !== 'severity') params.set('sortBy', query.sortBy);
  if (!query.sortDesc) params.set('sortDesc', 'false');
  if (query.before) params.set('page_before', query.before);
  else if (query.after) params.set('page_after', query.after);
  return params.toString();
}

/** Any change of what is shown starts again from the first page. */
export function withChange(query: ReportQuery, change: Partial<ReportQuery>): ReportQuery {
  return { ...query, after: null, before: null, ...change };
}

/**
 * Sorted by a column header: the same column again turns the direction, another starts most
 * severe or newest first, as GitLab's table does.
 */
export function withSortColumn(query: ReportQuery, column: SortColumn): ReportQuery {
  return withChange(query, { sortBy: column, sortDesc: query.sortBy === column ? !query.sortDesc : true });
}

/** The other page, by the cursor of the row at its edge. */
export const withPage = (query: ReportQuery, page: { after?: string; before?: string }): ReportQuery => ({
  ...query,
  after: page.after ?? null,
  before: page.before ?? null,
});

/** Whether the query filters anything beyond GitLab's default statuses. */
export function hasFilters(query: ReportQuery): boolean {
  return (
    !sameSet(query.states, DEFAULT_STATES) ||
    query.severities.length > 0 ||
    query.reportTypes.length > 0 ||
    query.projectIds.length > 0 ||
    query.activities.length > 0
  );
}

/**
 * The query's filters as the data layer takes them: Still detected and No longer detected each
 * narrow by resolution, both together (or neither) do not; Has issues asks for an issue.
 */
export function filtersOf(query: ReportQuery): VulnerabilityFilters {
  const still = query.activities.includes('still_detected');
  const gone = query.activities.includes('no_longer_detected');
  return {
    states: query.states,
    severities: query.severities,
    reportTypes: query.reportTypes,
    projectIds: query.projectIds.map((id) => toGlobalId('Project', id)),
    hasResolution: still === gone ? null : gone,
    hasIssues: query.activities.includes('has_issue') ? true : null,
  };
}

export const sortOrderOf = (query: ReportQuery): VulnerabilitySortOrder =>
  `${query.sortBy}_${query.sortDesc ? 'desc' : 'asc'}`;
