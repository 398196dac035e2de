/**
 * GitLab security reports (SAST, dependency scanning, container scanning, DAST, secret detection
 * and the other scanners' `gl-*-report.json`) read into findings the server can store and
 * deduplicate. Pure: no I/O, no hashing (the keys are the texts GitLab hashes).
 */
export { findingDedupKey } from './finding.ts';
export { SECURITY_REPORT_LIMITS } from './limits.ts';
export { parseSecurityReport } from './parseSecurityReport.ts';
export { isReportType, REPORT_TYPES, type ReportType } from './reportTypes.ts';
export { isSeverity, SEVERITIES, type Severity, severityRank } from './severity.ts';
export type {
  FindingIdentifier,
  FindingLink,
  FindingLocation,
  FindingScanner,
  ParsedFinding,
  ParsedReport,
  ReportError,
} from './types.ts';
