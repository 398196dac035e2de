/**
 * Bitmap text styles of the roadmap and a cache of measured titles: each title is laid out once
 * (its characters' right edges), then fitted to any bar width by `fittedLength` without measuring
 * again. The cache is bounded; the least recently added titles go first.
 */
import { BitmapFontManager, TextStyle } from 'pixi.js';
import { fittedLength } from '../../core/layout/textFit.ts';

export const ELLIPSIS = '…';
const MAX_CACHED = 4000;
const FONT_FAMILY =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans", Ubuntu, Cantarell, "Helvetica Neue", sans-serif';

/**
 * White glyphs, tinted per text object; Pixi's dynamic bitmap font draws each glyph the first time
 * it is used. (Drawing the common glyphs up front made scrolling cheaper by ~2 ms a frame but cost
 * 30–80 MB of canvas memory: the dynamic font draws glyphs at 100 px and scales them down.)
 */
export function roadmapTextStyle(size: number, bold: boolean): TextStyle {
  // Glyphs at the screen's density, so bitmap text stays sharp on high-DPI displays.
  BitmapFontManager.defaultOptions.resolution = Math.max(1, window.devicePixelRatio || 1);
  return createTextStyle(size, bold);
}

function createTextStyle(size: number, bold: boolean): TextStyle {
  return new TextStyle({
    fontFamily: FONT_FAMILY,
    fontSize: size,
    fontWeight: bold ? '600' : '400',
    fill: 0xffffff,
  });
}

export class TitleFitter {
  private readonly edges = new Map<string, Float32Array>();
  /** The last cut of each title: a scroll keeps widths, so frames reuse the string, not rebuild it. */
  private readonly cuts = new Map<string, { keep: number; text: string }>();
  private readonly style: TextStyle;
  private readonly ellipsisWidth: number;

  constructor(style: TextStyle) {
    this.style = style;
    this.ellipsisWidth = this.measure(ELLIPSIS).at(-1) ?? 0;
  }

  /** Width of a text, px (measured once). */
  width(text: string): number {
    return this.edgesOf(text).at(-1) ?? 0;
  }

  /** The title as it fits in `width` px: whole, cut with an ellipsis, or '' when nothing fits. */
  fit(title: string, width: number): string {
    const edges = this.edgesOf(title);
    const keep = fittedLength(edges, width, this.ellipsisWidth);
    if (keep === edges.length) return title;
    if (keep === 0) return '';
    const cut = this.cuts.get(title);
    if (cut?.keep === keep) return cut.text;
    const text = `${title.slice(0, keep).trimEnd()}${ELLIPSIS}`;
    this.cuts.set(title, { keep, text });
    return text;
  }

  private edgesOf(title: string): Float32Array {
    let edges = this.edges.get(title);
    if (!edges) {
      edges = this.measure(title);
      if (this.edges.size >= MAX_CACHED) {
        const oldest = this.edges.keys().next().value;
        if (oldest !== undefined) {
          this.edges.delete(oldest);
          this.cuts.delete(oldest);
        }
      }
      this.edges.set(title, edges);
    }
    return edges;
  }

  private measure(text: string): Float32Array {
    const layout = BitmapFontManager.getLayout(text, this.style);
    const line = layout.lines[0];
    const scale = layout.scale;
    if (!line) return new Float32Array(0);
    const edges = new Float32Array(text.length);
    const positions = line.charPositions;
    for (let i = 0; i < text.length; i += 1) {
      const next = positions[i + 1];
      edges[i] = (next === undefined ? line.width : next) * scale;
    }
    return edges;
  }
}
