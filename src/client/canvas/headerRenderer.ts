/**
 * Draws the time header (spec): each column's label on top — the current unit emphasised —
 * its sub-labels below, column separators through the whole timeline, and the today marker.
 */
import { BitmapText, Container, type Sprite } from 'pixi.js';
import type { CanvasPalette } from './palette.ts';
import { DisplayPool } from './pools.ts';
import type { RoadmapFrame } from './roadmapFrame.ts';
import { placeRect, whiteSprite } from './sprites.ts';
import { roadmapTextStyle, TitleFitter } from './textMeasure.ts';

const CURRENT = 1;

export class HeaderRenderer {
  readonly grid = new Container();
  readonly header = new Container();
  private readonly background: Sprite;
  private readonly bottomBorder: Sprite;
  private readonly currentFill: DisplayPool<Sprite>;
  private readonly separators: DisplayPool<Sprite>;
  private readonly labels: DisplayPool<BitmapText>;
  private readonly subLabels: DisplayPool<BitmapText>;
  private readonly todayMarker: Sprite;
  private readonly labelStyle = roadmapTextStyle(13, false);
  private readonly measure = new TitleFitter(this.labelStyle);

  constructor() {
    // Pools create objects on first use: each gets a layer of its own so the current column's fill,
    // made whenever today first scrolls into view, never covers labels made before it.
    const layer = () => this.header.addChild(new Container());
    this.background = layer().addChild(whiteSprite());
    this.currentFill = new DisplayPool(layer(), whiteSprite);
    this.separators = new DisplayPool(this.grid, whiteSprite);
    this.labels = new DisplayPool(
      layer(),
      () => new BitmapText({ text: '', style: roadmapTextStyle(13, false) }),
    );
    this.subLabels = new DisplayPool(
      layer(),
      () => new BitmapText({ text: '', style: roadmapTextStyle(11, false) }),
    );
    this.bottomBorder = layer().addChild(whiteSprite());
    this.todayMarker = layer().addChild(whiteSprite());
  }

  draw(frame: RoadmapFrame, palette: CanvasPalette): void {
    const { snapshot, timelineLeft, headerHeight, width, height, scrollLeft, xScale } = frame;
    placeRect(this.background, timelineLeft, 0, width - timelineLeft, headerHeight, palette.headerBackground);
    placeRect(this.bottomBorder, timelineLeft, headerHeight - 1, width - timelineLeft, 1, palette.gridStrong);
    this.currentFill.begin();
    this.separators.begin();
    this.labels.begin();
    this.subLabels.begin();
    if (snapshot) {
      const header = snapshot.header;
      const toScreen = (x: number) => timelineLeft + x * xScale - scrollLeft;
      for (let c = 0; c < header.columnCount; c += 1) {
        const left = toScreen(header.x[c]!);
        const right = left + header.width[c]! * xScale;
        if (right < timelineLeft || left > width) continue;
        const current = header.state[c] === CURRENT;
        if (current)
          placeRect(this.currentFill.next(), left, 0, right - left, headerHeight, palette.currentColumn);
        placeRect(this.separators.next(), left, 0, 1, height, palette.grid);
        // A column cut by the left edge keeps its label in view until the label meets its right edge;
        // from there the label would slide under the edge and read cut ('ov 8'), so it is not drawn.
        const text = snapshot.strings[header.labelBase + c] ?? '';
        const labelX = Math.max(left + 8, Math.min(timelineLeft + 8, right - this.measure.width(text) - 8));
        if (labelX < timelineLeft) continue;
        const label = this.labels.next();
        label.text = text;
        label.tint = current ? palette.textStrong : palette.textMuted;
        label.position.set(labelX, 10);
      }
      for (let s = 0; s < header.subCount; s += 1) {
        const x = toScreen(header.subX[s]!);
        // A sub-label that would start left of the timeline would read cut: skip it.
        if (x + 4 < timelineLeft || x > width) continue;
        const label = this.subLabels.next();
        label.text = snapshot.strings[header.subLabelBase + s] ?? '';
        label.tint = header.subState[s] === CURRENT ? palette.textStrong : palette.textMuted;
        label.position.set(x + 4, 36);
      }
    }
    this.currentFill.end();
    this.separators.end();
    this.labels.end();
    this.subLabels.end();
    const todayX = timelineLeft + frame.todayX - scrollLeft;
    this.todayMarker.visible = Number.isFinite(todayX) && todayX >= timelineLeft && todayX <= width;
    if (this.todayMarker.visible)
      placeRect(this.todayMarker, todayX - 1, headerHeight - 4, 3, 4, palette.today);
  }

  destroy(): void {
    this.grid.destroy({ children: true });
    this.header.destroy({ children: true });
  }
}
