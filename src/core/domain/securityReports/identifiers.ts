import { asRecord, field, readText } from './jsonFields.ts';
import { SECURITY_REPORT_LIMITS } from './limits.ts';
import type { FindingIdentifier, FindingLink } from './types.ts';

const { maxIdentifiers, maxLinks, maxShortTextLength, maxUrlLength } = SECURITY_REPORT_LIMITS;

/** The first `max` entries of a JSON array; nothing for anything else. Later entries are never read. */
const firstEntries = (value: unknown, max: number): readonly unknown[] =>
  Array.isArray(value) ? value.slice(0, max) : [];

function parseIdentifier(value: unknown): FindingIdentifier | null {
  const record = asRecord(value);
  const externalType = readText(field(record, 'type'), maxShortTextLength);
  const externalId = readText(field(record, 'value'), maxShortTextLength);
  if (externalType === null || externalId === null) return null;
  return {
    externalType,
    externalId,
    name: readText(field(record, 'name'), maxShortTextLength) ?? externalId,
    url: readText(field(record, 'url'), maxUrlLength),
  };
}

/**
 * A finding's identifiers, in report order (the first is the primary one). Of the first
 * `maxIdentifiers` entries, those without a `type` or a `value` are dropped.
 */
export function parseIdentifiers(value: unknown): FindingIdentifier[] {
  return firstEntries(value, maxIdentifiers)
    .map(parseIdentifier)
    .filter((identifier) => identifier !== null);
}

function parseLink(value: unknown): FindingLink | null {
  const record = asRecord(value);
  const url = readText(field(record, 'url'), maxUrlLength);
  return url === null ? null : { name: readText(field(record, 'name'), maxShortTextLength), url };
}

/** A finding's links: of the first `maxLinks` entries, those with a `url`. */
export function parseLinks(value: unknown): FindingLink[] {
  return firstEntries(value, maxLinks)
    .map(parseLink)
    .filter((link) => link !== null);
}

/**
 * `<type>:<value>`, the text GitLab hashes into an identifier's fingerprint
 * (Gitlab::Ci::Reports::Security::Identifier#generate_fingerprint:
 * `Digest::SHA1.hexdigest("#{external_type}:#{external_id}")`). GitLab does not case-fold it, in
 * any version found, so neither does this: `CWE:79` and `cwe:79` are different identifiers there.
 */
export function identifierKey(identifier: FindingIdentifier): string {
  return `${identifier.externalType}:${identifier.externalId}`;
}

/**
 * The identifier GitLab names in a derived title: the first CVE, else the first CWE, else the
 * primary one (types compared case-insensitively, as `Identifier#cve?` and `#cwe?` do).
 */
export function titleIdentifier(identifiers: readonly FindingIdentifier[]): FindingIdentifier | undefined {
  const ofType = (type: string) => identifiers.find((i) => i.externalType.toLowerCase() === type);
  return ofType('cve') ?? ofType('cwe') ?? identifiers[0];
}
