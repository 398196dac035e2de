import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSecurityReport, REPORT_TYPES, type ReportType } from './index.ts';

/** Whatever the input, a Result comes back: a refusal, or findings and skips that account for every entry. */
function expectResult(json: unknown, declaredType?: ReportType): void {
  const result = parseSecurityReport(json, declaredType);
  if (!result.ok) {
    expect(typeof result.error).toBe('string');
    return;
  }
  const { findings, skipped } = result.value;
  const vulnerabilities = (json as { vulnerabilities: unknown[] }).vulnerabilities;
  expect(findings.length + skipped.length).toBe(vulnerabilities.length);
  for (const finding of findings) {
    expect(finding.identifiers.length).toBeGreaterThan(0);
    expect(finding.title.length).toBeLessThanOrEqual(255);
  }
}

const reportType = fc.constantFrom(...REPORT_TYPES);

/** Reports shaped roughly right, with any JSON where the fields should be. */
const roughReport = fc.record(
  {
    version: fc.jsonValue(),
    scan: fc.oneof(
      fc.jsonValue(),
      fc.record({ type: fc.oneof(reportType, fc.jsonValue()), scanner: fc.jsonValue() }),
    ),
    vulnerabilities: fc.array(
      fc.oneof(
        fc.jsonValue(),
        fc.record(
          {
            name: fc.jsonValue(),
            severity: fc.oneof(fc.constantFrom('High', 'LOW', 'Undefined'), fc.jsonValue()),
            category: fc.oneof(reportType, fc.jsonValue()),
            scanner: fc.oneof(fc.record({ id: fc.jsonValue(), name: fc.jsonValue() }), fc.jsonValue()),
            location: fc.oneof(
              fc.record({
                file: fc.jsonValue(),
                start_line: fc.jsonValue(),
                image: fc.jsonValue(),
                dependency: fc.jsonValue(),
                path: fc.jsonValue(),
              }),
              fc.jsonValue(),
            ),
            identifiers: fc.oneof(
              fc.array(fc.oneof(fc.record({ type: fc.jsonValue(), value: fc.jsonValue() }), fc.jsonValue())),
              fc.jsonValue(),
            ),
            links: fc.jsonValue(),
          },
          { requiredKeys: [] },
        ),
      ),
      { maxLength: 20 },
    ),
  },
  { requiredKeys: ['vulnerabilities'] },
);

describe('hostile and garbage input', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an array', []],
    ['a number', Number.NaN],
    ['a boolean', true],
    ['a symbol', Symbol('report')],
    ['a function', () => ({ vulnerabilities: [] })],
    ['a bigint', 10n],
  ])('refuses %s without throwing', (_, json) => {
    expect(parseSecurityReport(json)).toEqual({ ok: false, error: 'The report is not a JSON object.' });
  });

  it('reads no inherited property as a report field', () => {
    const inherited = Object.create({ vulnerabilities: [], scan: { type: 'sast' } });
    expect(parseSecurityReport(inherited).ok).toBe(false);
    const proto = JSON.parse('{"__proto__": {"type": "sast"}, "vulnerabilities": []}');
    expect(parseSecurityReport(proto, 'dast')).toMatchObject({ ok: true, value: { reportType: 'dast' } });
  });

  it('refuses a report whose fields throw when read', () => {
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        has: () => true,
        getOwnPropertyDescriptor: () => ({ configurable: true, enumerable: true, value: 1 }),
      },
    );
    expect(parseSecurityReport(trap)).toEqual({ ok: false, error: 'The report could not be read.' });
  });

  it('survives deeply odd findings', () => {
    const odd = {
      scan: { type: 'container_scanning', scanner: { id: ['trivy'], name: { en: 'Trivy' } } },
      vulnerabilities: [
        { identifiers: [{ type: { nested: true }, value: [1, 2] }], scanner: 'trivy' },
        {
          identifiers: [null, [], 'cve', { type: 'cve', value: 'CVE-1' }],
          scanner: { id: 'trivy' },
          links: [{}, { url: 7 }],
        },
        {
          identifiers: [{ type: 'cve', value: 'CVE-2' }],
          scanner: { id: 'x' },
          location: { dependency: { package: 'musl' } },
        },
        {
          identifiers: [{ type: 'cve', value: 'CVE-3' }],
          scanner: { id: 'x' },
          location: { image: { name: 'app' } },
        },
      ],
    };
    const result = parseSecurityReport(odd);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.scanners).toEqual([
      { externalId: 'trivy', name: 'trivy', vendor: '' },
      { externalId: 'x', name: 'x', vendor: '' },
    ]);
    expect(result.value.findings.map((finding) => finding.locationKey)).toEqual([':', ':', ':']);
    expect(result.value.findings[0]?.links).toEqual([]);
    expect(result.value.skipped.map((skip) => skip.index)).toEqual([0]);
  });

  it('returns a result for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.option(reportType, { nil: undefined }), (json, declared) => {
        expectResult(json, declared);
      }),
      { numRuns: 300 },
    );
  });

  it('returns a result, accounting for every entry, for any roughly shaped report', () => {
    fc.assert(
      fc.property(roughReport, fc.option(reportType, { nil: undefined }), (json, declared) => {
        expectResult(json, declared);
      }),
      { numRuns: 500 },
    );
  });
});
