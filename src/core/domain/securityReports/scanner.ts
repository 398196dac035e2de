import { asRecord, field, path, readText } from './jsonFields.ts';
import { SECURITY_REPORT_LIMITS } from './limits.ts';
import type { FindingScanner } from './types.ts';

const { maxShortTextLength } = SECURITY_REPORT_LIMITS;

/** A report's `scanner` object (`{ id, name, vendor: { name } }`), or null when it has no `id`. */
export function parseScanner(value: unknown): FindingScanner | null {
  const record = asRecord(value);
  const externalId = readText(field(record, 'id'), maxShortTextLength);
  if (externalId === null) return null;
  return {
    externalId,
    name: readText(field(record, 'name'), maxShortTextLength) ?? externalId,
    vendor: readText(path(record, 'vendor', 'name'), maxShortTextLength) ?? '',
  };
}
