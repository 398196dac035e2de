/**
 * Draws the epic rows of a snapshot: row separators, the highlighted row, each bar in its epic's
 * colour with its title (cut with an ellipsis, '...' under 40 px, spec §2.5) and its progress, the
 * new-epic highlight, and the today line. Only rows on screen are drawn; the snapshot's buffer
 * rows wait for the next scroll.
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

export class RowsRenderer {
  readonly layer = new Container();
  private readonly rowFills: DisplayPool<Sprite>;
  private readonly separators: DisplayPool<Sprite>;
  private readonly bars: DisplayPool<NineSliceSprite>;
  private readonly tracks: DisplayPool<Sprite>;
  private readonly titles: KeyedPool<BitmapText>;
  private readonly today: Sprite;
  private readonly fitters: { normal: TitleFitter; large: TitleFitter };
  private readonly styles = { normal: roadmapTextStyle(12, true), large: roadmapTextStyle(15, true) };

  constructor(barTexture: Texture) {
    this.rowFills = new DisplayPool(this.layer, whiteSprite);
    this.separators = new DisplayPool(this.layer, whiteSprite);
    this.bars = new DisplayPool(this.layer, () => roundedBar(barTexture));
    this.tracks = new DisplayPool(this.layer, whiteSprite);
    this.titles = new KeyedPool(this.layer, () => new BitmapText({ text: '', style: this.styles.normal }));
    this.today = this.layer.addChild(whiteSprite());
    this.fitters = { normal: new TitleFitter(this.styles.normal), large: new TitleFitter(this.styles.large) };
  }

  draw(frame: RoadmapFrame, palette: CanvasPalette): void {
    const { snapshot, timelineLeft, width, height, scrollLeft, scrollTop, xScale } = frame;
    const top = rowsTop(frame);
    const fitter = frame.presentation ? this.fitters.large : this.fitters.normal;
    const style = frame.presentation ? this.styles.large : this.styles.normal;
    const textTop = frame.presentation ? 6 : 8;
    this.rowFills.begin();
    this.separators.begin();
    this.bars.begin();
    this.tracks.begin();
    this.titles.begin();
    const rows = snapshot?.rows;
    for (let i = 0; snapshot && rows && i < snapshot.count; i += 1) {
      const y = top + rows.y[i]! - scrollTop;
      if (y + EPIC_ITEM_HEIGHT < top || y > height) continue;
      const flags = rows.flags[i]!;
      const row = snapshot.firstRow + i;
      if (row === frame.highlightedRow)
        placeRect(
          this.rowFills.next(),
          timelineLeft,
          y,
          width - timelineLeft,
          EPIC_ITEM_HEIGHT,
          palette.highlight,
        );
      else if (flags & ROW_FLAG.NEW_EPIC)
        placeRect(
          this.rowFills.next(),
          timelineLeft,
          y,
          width - timelineLeft,
          EPIC_ITEM_HEIGHT,
          palette.newEpic,
        );
      placeRect(
        this.separators.next(),
        timelineLeft,
        y + EPIC_ITEM_HEIGHT - 1,
        width - timelineLeft,
        1,
        palette.grid,
      );
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
    this.rowFills.end();
    this.separators.end();
    this.bars.end();
    this.tracks.end();
    this.titles.end();
    const todayX = timelineLeft + frame.todayX - scrollLeft;
    this.today.visible = Number.isFinite(todayX) && todayX >= timelineLeft && todayX <= width;
    if (this.today.visible) placeRect(this.today, todayX - 1, top, 2, height - top, palette.today, 0.8);
  }

  destroy(): void {
    this.layer.destroy({ children: true });
  }
}
