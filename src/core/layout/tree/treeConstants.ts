/** Numbers of the epic child tree (GitLab's related-items tree, "UI numbers" where GitLab has them; ours otherwise). */

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
/** A touch press may become a drag only once held this long, ms (spec: "Drag and drop waits 100 ms on touch devices"). */
export const TOUCH_DRAG_DELAY = 100;
/** A touch that moves this far before TOUCH_DRAG_DELAY is a scroll, not a drag, px. */
export const TOUCH_HOLD_SLOP = 5;
/** While dragging, a pointer this close to the scroller's top or bottom edge scrolls the list, px. */
export const AUTO_SCROLL_EDGE = 48;
/** Auto-scroll speed with the pointer at (or past) the edge, before any boost, px/ms (~20 px a 60 Hz frame). */
export const AUTO_SCROLL_SPEED = 1.2;
/** Held at an edge, auto-scroll speeds up to this many times AUTO_SCROLL_SPEED (long lists), ×. */
export const AUTO_SCROLL_MAX_BOOST = 10;
/** Continuous auto-scroll reaches AUTO_SCROLL_MAX_BOOST after this long, ms. */
export const AUTO_SCROLL_BOOST_TIME = 3000;

export function treeRowHeight(isShowingLabels: boolean): number {
  return isShowingLabels ? TREE_ROW_HEIGHT_WITH_LABELS : TREE_ROW_HEIGHT;
}
