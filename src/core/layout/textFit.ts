/**
 * Fitting a bar's title into its width, as CSS `text-overflow: ellipsis` would: the longest prefix
 * whose right edge plus the ellipsis fits. Works from measured right edges of each character, so
 * the renderer measures a title once and fits it at every zoom without measuring again.
 */

/**
 * How many characters of a text to keep. `rightEdges[i]` is the right edge (px) of character i;
 * returns the whole length when it fits without an ellipsis, else the kept prefix length before
 * the ellipsis (0 when not even the ellipsis fits beside one character).
 */
export function fittedLength(rightEdges: ArrayLike<number>, maxWidth: number, ellipsisWidth: number): number {
  const length = rightEdges.length;
  if (length === 0 || rightEdges[length - 1]! <= maxWidth) return length;
  const room = maxWidth - ellipsisWidth;
  let low = 0;
  let high = length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (rightEdges[mid - 1]! <= room) low = mid;
    else high = mid - 1;
  }
  return low;
}
