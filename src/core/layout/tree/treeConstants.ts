/** Numbers of the epic child tree (facts 1.8 "UI numbers" where GitLab has them; ours otherwise). */

/** Hovering a collapsed epic with children this long while dragging expands it, ms (EXPAND_DELAY). */
export const EXPAND_DELAY = 1000;

/** One tree row, px. Rows are fixed-height so a scroll offset maps to a row in O(1). */
export const TREE_ROW_HEIGHT = 48;
/** One tree row while labels are shown (isShowingLabels): room for a line of label badges, px. */
export const TREE_ROW_HEIGHT_WITH_LABELS = 72;
/** Indentation of one tree level, px (also how far left the pointer goes to drop one level out). */
export const TREE_INDENT = 24;
/** A press becomes a drag after the pointer moves this far, px. */
export const DRAG_THRESHOLD = 5;

export function treeRowHeight(isShowingLabels: boolean): number {
  return isShowingLabels ? TREE_ROW_HEIGHT_WITH_LABELS : TREE_ROW_HEIGHT;
}
