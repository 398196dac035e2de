import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  findingDedupKey,
  type ParsedFinding,
  type ParsedReport,
  parseSecurityReport,
  type ReportType,
} from './index.ts';

/** The real reports in tests/fixtures/security-reports (origins in its README). */
function fixture(name: string): unknown {
  const url = new URL(`../../../../tests/fixtures/security-reports/${name}`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8'));
}

function parsed(name: string, declaredType?: ReportType): ParsedReport {
  const result = parseSecurityReport(fixture(name), declaredType);
  if (!result.ok) throw new Error(`${name} was refused: ${result.error}`);
  return result.value;
}

function findingAt(report: ParsedReport, locationKey: string): ParsedFinding {
  const found = report.findings.find((finding) => finding.locationKey === locationKey);
  if (found === undefined) throw new Error(`no finding at ${locationKey}`);
  return found;
}

function countBySeverity(report: ParsedReport): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { severity } of report.findings) counts[severity] = (counts[severity] ?? 0) + 1;
  return counts;
}

describe('a real SAST report (Semgrep analyzer, schema 15.1.4)', () => {
  const report = parsed('gl-sast-report.json');

  it('reads every finding, its type, schema, scanner and status', () => {
    expect(report.reportType).toBe('sast');
    expect(report.schemaVersion).toBe('15.1.4');
    expect(report.scanStatus).toBe('success');
    expect(report.scanners).toEqual([{ externalId: 'semgrep', name: 'Semgrep', vendor: 'GitLab' }]);
    expect(report.findings).toHaveLength(6);
    expect(report.skipped).toEqual([]);
    expect(countBySeverity(report)).toEqual({ high: 2, medium: 4 });
  });

  it('reads the OS command injection finding as a user sees it', () => {
    const finding = findingAt(report, 'src/main/java/com/scalesec/vulnado/Cowsay.java:11:');
    expect(finding.title).toBe(
      "Improper neutralization of special elements used in an OS command ('OS Command Injection')",
    );
    expect(finding.severity).toBe('high');
    expect(finding.description).toMatch(/^OS command injection is a critical vulnerability/);
    expect(finding.solution).toBeNull();
    expect(finding.location).toEqual({
      file: 'src/main/java/com/scalesec/vulnado/Cowsay.java',
      startLine: 11,
    });
    expect(finding.identifiers).toHaveLength(5);
    expect(finding.identifiers[0]).toEqual({
      externalType: 'semgrep_id',
      externalId: 'find_sec_bugs.COMMAND_INJECTION-1',
      name: 'find_sec_bugs.COMMAND_INJECTION-1',
      url: null,
    });
    expect(finding.identifiers[1]).toEqual({
      externalType: 'cwe',
      externalId: '78',
      name: 'CWE-78',
      url: 'https://cwe.mitre.org/data/definitions/78.html',
    });
    expect(finding.primaryIdentifierKey).toBe('semgrep_id:find_sec_bugs.COMMAND_INJECTION-1');
    // The finding's own scanner has no vendor; GitLab's schema puts the vendor on scan.scanner only.
    expect(finding.scanner).toEqual({ externalId: 'semgrep', name: 'Semgrep', vendor: '' });
    expect(findingDedupKey(finding)).toBe(
      'sast|semgrep_id:find_sec_bugs.COMMAND_INJECTION-1|src/main/java/com/scalesec/vulnado/Cowsay.java:11:',
    );
  });

  it('gives the same rule at two places in one file two dedup keys', () => {
    const keys = report.findings.map(findingDedupKey);
    expect(new Set(keys).size).toBe(6);
    expect(keys).toContain(
      'sast|semgrep_id:java_csrf_rule-UnrestrictedRequestMapping|src/main/java/com/scalesec/vulnado/LinksController.java:15:',
    );
    expect(keys).toContain(
      'sast|semgrep_id:java_csrf_rule-UnrestrictedRequestMapping|src/main/java/com/scalesec/vulnado/LinksController.java:19:',
    );
  });
});

describe('a rescan of the SAST report (one finding fixed, one re-rated)', () => {
  const before = parsed('gl-sast-report.json');
  const after = parsed('sast-rescan.json');
  const keysOf = (report: ParsedReport) => new Set(report.findings.map(findingDedupKey));

  it('no longer has the weak digest finding, and nothing new', () => {
    const fixed = [...keysOf(before)].filter((key) => !keysOf(after).has(key));
    const added = [...keysOf(after)].filter((key) => !keysOf(before).has(key));
    expect(fixed).toEqual([
      'sast|semgrep_id:find_sec_bugs.WEAK_MESSAGE_DIGEST_MD5-1.WEAK_MESSAGE_DIGEST_SHA1-1|src/main/java/com/scalesec/vulnado/Postgres.java:67:',
    ]);
    expect(added).toEqual([]);
  });

  it('keeps the SQL injection finding under the same key, now critical', () => {
    const key = 'src/main/java/com/scalesec/vulnado/User.java:49:';
    const was = findingAt(before, key);
    const now = findingAt(after, key);
    expect(findingDedupKey(now)).toBe(findingDedupKey(was));
    expect([was.severity, now.severity]).toEqual(['high', 'critical']);
    expect(now.title).toBe(was.title);
  });
});

describe('a real dependency scanning report (retire.js analyzer, legacy schema 2.1)', () => {
  const report = parsed('gl-dependency-scanning-report.json');

  it('takes its type from the findings’ category, as it has no scan object', () => {
    expect(report.reportType).toBe('dependency_scanning');
    expect(report.schemaVersion).toBe('2.1');
    expect(report.scanStatus).toBeNull();
    expect(report.findings).toHaveLength(17);
    expect(report.skipped).toEqual([]);
    expect(countBySeverity(report)).toEqual({ high: 4, medium: 9, low: 4 });
    expect(report.scanners).toEqual([{ externalId: 'retire.js', name: 'Retire.js', vendor: '' }]);
  });

  it('is accepted when uploaded as dependency scanning too', () => {
    expect(parsed('gl-dependency-scanning-report.json', 'dependency_scanning').findings).toHaveLength(17);
  });

  it('reads the jsonwebtoken finding with its package and version', () => {
    const finding = findingAt(report, 'juice-shop/package.json:jsonwebtoken');
    expect(finding.title).toBe('jsonwebtoken_verification-bypass');
    expect(finding.severity).toBe('high');
    expect(finding.location).toEqual({
      file: 'juice-shop/package.json',
      dependency: { packageName: 'jsonwebtoken', version: '0.1.0' },
    });
    expect(finding.primaryIdentifierKey).toBe('npm:17');
  });

  it('titles a finding without a name by its message', () => {
    const finding = findingAt(report, 'juice-shop/package.json:jws');
    expect(finding.title).toBe('Vulnerability in jws');
  });

  it('keys the same CVE in two copies of jQuery apart', () => {
    const jquery = report.findings.filter((finding) => finding.location.dependency?.packageName === 'jquery');
    expect(jquery).toHaveLength(7);
    expect(new Set(jquery.map(findingDedupKey)).size).toBe(7);
    const prototypePollution = jquery.filter(
      (finding) => finding.primaryIdentifierKey === 'cve:CVE-2019-11358',
    );
    expect(prototypePollution.map((finding) => finding.location.dependency?.version)).toEqual([
      '1.3.2',
      '1.4.4.min',
    ]);
  });
});

describe('a real container scanning report (GitLab gcs 6.2.0 with Trivy, schema 15.0.6)', () => {
  const report = parsed('gl-container-scanning-report.json');
  const image =
    'registry.gitlab.com/agilefactory/witboost.mesh/provisioning/witboost.mesh.provisioning.javaspecificprovisioner';

  it('reads the kept 40 findings, with the report scanner for each', () => {
    expect(report.reportType).toBe('container_scanning');
    expect(report.schemaVersion).toBe('15.0.6');
    expect(report.findings).toHaveLength(40);
    expect(countBySeverity(report)).toEqual({ high: 5, medium: 10, low: 25 });
    const trivy = { externalId: 'trivy', name: 'Trivy', vendor: 'GitLab' };
    expect(report.scanners).toEqual([trivy]);
    expect(report.findings.every((finding) => finding.scanner.externalId === 'trivy')).toBe(true);
  });

  it('derives a title from the CVE and the image and package, as the findings have no name', () => {
    const curl = report.findings.find((finding) => finding.primaryIdentifierKey === 'cve:CVE-2023-38545');
    expect(curl?.title).toBe(`CVE-2023-38545 in ${image}:curl`);
    expect(curl?.severity).toBe('high');
    expect(curl?.solution).toBe('No solution provided');
    expect(curl?.location).toEqual({
      image,
      operatingSystem: 'ubuntu 22.04',
      dependency: { packageName: 'curl', version: '7.81.0-1ubuntu1.8' },
    });
    expect(curl?.locationKey).toBe(`${image}:curl`);
    expect(curl?.links).toHaveLength(5);
    expect(curl?.links[1]).toEqual({ name: null, url: 'https://curl.se/docs/CVE-2023-38545.html' });
  });

  it('keeps at most 50 links and every finding’s own, the longest here having 36', () => {
    expect(Math.max(...report.findings.map((finding) => finding.links.length))).toBe(36);
  });
});

describe('a real secret detection report (secrets analyzer 7.24.2, schema 15.2.2)', () => {
  const report = parsed('gl-secret-detection-report.json');

  it('reads four leaks, keyed by file and start line with no end line', () => {
    expect(report.reportType).toBe('secret_detection');
    expect(report.findings.map((finding) => finding.locationKey)).toEqual([
      '.env.example:2:',
      '.env.example:3:',
      'gl-secret-detection-report.json:1:',
      'gl-secret-detection-report.json:1:',
    ]);
    expect(report.findings.every((finding) => finding.severity === 'critical')).toBe(true);
    expect(report.findings[0]?.title).toBe('Password in URL');
    expect(report.findings[0]?.primaryIdentifierKey).toBe('gitleaks_rule_id:Password in URL');
    expect(report.scanners).toEqual([{ externalId: 'gitleaks', name: 'Gitleaks', vendor: 'GitLab' }]);
  });

  it('gives the two leaks GitLab would merge (same rule, same line) one dedup key', () => {
    expect(new Set(report.findings.map(findingDedupKey)).size).toBe(3);
  });
});

describe('GitLab’s DAST fixture (schema 14.0.2)', () => {
  const report = parsed('gl-dast-report.json');

  it('reads the CSP finding, titled by its message, keyed by path, method and param', () => {
    expect(report.reportType).toBe('dast');
    expect(report.schemaVersion).toBe('14.0.2');
    expect(report.findings).toHaveLength(1);
    const [finding] = report.findings;
    expect(finding?.title).toBe('Content Security Policy (CSP) Header Not Set');
    expect(finding?.severity).toBe('medium');
    expect(finding?.location).toEqual({
      hostname: 'http://pancakes',
      path: '/WebGoat/plugins/bootstrap/css/pancakes.css',
      requestMethod: 'GET',
    });
    expect(finding?.locationKey).toBe('/WebGoat/plugins/bootstrap/css/pancakes.css:GET:');
    expect(finding?.primaryIdentifierKey).toBe('ZAProxy_PluginId:10038');
    expect(finding?.solution).toMatch(/^Ensure that your web server/);
    expect(report.scanners.map((scanner) => scanner.externalId)).toEqual(['zaproxy-browserker']);
  });

  it('is refused when uploaded as another type', () => {
    expect(parseSecurityReport(fixture('gl-dast-report.json'), 'sast')).toEqual({
      ok: false,
      error: 'The report is a "dast" report (its "scan.type"), but it was uploaded as "sast".',
    });
  });
});
