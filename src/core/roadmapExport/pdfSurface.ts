/**
 * A `Context2D` over a pdf-lib page, so the export painter draws PDF pages as it draws PNGs: real
 * text (extractable, searchable) and vector rectangles and lines. The picture's y grows downwards
 * from (originX, originY) at the page's top left; PDF's grows upwards from the bottom, so y flips.
 * Standard fonts encode WinAnsi only: other characters are drawn as '?' instead of failing.
 */
import { type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { type Context2D, parseFont } from './context2d.ts';
import { rgbOf } from './palette.ts';

export interface PdfFonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
}

const charsets = new WeakMap<PDFFont, ReadonlySet<number>>();

/** `text` with every character the font cannot encode replaced by '?'. */
export function encodableText(font: PDFFont, text: string): string {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out += set.has(code) ? char : code === 0x09 || code === 0x0a || code === 0x0d ? ' ' : '?';
  }
  return out;
}

const colorOf = (style: string | object) => {
  const [r, g, b] = rgbOf(typeof style === 'string' && /^#[0-9a-f]{6}$/i.test(style) ? style : '#000000');
  return rgb(r, g, b);
};

export class PdfSurface implements Context2D {
  fillStyle: string | object = '#000000';
  strokeStyle: string | object = '#000000';
  lineWidth = 1;
  font = '10px sans-serif';
  textAlign = 'left';
  textBaseline = 'alphabetic';
  private path: number[] = [];
  private dash: number[] = [];

  constructor(
    private readonly page: PDFPage,
    private readonly fonts: PdfFonts,
    private readonly originX: number,
    private readonly originY: number,
  ) {}

  private y(y: number): number {
    return this.page.getHeight() - this.originY - y;
  }

  private current(): { font: PDFFont; size: number } {
    const { size, bold } = parseFont(this.font);
    return { font: bold ? this.fonts.bold : this.fonts.regular, size };
  }

  fillRect(x: number, y: number, width: number, height: number): void {
    if (width <= 0 || height <= 0) return;
    this.page.drawRectangle({
      x: this.originX + x,
      y: this.y(y + height),
      width,
      height,
      color: colorOf(this.fillStyle),
    });
  }

  fillText(text: string, x: number, y: number): void {
    const { font, size } = this.current();
    const safe = encodableText(font, text);
    if (!safe) return;
    const width = font.widthOfTextAtSize(safe, size);
    const left =
      this.textAlign === 'right' || this.textAlign === 'end'
        ? x - width
        : this.textAlign === 'center'
          ? x - width / 2
          : x;
    // Baselines: 'middle' puts the middle of capitals at y (cap height ≈ 0.7 em), 'top' the top.
    const baseline =
      this.textBaseline === 'middle' ? y + size * 0.35 : this.textBaseline === 'top' ? y + size * 0.8 : y;
    this.page.drawText(safe, {
      x: this.originX + left,
      y: this.y(baseline),
      size,
      font,
      color: colorOf(this.fillStyle),
    });
  }

  measureText(text: string): { readonly width: number } {
    const { font, size } = this.current();
    return { width: font.widthOfTextAtSize(encodableText(font, text), size) };
  }

  beginPath(): void {
    this.path = [];
  }

  moveTo(x: number, y: number): void {
    this.path.push(Number.NaN, Number.NaN, x, y);
  }

  lineTo(x: number, y: number): void {
    this.path.push(x, y);
  }

  stroke(): void {
    const color = colorOf(this.strokeStyle);
    const p = this.path;
    for (let i = 0; i + 3 < p.length; i += 2) {
      const [x1, y1, x2, y2] = [p[i]!, p[i + 1]!, p[i + 2]!, p[i + 3]!];
      if (Number.isNaN(x1) || Number.isNaN(x2)) continue;
      this.page.drawLine({
        start: { x: this.originX + x1, y: this.y(y1) },
        end: { x: this.originX + x2, y: this.y(y2) },
        thickness: this.lineWidth,
        color,
        ...(this.dash.length ? { dashArray: this.dash } : {}),
      });
    }
  }

  setLineDash(segments: number[]): void {
    this.dash = [...segments];
  }
}
