/**
 * The roadmap as a PDF (pdf-lib): landscape A4 or Letter, one page per time slice (a run of header
 * columns that fits the page), more pages per slice only when its rows overflow one page. Each page
 * has real text: the title, the slice's date range, the page number, the column labels, the epic titles.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { LayoutSnapshot } from '../layout/snapshot.ts';
import { asEpochDay, dayToCalendarDate } from '../time/epochDay.ts';
import { formatCalendarDate } from '../time/formatting.ts';
import type { ExportArea } from './exportLayout.ts';
import { PdfSurface } from './pdfSurface.ts';
import { type PictureTexts, paintPicture, planPicture } from './roadmapPicture.ts';

export const PAPER_SIZES = ['A4', 'Letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** Landscape page sizes, pt (width, height). */
export const PAPER_PT: Readonly<Record<PaperSize, readonly [number, number]>> = {
  A4: [841.89, 595.28],
  Letter: [792, 612],
};

const MARGIN_PT = 24;
/** World px of timeline per page: six of GitLab's 180-px columns. */
export const SLICE_WORLD_WIDTH = 6 * 180;

export interface TimeSlice {
  readonly fromX: number;
  readonly toX: number;
  /** First and last (inclusive) epoch day of the slice's columns. */
  readonly startDay: number;
  readonly endDay: number;
}

/** Consecutive header columns grouped so each slice is at most `maxWidth` world px (≥ 1 column). */
export function timeSlices(snapshot: LayoutSnapshot, maxWidth = SLICE_WORLD_WIDTH): TimeSlice[] {
  const { header } = snapshot;
  const slices: TimeSlice[] = [];
  let current: { fromX: number; toX: number; startDay: number; endDay: number } | null = null;
  for (let c = 0; c < header.columnCount; c += 1) {
    const x = header.x[c]!;
    const right = x + header.width[c]!;
    if (current && right - current.fromX <= maxWidth + 1e-6) {
      current.toX = right;
      current.endDay = header.endDay[c]!;
    } else {
      if (current) slices.push(current);
      current = { fromX: x, toX: right, startDay: header.startDay[c]!, endDay: header.endDay[c]! };
    }
  }
  if (current) slices.push(current);
  return slices;
}

export interface PdfExportOptions {
  readonly paper: PaperSize;
  readonly texts: Omit<PictureTexts, 'subtitle'>;
  readonly showProgress: boolean;
  /** Called after each page with (pages done, pages in all). */
  readonly onProgress?: (done: number, total: number) => void;
}

const dayText = (day: number) => formatCalendarDate(dayToCalendarDate(asEpochDay(day)));

export async function buildRoadmapPdf(area: ExportArea, options: PdfExportOptions): Promise<Uint8Array> {
  const { snapshot } = area;
  const [pageWidth, pageHeight] = PAPER_PT[options.paper];
  const doc = await PDFDocument.create();
  doc.setTitle(options.texts.title);
  doc.setCreator('Plantrack');
  doc.setProducer('Plantrack roadmap export (pdf-lib)');
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const slices = timeSlices(snapshot).filter((s) => s.toX > area.fromX && s.fromX < area.toX);
  if (slices.length === 0)
    slices.push({
      fromX: area.fromX,
      toX: area.toX,
      startDay: snapshot.timelineStartDay,
      endDay: snapshot.timelineEndDay,
    });
  const width = pageWidth - 2 * MARGIN_PT;
  const probe = planPicture({ fromX: 0, toX: 1, firstEntry: 0, endEntry: 0 }, { width });
  const fixed = probe.titleHeight + probe.headerHeight + probe.legendHeight;
  const rowsPerPage = Math.max(1, Math.floor((pageHeight - 2 * MARGIN_PT - fixed) / (30 * probe.unit)));
  const chunks = Math.max(1, Math.ceil(snapshot.count / rowsPerPage));
  const total = slices.length * chunks;
  let done = 0;
  for (const slice of slices) {
    for (let chunk = 0; chunk < chunks; chunk += 1) {
      const page = doc.addPage([pageWidth, pageHeight]);
      const firstEntry = chunk * rowsPerPage;
      const plan = planPicture(
        {
          fromX: slice.fromX,
          toX: slice.toX,
          firstEntry,
          endEntry: Math.min(snapshot.count, firstEntry + rowsPerPage),
        },
        { width },
      );
      const rowsNote = chunks > 1 ? ` · epics ${firstEntry + 1}–${plan.endEntry} of ${snapshot.count}` : '';
      const subtitle = `${dayText(slice.startDay)} – ${dayText(slice.endDay)}${rowsNote} · page ${done + 1} of ${total}`;
      paintPicture(
        new PdfSurface(page, fonts, MARGIN_PT, MARGIN_PT),
        snapshot,
        plan,
        { ...options.texts, subtitle },
        options.showProgress,
      );
      done += 1;
      options.onProgress?.(done, total);
    }
  }
  return doc.save();
}

/** The page count of a PDF (to check an export by reading it back). */
export async function pdfPageCount(bytes: Uint8Array | ArrayBuffer): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}
