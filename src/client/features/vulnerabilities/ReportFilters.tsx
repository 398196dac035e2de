/**
 * The report's filters, in GitLab's order: Status, Severity, Tool, Project (a group's report) and
 * Activity. Each change is a new URL, back on the first page.
 */
import { REPORT_TYPES, SEVERITIES } from '../../../core/domain/securityReports/index.ts';
import {
  REPORT_TYPE_TITLES,
  SEVERITY_TITLES,
  VULNERABILITY_STATE_TITLES,
  VULNERABILITY_STATES,
} from '../../../core/domain/vulnerabilities.ts';
import type { ReportType, VulnerabilityReportContext } from '../../data/index.ts';
import { FilterDropdown, type FilterOption } from './FilterDropdown.tsx';
import { type Activity, DEFAULT_QUERY, hasFilters, type ReportQuery, withChange } from './reportQuery.ts';
import { SeverityIcon } from './SeverityIcon.tsx';
import { VULNERABILITY_TEXT as TEXT } from './vulnerabilityTexts.ts';

const STATUS_OPTIONS: readonly FilterOption[] = VULNERABILITY_STATES.map((state) => ({
  value: state,
  label: VULNERABILITY_STATE_TITLES[state],
}));

const SEVERITY_OPTIONS: readonly FilterOption[] = SEVERITIES.map((severity) => ({
  value: severity,
  label: SEVERITY_TITLES[severity],
  icon: <SeverityIcon severity={severity} />,
}));

const ACTIVITY_OPTIONS: readonly { value: Activity; label: string }[] = [
  { value: 'still_detected', label: TEXT.stillDetected },
  { value: 'no_longer_detected', label: TEXT.noLongerDetected },
  { value: 'has_issue', label: TEXT.hasIssues },
];

/**
 * The Tool filter's choices: the report types of the scanners that reported here (their names as
 * detail), and any the URL chose that none did.
 */
export function toolOptions(
  scanners: VulnerabilityReportContext['scanners'],
  chosen: readonly ReportType[],
): FilterOption[] {
  const names = new Map<ReportType, string[]>();
  for (const scanner of scanners) {
    if (!scanner.reportType) continue;
    const list = names.get(scanner.reportType) ?? [];
    if (!list.includes(scanner.name)) list.push(scanner.name);
    names.set(scanner.reportType, list);
  }
  for (const type of chosen) if (!names.has(type)) names.set(type, []);
  return [...names.entries()]
    .map(([type, scannerNames]) => ({
      value: type,
      label: REPORT_TYPE_TITLES[type],
      detail: scannerNames.filter((name) => name !== REPORT_TYPE_TITLES[type]).join(', ') || undefined,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export function ReportFilters({
  kind,
  query,
  context,
  onChange,
}: {
  kind: 'project' | 'group';
  query: ReportQuery;
  context: VulnerabilityReportContext | null;
  onChange: (query: ReportQuery) => void;
}) {
  const change = (part: Partial<ReportQuery>) => onChange(withChange(query, part));
  const projectOptions: FilterOption[] = (context?.projects ?? []).map((project) => ({
    value: String(project.databaseId),
    label: project.name,
    detail: project.fullName,
  }));
  return (
    <section className="vuln-filters" aria-label={TEXT.filters} data-testid="vulnerability-filters">
      <FilterDropdown
        label={TEXT.status}
        allLabel={TEXT.allStatuses}
        options={STATUS_OPTIONS}
        selected={query.states}
        onChange={(states) =>
          change({ states: VULNERABILITY_STATES.filter((state) => states.includes(state)) })
        }
        testId="filter-status"
      />
      <FilterDropdown
        label={TEXT.severity}
        allLabel={TEXT.allSeverities}
        options={SEVERITY_OPTIONS}
        selected={query.severities}
        onChange={(values) =>
          change({ severities: SEVERITIES.filter((severity) => values.includes(severity)) })
        }
        testId="filter-severity"
      />
      <FilterDropdown
        label={TEXT.tool}
        allLabel={TEXT.allTools}
        options={toolOptions(context?.scanners ?? [], query.reportTypes)}
        selected={query.reportTypes}
        onChange={(values) => change({ reportTypes: REPORT_TYPES.filter((type) => values.includes(type)) })}
        testId="filter-tool"
      />
      {kind === 'group' ? (
        <FilterDropdown
          label={TEXT.project}
          allLabel={TEXT.allProjects}
          options={projectOptions}
          selected={query.projectIds}
          onChange={(projectIds) => change({ projectIds })}
          testId="filter-project"
        />
      ) : null}
      <FilterDropdown
        label={TEXT.activity}
        allLabel={TEXT.allActivity}
        options={ACTIVITY_OPTIONS}
        selected={query.activities}
        onChange={(values) =>
          change({
            activities: ACTIVITY_OPTIONS.flatMap((option) =>
              values.includes(option.value) ? [option.value] : [],
            ),
          })
        }
        testId="filter-activity"
      />
      {hasFilters(query) ? (
        <button
          type="button"
          className="btn btn-tertiary vuln-filters-reset"
          onClick={() => onChange({ ...DEFAULT_QUERY, sortBy: query.sortBy, sortDesc: query.sortDesc })}
          data-testid="filter-reset"
        >
          {TEXT.resetFilters}
        </button>
      ) : null}
    </section>
  );
}
