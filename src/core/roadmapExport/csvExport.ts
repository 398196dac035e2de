/**
 * The filtered epics as CSV for spreadsheets: RFC 4180 (comma separated, CRLF line ends, fields
 * with a comma, quote or line break in double quotes, quotes doubled), a UTF-8 byte order mark so
 * Excel reads it as UTF-8, and no formulas: a text cell starting with = + - @ tab or CR gets a
 * leading apostrophe (OWASP "CSV injection"), so a title like '=HYPERLINK(…)' stays text.
 */
import { type ProgressTracking, progressPercent, totalsFor } from '../layout/progress.ts';
import type { ExportEpic } from './exportEpic.ts';

export const CSV_BOM = '\uFEFF';

export const CSV_COLUMNS = [
  'Title',
  'Reference',
  'Group',
  'Start date',
  'Start date source',
  'Due date',
  'Due date source',
  'State',
  'Progress (%)',
  'Weight',
  'Labels',
  'Parent',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made inert (formula-injection safe) and quoted when it must be. */
export function csvTextCell(value: string): string {
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

const dateSource = (date: string | null, fixed: boolean | null): string =>
  date === null || fixed === null ? '' : fixed ? 'fixed' : 'inherited';

/** The row of one epic; progress follows the roadmap's tracking (weight or issue count). */
export function csvRow(epic: ExportEpic, tracking: ProgressTracking): string {
  const totals = totalsFor(tracking, epic);
  const weights = epic.descendantWeightSum;
  const cells = [
    csvTextCell(epic.title),
    csvTextCell(epic.reference),
    csvTextCell(epic.groupFullPath),
    epic.startDate ?? '',
    dateSource(epic.startDate, epic.startDateIsFixed),
    epic.dueDate ?? '',
    dateSource(epic.dueDate, epic.dueDateIsFixed),
    epic.state,
    totals ? String(progressPercent(totals.closedIssues, totals.openedIssues)) : '',
    weights ? String(weights.openedIssues + weights.closedIssues) : '',
    csvTextCell(epic.labels.join(', ')),
    csvTextCell(epic.parentReference ?? ''),
  ];
  return cells.join(',');
}

/**
 * The whole file: BOM, header, one row per epic in the order given, CRLF after every record.
 * Built as an array of rows joined once (10k epics in a few ms).
 */
export function buildEpicsCsv(epics: readonly ExportEpic[], tracking: ProgressTracking): string {
  const lines = new Array<string>(epics.length + 1);
  lines[0] = CSV_COLUMNS.join(',');
  for (let i = 0; i < epics.length; i += 1) lines[i + 1] = csvRow(epics[i]!, tracking);
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** Reads a CSV built here back into rows of cells (tests, and the e2e check of a download). */
export function parseCsv(text: string): string[][] {
  const body = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
