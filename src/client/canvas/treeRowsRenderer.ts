/**
 * Draws the static part of the tree's rows: a separator under each row, the indent guides, the
 * state icon and the metadata column, and a veil over rows being removed or dragged. Only rows
 * that intersect the viewport (plus one row each side) are drawn. Hover, focus and drag visuals
 * live in TreeInteractionRenderer, so moving the pointer does not redo this layer: `draw` returns
 * early while the snapshot, the scroll position, the size, the dragged key, today and the palette
 * are what they were.
 */
import { Container, type Sprite } from 'pixi.js';
import {
  TREE_CHEVRON_SIZE,
  TREE_ICON_SIZE,
  type TreeRowColumns,
  treeRowColumns,
} from '../../core/layout/tree/treeColumns.ts';
import { TREE_ROW_HEIGHT } from '../../core/layout/tree/treeConstants.ts';
import { ROW_KIND } from '../../core/layout/tree/treeRows.ts';
import {
  ENTRY_FLAG,
  ENTRY_STRING,
  entryString,
  type TreeSnapshot,
} from '../../core/layout/tree/treeSnapshot.ts';
import { type EntryRange, visibleEntryRange } from '../../core/layout/tree/treeViewport.ts';
import type { CanvasPalette } from './palette.ts';
import { DisplayPool } from './pools.ts';
import { placeRect, whiteSprite } from './sprites.ts';
import type { TreeFrame } from './treeFrame.ts';
import type { TreeIconTextures } from './treeIcons.ts';
import { TreeMetaRenderer } from './treeMetaRenderer.ts';

/** The first line of a row (title, icon, metadata) is centred here, px below the row top. */
const TREE_FIRST_LINE_CENTER = TREE_ROW_HEIGHT / 2;
/** Dimmed rows show this much of themselves through a veil of the background colour. */
const VEIL_ALPHA = 0.55;

/** `treeRowColumns` per level for one card width, computed once per width (no allocation per frame). */
export class TreeColumnsCache {
  private width = Number.NaN;
  private readonly byLevel: TreeRowColumns[] = [];

  at(width: number, level: number): TreeRowColumns {
    if (width !== this.width) {
      this.width = width;
      this.byLevel.length = 0;
    }
    let columns = this.byLevel[level];
    if (!columns) {
      columns = treeRowColumns(width, level);
      this.byLevel[level] = columns;
    }
    return columns;
  }
}

export class TreeRowsRenderer {
  readonly layer = new Container();
  private readonly separators: DisplayPool<Sprite>;
  private readonly guides: DisplayPool<Sprite>;
  private readonly stateIcons: DisplayPool<Sprite>;
  private readonly meta: TreeMetaRenderer;
  private readonly veils: DisplayPool<Sprite>;
  private readonly icons: TreeIconTextures;
  private readonly columns: TreeColumnsCache;
  private readonly range: EntryRange = { start: 0, end: 0 };
  private last: {
    snapshot: TreeSnapshot | null;
    scrollTop: number;
    width: number;
    height: number;
    dragKey: string | null;
    today: number;
    palette: CanvasPalette | null;
  } = { snapshot: null, scrollTop: 0, width: 0, height: 0, dragKey: null, today: 0, palette: null };
  /** How many times the layer was redrawn (tests and benchmarks read it). */
  redraws = 0;

  constructor(icons: TreeIconTextures, columns: TreeColumnsCache) {
    this.icons = icons;
    this.columns = columns;
    const part = () => this.layer.addChild(new Container());
    this.separators = new DisplayPool(part(), whiteSprite);
    this.guides = new DisplayPool(part(), whiteSprite);
    this.stateIcons = new DisplayPool(part(), whiteSprite);
    this.meta = new TreeMetaRenderer(part(), icons);
    this.veils = new DisplayPool(part(), whiteSprite);
  }

  /** Redraws the layer when what it shows changed; returns whether it did. */
  draw(frame: TreeFrame, palette: CanvasPalette): boolean {
    const last = this.last;
    if (
      last.snapshot === frame.snapshot &&
      last.scrollTop === frame.scrollTop &&
      last.width === frame.width &&
      last.height === frame.height &&
      last.dragKey === frame.dragKey &&
      last.today === frame.today &&
      last.palette === palette
    ) {
      return false;
    }
    last.snapshot = frame.snapshot;
    last.scrollTop = frame.scrollTop;
    last.width = frame.width;
    last.height = frame.height;
    last.dragKey = frame.dragKey;
    last.today = frame.today;
    last.palette = palette;
    this.redraws += 1;
    this.drawRows(frame, palette);
    return true;
  }

  private drawRows(frame: TreeFrame, palette: CanvasPalette): void {
    const { snapshot, scrollTop, width, height } = frame;
    const e = snapshot.entries;
    const rowHeight = snapshot.rowHeight;
    this.separators.begin();
    this.guides.begin();
    this.stateIcons.begin();
    this.meta.begin();
    this.veils.begin();
    const { start, end } = visibleEntryRange(snapshot, scrollTop, height, rowHeight, this.range);
    for (let i = start; i < end; i += 1) {
      const y = e.y[i]! - scrollTop;
      const level = e.level[i]!;
      placeRect(this.separators.next(), 0, y + rowHeight - 1, width, 1, palette.grid);
      for (let ancestor = 1; ancestor < level; ancestor += 1) {
        const x = this.columns.at(width, ancestor).chevronX + TREE_CHEVRON_SIZE / 2;
        placeRect(this.guides.next(), Math.round(x), y, 1, rowHeight - 1, palette.grid);
      }
      // 'Show more' and loading rows draw only their background; the overlay draws their content.
      if (e.kind[i] !== ROW_KIND.ITEM) continue;
      const flags = e.flags[i]!;
      const columns = this.columns.at(width, level);
      this.drawStateIcon(columns.iconX, y + TREE_FIRST_LINE_CENTER, flags, palette);
      if (columns.metaWidth > 0) this.meta.drawRow(frame, i, columns, y + TREE_FIRST_LINE_CENTER, palette);
      const dragged = frame.dragKey !== null && entryString(snapshot, i, ENTRY_STRING.KEY) === frame.dragKey;
      if (dragged || flags & ENTRY_FLAG.REMOVING) {
        placeRect(this.veils.next(), 0, y, width, rowHeight - 1, palette.background, VEIL_ALPHA);
      }
    }
    this.separators.end();
    this.guides.end();
    this.stateIcons.end();
    this.meta.end();
    this.veils.end();
  }

  private drawStateIcon(x: number, center: number, flags: number, palette: CanvasPalette): void {
    const icon = this.stateIcons.next();
    const closed = (flags & ENTRY_FLAG.CLOSED) !== 0;
    const texture =
      flags & ENTRY_FLAG.EPIC ? this.icons.epic : closed ? this.icons.issueClosed : this.icons.issueOpen;
    if (icon.texture !== texture) icon.texture = texture;
    placeRect(
      icon,
      x,
      center - TREE_ICON_SIZE / 2,
      TREE_ICON_SIZE,
      TREE_ICON_SIZE,
      closed ? palette.info : palette.success,
    );
  }

  destroy(): void {
    this.meta.destroy();
    this.layer.destroy({ children: true });
  }
}
