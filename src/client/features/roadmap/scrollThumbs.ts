/** The roadmap's scrollbar thumbs: their geometry, and OverlaySync places them every frame. */

/** Least length of a scrollbar thumb, px. */
const MIN_THUMB = 24;

export interface ThumbGeometry {
  readonly length: number;
  readonly offset: number;
}

/** Length and offset of a scrollbar thumb on a track, or null when nothing scrolls. */
export function thumbGeometry(
  track: number,
  visible: number,
  content: number,
  scroll: number,
): ThumbGeometry | null {
  if (content <= visible || track <= 0) return null;
  const length = Math.max(MIN_THUMB, (track * visible) / content);
  return { length, offset: (scroll / (content - visible)) * (track - length) };
}
