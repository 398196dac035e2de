/**
 * Moves the DOM parts of the roadmap with the canvas, in the frame the canvas draws: the only writer
 * of their `style.transform` (STYLE principle 6: the overlay stays in step, and one writer keeps
 * two code paths from fighting over a transform). Elements are given by ref callbacks; any may be
 * missing. Pure DOM writes, no reads, so a frame never forces a layout.
 */
import type { ThumbGeometry } from './scrollThumbs.ts';

/** What the synchroniser writes to: an HTMLElement, or a plain `{ style: {} }` in tests. */
export interface SyncedElement {
  readonly style: { transform: string; width: string; height: string };
  hidden: boolean;
}

/**
 * The DOM parts moved each frame: the overlay rows (vertical scroll), the plain-DOM bars and header
 * of the fallback (snapshot world px, so stretched by xScale while a zoom waits), the milestone
 * links (current-scale world px, and the lanes' own vertical scroll) and the scrollbar thumbs.
 */
export interface OverlayElements {
  rows: SyncedElement | null;
  timeline: SyncedElement | null;
  header: SyncedElement | null;
  milestones: SyncedElement | null;
  verticalThumb: SyncedElement | null;
  horizontalThumb: SyncedElement | null;
}

/** Where the view is in one frame. Units: CSS px. */
export interface OverlayPlacement {
  readonly detailsWidth: number;
  readonly scrollTop: number;
  /** Scroll of the snapshot's world (what the canvas draws rows and header with). */
  readonly snapshotScrollLeft: number;
  readonly xScale: number;
  /** Scroll of the current scale's world (milestones are laid out on it). */
  readonly scrollLeft: number;
  readonly milestonesScrollTop: number;
  readonly verticalThumb: ThumbGeometry | null;
  readonly horizontalThumb: ThumbGeometry | null;
}

export class OverlaySync {
  readonly elements: OverlayElements = {
    rows: null,
    timeline: null,
    header: null,
    milestones: null,
    verticalThumb: null,
    horizontalThumb: null,
  };

  place(at: OverlayPlacement): void {
    const { rows, timeline, header, milestones, verticalThumb, horizontalThumb } = this.elements;
    const left = at.detailsWidth - at.snapshotScrollLeft;
    if (rows) rows.style.transform = `translate3d(0, ${-at.scrollTop}px, 0)`;
    if (timeline)
      timeline.style.transform = `translate3d(${left}px, ${-at.scrollTop}px, 0) scaleX(${at.xScale})`;
    if (header) header.style.transform = `translate3d(${left}px, 0, 0) scaleX(${at.xScale})`;
    if (milestones)
      milestones.style.transform = `translate3d(${-at.scrollLeft}px, ${-at.milestonesScrollTop}px, 0)`;
    placeThumbGeometry(verticalThumb, at.verticalThumb, 'height', 'translateY');
    placeThumbGeometry(horizontalThumb, at.horizontalThumb, 'width', 'translateX');
  }
}

function placeThumbGeometry(
  thumb: SyncedElement | null,
  geometry: ThumbGeometry | null,
  size: 'width' | 'height',
  move: 'translateX' | 'translateY',
): void {
  if (!thumb) return;
  thumb.hidden = geometry === null;
  if (!geometry) return;
  thumb.style[size] = `${geometry.length}px`;
  thumb.style.transform = `${move}(${geometry.offset}px)`;
}
