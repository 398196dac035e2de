import { formatCount } from '../plural.ts';
import { SECURITY_REPORT_LIMITS } from './limits.ts';

/** Every sentence the parser shows an uploader, in one place. */
export const REPORT_ERRORS = {
  notAnObject: 'The report is not a JSON object.',
  noVulnerabilities: 'The report has no "vulnerabilities" array.',
  tooManyFindings: `The report has more than ${formatCount(SECURITY_REPORT_LIMITS.maxFindings)} findings.`,
  noType:
    'The report does not say which scanner produced it (no "scan.type" and no "category" on its findings); choose the report type when uploading.',
  unreadable: 'The report could not be read.',
  unknownType: (value: string): string => `Unknown report type "${value}".`,
  typeMismatch: (inReport: string, declared: string): string =>
    `The report is a "${inReport}" report (its "scan.type"), but it was uploaded as "${declared}".`,
  mixedCategories: (categories: readonly string[]): string =>
    `The report's findings are of several types (${categories.map((c) => `"${c}"`).join(', ')}); upload one type at a time.`,
} as const;

export const SKIP_REASONS = {
  notAnObject: 'The finding is not a JSON object.',
  noIdentifier: 'The finding has no identifier with a "type" and a "value".',
  noScanner: 'The finding names no scanner, and the report names none either.',
} as const;
