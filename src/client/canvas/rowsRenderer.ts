/**
 * Draws the epic rows of a snapshot: the highlighted rows, row separators, each bar in its epic's
 * colour with its progress and its title (cut with an ellipsis, '...' for bars too narrow for a
 * title), the today line, and the keyboard focus ring. Only rows on screen are drawn; the
 * snapshot's buffer rows wait for the next scroll.
 *
 * Pools create their objects lazily, so the order objects are created in says nothing about the
 * order they are drawn in: each kind of object lives in its own layer, and the layers stack in one
 * fixed order (ROW_LAYERS), whatever happened first.
 */
import { BitmapText, Container, type NineSliceSprite, type Sprite, type Texture } from 'pixi.js';
import { EPIC_ITEM_HEIGHT, SMALL_TIMELINE_BAR, TRUNCATED_BAR_TITLE } from '../../core/layout/constants.ts';
import { ROW_FLAG } from '../../core/layout/roadmapEpic.ts';
import type { CanvasPalette } from './palette.ts';
import { DisplayPool, KeyedPool } from './pools.ts';
import { type RoadmapFrame, rowsTop } from './roadmapFrame.ts';
import { placeBar, placeRect, roundedBar, whiteSprite } from './sprites.ts';
import { roadmapTextStyle, TitleFitter } from './textMeasure.ts';

const BAR_TOP = 9;
const BAR_HEIGHT = 32;
const PADDING = 8;
const TRACK_HEIGHT = 4;
const FOCUS_RING = 2;

/**
 * Bottom to top. Highlights sit under the bars so a hovered, focused or new row keeps its bar; the
 * today line crosses the bars but passes under their titles so they stay readable; the focus ring
 * is drawn last so nothing hides where the keyboard is.
 */
export const ROW_LAYERS = [
  'outsideRange',
  'highlights',
  'grid',
  'bars',
  'progress',
  'arrows',
  'today',
  'titles',
  'focus',
] as const;
export type RowLayer = (typeof ROW_LAYERS)[number];

export class RowsRenderer {
  readonly layer = new Container();
  readonly layers: Readonly<Record<RowLayer, Container>>;
  private readonly highlights: DisplayPool<Sprite>;
  private readonly separators: DisplayPool<Sprite>;
  private readonly bars: DisplayPool<NineSliceSprite>;
  private readonly tracks: DisplayPool<Sprite>;
  private readonly titles: KeyedPool<BitmapText>;
  private readonly today: Sprite;
  /** Shades left and right of the chosen range, when zoomed out past it. */
  private readonly outside: [Sprite, Sprite];
  private readonly focusRing: Sprite[];
  private readonly fitters: { normal: TitleFitter; large: TitleFitter };
  private readonly styles = { normal: roadmapTextStyle(12, true), large: roadmapTextStyle(15, true) };

  constructor(barTexture: Texture) {
    const layers = {} as Record<RowLayer, Container>;
    for (const name of ROW_LAYERS) {
      layers[name] = this.layer.addChild(new Container({ label: name }));
    }
    this.layers = layers;
    this.highlights = new DisplayPool(layers.highlights, whiteSprite);
    this.separators = new DisplayPool(layers.grid, whiteSprite);
    this.bars = new DisplayPool(layers.bars, () => roundedBar(barTexture));
    this.tracks = new DisplayPool(layers.progress, whiteSprite);
    this.titles = new KeyedPool(layers.titles, () => new BitmapText({ text: '', style: this.styles.normal }));
    this.today = layers.today.addChild(whiteSprite());
    this.outside = [layers.outsideRange.addChild(whiteSprite()), layers.outsideRange.addChild(whiteSprite())];
    // Top and bottom edges of the focused row: a ring that leaves the bar itself uncovered.
    this.focusRing = [layers.focus.addChild(whiteSprite()), layers.focus.addChild(whiteSprite())];
    this.fitters = { normal: new TitleFitter(this.styles.normal), large: new TitleFitter(this.styles.large) };
  }

  draw(frame: RoadmapFrame, palette: CanvasPalette): void {
    const { snapshot, timelineLeft, width, height, scrollLeft, scrollTop, xScale } = frame;
    const top = rowsTop(frame);
    const fitter = frame.presentation ? this.fitters.large : this.fitters.normal;
    const style = frame.presentation ? this.styles.large : this.styles.normal;
    const textTop = frame.presentation ? 6 : 8;
    const rowWidth = width - timelineLeft;
    this.highlights.begin();
    this.separators.begin();
    this.bars.begin();
    this.tracks.begin();
    this.titles.begin();
    let focusY = Number.NaN;
    const rows = snapshot?.rows;
    for (let i = 0; snapshot && rows && i < snapshot.count; i += 1) {
      const y = top + rows.y[i]! - scrollTop;
      if (y + EPIC_ITEM_HEIGHT < top || y > height) continue;
      const flags = rows.flags[i]!;
      const row = snapshot.firstRow + i;
      if (row === frame.focusedRow) focusY = y;
      if (row === frame.highlightedRow || row === frame.focusedRow)
        placeRect(this.highlights.next(), timelineLeft, y, rowWidth, EPIC_ITEM_HEIGHT, palette.highlight);
      else if (flags & ROW_FLAG.NEW_EPIC)
        placeRect(this.highlights.next(), timelineLeft, y, rowWidth, EPIC_ITEM_HEIGHT, palette.newEpic);
      placeRect(this.separators.next(), timelineLeft, y + EPIC_ITEM_HEIGHT - 1, rowWidth, 1, palette.grid);
      const x = timelineLeft + rows.x[i]! * xScale - scrollLeft;
      const barWidth = rows.width[i]! * xScale;
      if (x + barWidth < timelineLeft || x > width || barWidth <= 0) continue;
      const color = rows.color[i]! >= 0 ? rows.color[i]! : palette.defaultBar;
      const textColor = rows.textColor[i]! >= 0 ? rows.textColor[i]! : 0xffffff;
      placeBar(this.bars.next(), x, y + BAR_TOP, barWidth, BAR_HEIGHT, color);
      // The title sticks to the visible part of a bar that starts off screen.
      const textLeft = Math.max(x, timelineLeft) + PADDING;
      const room = x + barWidth - PADDING - textLeft;
      const small = barWidth < SMALL_TIMELINE_BAR;
      const text = small ? TRUNCATED_BAR_TITLE : fitter.fit(snapshot.strings[i] ?? '', room);
      if (small || (text && room > 0)) {
        const title = this.titles.take(rows.ids[i]!);
        if (title.style !== style) title.style = style;
        if (title.text !== text) title.text = text;
        if (title.tint !== textColor) title.tint = textColor;
        title.position.set(small ? x + 2 : textLeft, y + BAR_TOP + textTop);
      }
      if (frame.showProgress && barWidth >= SMALL_TIMELINE_BAR && !(flags & ROW_FLAG.PROGRESS_UNKNOWN)) {
        const trackLeft = x + PADDING;
        const trackWidth = barWidth - 2 * PADDING;
        const trackTop = y + BAR_TOP + BAR_HEIGHT - TRACK_HEIGHT - 4;
        placeRect(this.tracks.next(), trackLeft, trackTop, trackWidth, TRACK_HEIGHT, textColor, 0.3);
        const done = (trackWidth * rows.progress[i]!) / 100;
        if (done > 0) placeRect(this.tracks.next(), trackLeft, trackTop, done, TRACK_HEIGHT, textColor, 0.95);
      }
    }
    this.highlights.end();
    this.separators.end();
    this.bars.end();
    this.tracks.end();
    this.titles.end();
    this.drawFocusRing(focusY, timelineLeft, rowWidth, palette);
    this.drawOutsideRange(frame, top, palette);
    const todayX = timelineLeft + frame.todayX - scrollLeft;
    this.today.visible = Number.isFinite(todayX) && todayX >= timelineLeft && todayX <= width;
    if (this.today.visible) placeRect(this.today, todayX - 1, top, 2, height - top, palette.today, 0.8);
  }

  private drawFocusRing(y: number, left: number, width: number, palette: CanvasPalette): void {
    const [upper, lower] = this.focusRing as [Sprite, Sprite];
    const shown = Number.isFinite(y);
    upper.visible = shown;
    lower.visible = shown;
    if (!shown) return;
    placeRect(upper, left, y, width, FOCUS_RING, palette.accent);
    placeRect(lower, left, y + EPIC_ITEM_HEIGHT - FOCUS_RING, width, FOCUS_RING, palette.accent);
  }

  private drawOutsideRange(frame: RoadmapFrame, top: number, palette: CanvasPalette): void {
    const { timelineLeft, width, height, scrollLeft } = frame;
    const [before, after] = this.outside;
    const startX = Math.max(timelineLeft, timelineLeft + frame.rangeStartX - scrollLeft);
    const endX = Math.min(width, timelineLeft + frame.rangeEndX - scrollLeft);
    before.visible = startX > timelineLeft;
    after.visible = endX < width;
    if (before.visible)
      placeRect(before, timelineLeft, top, startX - timelineLeft, height - top, palette.headerBackground);
    if (after.visible) placeRect(after, endX, top, width - endX, height - top, palette.headerBackground);
  }

  destroy(): void {
    this.layer.destroy({ children: true });
  }
}
