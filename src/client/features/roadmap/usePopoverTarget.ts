/**
 * Which popover shows, and where on screen: the bar under the pointer, else the bar of the row with
 * keyboard focus, else the milestone under the pointer. Rectangles come from the snapshot and the
 * current view, in client coordinates for floating-ui.
 */
import type { RefObject } from 'react';
import { EPIC_ITEM_HEIGHT } from '../../../core/layout/constants.ts';
import { MILESTONE_LANE_HEIGHT, MILESTONES_TITLE_HEIGHT, rowsTop } from '../../canvas/roadmapFrame.ts';
import type { RoadmapMilestoneView } from '../../data/index.ts';
import type { OverlayRowModel } from './RoadmapOverlay.tsx';
import type { PopoverTarget } from './RoadmapPopover.tsx';
import type { RoadmapController } from './roadmapController.ts';
import type { PointerTarget } from './useRoadmapPointer.ts';

export function usePopoverTarget(
  controller: RoadmapController | null,
  viewportRef: RefObject<HTMLElement | null>,
  hovered: PointerTarget,
  focused: OverlayRowModel | null,
  milestones: readonly RoadmapMilestoneView[] | undefined,
): PopoverTarget | null {
  const snapshot = controller?.snapshot;
  // Nothing hovered or focused: no popover, and no layout read (this runs in every render).
  if (!controller || !snapshot || (!hovered && !focused)) return null;
  const box = viewportRef.current?.getBoundingClientRect();
  if (!box) return null;
  const { frame } = controller;
  const { detailsWidth } = frame;
  const epicAt = (entry: number): PopoverTarget | null => {
    const epic = controller.epic(snapshot.rows.ids[entry] ?? -1);
    if (!epic) return null;
    const x = box.left + detailsWidth + snapshot.rows.x[entry]! * frame.xScale - frame.scrollLeft;
    const width = snapshot.rows.width[entry]! * frame.xScale;
    const y = box.top + rowsTop(frame) + snapshot.rows.y[entry]! - frame.scrollTop;
    const left = Math.max(x, box.left + detailsWidth);
    const right = Math.min(x + width, box.right);
    const visible = right > left;
    return {
      kind: 'epic',
      epic,
      progress: snapshot.rows.progress[entry]!,
      rect: visible
        ? { x: left, y: y + 9, width: right - left, height: EPIC_ITEM_HEIGHT - 18 }
        : { x: box.left, y, width: detailsWidth, height: EPIC_ITEM_HEIGHT },
    };
  };
  if (hovered?.kind === 'epic' && hovered.epoch === snapshot.epoch) return epicAt(hovered.entry);
  if (focused && focused.row >= snapshot.firstRow && focused.row < snapshot.firstRow + snapshot.count)
    return epicAt(focused.row - snapshot.firstRow);
  if (hovered?.kind === 'milestone') {
    const bar = frame.milestones[hovered.index];
    const milestone = bar && milestones?.find((candidate) => candidate.id === bar.id);
    if (!bar || !milestone) return null;
    return {
      kind: 'milestone',
      milestone,
      rect: {
        x: box.left + detailsWidth + bar.x - frame.snapshotOriginX - frame.scrollLeft,
        y:
          box.top +
          frame.headerHeight +
          MILESTONES_TITLE_HEIGHT +
          bar.lane * MILESTONE_LANE_HEIGHT -
          frame.milestonesScrollTop,
        width: Math.max(bar.width, 9),
        height: MILESTONE_LANE_HEIGHT,
      },
    };
  }
  return null;
}
