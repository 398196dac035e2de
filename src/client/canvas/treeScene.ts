/**
 * The epic child tree's PixiJS scene, drawn synchronously from a TreeFrame: hover, focus and the
 * drop-into highlight under the rows; the rows (separators, indent guides, state icons, metadata);
 * the drop line and the drag ghost on top. Titles, links and controls are the DOM overlay's.
 * Nothing here fetches, lays out or awaits; `draw` only moves pooled display objects.
 */
import { Container } from 'pixi.js';
import type { PixiScene } from './PixiHost.tsx';
import type { CanvasPalette } from './palette.ts';
import type { TreeFrame } from './treeFrame.ts';
import { createTreeIcons, destroyTreeIcons, type TreeIconTextures } from './treeIcons.ts';
import { TreeInteractionRenderer } from './treeInteractionRenderer.ts';
import { TreeColumnsCache, TreeRowsRenderer } from './treeRowsRenderer.ts';

export class TreeScene implements PixiScene<TreeFrame> {
  readonly root = new Container();
  private readonly icons: TreeIconTextures;
  private readonly rows: TreeRowsRenderer;
  private readonly interaction: TreeInteractionRenderer;

  constructor() {
    this.icons = createTreeIcons();
    const columns = new TreeColumnsCache();
    this.rows = new TreeRowsRenderer(this.icons, columns);
    this.interaction = new TreeInteractionRenderer(this.icons, columns);
    this.root.addChild(this.interaction.under, this.rows.layer, this.interaction.over);
  }

  draw(frame: TreeFrame, palette: CanvasPalette): void {
    this.rows.draw(frame, palette);
    this.interaction.draw(frame, palette);
  }

  /** How many times the rows layer was redrawn (pointer moves alone do not redraw it). */
  get rowRedraws(): number {
    return this.rows.redraws;
  }

  destroy(): void {
    this.rows.destroy();
    this.interaction.destroy();
    this.root.destroy();
    destroyTreeIcons(this.icons);
  }
}
