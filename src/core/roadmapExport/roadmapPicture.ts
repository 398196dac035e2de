/**
 * Draws a laid-out roadmap as a picture: a title block, the header with its time columns, one row
 * per epic (title in the details column, bar in the epic's colour with its progress), the today
 * line and a legend. Pure: a synchronous function of a LayoutSnapshot and a plan, written against
 * `Context2D`, so it draws on an OffscreenCanvas in the worker, on a DOM canvas, or on a PDF page.
 * Units: "out" units are the picture's (device px for PNG, pt for PDF); world px are the layout's.
 */
import { ROW_FLAG } from '../layout/roadmapEpic.ts';
import type { LayoutSnapshot } from '../layout/snapshot.ts';
import { type Context2D, fontOf } from './context2d.ts';
import { EXPORT_PALETTE, hexOf, lighten } from './palette.ts';

/** What a picture says besides the rows: shown in its title block and legend. */
export interface PictureTexts {
  readonly title: string;
  readonly subtitle: string;
  /** The today line's legend entry ('Today: Mar 3, 2026'); empty when today is not drawn. */
  readonly today: string;
  /** 'issues closed' or 'weight closed': what the progress measures. */
  readonly progress: string;
}

export interface PictureWindow {
  /** World px of the timeline shown. */
  readonly fromX: number;
  readonly toX: number;
  /** Snapshot entries to draw, [first, end). */
  readonly firstEntry: number;
  readonly endEntry: number;
}

export interface PicturePlan extends PictureWindow {
  readonly width: number;
  readonly height: number;
  /** Out units per design unit (1 at a 1280-wide picture). */
  readonly unit: number;
  readonly detailsWidth: number;
  readonly titleHeight: number;
  readonly headerHeight: number;
  readonly rowHeight: number;
  readonly legendHeight: number;
  /** Out units per world px of the timeline. */
  readonly k: number;
  /** Entries of the window left out because the picture reached its height limit. */
  readonly omitted: number;
}

/** Design sizes at a 1280-unit-wide picture. */
const DESIGN = {
  width: 1280,
  details: 260,
  title: 52,
  header: 30,
  row: 30,
  legend: 34,
  minRow: 1,
  titleFont: 18,
  font: 11,
  smallFont: 10,
  indent: 14,
  pad: 10,
} as const;

export interface PlanOptions {
  /** Picture width, out units. */
  readonly width: number;
  /** The tallest the picture may be (canvas limits); rows shrink, then the rest is left out. */
  readonly maxHeight?: number;
  /** A fixed row height in out units (PDF pages), instead of the design's. */
  readonly rowHeight?: number;
}

export function planPicture(window: PictureWindow, options: PlanOptions): PicturePlan {
  const width = Math.max(320, options.width);
  const unit = width / DESIGN.width;
  const detailsWidth = Math.round(DESIGN.details * unit);
  const titleHeight = DESIGN.title * unit;
  const headerHeight = DESIGN.header * unit;
  const legendHeight = DESIGN.legend * unit;
  const fixed = titleHeight + headerHeight + legendHeight;
  const rows = Math.max(0, window.endEntry - window.firstEntry);
  let rowHeight = options.rowHeight ?? DESIGN.row * unit;
  let drawn = rows;
  if (options.maxHeight !== undefined && fixed + rows * rowHeight > options.maxHeight) {
    const room = Math.max(0, options.maxHeight - fixed);
    rowHeight = Math.max(DESIGN.minRow, rows > 0 ? Math.floor((room / rows) * 100) / 100 : rowHeight);
    drawn = Math.min(rows, Math.floor(room / rowHeight));
  }
  const height = Math.ceil(fixed + drawn * rowHeight);
  const span = Math.max(1, window.toX - window.fromX);
  return {
    ...window,
    endEntry: window.firstEntry + drawn,
    width,
    height,
    unit,
    detailsWidth,
    titleHeight,
    headerHeight,
    rowHeight,
    legendHeight,
    k: (width - detailsWidth) / span,
    omitted: rows - drawn,
  };
}

/** Paints the whole picture; the context must be at least plan.width × plan.height. */
export function paintPicture(
  ctx: Context2D,
  snapshot: LayoutSnapshot,
  plan: PicturePlan,
  texts: PictureTexts,
  showProgress: boolean,
): void {
  ctx.fillStyle = EXPORT_PALETTE.background;
  ctx.fillRect(0, 0, plan.width, plan.height);
  paintTitle(ctx, plan, texts);
  paintHeader(ctx, snapshot, plan);
  paintRows(ctx, snapshot, plan, showProgress);
  paintToday(ctx, snapshot, plan);
  paintLegend(ctx, plan, texts, showProgress);
}

const rowsTop = (plan: PicturePlan) => plan.titleHeight + plan.headerHeight;
const xOf = (plan: PicturePlan, worldX: number) => plan.detailsWidth + (worldX - plan.fromX) * plan.k;

function paintTitle(ctx: Context2D, plan: PicturePlan, texts: PictureTexts): void {
  const u = plan.unit;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = EXPORT_PALETTE.textStrong;
  ctx.font = fontOf(DESIGN.titleFont * u, true);
  ctx.fillText(fitText(ctx, texts.title, plan.width - 2 * DESIGN.pad * u), DESIGN.pad * u, 18 * u);
  ctx.fillStyle = EXPORT_PALETTE.textMuted;
  ctx.font = fontOf(DESIGN.font * u);
  ctx.fillText(fitText(ctx, texts.subtitle, plan.width - 2 * DESIGN.pad * u), DESIGN.pad * u, 40 * u);
}

function paintHeader(ctx: Context2D, snapshot: LayoutSnapshot, plan: PicturePlan): void {
  const { header, strings } = snapshot;
  const u = plan.unit;
  const top = plan.titleHeight;
  const bottom = rowsTop(plan) + (plan.endEntry - plan.firstEntry) * plan.rowHeight;
  ctx.fillStyle = EXPORT_PALETTE.headerBackground;
  ctx.fillRect(0, top, plan.width, plan.headerHeight);
  ctx.font = fontOf(DESIGN.font * u, true);
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillStyle = EXPORT_PALETTE.text;
  ctx.fillText('Epics', DESIGN.pad * u, top + plan.headerHeight / 2);
  for (let c = 0; c < header.columnCount; c += 1) {
    const left = Math.max(plan.detailsWidth, xOf(plan, header.x[c]!));
    const right = Math.min(plan.width, xOf(plan, header.x[c]! + header.width[c]!));
    if (right <= left) continue;
    if (header.state[c] === 1) {
      ctx.fillStyle = EXPORT_PALETTE.currentColumn;
      ctx.fillRect(left, top, right - left, bottom - top);
    }
    ctx.fillStyle = EXPORT_PALETTE.text;
    ctx.font = fontOf(DESIGN.font * u, header.state[c] === 1);
    const label = fitText(ctx, strings[header.labelBase + c] ?? '', right - left - 8 * u);
    if (label) ctx.fillText(label, left + 4 * u, top + plan.headerHeight / 2);
    line(ctx, left, top, left, bottom, EXPORT_PALETTE.grid, Math.max(0.5, u));
  }
  line(ctx, 0, top + plan.headerHeight, plan.width, top + plan.headerHeight, EXPORT_PALETTE.gridStrong, u);
  line(ctx, plan.detailsWidth, top, plan.detailsWidth, bottom, EXPORT_PALETTE.gridStrong, u);
}

function paintRows(ctx: Context2D, snapshot: LayoutSnapshot, plan: PicturePlan, showProgress: boolean): void {
  const { rows, strings } = snapshot;
  const u = plan.unit;
  const h = plan.rowHeight;
  const withText = h >= 9 * u && h >= 6;
  const barInset = withText ? Math.max(1, h * 0.2) : 0;
  const fontSize = Math.min(DESIGN.font * u, h * 0.5);
  ctx.textBaseline = 'middle';
  for (let i = plan.firstEntry; i < plan.endEntry; i += 1) {
    const y = rowsTop(plan) + (i - plan.firstEntry) * h;
    const flags = rows.flags[i]!;
    if (withText) {
      paintRowTitle(ctx, snapshot, plan, i, y, fontSize);
      line(ctx, 0, y + h, plan.width, y + h, EXPORT_PALETTE.grid, Math.max(0.5, u * 0.5));
    }
    if (flags & (ROW_FLAG.START_UNDEFINED | ROW_FLAG.END_UNDEFINED) && rows.width[i]! <= 0) continue;
    const left = Math.max(plan.detailsWidth, xOf(plan, rows.x[i]!));
    const right = Math.min(plan.width, xOf(plan, rows.x[i]! + rows.width[i]!));
    if (right <= left) continue;
    const color = rows.color[i]! >= 0 ? hexOf(rows.color[i]!) : EXPORT_PALETTE.defaultBar;
    const ink = contrastText(rows.textColor[i]!);
    const barTop = y + barInset;
    const barHeight = Math.max(1, h - 2 * barInset);
    ctx.fillStyle = color;
    ctx.fillRect(left, barTop, right - left, barHeight);
    // Progress as the app draws it: a thin track along the bar's bottom, the closed part in the bar's ink.
    if (showProgress && barHeight >= 6 && !(flags & ROW_FLAG.PROGRESS_UNKNOWN)) {
      const track = Math.max(1, barHeight * 0.16);
      const inset = Math.min(3 * u, (right - left) / 4);
      const trackTop = barTop + barHeight - track - Math.max(1, u);
      ctx.fillStyle = lighten(color, 0.45);
      ctx.fillRect(left + inset, trackTop, right - left - 2 * inset, track);
      const barLeft = xOf(plan, rows.x[i]!);
      const done = Math.min(right - inset, barLeft + (rows.width[i]! * plan.k * rows.progress[i]!) / 100);
      ctx.fillStyle = ink;
      if (done > left + inset) ctx.fillRect(left + inset, trackTop, done - left - inset, track);
    }
    if (withText && right - left > 24 * u) {
      ctx.font = fontOf(fontSize);
      ctx.textAlign = 'left';
      ctx.fillStyle = ink;
      const text = fitText(ctx, strings[i] ?? '', right - left - 8 * u);
      if (text) ctx.fillText(text, left + 4 * u, barTop + (showProgress ? barHeight * 0.42 : barHeight / 2));
    }
  }
}

function paintRowTitle(
  ctx: Context2D,
  snapshot: LayoutSnapshot,
  plan: PicturePlan,
  i: number,
  y: number,
  fontSize: number,
): void {
  const { rows, strings } = snapshot;
  const u = plan.unit;
  const indent = DESIGN.pad * u + rows.level[i]! * DESIGN.indent * u;
  const room = plan.detailsWidth - indent - DESIGN.pad * u;
  ctx.textAlign = 'left';
  ctx.font = fontOf(fontSize, rows.level[i] === 0);
  ctx.fillStyle = EXPORT_PALETTE.textStrong;
  const group = rows.groupName[i]! >= 0 ? (strings[rows.groupName[i]!] ?? '') : '';
  const title = fitText(ctx, strings[i] ?? '', group ? room * 0.7 : room);
  ctx.fillText(title, indent, y + plan.rowHeight / 2);
  if (group) {
    const used = ctx.measureText(title).width + 6 * u;
    ctx.font = fontOf(fontSize * 0.9);
    ctx.fillStyle = EXPORT_PALETTE.textMuted;
    const text = fitText(ctx, group, room - used);
    if (text) ctx.fillText(text, indent + used, y + plan.rowHeight / 2);
  }
}

function paintToday(ctx: Context2D, snapshot: LayoutSnapshot, plan: PicturePlan): void {
  if (!Number.isFinite(snapshot.todayX)) return;
  const x = xOf(plan, snapshot.todayX);
  if (x < plan.detailsWidth || x > plan.width) return;
  const top = plan.titleHeight;
  const bottom = rowsTop(plan) + (plan.endEntry - plan.firstEntry) * plan.rowHeight;
  line(ctx, x, top, x, bottom, EXPORT_PALETTE.today, Math.max(1, 2 * plan.unit));
}

function paintLegend(ctx: Context2D, plan: PicturePlan, texts: PictureTexts, showProgress: boolean): void {
  const u = plan.unit;
  const top = plan.height - plan.legendHeight;
  const mid = top + plan.legendHeight / 2;
  line(ctx, 0, top, plan.width, top, EXPORT_PALETTE.gridStrong, u);
  ctx.font = fontOf(DESIGN.smallFont * u);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  let x = DESIGN.pad * u;
  const swatch = (fill: string, width: number) => {
    ctx.fillStyle = fill;
    ctx.fillRect(x, mid - 5 * u, width, 10 * u);
    x += width + 5 * u;
  };
  const label = (text: string) => {
    ctx.fillStyle = EXPORT_PALETTE.text;
    ctx.fillText(text, x, mid);
    x += ctx.measureText(text).width + 16 * u;
  };
  swatch(EXPORT_PALETTE.defaultBar, 28 * u);
  label('Epic: start to due date, in the epic\u2019s colour');
  if (showProgress) {
    ctx.fillStyle = lighten(EXPORT_PALETTE.defaultBar, 0.45);
    ctx.fillRect(x, mid - 2 * u, 28 * u, 4 * u);
    ctx.fillStyle = EXPORT_PALETTE.defaultBar;
    ctx.fillRect(x, mid - 2 * u, 16 * u, 4 * u);
    x += 33 * u;
    label(`Progress (bottom line): ${texts.progress}`);
  }
  if (texts.today) {
    ctx.fillStyle = EXPORT_PALETTE.today;
    ctx.fillRect(x, mid - 6 * u, Math.max(1, 2 * u), 12 * u);
    x += 8 * u;
    label(texts.today);
  }
  ctx.fillStyle = EXPORT_PALETTE.currentColumn;
  ctx.fillRect(x, mid - 5 * u, 14 * u, 10 * u);
  x += 19 * u;
  label('Current period');
  if (plan.omitted > 0) label(`${plan.omitted} more epics not drawn (picture height limit)`);
}

function line(ctx: Context2D, x1: number, y1: number, x2: number, y2: number, color: string, width: number) {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.stroke();
}

function contrastText(textColor: number): string {
  return textColor >= 0 ? hexOf(textColor) : '#ffffff';
}

/** `text` cut with an ellipsis to fit `maxWidth` in the current font; '' when not even '…' fits. */
export function fitText(ctx: Context2D, text: string, maxWidth: number): string {
  if (maxWidth <= 0) return '';
  if (ctx.measureText(text).width <= maxWidth) return text;
  const ellipsis = '\u2026';
  if (ctx.measureText(ellipsis).width > maxWidth) return '';
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (ctx.measureText(text.slice(0, mid) + ellipsis).width <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low).trimEnd()}${ellipsis}`;
}
