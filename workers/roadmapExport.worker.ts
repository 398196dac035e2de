/**
 * The roadmap export worker: a thin Comlink wrapper over src/core/roadmapExport. It draws PNGs on
 * an OffscreenCanvas, builds PDFs with pdf-lib and CSV text, off the main thread; files are
 * returned with their buffer transferred. The page starts one per export and terminates it to cancel.
 */
import { expose, transfer } from 'comlink';
import { buildEpicsCsv, paintImage, planImage } from '../src/core/roadmapExport/index.ts';
import { exportPdf } from '../src/core/roadmapExport/pdfExport.ts';
import type { RoadmapExportApi } from './roadmapExportApi.ts';

const hasOffscreen = (): boolean =>
  typeof OffscreenCanvas !== 'undefined' && typeof OffscreenCanvas.prototype.convertToBlob === 'function';

/** A fresh ArrayBuffer holding exactly the bytes (pdf-lib's array may be a view on a larger one). */
const ownBuffer = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer as ArrayBuffer;

export const roadmapExportWorker: RoadmapExportApi = {
  canDraw: hasOffscreen,
  async png(request, width, onProgress) {
    if (!hasOffscreen()) throw new Error('OffscreenCanvas is not available in this worker');
    onProgress(0.1);
    const image = planImage(request, width);
    onProgress(0.3);
    const canvas = new OffscreenCanvas(image.plan.width, image.plan.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('OffscreenCanvas has no 2D context');
    paintImage(ctx, image, request.showProgress);
    onProgress(0.6);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const bytes = await blob.arrayBuffer();
    onProgress(1);
    return transfer({ bytes, width: image.plan.width, height: image.plan.height }, [bytes]);
  },
  async pdf(request, paper, onProgress) {
    onProgress(0.05);
    const bytes = await exportPdf(request, paper, (done, total) => onProgress(0.05 + (0.9 * done) / total));
    const buffer = ownBuffer(bytes);
    onProgress(1);
    return transfer(buffer, [buffer]);
  },
  csv(epics, tracking) {
    const buffer = ownBuffer(new TextEncoder().encode(buildEpicsCsv(epics, tracking)));
    return transfer(buffer, [buffer]);
  },
};

// Expose only inside a real worker; importing this module elsewhere (tests) must not listen on globalThis.
if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') {
  expose(roadmapExportWorker);
}
