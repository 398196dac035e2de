import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../time/calendarDate.ts';
import { exportFileName } from './fileName.ts';

const day = '2026-03-09' as CalendarDate;

describe('exportFileName', () => {
  it.each([
    ['acme', 'png', 'view', 'acme-roadmap-view-2026-03-09.png'],
    ['acme/platform', 'pdf', '', 'acme-platform-roadmap-2026-03-09.pdf'],
    ['Acme Corp/Platform Team', 'csv', '', 'acme-corp-platform-team-epics-2026-03-09.csv'],
    ['', 'png', 'all', 'group-roadmap-all-2026-03-09.png'],
  ] as const)('names %j as a %s file with the group path and the day', (path, format, suffix, name) => {
    expect(exportFileName(path, day, format, suffix)).toBe(name);
  });
});
