import { err, ok, type Result } from '../../lib/result.ts';
import { asRecord, field, type JsonRecord, readText } from './jsonFields.ts';
import { REPORT_ERRORS } from './messages.ts';
import { isReportType, type ReportType } from './reportTypes.ts';

/** How much of an unknown type name an error message quotes. */
const MAX_QUOTED = 60;

const quoted = (value: unknown): string =>
  typeof value === 'string' ? (readText(value, MAX_QUOTED) ?? '') : typeof value;

const normalised = (value: unknown): string | null => readText(value, MAX_QUOTED)?.toLowerCase() ?? null;

/** The distinct `category` values of a schema 2.x report's findings, lower-cased. */
function categoriesOf(vulnerabilities: readonly unknown[]): string[] {
  const categories = new Set<string>();
  for (const vulnerability of vulnerabilities) {
    const category = normalised(field(asRecord(vulnerability), 'category'));
    if (category !== null) categories.add(category);
  }
  return [...categories];
}

/**
 * Which scanner type a report is: its `scan.type` (schema 14 and 15), else the type it was
 * uploaded as, else (schema 2.x, no `scan`) the one `category` all its findings share. An
 * uploaded type that contradicts `scan.type` is refused rather than guessed between.
 */
export function resolveReportType(
  scan: JsonRecord | null,
  declaredType: unknown,
  vulnerabilities: readonly unknown[],
): Result<ReportType, string> {
  if (declaredType !== undefined && !isReportType(declaredType)) {
    return err(REPORT_ERRORS.unknownType(quoted(declaredType)));
  }
  const scanType = normalised(field(scan, 'type'));
  if (scanType !== null) {
    if (!isReportType(scanType)) return err(REPORT_ERRORS.unknownType(scanType));
    if (declaredType !== undefined && declaredType !== scanType) {
      return err(REPORT_ERRORS.typeMismatch(scanType, declaredType));
    }
    return ok(scanType);
  }
  if (declaredType !== undefined) return ok(declaredType);

  const categories = categoriesOf(vulnerabilities);
  const [only] = categories;
  if (only === undefined) return err(REPORT_ERRORS.noType);
  if (categories.length > 1) return err(REPORT_ERRORS.mixedCategories(categories.slice(0, 5)));
  return isReportType(only) ? ok(only) : err(REPORT_ERRORS.unknownType(only));
}
