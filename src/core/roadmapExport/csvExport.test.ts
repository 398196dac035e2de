import { describe, expect, it } from 'vitest';
import { makeEpic } from '../layout/epicFixtures.ts';
import { buildEpicsCsv, CSV_BOM, CSV_COLUMNS, csvTextCell, parseCsv } from './csvExport.ts';
import type { ExportEpic } from './exportEpic.ts';

const epic = (id: number, extra: Partial<ExportEpic> = {}): ExportEpic => ({
  ...makeEpic({ id, startDate: '2026-01-05', dueDate: '2026-03-31' }),
  reference: `acme/platform&${id}`,
  groupFullPath: 'acme/platform',
  state: 'opened',
  startDateIsFixed: true,
  dueDateIsFixed: false,
  labels: ['backend', 'Q1'],
  parentReference: null,
  ...extra,
});

describe('csvTextCell', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', '"\'\rx"'],
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
  ])('makes %j inert and quoted as needed', (input, output) => {
    expect(csvTextCell(input)).toBe(output);
  });
});

describe('buildEpicsCsv', () => {
  it('starts with a BOM and the header, and ends every record with CRLF', () => {
    const csv = buildEpicsCsv([epic(1)], 'WEIGHT');
    expect(csv.startsWith(`${CSV_BOM}Title,Reference,Group,`)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(3);
  });

  it('writes one row per epic with every column, read back unchanged', () => {
    const rows = parseCsv(
      buildEpicsCsv(
        [
          epic(1),
          epic(2, { title: '=HYPERLINK("x"), "quoted"', parentReference: 'acme&1', state: 'closed' }),
        ],
        'WEIGHT',
      ),
    );
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      'Epic 1',
      'acme/platform&1',
      'acme/platform',
      '2026-01-05',
      'fixed',
      '2026-03-31',
      'inherited',
      'opened',
      '75',
      '8',
      'backend, Q1',
      '',
    ]);
    expect(rows[2]![0]).toBe('\'=HYPERLINK("x"), "quoted"');
    expect(rows[2]![7]).toBe('closed');
    expect(rows[2]![11]).toBe('acme&1');
  });

  it('follows the progress tracking and leaves unknown values empty', () => {
    const counted = parseCsv(buildEpicsCsv([epic(1)], 'COUNT'))[1]!;
    expect(counted[8]).toBe('50');
    const unknown = parseCsv(
      buildEpicsCsv(
        [epic(3, { descendantWeightSum: null, startDate: null, startDateIsFixed: null, labels: [] })],
        'WEIGHT',
      ),
    )[1]!;
    expect([unknown[3], unknown[4], unknown[8], unknown[9], unknown[10]]).toEqual(['', '', '', '', '']);
  });

  it('keeps non-Latin titles as UTF-8 text', () => {
    expect(parseCsv(buildEpicsCsv([epic(4, { title: 'Überblick 路线图 🚀' })], 'WEIGHT'))[1]![0]).toBe(
      'Überblick 路线图 🚀',
    );
  });
});
