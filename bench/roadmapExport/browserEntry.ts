/**
 * Bundled (esbuild) into the Chromium page of the export bench: the export as the worker runs it
 * (plan, paint on an OffscreenCanvas, encode a PNG; build the CSV into a Blob), timed in the page.
 */
import { buildEpicsCsv, paintImage, planImage } from '../../src/core/roadmapExport/index.ts';
import { exportEpics, wholeRequest } from './data.ts';

interface Timing {
  readonly ms: number;
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
}

async function png(count: number, width: number): Promise<Timing> {
  const epics = exportEpics(count);
  const start = performance.now();
  const image = planImage(wholeRequest(epics), width);
  const canvas = new OffscreenCanvas(image.plan.width, image.plan.height);
  paintImage(canvas.getContext('2d')!, image, true);
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return {
    ms: performance.now() - start,
    bytes: blob.size,
    width: image.plan.width,
    height: image.plan.height,
  };
}

/** Baseline: encoding a blank canvas of the same size (the PNG encoder's floor). */
async function blank(width: number, height: number): Promise<Timing> {
  const start = performance.now();
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return { ms: performance.now() - start, bytes: blob.size, width, height };
}

function csv(count: number): Timing {
  const epics = exportEpics(count);
  const start = performance.now();
  const blob = new Blob([new TextEncoder().encode(buildEpicsCsv(epics, 'WEIGHT'))], { type: 'text/csv' });
  return { ms: performance.now() - start, bytes: blob.size, width: 0, height: 0 };
}

Object.assign(globalThis, { exportBench: { png, blank, csv } });
