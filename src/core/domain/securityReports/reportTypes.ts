/**
 * The report types GitLab's security report schemas define (`scan.type`), plus `generic`, the
 * type GitLab gives findings that came from no known scanner.
 */
export const REPORT_TYPES = [
  'sast',
  'dependency_scanning',
  'container_scanning',
  'dast',
  'secret_detection',
  'coverage_fuzzing',
  'api_fuzzing',
  'cluster_image_scanning',
  'generic',
] as const;

export type ReportType = (typeof REPORT_TYPES)[number];

const KNOWN: ReadonlySet<unknown> = new Set<unknown>(REPORT_TYPES);

export function isReportType(value: unknown): value is ReportType {
  return KNOWN.has(value);
}
