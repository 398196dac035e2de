import { err, ok, type Result } from '../../lib/result.ts';
import { parseFinding } from './finding.ts';
import { asRecord, field, readText } from './jsonFields.ts';
import { SECURITY_REPORT_LIMITS } from './limits.ts';
import { REPORT_ERRORS } from './messages.ts';
import type { ReportType } from './reportTypes.ts';
import { resolveReportType } from './resolveReportType.ts';
import { parseScanner } from './scanner.ts';
import type { FindingScanner, ParsedFinding, ParsedReport, ReportError } from './types.ts';

function scanStatus(value: unknown): ParsedReport['scanStatus'] {
  const status = readText(value, SECURITY_REPORT_LIMITS.maxShortTextLength)?.toLowerCase();
  return status === 'success' || status === 'failure' ? status : null;
}

/** Each scanner once (by id), in order of first mention. */
function distinctScanners(scanners: readonly (FindingScanner | null)[]): FindingScanner[] {
  const byId = new Map<string, FindingScanner>();
  for (const scanner of scanners) {
    if (scanner !== null && !byId.has(scanner.externalId)) byId.set(scanner.externalId, scanner);
  }
  return [...byId.values()];
}

function parse(json: unknown, declaredType: unknown): Result<ParsedReport, ReportError> {
  const report = asRecord(json);
  if (report === null) return err(REPORT_ERRORS.notAnObject);
  const vulnerabilities = field(report, 'vulnerabilities');
  if (!Array.isArray(vulnerabilities)) return err(REPORT_ERRORS.noVulnerabilities);
  if (vulnerabilities.length > SECURITY_REPORT_LIMITS.maxFindings) return err(REPORT_ERRORS.tooManyFindings);

  const scan = asRecord(field(report, 'scan'));
  const reportType = resolveReportType(scan, declaredType, vulnerabilities);
  if (!reportType.ok) return reportType;

  const reportScanner = parseScanner(field(scan, 'scanner'));
  const context = { reportType: reportType.value, reportScanner };
  const findings: ParsedFinding[] = [];
  const skipped: { index: number; reason: string }[] = [];
  vulnerabilities.forEach((vulnerability, index) => {
    const finding = parseFinding(vulnerability, context);
    if (finding.ok) findings.push(finding.value);
    else skipped.push({ index, reason: finding.error });
  });

  return ok({
    reportType: reportType.value,
    schemaVersion: readText(field(report, 'version'), SECURITY_REPORT_LIMITS.maxShortTextLength) ?? '',
    scanners: distinctScanners([reportScanner, ...findings.map((finding) => finding.scanner)]),
    scanStatus: scanStatus(field(scan, 'status')),
    findings,
    skipped,
  });
}

/**
 * Reads a GitLab security report (the `gl-*-report.json` of SAST, dependency scanning, container
 * scanning, DAST, secret detection and the other scanners; schema 14.x and 15.x, and 2.x reports
 * whose type is known) that the caller has already parsed from JSON.
 *
 * The report type is `scan.type`, else `declaredType`, else the shared `category` of a 2.x
 * report's findings; a `declaredType` that contradicts `scan.type` is refused. The whole report is
 * refused (with a sentence for the uploader) when it is not an object, has no `vulnerabilities`
 * array, has more than SECURITY_REPORT_LIMITS.maxFindings of them, or its type is unknown. A
 * malformed finding is skipped with its index and reason; odd fields are read as missing.
 *
 * Never throws, whatever `json` is: it is whatever an uploader sent.
 */
export function parseSecurityReport(
  json: unknown,
  declaredType?: ReportType,
): Result<ParsedReport, ReportError> {
  try {
    return parse(json, declaredType);
  } catch {
    // Only a value JSON.parse cannot produce gets here (a Proxy, a throwing getter): refuse it
    // like any unreadable report rather than fail the upload request.
    return err(REPORT_ERRORS.unreadable);
  }
}
