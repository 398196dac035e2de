import { titleIdentifier } from './identifiers.ts';
import { field, type JsonRecord, readText, truncate } from './jsonFields.ts';
import { SECURITY_REPORT_LIMITS } from './limits.ts';
import type { FindingIdentifier } from './types.ts';

const { maxTitleLength } = SECURITY_REPORT_LIMITS;

/**
 * A finding's title: its `name`, else its `message` (schema 2.x and early 14.x reports carry the
 * title there), else derived as GitLab's `finding_name` does: `<identifier name> in <place>`,
 * the identifier being the first CVE, else CWE, else the primary one, the place the location's
 * `fingerprint_path` (locationKey.ts). With no place it is the identifier's name alone; GitLab
 * would leave a dangling `… in `.
 *
 * GitLab itself reads `message` before `name` in older versions and ignores it in newer ones;
 * `name` first follows schema 15, where `message` is deprecated.
 */
export function findingTitle(
  vulnerability: JsonRecord,
  identifiers: readonly FindingIdentifier[],
  place: string,
): string {
  const given =
    readText(field(vulnerability, 'name'), maxTitleLength) ??
    readText(field(vulnerability, 'message'), maxTitleLength);
  if (given !== null) return given;
  const name = titleIdentifier(identifiers)?.name ?? '';
  return truncate(place === '' ? name : `${name} in ${place}`, maxTitleLength);
}
