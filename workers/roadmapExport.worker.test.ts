import { describe, expect, it } from 'vitest';
import { makeEpic } from '../src/core/layout/epicFixtures.ts';
import { parseCsv } from '../src/core/roadmapExport/csvExport.ts';
import { pdfPageCount } from '../src/core/roadmapExport/pdfExport.ts';
import type { CalendarDate } from '../src/core/time/calendarDate.ts';
import { roadmapExportWorker } from './roadmapExport.worker.ts';
import type { ExportEpic, RoadmapExportRequest } from './roadmapExportApi.ts';

const epic: ExportEpic = {
  ...makeEpic({ id: 1, title: '+1 Überblick', startDate: '2026-02-01', dueDate: '2026-04-30' }),
  reference: 'acme&1',
  groupFullPath: 'acme',
  state: 'opened',
  startDateIsFixed: true,
  dueDateIsFixed: true,
  labels: [],
  parentReference: null,
};

const request: RoadmapExportRequest = {
  view: {
    timeframe: { rangeType: 'CURRENT_YEAR', presetType: 'MONTHS', today: '2026-03-09' as CalendarDate },
    scale: { kind: 'preset' },
    sortedBy: 'start_date_asc',
    progressTracking: 'WEIGHT',
    currentGroupId: 1,
    singleEpicIid: false,
  },
  epics: [epic],
  expandedIds: [],
  region: { kind: 'all' },
  texts: { title: 'acme roadmap', note: '', today: '', progress: 'weight completed' },
  showProgress: true,
};

describe('roadmapExportWorker', () => {
  it('answers CSV as UTF-8 bytes with a BOM', () => {
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      roadmapExportWorker.csv([epic], 'WEIGHT'),
    );
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(parseCsv(text)[1]![0]).toBe("'+1 Überblick");
  });

  it('answers a PDF with one page per time slice and reports progress up to 1', async () => {
    const progress: number[] = [];
    const bytes = await roadmapExportWorker.pdf(request, 'A4', (fraction) => progress.push(fraction));
    expect(await pdfPageCount(bytes)).toBe(2);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('says it cannot draw where OffscreenCanvas is missing, and refuses a PNG there', async () => {
    expect(roadmapExportWorker.canDraw()).toBe(false);
    await expect(roadmapExportWorker.png(request, 1920, () => undefined)).rejects.toThrow(/OffscreenCanvas/);
  });
});
