/**
 * The demo's vulnerability reports: what GitLab's analyzers would have found on the default branch
 * of acme's API (SAST, dependency scanning, secret detection) and web app (container scanning,
 * DAST), written as GitLab security reports and read by the same parser an upload goes through.
 * A few have been triaged by the maintainer: confirmed, dismissed as a false positive, resolved;
 * one is no longer detected.
 */
import { parseSecurityReport, type ReportType } from '../../../core/domain/securityReports/index.ts';
import {
  stateChangeAction,
  stateChangeNote,
  type VulnerabilityState,
} from '../../../core/domain/vulnerabilities.ts';
import type { Executor } from '../executor.ts';
import { insertSystemNotes } from '../repositories/noteRepository.ts';
import {
  findingIdentity,
  findingWriteOf,
  insertIngestion,
  insertVulnerabilities,
  upsertScanner,
} from '../repositories/securityReportRepository.ts';
import { insertStateTransitions, setVulnerabilityState } from '../repositories/vulnerabilityRepository.ts';

const DAY = 86_400_000;

interface DemoFinding {
  readonly name: string;
  readonly severity: string;
  readonly description: string;
  readonly solution?: string;
  readonly cwe?: number;
  readonly cve?: string;
  readonly ruleId: string;
  readonly location: Record<string, unknown>;
}

const SCANNERS: Record<string, { id: string; name: string; vendor: string; version: string }> = {
  sast: { id: 'semgrep', name: 'Semgrep', vendor: 'GitLab', version: '1.74.0' },
  dependency_scanning: { id: 'gemnasium', name: 'Gemnasium', vendor: 'GitLab', version: '5.2.1' },
  secret_detection: { id: 'gitleaks', name: 'Gitleaks', vendor: 'GitLab', version: '8.18.2' },
  container_scanning: { id: 'trivy', name: 'Trivy', vendor: 'GitLab', version: '0.51.1' },
  dast: { id: 'zaproxy', name: 'OWASP Zed Attack Proxy (ZAP)', vendor: 'GitLab', version: '2.14.0' },
};

const sast = (
  file: string,
  line: number,
  extra: Partial<DemoFinding> & Pick<DemoFinding, 'name' | 'severity' | 'ruleId' | 'description'>,
): DemoFinding => ({
  location: { file, start_line: line, end_line: line + 2 },
  ...extra,
});
const dependency = (
  file: string,
  pkg: string,
  version: string,
  extra: Omit<DemoFinding, 'location'>,
): DemoFinding => ({
  location: { file, dependency: { package: { name: pkg }, version } },
  ...extra,
});

const API_REPORTS: Record<string, readonly DemoFinding[]> = {
  sast: [
    sast('app/handlers/search.go', 42, {
      name: 'Improper neutralization of special elements used in an SQL Command (SQL Injection)',
      severity: 'High',
      ruleId: 'go_sql_rule-concat-sqli',
      cwe: 89,
      description:
        'SQL queries built by concatenating user input allow an attacker to change the query. The `q` parameter reaches `db.Query` unescaped.',
      solution:
        'Use parameterized queries (`db.Query("... WHERE title = $1", q)`) instead of string concatenation.',
    }),
    sast('app/auth/tokens.go', 88, {
      name: 'Use of a broken or risky cryptographic algorithm',
      severity: 'Medium',
      ruleId: 'go_crypto_rule-weakhash-sha1',
      cwe: 327,
      description: 'Tokens are hashed with SHA-1, which is no longer considered collision resistant.',
      solution: 'Hash tokens with SHA-256 or a keyed HMAC.',
    }),
    sast('app/files/download.go', 31, {
      name: "Improper limitation of a pathname to a restricted directory ('Path Traversal')",
      severity: 'Critical',
      ruleId: 'go_filesystem_rule-fileread',
      cwe: 22,
      description:
        'The file name from the request is joined to the storage root without cleaning, so `../` sequences can read any file the server can.',
      solution:
        'Clean the path with `filepath.Clean` and check that the result stays inside the storage root.',
    }),
    sast('app/server/tls.go', 17, {
      name: 'Certificate validation disabled',
      severity: 'High',
      ruleId: 'go_crypto_rule-insecure-ignore-host-key',
      cwe: 295,
      description: '`InsecureSkipVerify: true` turns off certificate checks for outgoing requests.',
    }),
    sast('app/handlers/redirect.go', 12, {
      name: "URL redirection to untrusted site ('Open Redirect')",
      severity: 'Low',
      ruleId: 'go_injection_rule-open-redirect',
      cwe: 601,
      description: 'The `next` parameter is used as the redirect target without checking its host.',
    }),
    sast('app/util/random.go', 9, {
      name: 'Use of cryptographically weak pseudo-random number generator (PRNG)',
      severity: 'Info',
      ruleId: 'go_crypto_rule-weakrandsource',
      cwe: 338,
      description: '`math/rand` is used to build identifiers that should be unpredictable.',
    }),
  ],
  dependency_scanning: [
    dependency('go.sum', 'golang.org/x/net', 'v0.17.0', {
      name: 'HTTP/2 rapid reset can cause excessive work in net/http',
      severity: 'High',
      ruleId: 'GO-2023-2102',
      cve: 'CVE-2023-39325',
      description:
        'A malicious HTTP/2 client which rapidly creates requests and immediately resets them can cause excessive server resource consumption.',
      solution: 'Upgrade to version 0.17.0 or above.',
    }),
    dependency('go.sum', 'github.com/golang-jwt/jwt/v4', 'v4.4.1', {
      name: 'Improper validation of audience in golang-jwt',
      severity: 'Medium',
      ruleId: 'GHSA-c3h9-896r-86jm',
      cve: 'CVE-2020-26160',
      description: 'If `aud` is a `[]string` and an empty value, the audience check passes.',
      solution: 'Upgrade to version 4.5.0 or above.',
    }),
    dependency('go.sum', 'google.golang.org/protobuf', 'v1.31.0', {
      name: 'Infinite loop in JSON unmarshaling in google.golang.org/protobuf',
      severity: 'Medium',
      ruleId: 'GO-2024-2611',
      cve: 'CVE-2024-24786',
      description:
        'The protojson.Unmarshal function can enter an infinite loop when unmarshaling certain forms of invalid JSON.',
      solution: 'Upgrade to version 1.33.0 or above.',
    }),
    dependency('go.sum', 'github.com/gin-gonic/gin', 'v1.9.0', {
      name: 'Improper input validation in gin',
      severity: 'Low',
      ruleId: 'GHSA-2c4m-59x9-fr2g',
      cve: 'CVE-2023-29401',
      description: 'The filename parameter of Context.FileAttachment is not properly sanitized.',
      solution: 'Upgrade to version 1.9.1 or above.',
    }),
    dependency('go.sum', 'golang.org/x/crypto', 'v0.14.0', {
      name: 'Prefix truncation attack against ChaCha20-Poly1305 and Encrypt-then-MAC (Terrapin)',
      severity: 'Medium',
      ruleId: 'GO-2023-2402',
      cve: 'CVE-2023-48795',
      description: 'Many SSH cryptographic primitives are vulnerable to a prefix truncation attack.',
      solution: 'Upgrade to version 0.17.0 or above.',
    }),
  ],
  secret_detection: [
    {
      name: 'AWS access token',
      severity: 'Critical',
      ruleId: 'AWS',
      description: 'An AWS access key id was committed to the repository.',
      solution: 'Revoke the key in AWS IAM, then remove it from the history.',
      location: { file: 'deploy/terraform.tfvars', start_line: 4, end_line: 4 },
    },
    {
      name: 'GitLab personal access token',
      severity: 'Critical',
      ruleId: 'gitlab_personal_access_token',
      description: 'A personal access token (glpat-…) appears in a test fixture.',
      location: { file: 'testdata/client_test.go', start_line: 27, end_line: 27 },
    },
  ],
};

const WEBAPP_REPORTS: Record<string, readonly DemoFinding[]> = {
  container_scanning: [
    {
      name: 'CVE-2024-2511 in openssl',
      severity: 'Medium',
      ruleId: 'CVE-2024-2511',
      cve: 'CVE-2024-2511',
      description: 'Unbounded memory growth with session handling in TLSv1.3.',
      solution: 'Upgrade openssl to 3.1.4-r6',
      location: {
        image: 'registry.example.com/acme/webapp:main',
        operating_system: 'alpine 3.19',
        dependency: { package: { name: 'openssl' }, version: '3.1.4-r5' },
      },
    },
    {
      name: 'CVE-2023-42363 in busybox',
      severity: 'Medium',
      ruleId: 'CVE-2023-42363',
      cve: 'CVE-2023-42363',
      description: 'A use-after-free vulnerability was discovered in xasprintf function in xfuncs_printf.c.',
      location: {
        image: 'registry.example.com/acme/webapp:main',
        operating_system: 'alpine 3.19',
        dependency: { package: { name: 'busybox' }, version: '1.36.1-r15' },
      },
    },
    {
      name: 'CVE-2024-28182 in nghttp2',
      severity: 'High',
      ruleId: 'CVE-2024-28182',
      cve: 'CVE-2024-28182',
      description:
        'nghttp2 keeps reading an unbounded number of HTTP/2 CONTINUATION frames even after a stream is reset.',
      solution: 'Upgrade nghttp2 to 1.58.0-r1',
      location: {
        image: 'registry.example.com/acme/webapp:main',
        operating_system: 'alpine 3.19',
        dependency: { package: { name: 'nghttp2-libs' }, version: '1.58.0-r0' },
      },
    },
  ],
  dast: [
    {
      name: 'Content Security Policy (CSP) header not set',
      severity: 'Medium',
      ruleId: '10038',
      cwe: 693,
      description:
        'Content Security Policy is an added layer of security that helps to detect and mitigate certain types of attacks.',
      solution: 'Configure your web server to return the Content-Security-Policy header.',
      location: { hostname: 'https://staging.webapp.example.com', method: 'GET', path: '/login', param: '' },
    },
    {
      name: 'Cookie without SameSite attribute',
      severity: 'Low',
      ruleId: '10054',
      cwe: 1275,
      description:
        'A cookie has been set without the SameSite attribute, which means it can be sent as a result of a cross-site request.',
      location: {
        hostname: 'https://staging.webapp.example.com',
        method: 'POST',
        path: '/session',
        param: '_webapp_session',
      },
    },
    {
      name: 'Cross site scripting (reflected)',
      severity: 'High',
      ruleId: '40012',
      cwe: 79,
      description: 'The `q` query parameter is echoed into the search results page without encoding.',
      solution: 'Encode output for the HTML context it lands in.',
      location: {
        hostname: 'https://staging.webapp.example.com',
        method: 'GET',
        path: '/search',
        param: 'q',
      },
    },
  ],
};

/** A GitLab security report (schema 15.0.7) of these findings. */
function reportOf(type: string, findings: readonly DemoFinding[], at: Date) {
  const scanner = SCANNERS[type]!;
  const identifiers = (finding: DemoFinding) => [
    ...(finding.cve
      ? [
          {
            type: 'cve',
            name: finding.cve,
            value: finding.cve,
            url: `https://nvd.nist.gov/vuln/detail/${finding.cve}`,
          },
        ]
      : []),
    { type: scanner.id, name: finding.ruleId, value: finding.ruleId },
    ...(finding.cwe
      ? [
          {
            type: 'cwe',
            name: `CWE-${finding.cwe}`,
            value: String(finding.cwe),
            url: `https://cwe.mitre.org/data/definitions/${finding.cwe}.html`,
          },
        ]
      : []),
  ];
  const time = at.toISOString().slice(0, 19);
  return {
    version: '15.0.7',
    scan: {
      analyzer: {
        id: scanner.id,
        name: scanner.name,
        vendor: { name: scanner.vendor },
        version: scanner.version,
      },
      scanner: {
        id: scanner.id,
        name: scanner.name,
        vendor: { name: scanner.vendor },
        version: scanner.version,
      },
      type,
      start_time: time,
      end_time: time,
      status: 'success',
    },
    vulnerabilities: findings.map((finding, index) => ({
      id: `${type}-${index}`,
      name: finding.name,
      description: finding.description,
      ...(finding.solution ? { solution: finding.solution } : {}),
      severity: finding.severity,
      identifiers: identifiers(finding),
      location: finding.location,
      ...(finding.cve ? { links: [{ url: `https://nvd.nist.gov/vuln/detail/${finding.cve}` }] } : {}),
    })),
  };
}

async function projectAndUsers(db: Executor, path: string) {
  const project = await db
    .selectFrom('projects')
    .selectAll()
    .where('full_path', '=', path)
    .executeTakeFirst();
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'in', ['developer', 'maintainer'])
    .execute();
  const idOf = (name: string) => users.find((user) => user.username === name)?.id;
  return { project, developerId: idOf('developer'), maintainerId: idOf('maintainer') };
}

/** Ingests one project's reports as its developer, `daysAgo` days ago; returns vulnerability ids by title. */
async function ingest(
  db: Executor,
  path: string,
  reports: Record<string, readonly DemoFinding[]>,
  nowMs: number,
) {
  const { project, developerId, maintainerId } = await projectAndUsers(db, path);
  if (!project || developerId === undefined || maintainerId === undefined) return null;
  let daysAgo = 30;
  for (const [type, findings] of Object.entries(reports)) {
    const at = new Date(nowMs - daysAgo * DAY);
    daysAgo -= 4;
    const parsed = parseSecurityReport(reportOf(type, findings, at));
    if (!parsed.ok) throw new Error(`Demo ${type} report: ${parsed.error}`);
    const reportType: ReportType = parsed.value.reportType;
    const place = { projectId: project.id, rootNamespaceId: project.root_namespace_id };
    const scanner = await upsertScanner(db, place, parsed.value.scanners[0]!, reportType, at);
    await insertVulnerabilities(
      db,
      parsed.value.findings.map((finding) => ({
        ...findingIdentity(finding, project.id),
        ...findingWriteOf(finding),
        rootNamespaceId: project.root_namespace_id,
        projectId: project.id,
        reportType,
        scannerId: scanner.id,
        authorId: developerId,
        at,
      })),
    );
    await insertIngestion(db, {
      root_namespace_id: project.root_namespace_id,
      project_id: project.id,
      report_type: reportType,
      scanner_id: scanner.id,
      schema_version: parsed.value.schemaVersion,
      findings_count: parsed.value.findings.length,
      created_count: parsed.value.findings.length,
      updated_count: 0,
      no_longer_detected_count: 0,
      skipped_count: 0,
      uploaded_by_id: developerId,
      created_at: at,
    });
  }
  const rows = await db
    .selectFrom('vulnerabilities')
    .selectAll()
    .where('project_id', '=', project.id)
    .execute();
  return { rows, maintainerId };
}

export async function writeSecurityFindings(db: Executor, nowMs: number): Promise<number> {
  const api = await ingest(db, 'acme/platform/backend/api', API_REPORTS, nowMs);
  const webapp = await ingest(db, 'acme/product/web/webapp', WEBAPP_REPORTS, nowMs);
  if (!api || !webapp) return 0;
  const triage: [typeof api, string, VulnerabilityState, string | null, 'false_positive' | null][] = [
    [api, 'Certificate validation disabled', 'confirmed', 'Reproduced against staging.', null],
    [api, 'HTTP/2 rapid reset can cause excessive work in net/http', 'confirmed', null, null],
    [
      api,
      'GitLab personal access token',
      'dismissed',
      'The token in the fixture is a revoked example value.',
      'false_positive',
    ],
    [
      api,
      'Use of a broken or risky cryptographic algorithm',
      'resolved',
      'Tokens are hashed with SHA-256 since !12.',
      null,
    ],
    [webapp, 'Cookie without SameSite attribute', 'confirmed', null, null],
  ];
  for (const [{ rows, maintainerId }, title, state, comment, reason] of triage) {
    const row = rows.find((candidate) => candidate.title === title);
    if (!row) continue;
    const at = new Date(nowMs - 3 * DAY);
    await setVulnerabilityState(db, row.id, { state, dismissalReason: reason, byId: maintainerId, at });
    await insertStateTransitions(db, [
      {
        rootNamespaceId: row.root_namespace_id,
        vulnerabilityId: row.id,
        from: 'detected',
        to: state,
        authorId: maintainerId,
        comment,
        dismissalReason: reason,
        at,
      },
    ]);
    await insertSystemNotes(db, [
      {
        rootNamespaceId: row.root_namespace_id,
        authorId: maintainerId,
        noteableType: 'Vulnerability',
        noteableId: row.id,
        note: stateChangeNote({ from: 'detected', to: state, dismissalReason: reason, comment }),
        action: stateChangeAction(state),
        createdAt: at,
      },
    ]);
  }
  // The resolved one is gone from the latest scan too.
  const fixed = api.rows.find((row) => row.title === 'Use of a broken or risky cryptographic algorithm');
  if (fixed) {
    await db
      .updateTable('vulnerabilities')
      .set({ resolved_on_default_branch: true })
      .where('id', '=', fixed.id)
      .execute();
  }
  return api.rows.length + webapp.rows.length;
}
