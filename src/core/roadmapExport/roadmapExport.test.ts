import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { makeEpic } from '../layout/epicFixtures.ts';
import type { ViewSpec } from '../layout/roadmapSession.ts';
import type { CalendarDate } from '../time/calendarDate.ts';
import type { Context2D } from './context2d.ts';
import { layoutForExport } from './exportLayout.ts';
import { exportPdf } from './pdfExport.ts';
import { timeSlices } from './pdfSlices.ts';
import { MAX_IMAGE_HEIGHT, paintImage, planImage, type RoadmapExportRequest } from './roadmapExporter.ts';
import { fitText } from './roadmapPicture.ts';

const view: ViewSpec = {
  timeframe: { rangeType: 'CURRENT_YEAR', presetType: 'MONTHS', today: '2026-03-09' as CalendarDate },
  scale: { kind: 'preset' },
  sortedBy: 'start_date_asc',
  progressTracking: 'WEIGHT',
  currentGroupId: 1,
  singleEpicIid: false,
};

const epics = Array.from({ length: 12 }, (_, i) =>
  makeEpic({
    id: i + 1,
    title: `Epic ${i + 1}`,
    startDate: `2026-0${(i % 9) + 1}-01`,
    dueDate: '2026-11-30',
  }),
);

const request = (extra: Partial<RoadmapExportRequest> = {}): RoadmapExportRequest => ({
  view,
  epics,
  expandedIds: [],
  region: { kind: 'all' },
  texts: {
    title: 'Acme roadmap',
    note: 'Exported Mar 9, 2026',
    today: 'Today: Mar 9, 2026',
    progress: 'weight completed',
  },
  showProgress: true,
  ...extra,
});

/** A context that records what is drawn; text is 6 units per character. */
function recorder() {
  const texts: string[] = [];
  let rects = 0;
  const ctx: Context2D = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textAlign: 'left',
    textBaseline: 'alphabetic',
    fillRect: () => {
      rects += 1;
    },
    fillText: (text) => {
      texts.push(text);
    },
    measureText: (text) => ({ width: text.length * 6 }),
    beginPath: () => undefined,
    moveTo: () => undefined,
    lineTo: () => undefined,
    stroke: () => undefined,
    setLineDash: () => undefined,
  };
  return { ctx, texts, rects: () => rects };
}

describe('layoutForExport', () => {
  it('lays out every listed epic over the whole timeline for the whole roadmap', () => {
    const area = layoutForExport(request());
    expect(area.snapshot.count).toBe(12);
    expect(area.fromX).toBe(0);
    expect(area.toX).toBe(area.snapshot.timelineWidth);
    expect(area.snapshot.header.columnCount).toBe(12);
  });

  it('keeps only the rows and pixels of the viewport for the current view', () => {
    const area = layoutForExport(
      request({ region: { kind: 'view', scrollTop: 100, height: 200, scrollLeft: 360, width: 540 } }),
    );
    expect(area.snapshot.firstRow).toBe(2);
    expect(area.snapshot.count).toBe(4);
    expect([area.fromX, area.toX]).toEqual([360, 900]);
  });
});

describe('PNG picture', () => {
  it('is as wide as asked and draws the title, columns, titles and legend', () => {
    const image = planImage(request(), 1920);
    expect(image.plan.width).toBe(1920);
    expect(image.plan.omitted).toBe(0);
    const { ctx, texts, rects } = recorder();
    paintImage(ctx, image, true);
    expect(texts).toContain('Acme roadmap');
    expect(texts.some((t) => t.startsWith('Jan 1, 2026 – Dec 31, 2026 · 12 epics'))).toBe(true);
    expect(texts).toContain('Epic 7');
    expect(texts).toContain('Today: Mar 9, 2026');
    expect(rects()).toBeGreaterThan(24);
  });

  it('shrinks rows, then leaves rows out, to stay under the height limit', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      makeEpic({ id: i + 1, startDate: '2026-02-01', dueDate: '2026-05-01' }),
    );
    const image = planImage(request({ epics: many }), 1920);
    expect(image.plan.height).toBeLessThanOrEqual(MAX_IMAGE_HEIGHT);
    expect(image.plan.endEntry - image.plan.firstEntry + image.plan.omitted).toBe(10_000);
  });
});

describe('fitText', () => {
  it('cuts with an ellipsis to fit, or gives nothing when even the ellipsis does not fit', () => {
    const { ctx } = recorder();
    expect(fitText(ctx, 'Roadmap', 100)).toBe('Roadmap');
    expect(fitText(ctx, 'Roadmap', 30)).toBe('Road…');
    expect(fitText(ctx, 'Roadmap', 3)).toBe('');
  });
});

describe('PDF', () => {
  it('has one page per time slice of six month columns', async () => {
    expect(timeSlices(layoutForExport(request()).snapshot).length).toBe(2);
    const bytes = await exportPdf(request(), 'A4');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);
    const [width, height] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect(width).toBeGreaterThan(height);
    expect(doc.getTitle()).toBe('Acme roadmap');
  });

  it('draws characters outside WinAnsi as ? instead of failing', async () => {
    const odd = [
      makeEpic({ id: 1, title: '路线图 🚀 Überblick', startDate: '2026-01-01', dueDate: '2026-02-01' }),
    ];
    const bytes = await exportPdf(request({ epics: odd }), 'Letter');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
  });
});
