/**
 * The roadmap's PixiJS scene: grid, rows (bars), milestones and header, drawn synchronously from a
 * RoadmapFrame. Layers are ordered so rows scroll under the header and the milestones section.
 * Nothing here fetches, lays out or awaits; `draw` only moves pooled display objects.
 */
import { Container, type Texture } from 'pixi.js';
import { ArrowsRenderer } from './arrowsRenderer.ts';
import { HeaderRenderer } from './headerRenderer.ts';
import { MilestonesRenderer } from './milestonesRenderer.ts';
import type { CanvasPalette } from './palette.ts';
import type { RoadmapFrame } from './roadmapFrame.ts';
import { RowsRenderer } from './rowsRenderer.ts';
import { roundedBarTexture } from './sprites.ts';

export class RoadmapScene {
  readonly root = new Container();
  private readonly header = new HeaderRenderer();
  private readonly rows: RowsRenderer;
  private readonly arrows: ArrowsRenderer;
  private readonly milestones = new MilestonesRenderer();
  private readonly barTexture: Texture;

  constructor() {
    this.barTexture = roundedBarTexture();
    this.rows = new RowsRenderer(this.barTexture);
    this.arrows = new ArrowsRenderer(this.rows.layers.arrows);
    this.root.addChild(this.header.grid, this.rows.layer, this.milestones.layer, this.header.header);
  }

  draw(frame: RoadmapFrame, palette: CanvasPalette): void {
    this.header.draw(frame, palette);
    this.rows.draw(frame, palette);
    this.arrows.draw(frame, palette);
    this.milestones.draw(frame, palette);
  }

  destroy(): void {
    this.header.destroy();
    this.rows.destroy();
    this.arrows.destroy();
    this.milestones.destroy();
    this.root.destroy();
    this.barTexture.destroy(true);
  }
}
