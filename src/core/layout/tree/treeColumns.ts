/**
 * Where the parts of a tree row sit across the card, px from its left edge: one pure function that
 * the canvas (icons, metadata, indicators) and the DOM overlay (chevron, title link, labels, remove
 * button) both read, so the two stay aligned. Narrow cards drop the metadata column; its facts stay
 * in the overlay's accessible text.
 */
import { TREE_INDENT } from './treeConstants.ts';

export const TREE_ROW_PADDING = 8;
/** The expand/collapse chevron's square, px. */
export const TREE_CHEVRON_SIZE = 24;
/** The state icon (and the confidential/blocked icons after the title), px. */
export const TREE_ICON_SIZE = 16;
export const TREE_GAP = 8;
/** The remove button's square at the right end (admins only; the space is kept for everyone). */
export const TREE_ACTION_SIZE = 32;
/** The metadata column (counts, milestone, due date, weight, assignees, health), px. */
export const TREE_META_WIDTH = 300;
/** Below this card width the metadata column is dropped, px. */
export const TREE_META_MIN_CARD_WIDTH = 720;

export interface TreeRowColumns {
  /** Left edge of the chevron square. */
  readonly chevronX: number;
  /** Left edge of the state icon. */
  readonly iconX: number;
  /** Left edge and width of the title, reference and labels. */
  readonly textX: number;
  readonly textWidth: number;
  /** Left edge of the metadata column; its width is metaWidth (0 when dropped). */
  readonly metaX: number;
  readonly metaWidth: number;
  /** Left edge of the remove button. */
  readonly actionX: number;
}

/** The columns of a row at `level` (1 for the root's children) in a card `width` px wide. */
export function treeRowColumns(width: number, level: number): TreeRowColumns {
  const chevronX = TREE_ROW_PADDING + Math.max(0, level - 1) * TREE_INDENT;
  const iconX = chevronX + TREE_CHEVRON_SIZE + 4;
  const textX = iconX + TREE_ICON_SIZE + TREE_GAP;
  const actionX = Math.max(textX, width - TREE_ROW_PADDING - TREE_ACTION_SIZE);
  const metaWidth = width >= TREE_META_MIN_CARD_WIDTH ? TREE_META_WIDTH : 0;
  const metaX = actionX - TREE_GAP - metaWidth;
  const textWidth = Math.max(0, metaX - TREE_GAP - textX);
  return { chevronX, iconX, textX, textWidth, metaX, metaWidth, actionX };
}
