/** File names of exports: the group's path and the day, 'acme-platform-roadmap-2026-03-09.png'. */
import type { CalendarDate } from '../time/calendarDate.ts';

export type ExportFormat = 'png' | 'pdf' | 'csv';

export function exportFileName(
  groupPath: string,
  today: CalendarDate,
  format: ExportFormat,
  suffix = '',
): string {
  const base = groupPath
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const kind = format === 'csv' ? 'epics' : 'roadmap';
  return `${base || 'group'}-${kind}${suffix ? `-${suffix}` : ''}-${today}.${format}`;
}

export const EXPORT_MIME: Readonly<Record<ExportFormat, string>> = {
  png: 'image/png',
  pdf: 'application/pdf',
  csv: 'text/csv;charset=utf-8',
};
