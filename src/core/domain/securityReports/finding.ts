import { err, ok, type Result } from '../../lib/result.ts';
import { findingTitle } from './findingTitle.ts';
import { identifierKey, parseIdentifiers, parseLinks } from './identifiers.ts';
import { asRecord, field, readText } from './jsonFields.ts';
import { SECURITY_REPORT_LIMITS } from './limits.ts';
import { parseLocation } from './location.ts';
import { fingerprintPath, locationKey } from './locationKey.ts';
import { SKIP_REASONS } from './messages.ts';
import type { ReportType } from './reportTypes.ts';
import { parseScanner } from './scanner.ts';
import { parseSeverity } from './severity.ts';
import type { FindingScanner, ParsedFinding } from './types.ts';

const { maxDescriptionLength, maxSolutionLength } = SECURITY_REPORT_LIMITS;

/** What every finding of one report shares. */
export interface FindingContext {
  readonly reportType: ReportType;
  /** `scan.scanner`, for findings that name no scanner of their own. */
  readonly reportScanner: FindingScanner | null;
}

/**
 * One entry of a report's `vulnerabilities`, or the reason (an uploader-facing sentence) it
 * cannot be kept: it is not an object, has no usable identifier, or has no scanner at all.
 */
export function parseFinding(value: unknown, context: FindingContext): Result<ParsedFinding, string> {
  const vulnerability = asRecord(value);
  if (vulnerability === null) return err(SKIP_REASONS.notAnObject);
  const identifiers = parseIdentifiers(field(vulnerability, 'identifiers'));
  const primary = identifiers[0];
  if (primary === undefined) return err(SKIP_REASONS.noIdentifier);
  const scanner = parseScanner(field(vulnerability, 'scanner')) ?? context.reportScanner;
  if (scanner === null) return err(SKIP_REASONS.noScanner);

  const { reportType } = context;
  const location = parseLocation(reportType, field(vulnerability, 'location'));
  return ok({
    reportType,
    title: findingTitle(vulnerability, identifiers, fingerprintPath(reportType, location)),
    description: readText(field(vulnerability, 'description'), maxDescriptionLength),
    severity: parseSeverity(field(vulnerability, 'severity')),
    solution: readText(field(vulnerability, 'solution'), maxSolutionLength),
    scanner,
    identifiers,
    location,
    links: parseLinks(field(vulnerability, 'links')),
    locationKey: locationKey(reportType, location),
    primaryIdentifierKey: identifierKey(primary),
  });
}

/**
 * The key the server deduplicates findings by within a project: the same three parts GitLab
 * builds a finding's UUID from (report type, primary identifier fingerprint, location
 * fingerprint), as their unhashed texts.
 */
export function findingDedupKey(
  finding: Pick<ParsedFinding, 'reportType' | 'primaryIdentifierKey' | 'locationKey'>,
): string {
  return `${finding.reportType}|${finding.primaryIdentifierKey}|${finding.locationKey}`;
}
