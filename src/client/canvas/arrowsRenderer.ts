/**
 * Draws the snapshot's dependency arrows ('blocks' links): each orthogonal polyline as thin tinted
 * sprites (its segments are axis-aligned, so a segment is a rectangle), an arrowhead at the blocked
 * bar's start, red when the blocked epic starts before its blocker ends; and, where a bar's links
 * lead to epics that are not rows, a disc with their count at the bar's start (blockers) or end
 * (blocked epics). A hovered bar's chain (frame.highlightedChain) is drawn thicker in the accent
 * colour, the other arrows faded. Pools only: a scroll or zoom allocates nothing.
 */
import { BitmapText, type Container, Sprite, type Texture } from 'pixi.js';
import { EPIC_ITEM_HEIGHT } from '../../core/layout/constants.ts';
import {
  ARROW_FLAG,
  ARROW_MAX_POINTS,
  ARROW_ROW_MIDDLE,
  ARROW_STUB,
} from '../../core/layout/dependencyArrows.ts';
import type { CanvasPalette } from './palette.ts';
import { DisplayPool } from './pools.ts';
import { type RoadmapFrame, rowsTop } from './roadmapFrame.ts';
import { paintedTexture, placeRect, whiteSprite } from './sprites.ts';
import { roadmapTextStyle } from './textMeasure.ts';

const LINE = 2;
const LINE_HIGHLIGHTED = 3;
const HEAD = 8;
const MARKER = 16;
/** Alpha of the arrows outside a highlighted chain. */
const FADED = 0.3;

function arrowheadTexture(): Texture {
  return paintedTexture(HEAD, (context) => {
    context.beginPath();
    context.moveTo(0, 0);
    context.lineTo(HEAD, HEAD / 2);
    context.lineTo(0, HEAD);
    context.closePath();
    context.fill();
  });
}

function discTexture(): Texture {
  return paintedTexture(MARKER, (context) => {
    context.beginPath();
    context.arc(MARKER / 2, MARKER / 2, MARKER / 2, 0, Math.PI * 2);
    context.fill();
  });
}

export class ArrowsRenderer {
  private readonly segments: DisplayPool<Sprite>;
  private readonly heads: DisplayPool<Sprite>;
  private readonly discs: DisplayPool<Sprite>;
  private readonly counts: DisplayPool<BitmapText>;
  private readonly headTexture = arrowheadTexture();
  private readonly discTexture = discTexture();
  private readonly style = roadmapTextStyle(10, true);

  constructor(layer: Container) {
    this.segments = new DisplayPool(layer, whiteSprite);
    this.heads = new DisplayPool(layer, () => new Sprite(this.headTexture));
    this.discs = new DisplayPool(layer, () => new Sprite(this.discTexture));
    this.counts = new DisplayPool(layer, () => new BitmapText({ text: '', style: this.style }));
  }

  draw(frame: RoadmapFrame, palette: CanvasPalette): void {
    this.segments.begin();
    this.heads.begin();
    this.discs.begin();
    this.counts.begin();
    const { snapshot } = frame;
    if (snapshot && frame.showDependencies) {
      this.drawArrows(frame, palette);
      this.drawMarkers(frame, palette);
    }
    this.segments.end();
    this.heads.end();
    this.discs.end();
    this.counts.end();
  }

  private drawArrows(frame: RoadmapFrame, palette: CanvasPalette): void {
    const { arrows } = frame.snapshot!;
    const { timelineLeft, width, height, scrollLeft, scrollTop, xScale } = frame;
    const top = rowsTop(frame);
    const chain = frame.highlightedChain;
    const { points } = arrows;
    for (let a = 0; a < arrows.count; a += 1) {
      const base = a * ARROW_MAX_POINTS * 2;
      const n = arrows.pointCount[a]!;
      let minX = Number.POSITIVE_INFINITY;
      let maxX = Number.NEGATIVE_INFINITY;
      let minY = Number.POSITIVE_INFINITY;
      let maxY = Number.NEGATIVE_INFINITY;
      for (let p = 0; p < n; p += 1) {
        const x = timelineLeft + points[base + 2 * p]! * xScale - scrollLeft;
        const y = top + points[base + 2 * p + 1]! - scrollTop;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
      if (maxX < timelineLeft - HEAD || minX > width + HEAD || maxY < top - HEAD || minY > height + HEAD)
        continue;
      const inChain = chain.size > 0 && chain.has(arrows.fromIds[a]!) && chain.has(arrows.toIds[a]!);
      const violated = (arrows.flags[a]! & ARROW_FLAG.VIOLATED) !== 0;
      const color = violated ? palette.dependencyViolated : inChain ? palette.accent : palette.dependency;
      const alpha = chain.size > 0 && !inChain ? FADED : 1;
      const line = inChain ? LINE_HIGHLIGHTED : LINE;
      let px = timelineLeft + points[base]! * xScale - scrollLeft;
      let py = top + points[base + 1]! - scrollTop;
      for (let p = 1; p < n; p += 1) {
        const x = timelineLeft + points[base + 2 * p]! * xScale - scrollLeft;
        const y = top + points[base + 2 * p + 1]! - scrollTop;
        // The last segment runs into the arrowhead, which covers its end.
        const endX = p === n - 1 ? x - HEAD + 1 : x;
        const half = line / 2;
        if (y === py)
          placeRect(
            this.segments.next(),
            Math.min(px, endX) - half,
            y - half,
            Math.abs(endX - px) + line,
            line,
            color,
            alpha,
          );
        else
          placeRect(
            this.segments.next(),
            x - half,
            Math.min(py, y) - half,
            line,
            Math.abs(y - py) + line,
            color,
            alpha,
          );
        px = x;
        py = y;
      }
      const size = inChain ? HEAD + 2 : HEAD;
      placeRect(this.heads.next(), px - size, py - size / 2, size, size, color, alpha);
    }
  }

  private drawMarkers(frame: RoadmapFrame, palette: CanvasPalette): void {
    const snapshot = frame.snapshot!;
    const { rows } = snapshot;
    const { timelineLeft, width, height, scrollLeft, scrollTop, xScale } = frame;
    const top = rowsTop(frame);
    const alpha = frame.highlightedChain.size > 0 ? FADED : 1;
    for (let i = 0; i < snapshot.count; i += 1) {
      const before = rows.blockedByOutside[i]!;
      const after = rows.blockingOutside[i]!;
      if (before === 0 && after === 0) continue;
      const y = top + rows.y[i]! - scrollTop + ARROW_ROW_MIDDLE;
      if (y < top - EPIC_ITEM_HEIGHT || y > height + EPIC_ITEM_HEIGHT) continue;
      const x = timelineLeft + rows.x[i]! * xScale - scrollLeft;
      const end = x + rows.width[i]! * xScale;
      if (before > 0) this.marker(x - ARROW_STUB - MARKER, x, y, before, timelineLeft, width, palette, alpha);
      if (after > 0) this.marker(end + ARROW_STUB, end, y, after, timelineLeft, width, palette, alpha);
    }
  }

  /** A disc at `left` with `count` in it, joined to the bar edge at `barX` by a short line. */
  private marker(
    left: number,
    barX: number,
    y: number,
    count: number,
    minX: number,
    maxX: number,
    palette: CanvasPalette,
    alpha: number,
  ): void {
    if (left + MARKER < minX || left > maxX) return;
    const lineLeft = Math.min(barX, left + MARKER / 2);
    const lineRight = Math.max(barX, left + MARKER / 2);
    placeRect(
      this.segments.next(),
      lineLeft,
      y - LINE / 2,
      lineRight - lineLeft,
      LINE,
      palette.dependency,
      alpha,
    );
    placeRect(this.discs.next(), left, y - MARKER / 2, MARKER, MARKER, palette.dependency, alpha);
    const text = this.counts.next();
    const label = count > 99 ? '99+' : String(count);
    if (text.text !== label) text.text = label;
    text.tint = palette.background;
    text.alpha = alpha;
    text.position.set(left + (MARKER - text.width) / 2, y - 6);
  }

  destroy(): void {
    this.headTexture.destroy(true);
    this.discTexture.destroy(true);
  }
}
