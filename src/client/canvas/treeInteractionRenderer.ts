/**
 * The tree's interactive layers, redrawn every frame (they are a handful of objects): under the
 * rows, the hover and focus highlights and the epic a drag would drop into (highlighted, with an
 * accent border); over the rows, the drop line (2 px, from the indent of its level, with a ring at
 * its start) and the drag ghost (the item's icon and title in a card that follows the pointer).
 */
import { BitmapText, Container, type NineSliceSprite, type Sprite, type Texture } from 'pixi.js';
import { TREE_ICON_SIZE, TREE_ROW_PADDING } from '../../core/layout/tree/treeColumns.ts';
import type { CanvasPalette } from './palette.ts';
import { placeBar, placeRect, roundedBar, roundedBarTexture, whiteSprite } from './sprites.ts';
import { roadmapTextStyle, TitleFitter } from './textMeasure.ts';
import type { TreeFrame } from './treeFrame.ts';
import type { TreeIconTextures } from './treeIcons.ts';
import type { TreeColumnsCache } from './treeRowsRenderer.ts';

const FOCUS_ALPHA = 0.1;
const DROP_ROW_ALPHA = 0.12;
const DROP_BORDER = 2;
const LINE = 2;
const RING = 8;
const GHOST_MAX_TITLE = 320;
const GHOST_HEIGHT = 32;
const GHOST_PADDING = 10;
/** The ghost sits below and right of the pointer, so the drop line under it stays visible. */
const GHOST_OFFSET = 12;
const GHOST_ALPHA = 0.9;
/** Half the line box of the 14 px ghost title. */
const GHOST_TEXT_HALF = 9;

export class TreeInteractionRenderer {
  /** Goes under the rows layer. */
  readonly under = new Container();
  /** Goes over the rows layer. */
  readonly over = new Container();
  private readonly hover: Sprite;
  private readonly focus: Sprite;
  private readonly dropFill: Sprite;
  private readonly dropBorders: Sprite[];
  private readonly line: Sprite;
  private readonly ring: Sprite;
  private readonly ghost = new Container();
  private readonly ghostBorder: NineSliceSprite;
  private readonly ghostFill: NineSliceSprite;
  private readonly ghostIcon: Sprite;
  private readonly ghostTitle: BitmapText;
  private readonly ghostStyle = roadmapTextStyle(14, false);
  private readonly fitter = new TitleFitter(this.ghostStyle);
  private readonly cardTexture: Texture;
  private readonly icons: TreeIconTextures;
  private readonly columns: TreeColumnsCache;

  constructor(icons: TreeIconTextures, columns: TreeColumnsCache) {
    this.icons = icons;
    this.columns = columns;
    this.cardTexture = roundedBarTexture();
    this.hover = this.under.addChild(whiteSprite());
    this.focus = this.under.addChild(whiteSprite());
    this.dropFill = this.under.addChild(whiteSprite());
    this.dropBorders = [0, 1, 2, 3].map(() => this.under.addChild(whiteSprite()));
    this.line = this.over.addChild(whiteSprite());
    this.ring = this.over.addChild(whiteSprite());
    this.ring.texture = icons.ring;
    this.over.addChild(this.ghost);
    this.ghostBorder = this.ghost.addChild(roundedBar(this.cardTexture));
    this.ghostFill = this.ghost.addChild(roundedBar(this.cardTexture));
    this.ghostIcon = this.ghost.addChild(whiteSprite());
    this.ghostTitle = this.ghost.addChild(new BitmapText({ text: '', style: this.ghostStyle }));
  }

  draw(frame: TreeFrame, palette: CanvasPalette): void {
    const { snapshot, scrollTop, width } = frame;
    const rowHeight = snapshot.rowHeight;
    const rowY = (row: number) => row * rowHeight - scrollTop;
    this.hover.visible = this.onScreen(frame, frame.hoverRow);
    if (this.hover.visible)
      placeRect(this.hover, 0, rowY(frame.hoverRow), width, rowHeight - 1, palette.highlight);
    this.focus.visible = this.onScreen(frame, frame.focusRow);
    if (this.focus.visible) {
      placeRect(this.focus, 0, rowY(frame.focusRow), width, rowHeight - 1, palette.accent, FOCUS_ALPHA);
    }
    const drop = frame.drop;
    const dropRow = drop?.kind === 'row' && this.onScreen(frame, drop.row) ? drop.row : -1;
    this.dropFill.visible = dropRow >= 0;
    for (const border of this.dropBorders) border.visible = dropRow >= 0;
    if (dropRow >= 0) this.drawDropRow(rowY(dropRow), width, rowHeight, palette);
    const lineY = drop?.kind === 'line' ? drop.y - scrollTop : Number.NaN;
    const lineVisible = drop?.kind === 'line' && lineY >= -LINE && lineY <= frame.height + LINE;
    this.line.visible = lineVisible;
    this.ring.visible = lineVisible;
    if (drop?.kind === 'line' && lineVisible) {
      // Kept inside the canvas so a line at the very top or bottom of the list stays visible.
      const y = Math.min(frame.height - LINE / 2, Math.max(LINE / 2, lineY));
      const x = this.columns.at(width, drop.level).chevronX;
      placeRect(this.ring, x, y - RING / 2, RING, RING, palette.accent);
      placeRect(this.line, x + RING, y - LINE / 2, width - TREE_ROW_PADDING - x - RING, LINE, palette.accent);
    }
    this.drawGhost(frame, palette);
  }

  private onScreen(frame: TreeFrame, row: number): boolean {
    if (row < 0 || row >= frame.snapshot.rowCount) return false;
    const y = row * frame.snapshot.rowHeight - frame.scrollTop;
    return y + frame.snapshot.rowHeight > 0 && y < frame.height;
  }

  private drawDropRow(y: number, width: number, rowHeight: number, palette: CanvasPalette): void {
    const [top, bottom, left, right] = this.dropBorders as [Sprite, Sprite, Sprite, Sprite];
    const h = rowHeight - 1;
    placeRect(this.dropFill, 0, y, width, h, palette.accent, DROP_ROW_ALPHA);
    placeRect(top, 0, y, width, DROP_BORDER, palette.accent);
    placeRect(bottom, 0, y + h - DROP_BORDER, width, DROP_BORDER, palette.accent);
    placeRect(left, 0, y, DROP_BORDER, h, palette.accent);
    placeRect(right, width - DROP_BORDER, y, DROP_BORDER, h, palette.accent);
  }

  private drawGhost(frame: TreeFrame, palette: CanvasPalette): void {
    const ghost = frame.ghost;
    this.ghost.visible = ghost !== null;
    if (!ghost) return;
    const title = this.fitter.fit(ghost.title, GHOST_MAX_TITLE);
    const cardWidth = GHOST_PADDING + TREE_ICON_SIZE + 8 + this.fitter.width(title) + GHOST_PADDING;
    this.ghost.alpha = GHOST_ALPHA;
    this.ghost.position.set(Math.round(ghost.x + GHOST_OFFSET), Math.round(ghost.y + GHOST_OFFSET));
    placeBar(this.ghostBorder, 0, 0, cardWidth, GHOST_HEIGHT, palette.gridStrong);
    placeBar(this.ghostFill, 1, 1, cardWidth - 2, GHOST_HEIGHT - 2, palette.background);
    const texture = ghost.isEpic ? this.icons.epic : this.icons.issueOpen;
    if (this.ghostIcon.texture !== texture) this.ghostIcon.texture = texture;
    const iconTop = (GHOST_HEIGHT - TREE_ICON_SIZE) / 2;
    placeRect(this.ghostIcon, GHOST_PADDING, iconTop, TREE_ICON_SIZE, TREE_ICON_SIZE, palette.success);
    if (this.ghostTitle.text !== title) this.ghostTitle.text = title;
    this.ghostTitle.tint = palette.textStrong;
    this.ghostTitle.position.set(GHOST_PADDING + TREE_ICON_SIZE + 8, GHOST_HEIGHT / 2 - GHOST_TEXT_HALF);
  }

  destroy(): void {
    this.under.destroy({ children: true });
    this.over.destroy({ children: true });
    this.cardTexture.destroy(true);
  }
}
