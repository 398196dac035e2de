/**
 * Draws the milestones section (spec) under the header: its background and, when expanded,
 * each milestone of the lanes in view (the lanes scroll by whole lanes inside the section) as a thin
 * bar in its lane with its title after it. Bars under 9 px take the 'minimum' style (a fixed 9 px
 * mark), under 12 px the 'small' one (a thinner bar).
 */
import { BitmapText, Container, type Sprite } from 'pixi.js';
import type { CanvasPalette } from './palette.ts';
import { DisplayPool } from './pools.ts';
import { MILESTONE_LANE_HEIGHT, MILESTONES_TITLE_HEIGHT, type RoadmapFrame } from './roadmapFrame.ts';
import { placeRect, whiteSprite } from './sprites.ts';
import { roadmapTextStyle } from './textMeasure.ts';

const MINIMUM_MARK = 9;

export class MilestonesRenderer {
  readonly layer = new Container();
  private readonly background: Sprite;
  private readonly border: Sprite;
  private readonly bars: DisplayPool<Sprite>;
  private readonly titles: DisplayPool<BitmapText>;

  constructor() {
    // A layer per kind, in drawing order: a bar made after a title (more lanes in view) never covers it.
    const layer = () => this.layer.addChild(new Container());
    this.background = layer().addChild(whiteSprite());
    this.border = layer().addChild(whiteSprite());
    this.bars = new DisplayPool(layer(), whiteSprite);
    this.titles = new DisplayPool(
      layer(),
      () => new BitmapText({ text: '', style: roadmapTextStyle(11, false) }),
    );
  }

  draw(frame: RoadmapFrame, palette: CanvasPalette): void {
    const { timelineLeft, headerHeight, milestonesHeight, width, milestonesScrollTop } = frame;
    // Milestones are laid out on the current scale; frame.scrollLeft is in the snapshot's world.
    const scrollLeft = frame.scrollLeft + frame.snapshotOriginX;
    const lanesTop = headerHeight + MILESTONES_TITLE_HEIGHT;
    const lanesBottom = headerHeight + milestonesHeight;
    this.layer.visible = milestonesHeight > 0;
    if (!this.layer.visible) return;
    placeRect(
      this.background,
      timelineLeft,
      headerHeight,
      width - timelineLeft,
      milestonesHeight,
      palette.background,
    );
    placeRect(
      this.border,
      timelineLeft,
      headerHeight + milestonesHeight - 1,
      width - timelineLeft,
      1,
      palette.gridStrong,
    );
    this.bars.begin();
    this.titles.begin();
    if (frame.milestonesExpanded) {
      for (const milestone of frame.milestones) {
        const x = timelineLeft + milestone.x - scrollLeft;
        const barWidth = milestone.style === 'minimum' ? MINIMUM_MARK : milestone.width;
        if (x + barWidth + 120 < timelineLeft || x > width) continue;
        const laneTop = lanesTop + milestone.lane * MILESTONE_LANE_HEIGHT - milestonesScrollTop;
        if (laneTop < lanesTop || laneTop + MILESTONE_LANE_HEIGHT > lanesBottom) continue;
        const thickness = milestone.style === null ? 8 : 6;
        placeRect(
          this.bars.next(),
          x,
          laneTop + MILESTONE_LANE_HEIGHT - thickness - 2,
          barWidth,
          thickness,
          palette.milestone,
        );
        const title = this.titles.next();
        title.text = milestone.title;
        title.tint = palette.text;
        title.position.set(Math.max(x, timelineLeft), laneTop + 1);
      }
    }
    this.bars.end();
    this.titles.end();
  }

  destroy(): void {
    this.layer.destroy({ children: true });
  }
}
