/**
 * Rows [first, end) of a vertical scroll window over rows `rowHeight` px tall, with `extraRows`
 * more above and below (default: one screenful), clamped to the list. Both the roadmap and the tree
 * lay out exactly these rows.
 */
export function rowWindow(
  scrollTop: number,
  height: number,
  rowHeight: number,
  rowCount: number,
  extraRows: number = Math.ceil(height / rowHeight),
): { first: number; end: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - extraRows);
  const end = Math.min(rowCount, Math.ceil((scrollTop + height) / rowHeight) + extraRows);
  return { first: Math.min(first, end), end };
}
