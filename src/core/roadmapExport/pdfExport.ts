/**
 * The roadmap as a PDF (pdf-lib): landscape A4 or Letter, one page per time slice (a run of header
 * columns that fits the page), more pages per slice only when its rows overflow one page. Each page
 * has real text: the title, the slice's date range, the page number, the column labels, the epic titles.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { asEpochDay, dayToCalendarDate } from '../time/epochDay.ts';
import { formatCalendarDate } from '../time/formatting.ts';
import { type ExportArea, layoutForExport } from './exportLayout.ts';
import { PAPER_PT, type PaperSize, timeSlices } from './pdfSlices.ts';
import { PdfSurface } from './pdfSurface.ts';
import type { RoadmapExportRequest } from './roadmapExporter.ts';
import { type PictureTexts, paintPicture, planPicture } from './roadmapPicture.ts';

const MARGIN_PT = 24;

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

/** The roadmap of the request as a PDF on paper of that size (the export worker's PDF). */
export function exportPdf(
  request: RoadmapExportRequest,
  paper: PaperSize,
  onProgress?: (done: number, total: number) => void,
): Promise<Uint8Array> {
  return buildRoadmapPdf(layoutForExport(request), {
    paper,
    texts: request.texts,
    showProgress: request.showProgress,
    ...(onProgress ? { onProgress } : {}),
  });
}

/** The page count of a PDF (to check an export by reading it back). */
export async function pdfPageCount(bytes: Uint8Array | ArrayBuffer): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}
