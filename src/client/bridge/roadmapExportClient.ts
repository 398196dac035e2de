/**
 * The main thread's side of the roadmap export worker. Each export starts its own worker and
 * terminates it when done or cancelled (the AbortSignal), so a cancelled export stops at once, even
 * mid-drawing. PNGs are drawn in the worker on an OffscreenCanvas; where the browser has none, the
 * same core painter draws on a DOM canvas here.
 */
import { proxy, type Remote, wrap } from 'comlink';
import type {
  ExportEpic,
  PaperSize,
  ProgressTracking,
  RoadmapExportApi,
  RoadmapExportRequest,
} from '../../../workers/roadmapExportApi.ts';
import { EXPORT_MIME, paintImage, planImage } from '../../core/roadmapExport/index.ts';

export type { ExportEpic, PaperSize, RoadmapExportRequest };

export type ExportJob =
  | { readonly kind: 'png'; readonly request: RoadmapExportRequest; readonly width: number }
  | { readonly kind: 'pdf'; readonly request: RoadmapExportRequest; readonly paper: PaperSize }
  | { readonly kind: 'csv'; readonly epics: readonly ExportEpic[]; readonly tracking: ProgressTracking };

export interface ExportedFile {
  readonly blob: Blob;
  /** Pixel size of a PNG. */
  readonly width?: number;
  readonly height?: number;
}

export interface ExportRunOptions {
  readonly signal: AbortSignal;
  /** Fraction 0…1 of the export's own work. */
  readonly onProgress: (fraction: number) => void;
}

function startWorker(): Worker {
  return new Worker(new URL('../../../workers/roadmapExport.worker.ts', import.meta.url), {
    type: 'module',
    name: 'roadmap-export',
  });
}

export const abortError = (): Error => new DOMException('The export was cancelled', 'AbortError');

/** Settles with `work`, or rejects with an AbortError as soon as `signal` aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export async function runRoadmapExport(job: ExportJob, options: ExportRunOptions): Promise<ExportedFile> {
  const { signal } = options;
  if (signal.aborted) throw abortError();
  const worker = startWorker();
  const stop = () => worker.terminate();
  signal.addEventListener('abort', stop, { once: true });
  const remote = wrap<RoadmapExportApi>(worker);
  // Progress comes over the callback's own MessageChannel, the result over the worker's port, and
  // the browser keeps no order between two ports: a last progress call can land after the result.
  // Reported then, it would turn a finished export back into a running one.
  let settled = false;
  const progress = proxy((fraction: number) => {
    if (!settled && !signal.aborted) options.onProgress(fraction);
  });
  try {
    return await untilAborted(exportIn(remote, job, progress), signal);
  } finally {
    settled = true;
    signal.removeEventListener('abort', stop);
    worker.terminate();
  }
}

async function exportIn(
  remote: Remote<RoadmapExportApi>,
  job: ExportJob,
  progress: (fraction: number) => void,
): Promise<ExportedFile> {
  switch (job.kind) {
    case 'csv':
      return { blob: new Blob([await remote.csv(job.epics, job.tracking)], { type: EXPORT_MIME.csv }) };
    case 'pdf':
      return {
        blob: new Blob([await remote.pdf(job.request, job.paper, progress)], { type: EXPORT_MIME.pdf }),
      };
    case 'png': {
      if (!(await remote.canDraw())) return drawHere(job.request, job.width, progress);
      const image = await remote.png(job.request, job.width, progress);
      return {
        blob: new Blob([image.bytes], { type: EXPORT_MIME.png }),
        width: image.width,
        height: image.height,
      };
    }
  }
}

/** The PNG drawn on the main thread (no OffscreenCanvas): same core painter, a DOM canvas. */
async function drawHere(
  request: RoadmapExportRequest,
  width: number,
  progress: (fraction: number) => void,
): Promise<ExportedFile> {
  const image = planImage(request, width);
  const canvas = document.createElement('canvas');
  canvas.width = image.plan.width;
  canvas.height = image.plan.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw on a canvas');
  paintImage(ctx, image, request.showProgress);
  progress(0.6);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The image could not be encoded'))), 'image/png'),
  );
  progress(1);
  return { blob, width: image.plan.width, height: image.plan.height };
}

/** Draws the current view as a data URL on the main thread (the print stylesheet's stand-in for the canvas). */
export function drawImageHere(request: RoadmapExportRequest, width: number): string | null {
  const image = planImage(request, width);
  const canvas = document.createElement('canvas');
  canvas.width = image.plan.width;
  canvas.height = image.plan.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  paintImage(ctx, image, request.showProgress);
  return canvas.toDataURL('image/png');
}
