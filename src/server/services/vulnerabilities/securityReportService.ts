import {
  findingDedupKey,
  type ParsedFinding,
  parseSecurityReport,
  type ReportType,
} from '../../../core/domain/securityReports/index.ts';
import { REDETECTED_NOTE, stateChangeAction } from '../../../core/domain/vulnerabilities.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import { insertSystemNotes } from '../../db/repositories/noteRepository.ts';
import {
  findingIdentity,
  findingWriteOf,
  findKnownFindings,
  insertIngestion,
  insertVulnerabilities,
  type KnownFinding,
  markNoLongerDetected,
  type NewVulnerabilityWrite,
  updateFinding,
  upsertScanner,
} from '../../db/repositories/securityReportRepository.ts';
import {
  insertStateTransitions,
  setVulnerabilityState,
} from '../../db/repositories/vulnerabilityRepository.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, ServiceError, UnauthorizedError } from '../errors.ts';
import type { ProjectInNamespace } from '../issueService.ts';

/**
 * Ingesting a scanner's report (what GitLab does with a default-branch pipeline's security report
 * artifacts): each finding becomes a vulnerability of the project, or updates the one it already is,
 * known by its report type, primary identifier and location fingerprints. A vulnerability the same
 * scanner found before but not in this report is marked 'no longer detected'; a resolved one that
 * comes back is set to detected again. One transaction: a report lands whole or not at all.
 */

export interface IngestionSummary {
  readonly reportType: ReportType;
  readonly schemaVersion: string;
  readonly scanners: readonly {
    readonly externalId: string;
    readonly name: string;
    readonly vendor: string;
  }[];
  readonly findings: number;
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly noLongerDetected: number;
  readonly redetected: number;
  readonly skipped: readonly { readonly index: number; readonly reason: string }[];
}

/** Whether the report says anything new of a known finding. */
const differs = (known: KnownFinding, finding: ParsedFinding, scannerId: number) =>
  known.title !== finding.title ||
  known.severity !== finding.severity ||
  known.description !== finding.description ||
  known.solution !== finding.solution ||
  known.scanner_id !== scannerId ||
  known.resolved_on_default_branch;

export async function ingestSecurityReport(
  db: Executor,
  access: AccessContext,
  place: ProjectInNamespace,
  report: unknown,
  declaredType?: ReportType,
): Promise<IngestionSummary> {
  const uploader = access.actor.user;
  if (!uploader) throw new UnauthorizedError();
  if (!(await access.canInProject('upload_security_report', place.project, place.namespace))) {
    throw new ForbiddenError();
  }
  const parsed = parseSecurityReport(report, declaredType);
  if (!parsed.ok) throw new ServiceError('invalid', parsed.error);
  const { reportType, findings: all, skipped, schemaVersion } = parsed.value;
  // A report that names one finding twice (same identifier, same place) holds it once.
  const byKey = new Map<string, ParsedFinding>();
  for (const finding of all)
    if (!byKey.has(findingDedupKey(finding))) byKey.set(findingDedupKey(finding), finding);
  const findings = [...byKey.values()];
  const { project } = place;
  const at = access.now();

  return inTransaction(db, async (trx) => {
    const scannerIds = new Map<string, number>();
    const scanners = [
      ...new Map(
        [...parsed.value.scanners, ...findings.map((f) => f.scanner)].map((s) => [s.externalId, s]),
      ).values(),
    ];
    for (const scanner of scanners) {
      const row = await upsertScanner(
        trx,
        { projectId: project.id, rootNamespaceId: project.root_namespace_id },
        scanner,
        reportType,
        at,
      );
      scannerIds.set(scanner.externalId, row.id);
    }
    const known = new Map(
      (await findKnownFindings(trx, project.id, reportType)).map((row) => [
        `${row.primary_identifier_fingerprint}|${row.location_fingerprint}`,
        row,
      ]),
    );
    const seen = new Set<number>();
    const fresh: NewVulnerabilityWrite[] = [];
    const redetected: KnownFinding[] = [];
    let updated = 0;
    for (const finding of findings) {
      const scannerId = scannerIds.get(finding.scanner.externalId) ?? 0;
      const { primaryIdentifierFingerprint, locationFingerprint, uuid } = findingIdentity(
        finding,
        project.id,
      );
      const existing = known.get(`${primaryIdentifierFingerprint}|${locationFingerprint}`);
      if (!existing) {
        fresh.push({
          ...findingWriteOf(finding),
          rootNamespaceId: project.root_namespace_id,
          projectId: project.id,
          uuid,
          reportType,
          scannerId,
          primaryIdentifierFingerprint,
          locationFingerprint,
          authorId: uploader.id,
          at,
        });
        continue;
      }
      seen.add(existing.id);
      if (existing.state === 'resolved') redetected.push(existing);
      if (differs(existing, finding, scannerId)) {
        await updateFinding(trx, existing.id, { ...findingWriteOf(finding), scannerId, at });
        updated += 1;
      }
    }
    await insertVulnerabilities(trx, fresh);
    // What this report's scanners found before and found no more.
    const reportScanners = new Set(scannerIds.values());
    const gone = [...known.values()]
      .filter(
        (row) => !seen.has(row.id) && reportScanners.has(row.scanner_id) && !row.resolved_on_default_branch,
      )
      .map((row) => row.id);
    await markNoLongerDetected(trx, gone, at);
    for (const row of redetected) {
      await setVulnerabilityState(trx, row.id, { state: 'detected', dismissalReason: null, byId: null, at });
    }
    await insertStateTransitions(
      trx,
      redetected.map((row) => ({
        rootNamespaceId: project.root_namespace_id,
        vulnerabilityId: row.id,
        from: 'resolved' as const,
        to: 'detected' as const,
        authorId: null,
        comment: null,
        dismissalReason: null,
        at,
      })),
    );
    await insertSystemNotes(
      trx,
      redetected.map((row) => ({
        rootNamespaceId: project.root_namespace_id,
        authorId: uploader.id,
        noteableType: 'Vulnerability' as const,
        noteableId: row.id,
        note: REDETECTED_NOTE,
        action: stateChangeAction('detected'),
        createdAt: at,
      })),
    );
    await insertIngestion(trx, {
      root_namespace_id: project.root_namespace_id,
      project_id: project.id,
      report_type: reportType,
      scanner_id: scanners[0] ? (scannerIds.get(scanners[0].externalId) ?? null) : null,
      schema_version: schemaVersion.slice(0, 32),
      findings_count: findings.length,
      created_count: fresh.length,
      updated_count: updated,
      no_longer_detected_count: gone.length,
      skipped_count: skipped.length,
      uploaded_by_id: uploader.id,
      created_at: at,
    });
    return {
      reportType,
      schemaVersion,
      scanners,
      findings: findings.length,
      created: fresh.length,
      updated,
      unchanged: findings.length - fresh.length - updated,
      noLongerDetected: gone.length,
      redetected: redetected.length,
      skipped,
    };
  });
}
