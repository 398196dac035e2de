/**
 * The contract between the roadmap's export dialog and its export worker: types only, imported by
 * both sides. Requests are plain data; files come back as transferred ArrayBuffers. Progress is a
 * Comlink-proxied callback with a fraction 0…1. One worker runs one export: cancelling terminates it.
 */
import type { ProgressTracking } from '../src/core/layout/progress.ts';
import type { ExportEpic, PaperSize, RoadmapExportRequest } from '../src/core/roadmapExport/index.ts';

export type { ExportEpic, PaperSize, ProgressTracking, RoadmapExportRequest };

export type ExportProgress = (fraction: number) => void;

export interface ExportedImage {
  readonly bytes: ArrayBuffer;
  readonly width: number;
  readonly height: number;
}

export interface RoadmapExportApi {
  /** Whether this worker can draw (OffscreenCanvas with a 2D context and convertToBlob). */
  canDraw(): boolean;
  /** A PNG `width` px wide of the request's region. */
  png(request: RoadmapExportRequest, width: number, onProgress: ExportProgress): Promise<ExportedImage>;
  /** A landscape PDF, one page per time slice. */
  pdf(request: RoadmapExportRequest, paper: PaperSize, onProgress: ExportProgress): Promise<ArrayBuffer>;
  /** The epics as CSV (UTF-8 with BOM), in the order given. */
  csv(epics: readonly ExportEpic[], tracking: ProgressTracking): ArrayBuffer;
}
