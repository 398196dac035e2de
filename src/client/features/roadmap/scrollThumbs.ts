/** The roadmap's scrollbar thumbs: their geometry, and placing them (the frame does, every frame). */

/** Least length of a scrollbar thumb, px. */
const MIN_THUMB = 24;

/** Length and offset of a scrollbar thumb on a track, or null when nothing scrolls. */
export function thumbGeometry(
  track: number,
  visible: number,
  content: number,
  scroll: number,
): { length: number; offset: number } | null {
  if (content <= visible || track <= 0) return null;
  const length = Math.max(MIN_THUMB, (track * visible) / content);
  return { length, offset: (scroll / (content - visible)) * (track - length) };
}

export function placeThumb(
  thumb: HTMLElement | null,
  geometry: { length: number; offset: number } | null,
  size: 'width' | 'height',
  move: 'translateX' | 'translateY',
): void {
  if (!thumb) return;
  thumb.hidden = geometry === null;
  if (!geometry) return;
  thumb.style[size] = `${geometry.length}px`;
  thumb.style.transform = `${move}(${geometry.offset}px)`;
}
