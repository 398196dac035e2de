/**
 * The part of the Canvas 2D API the export painter uses. An OffscreenCanvasRenderingContext2D (in
 * the worker), a CanvasRenderingContext2D (main thread, where OffscreenCanvas is missing) and the
 * PDF page adapter (pdfSurface.ts) all satisfy it, so one painter draws PNGs and PDF pages alike.
 * Styles are CSS colour strings ('#rrggbb'); fonts are '[bold ]<size>px sans-serif'.
 */
export interface Context2D {
  /** Written as a '#rrggbb' string; real contexts also accept gradients (hence `object`). */
  fillStyle: string | object;
  strokeStyle: string | object;
  lineWidth: number;
  font: string;
  textAlign: string;
  textBaseline: string;
  fillRect(x: number, y: number, width: number, height: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { readonly width: number };
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  stroke(): void;
  setLineDash(segments: number[]): void;
}

/** The font string the painter writes; the PDF adapter parses it back with `parseFont`. */
export function fontOf(size: number, bold = false): string {
  return `${bold ? 'bold ' : ''}${Math.round(size * 100) / 100}px sans-serif`;
}

export function parseFont(font: string): { readonly size: number; readonly bold: boolean } {
  const match = /(bold\s+)?([\d.]+)px/.exec(font);
  return { size: match ? Number(match[2]) : 10, bold: Boolean(match?.[1]) };
}
