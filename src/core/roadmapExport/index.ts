/**
 * Roadmap exports (issue 23): a PNG picture drawn on any Canvas 2D context, a PDF with one page per
 * time slice (pdf-lib), and a CSV of the filtered epics. Laid out by src/core/layout, never anew.
 * The PDF itself (`pdfExport.ts`) is not exported here: the main thread imports this module, and
 * pdf-lib would then weigh on every page; only the export worker imports it.
 */
export type { Context2D } from './context2d.ts';
export { buildEpicsCsv, CSV_BOM, CSV_COLUMNS, csvTextCell, parseCsv } from './csvExport.ts';
export type { ExportEpic, ExportEpicDetails } from './exportEpic.ts';
export {
  type ExportArea,
  type ExportLayoutInput,
  type ExportRegion,
  layoutForExport,
} from './exportLayout.ts';
export { EXPORT_MIME, type ExportFormat, exportFileName } from './fileName.ts';
export { PAPER_PT, PAPER_SIZES, type PaperSize, timeSlices } from './pdfSlices.ts';
export {
  type ExportTexts,
  IMAGE_WIDTHS,
  type ImagePlan,
  MAX_IMAGE_HEIGHT,
  MAX_IMAGE_WIDTH,
  MIN_IMAGE_WIDTH,
  paintImage,
  planImage,
  type RoadmapExportRequest,
} from './roadmapExporter.ts';
