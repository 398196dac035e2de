import { createHash } from 'node:crypto';
import type {
  FindingIdentifier,
  FindingLink,
  FindingLocation,
  FindingScanner,
  ParsedFinding,
  ReportType,
  Severity,
} from '../../../core/domain/securityReports/index.ts';
import type { Executor } from '../executor.ts';
import type { SecurityReportIngestionRow, VulnerabilityRow, VulnerabilityScannerRow } from '../schema.ts';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** A name-based (version 5) UUID, as GitLab derives a finding's uuid from its fingerprints. */
function uuidV5(name: string): string {
  // The namespace of Plantrack's finding uuids (a version 4 UUID of its own).
  const namespace = Buffer.from('a143e9e2415847cabd3b3e4d3d9c2a1f', 'hex');
  const bytes = createHash('sha1').update(namespace).update(name).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * What makes a finding the same vulnerability in every report of a project: the SHA1s of its primary
 * identifier and of its location (GitLab's fingerprints), and the uuid derived from both.
 */
export function findingIdentity(finding: ParsedFinding, projectId: number) {
  const primaryIdentifierFingerprint = sha1(finding.primaryIdentifierKey);
  const locationFingerprint = sha1(finding.locationKey);
  return {
    primaryIdentifierFingerprint,
    locationFingerprint,
    uuid: uuidV5(`${finding.reportType}-${primaryIdentifierFingerprint}-${locationFingerprint}-${projectId}`),
  };
}

/** The scanner of a project by its external id, made or renamed as the report names it. */
export async function upsertScanner(
  db: Executor,
  place: { readonly projectId: number; readonly rootNamespaceId: number },
  scanner: FindingScanner,
  reportType: ReportType,
  at: Date,
): Promise<VulnerabilityScannerRow> {
  return db
    .insertInto('vulnerability_scanners')
    .values({
      root_namespace_id: place.rootNamespaceId,
      project_id: place.projectId,
      external_id: scanner.externalId,
      name: scanner.name,
      vendor: scanner.vendor,
      report_type: reportType,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) =>
      conflict.columns(['project_id', 'external_id']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        vendor: eb.ref('excluded.vendor'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The identity and the fields a report may change, of a project's vulnerabilities of one type. */
export type KnownFinding = Pick<
  VulnerabilityRow,
  | 'id'
  | 'state'
  | 'scanner_id'
  | 'primary_identifier_fingerprint'
  | 'location_fingerprint'
  | 'resolved_on_default_branch'
  | 'title'
  | 'severity'
  | 'description'
  | 'solution'
>;

export function findKnownFindings(
  db: Executor,
  projectId: number,
  reportType: ReportType,
): Promise<KnownFinding[]> {
  return db
    .selectFrom('vulnerabilities')
    .select([
      'id',
      'state',
      'scanner_id',
      'primary_identifier_fingerprint',
      'location_fingerprint',
      'resolved_on_default_branch',
      'title',
      'severity',
      'description',
      'solution',
    ])
    .where('project_id', '=', projectId)
    .where('report_type', '=', reportType)
    .execute();
}

/** A finding as stored: what the report said of it. */
export interface FindingWrite {
  readonly title: string;
  readonly description: string | null;
  readonly solution: string | null;
  readonly severity: Severity;
  readonly identifiers: readonly FindingIdentifier[];
  readonly location: FindingLocation;
  readonly links: readonly FindingLink[];
}

/** What a report says of a finding, as it is stored. */
export const findingWriteOf = (finding: ParsedFinding): FindingWrite => ({
  title: finding.title,
  description: finding.description,
  solution: finding.solution,
  severity: finding.severity,
  identifiers: finding.identifiers,
  location: finding.location,
  links: finding.links,
});

export interface NewVulnerabilityWrite extends FindingWrite {
  readonly rootNamespaceId: number;
  readonly projectId: number;
  readonly uuid: string;
  readonly reportType: ReportType;
  readonly scannerId: number;
  readonly primaryIdentifierFingerprint: string;
  readonly locationFingerprint: string;
  readonly authorId: number;
  readonly at: Date;
}

const findingColumns = (write: FindingWrite) => ({
  title: write.title,
  description: write.description,
  solution: write.solution,
  severity: write.severity,
  identifiers: JSON.stringify(write.identifiers),
  location: JSON.stringify(write.location),
  links: JSON.stringify(write.links),
});

/** Inserts new vulnerabilities in batches (a report holds up to 10,000 findings). */
export async function insertVulnerabilities(
  db: Executor,
  writes: readonly NewVulnerabilityWrite[],
): Promise<void> {
  const BATCH = 500;
  for (let start = 0; start < writes.length; start += BATCH) {
    await db
      .insertInto('vulnerabilities')
      .values(
        writes.slice(start, start + BATCH).map((write) => ({
          ...findingColumns(write),
          root_namespace_id: write.rootNamespaceId,
          project_id: write.projectId,
          uuid: write.uuid,
          report_type: write.reportType,
          scanner_id: write.scannerId,
          primary_identifier_fingerprint: write.primaryIdentifierFingerprint,
          location_fingerprint: write.locationFingerprint,
          author_id: write.authorId,
          detected_at: write.at,
          created_at: write.at,
          updated_at: write.at,
        })),
      )
      .execute();
  }
}

/** A known finding found again: what the report says of it now, and detected on the branch again. */
export async function updateFinding(
  db: Executor,
  id: number,
  write: FindingWrite & { readonly scannerId: number; readonly at: Date },
): Promise<void> {
  await db
    .updateTable('vulnerabilities')
    .set({
      ...findingColumns(write),
      scanner_id: write.scannerId,
      resolved_on_default_branch: false,
      updated_at: write.at,
    })
    .where('id', '=', id)
    .execute();
}

/** Marks vulnerabilities the latest report no longer found. */
export async function markNoLongerDetected(db: Executor, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('vulnerabilities')
    .set({ resolved_on_default_branch: true, updated_at: at })
    .where('id', 'in', [...ids])
    .execute();
}

export type IngestionWrite = Omit<SecurityReportIngestionRow, 'id'>;

export async function insertIngestion(
  db: Executor,
  write: IngestionWrite,
): Promise<SecurityReportIngestionRow> {
  return db.insertInto('security_report_ingestions').values(write).returningAll().executeTakeFirstOrThrow();
}
