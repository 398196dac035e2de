import { describe, expect, it } from 'vitest';
import { type ParsedReport, parseSecurityReport, type ReportType, SECURITY_REPORT_LIMITS } from './index.ts';

const semgrep = { id: 'semgrep', name: 'Semgrep', vendor: { name: 'GitLab' } };

/** A minimal schema 15 finding; `overrides` replace its fields. */
function vulnerability(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'f1',
    name: 'SQL injection',
    severity: 'High',
    location: { file: 'app/db.js', start_line: 10, end_line: 12 },
    identifiers: [{ type: 'semgrep_id', name: 'sql-injection', value: 'sql-injection' }],
    ...overrides,
  };
}

function report(
  vulnerabilities: unknown[],
  scan: Record<string, unknown> | null = { type: 'sast' },
): unknown {
  return {
    version: '15.0.7',
    vulnerabilities,
    ...(scan === null ? {} : { scan: { scanner: semgrep, status: 'success', ...scan } }),
  };
}

function parsed(json: unknown, declaredType?: ReportType): ParsedReport {
  const result = parseSecurityReport(json, declaredType);
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.value;
}

const refusal = (json: unknown, declaredType?: unknown) =>
  parseSecurityReport(json, declaredType as ReportType | undefined);

describe('refusing a whole report', () => {
  it.each([
    ['null', null],
    ['an array', [{ vulnerabilities: [] }]],
    ['a number', 42],
    ['a string', '{"vulnerabilities":[]}'],
    ['undefined', undefined],
  ])('refuses %s as not a JSON object', (_, json) => {
    expect(refusal(json)).toEqual({ ok: false, error: 'The report is not a JSON object.' });
  });

  it.each([
    ['missing', {}],
    ['an object', { vulnerabilities: {} }],
    ['a string', { vulnerabilities: '[]' }],
    ['null', { vulnerabilities: null }],
  ])('refuses a report whose vulnerabilities are %s', (_, json) => {
    expect(refusal(json)).toEqual({ ok: false, error: 'The report has no "vulnerabilities" array.' });
  });

  it('refuses an unknown scan.type', () => {
    expect(refusal(report([], { type: 'license_scanning' }))).toEqual({
      ok: false,
      error: 'Unknown report type "license_scanning".',
    });
  });

  it('refuses an unknown declared type, whatever its shape', () => {
    expect(refusal(report([]), 'foo')).toEqual({ ok: false, error: 'Unknown report type "foo".' });
    expect(refusal(report([]), 7)).toEqual({ ok: false, error: 'Unknown report type "number".' });
  });

  it('refuses a declared type that contradicts scan.type', () => {
    expect(refusal(report([vulnerability()], { type: 'sast' }), 'dependency_scanning')).toEqual({
      ok: false,
      error: 'The report is a "sast" report (its "scan.type"), but it was uploaded as "dependency_scanning".',
    });
  });

  it('refuses a report that does not say its type when none is declared', () => {
    expect(refusal({ version: '2.0', vulnerabilities: [vulnerability()] })).toEqual({
      ok: false,
      error:
        'The report does not say which scanner produced it (no "scan.type" and no "category" on its findings); choose the report type when uploading.',
    });
  });

  it('refuses a legacy report whose findings are of several types', () => {
    const json = {
      version: '2.0',
      vulnerabilities: [
        vulnerability({ category: 'sast' }),
        vulnerability({ category: 'dependency_scanning' }),
      ],
    };
    expect(refusal(json)).toEqual({
      ok: false,
      error:
        'The report\'s findings are of several types ("sast", "dependency_scanning"); upload one type at a time.',
    });
  });

  it('refuses a legacy report whose only category is unknown', () => {
    const json = { version: '2.0', vulnerabilities: [vulnerability({ category: 'license' })] };
    expect(refusal(json)).toEqual({ ok: false, error: 'Unknown report type "license".' });
  });

  it(`refuses more than ${SECURITY_REPORT_LIMITS.maxFindings} findings before reading any`, () => {
    const many = Array.from({ length: 10_001 }, () => vulnerability());
    expect(refusal(report(many))).toEqual({ ok: false, error: 'The report has more than 10,000 findings.' });
  });

  it('accepts exactly 10,000 findings', () => {
    const many = Array.from({ length: 10_000 }, (_, line) =>
      vulnerability({ location: { file: 'a.js', start_line: line + 1 } }),
    );
    expect(parsed(report(many)).findings).toHaveLength(10_000);
  });
});

describe('the report type', () => {
  it('comes from scan.type, matched case-insensitively', () => {
    expect(parsed(report([vulnerability()], { type: ' SAST ' })).reportType).toBe('sast');
  });

  it('comes from the declared type when the report has no scan', () => {
    const json = { version: '15.0.0', vulnerabilities: [vulnerability({ scanner: semgrep })] };
    expect(parsed(json, 'secret_detection').reportType).toBe('secret_detection');
  });

  it('may agree with scan.type', () => {
    expect(parsed(report([vulnerability()]), 'sast').findings).toHaveLength(1);
  });

  it('is the shared category of a legacy 2.x report, for an empty-scan-type report too', () => {
    const legacy = {
      version: '2.0',
      vulnerabilities: [vulnerability({ category: 'sast', scanner: { id: 'gosec', name: 'Gosec' } })],
    };
    expect(parsed(legacy).reportType).toBe('sast');
    expect(parsed(legacy).scanners).toEqual([{ externalId: 'gosec', name: 'Gosec', vendor: '' }]);
    expect(parsed({ ...legacy, scan: {} }).reportType).toBe('sast');
  });
});

describe('a finding', () => {
  it('is titled by its name, else its message, else its identifier and place', () => {
    const titles = parsed(
      report([
        vulnerability({ name: 'Named', message: 'Messaged' }),
        vulnerability({ name: '  ', message: 'Messaged' }),
        vulnerability({
          name: undefined,
          location: { file: 'src/app/db.js', start_line: 3 },
          identifiers: [
            { type: 'semgrep_id', name: 'rule-1', value: 'rule-1' },
            { type: 'CWE', name: 'CWE-89', value: '89' },
          ],
        }),
        vulnerability({
          name: undefined,
          location: {},
          identifiers: [
            { type: 'cwe', name: 'CWE-89', value: '89' },
            { type: 'cve', name: 'CVE-2021-44228', value: 'CVE-2021-44228' },
          ],
        }),
      ]),
    ).findings.map((finding) => finding.title);
    expect(titles).toEqual(['Named', 'Messaged', 'CWE-89 in db.js', 'CVE-2021-44228']);
  });

  it('names its DAST place by path and its dependency place by file name', () => {
    const dast = parsed(
      report(
        [
          vulnerability({
            name: undefined,
            location: { hostname: 'https://shop.example', path: '/cart', method: 'POST', param: 'qty' },
            identifiers: [{ type: 'ZAProxy_PluginId', name: 'XSS', value: '40012' }],
          }),
        ],
        { type: 'dast' },
      ),
    ).findings[0];
    expect(dast?.title).toBe('XSS in /cart');
    expect(dast?.locationKey).toBe('/cart:POST:qty');

    const dependency = parsed(
      report(
        [
          vulnerability({
            name: undefined,
            location: {
              file: 'web/package-lock.json',
              dependency: { package: { name: 'lodash' }, version: '4.17.4' },
            },
            identifiers: [{ type: 'cve', name: 'CVE-2019-10744', value: 'CVE-2019-10744' }],
          }),
        ],
        { type: 'dependency_scanning' },
      ),
    ).findings[0];
    expect(dependency?.title).toBe('CVE-2019-10744 in package-lock.json');
    expect(dependency?.locationKey).toBe('web/package-lock.json:lodash');
  });

  it.each([
    ['Critical', 'critical'],
    ['HIGH', 'high'],
    [' medium ', 'medium'],
    ['Low', 'low'],
    ['Info', 'info'],
    ['Unknown', 'unknown'],
    ['Undefined', 'unknown'],
    ['Informational', 'unknown'],
    [3, 'unknown'],
    [undefined, 'unknown'],
  ])('reads severity %j as %s', (severity, expected) => {
    expect(parsed(report([vulnerability({ severity })])).findings[0]?.severity).toBe(expected);
  });

  it('uses its own scanner, else the report’s', () => {
    const findings = parsed(
      report([vulnerability({ scanner: { id: 'gosec', name: 'Gosec' } }), vulnerability()]),
    ).findings;
    expect(findings.map((finding) => finding.scanner.externalId)).toEqual(['gosec', 'semgrep']);
  });

  it('lists each scanner of the report once, the report’s first', () => {
    const scanners = parsed(
      report([
        vulnerability({ scanner: { id: 'gosec', name: 'Gosec' } }),
        vulnerability({ scanner: { id: 'semgrep', name: 'Semgrep' } }),
        vulnerability({ scanner: { id: 'gosec' } }),
      ]),
    ).scanners;
    expect(scanners).toEqual([
      { externalId: 'semgrep', name: 'Semgrep', vendor: 'GitLab' },
      { externalId: 'gosec', name: 'Gosec', vendor: '' },
    ]);
  });

  it('keeps only the keys its type has in its location', () => {
    const finding = parsed(
      report([
        vulnerability({ location: { file: 'a.py', start_line: 1, class: 'Db', method: 'run', image: 'x' } }),
      ]),
    ).findings[0];
    expect(finding?.location).toEqual({ file: 'a.py', startLine: 1, className: 'Db', method: 'run' });
  });

  it('keys the primary identifier as GitLab writes it, without changing its case', () => {
    const finding = parsed(
      report([
        vulnerability({ identifiers: [{ type: 'CVE', name: 'CVE-2021-44228', value: 'CVE-2021-44228' }] }),
      ]),
    ).findings[0];
    expect(finding?.primaryIdentifierKey).toBe('CVE:CVE-2021-44228');
  });
});

describe('skipping malformed findings', () => {
  it('skips what cannot be a finding, with the index and why, and keeps the rest', () => {
    const result = parsed(
      report([
        vulnerability(),
        'not a finding',
        vulnerability({ identifiers: [] }),
        vulnerability({ identifiers: [{ type: 'cwe' }, { value: '79' }, { type: 3, value: 79 }] }),
        vulnerability({ identifiers: 'CWE-79' }),
        null,
        vulnerability(),
      ]),
    );
    expect(result.findings).toHaveLength(2);
    expect(result.skipped).toEqual([
      { index: 1, reason: 'The finding is not a JSON object.' },
      { index: 2, reason: 'The finding has no identifier with a "type" and a "value".' },
      { index: 3, reason: 'The finding has no identifier with a "type" and a "value".' },
      { index: 4, reason: 'The finding has no identifier with a "type" and a "value".' },
      { index: 5, reason: 'The finding is not a JSON object.' },
    ]);
  });

  it('skips a finding with no scanner when the report has none either', () => {
    const result = parsed({ version: '15.0.0', scan: { type: 'sast' }, vulnerabilities: [vulnerability()] });
    expect(result.findings).toEqual([]);
    expect(result.skipped).toEqual([
      { index: 0, reason: 'The finding names no scanner, and the report names none either.' },
    ]);
  });
});

describe('bounds', () => {
  it('cuts the title to 255, the description to 15,000 and the solution to 7,000 characters', () => {
    const finding = parsed(
      report([
        vulnerability({
          name: `  ${'T'.repeat(300)}`,
          description: 'D'.repeat(20_000),
          solution: 'S'.repeat(8_000),
        }),
      ]),
    ).findings[0];
    expect(finding?.title).toBe('T'.repeat(255));
    expect(finding?.description).toHaveLength(15_000);
    expect(finding?.solution).toHaveLength(7_000);
  });

  it('never cuts a title in the middle of a character', () => {
    const finding = parsed(report([vulnerability({ name: `${'a'.repeat(254)}😀 tail` })])).findings[0];
    expect(finding?.title).toBe('a'.repeat(254));
  });

  it('trims text, drops NUL characters and reads blank text as missing', () => {
    const finding = parsed(
      report([vulnerability({ name: ' Leak\u0000 ', description: ' \n ', solution: '\tUpgrade.\n' })]),
    ).findings[0];
    expect(finding?.title).toBe('Leak');
    expect(finding?.description).toBeNull();
    expect(finding?.solution).toBe('Upgrade.');
  });

  it('reads at most 20 identifiers and 50 links', () => {
    const identifiers = Array.from({ length: 100 }, (_, i) => ({
      type: 'cwe',
      name: `CWE-${i}`,
      value: String(i),
    }));
    const links = Array.from({ length: 100 }, (_, i) => ({ url: `https://example.com/${i}` }));
    const finding = parsed(report([vulnerability({ identifiers, links })])).findings[0];
    expect(finding?.identifiers).toHaveLength(20);
    expect(finding?.links).toHaveLength(50);
    expect(finding?.links[49]).toEqual({ name: null, url: 'https://example.com/49' });
  });
});
