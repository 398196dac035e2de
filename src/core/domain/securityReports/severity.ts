/** GitLab's severity levels, most to least severe. */
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'unknown'] as const;

export type Severity = (typeof SEVERITIES)[number];

const KNOWN: ReadonlySet<unknown> = new Set<unknown>(SEVERITIES);

export function isSeverity(value: unknown): value is Severity {
  return KNOWN.has(value);
}

/** Higher is more severe: `critical` 5 down to `unknown` 0, for sorting and thresholds. */
export function severityRank(severity: Severity): number {
  return SEVERITIES.length - 1 - SEVERITIES.indexOf(severity);
}

/**
 * A report's severity as GitLab reads it (`Enums::Vulnerability.parse_severity_level`): matched
 * case-insensitively, anything else (a missing value, a number, `Undefined` from schema 2.x
 * reports, `Informational`) is `unknown`.
 */
export function parseSeverity(value: unknown): Severity {
  if (typeof value !== 'string') return 'unknown';
  const level = value.trim().toLowerCase();
  return isSeverity(level) ? level : 'unknown';
}
