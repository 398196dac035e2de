import { assertNever } from '../../lib/assert.ts';
import { asRecord, field, type JsonRecord, path, readLine, readText } from './jsonFields.ts';
import { SECURITY_REPORT_LIMITS } from './limits.ts';
import type { ReportType } from './reportTypes.ts';
import type { FindingLocation } from './types.ts';

type MutableLocation = { -readonly [K in keyof FindingLocation]: FindingLocation[K] };

const { maxLocationTextLength, maxShortTextLength } = SECURITY_REPORT_LIMITS;

const locationText = (record: JsonRecord | null, key: string): string | null =>
  readText(field(record, key), maxLocationTextLength);

/** Sets `key` only when there is a value, so a location carries only the keys its report has. */
function put<K extends keyof MutableLocation>(
  location: MutableLocation,
  key: K,
  value: MutableLocation[K] | null | undefined,
): void {
  if (value !== null && value !== undefined) location[key] = value;
}

function putFileLines(location: MutableLocation, record: JsonRecord | null): void {
  put(location, 'file', locationText(record, 'file'));
  put(location, 'startLine', readLine(field(record, 'start_line')));
  put(location, 'endLine', readLine(field(record, 'end_line')));
}

function putDependency(location: MutableLocation, record: JsonRecord | null): void {
  const packageName = readText(path(record, 'dependency', 'package', 'name'), maxLocationTextLength);
  if (packageName === null) return;
  const version = readText(path(record, 'dependency', 'version'), maxShortTextLength);
  location.dependency = { packageName, version };
}

/**
 * A finding's `location` object, read by the fields its report type's schema gives it (the same
 * fields GitLab's per-type parsers pass to their Locations classes).
 */
export function parseLocation(reportType: ReportType, value: unknown): FindingLocation {
  const record = asRecord(value);
  const location: MutableLocation = {};
  switch (reportType) {
    case 'sast':
    case 'secret_detection':
    case 'generic':
      putFileLines(location, record);
      put(location, 'className', locationText(record, 'class'));
      put(location, 'method', locationText(record, 'method'));
      break;
    case 'dependency_scanning':
      put(location, 'file', locationText(record, 'file'));
      putDependency(location, record);
      break;
    case 'container_scanning':
    case 'cluster_image_scanning':
      put(location, 'image', locationText(record, 'image'));
      put(location, 'operatingSystem', locationText(record, 'operating_system'));
      putDependency(location, record);
      break;
    case 'dast':
    case 'api_fuzzing':
      put(location, 'hostname', locationText(record, 'hostname'));
      put(location, 'path', locationText(record, 'path'));
      put(location, 'requestMethod', locationText(record, 'method'));
      put(location, 'param', locationText(record, 'param'));
      break;
    case 'coverage_fuzzing':
      put(location, 'crashType', locationText(record, 'crash_type'));
      put(location, 'crashState', locationText(record, 'crash_state'));
      put(location, 'crashAddress', locationText(record, 'crash_address'));
      break;
    default:
      assertNever(reportType, 'report type');
  }
  return location;
}
