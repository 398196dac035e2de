/**
 * The ghost of a reschedule being chosen: an outline where the bar will be, with its new dates as
 * text, over the epic's row. Placed in viewport px from the controller's scale and scroll; hidden
 * while the row is scrolled out of the laid-out rows. Screen readers hear the dates from the live
 * region instead.
 */
import { EPIC_ITEM_HEIGHT } from '../../../core/layout/constants.ts';
import { addDays, calendarDateToDay } from '../../../core/time/epochDay.ts';
import { formatDateRange } from '../../../core/time/formatting.ts';
import { rowsTop } from '../../canvas/roadmapFrame.ts';
import type { RoadmapController } from './roadmapController.ts';
import { RESCHEDULE_TEXT } from './roadmapTexts.ts';
import type { RescheduleDraft } from './useRoadmapReschedule.ts';

/** The canvas draws a bar 9 px below its row's top, 32 px high. */
const BAR_TOP = 9;
/** Room the dates label takes ('Nov 28, 2026 – Dec 10, 2026' at 12 px), so it stays on screen. */
const LABEL_WIDTH = 200;

export function RescheduleGhost({
  draft,
  controller,
}: {
  draft: RescheduleDraft;
  controller: RoadmapController;
}) {
  const { scale, viewport, frame, snapshot } = controller;
  const entry = snapshot ? snapshot.rows.ids.indexOf(draft.epic.id) : -1;
  if (!snapshot || entry < 0) return null;
  const { schedule, bar } = draft;
  const startDay = schedule.startDate ? calendarDateToDay(schedule.startDate) : bar.startDay;
  const endDay = schedule.dueDate ? calendarDateToDay(schedule.dueDate) : bar.endDay;
  const origin = frame.detailsWidth - viewport.scrollLeft;
  const left = Math.max(frame.detailsWidth, origin + scale.toPixel(startDay));
  const right = origin + scale.toPixel(addDays(endDay, 1));
  const top = rowsTop(frame) + (snapshot.firstRow + entry) * EPIC_ITEM_HEIGHT - viewport.scrollTop + BAR_TOP;
  const text = formatDateRange(schedule.startDate, schedule.dueDate) ?? RESCHEDULE_TEXT.noDates;
  const viewRight = frame.detailsWidth + frame.width;
  const labelLeft = Math.max(frame.detailsWidth, Math.min(left, viewRight - LABEL_WIDTH)) - left;
  return (
    <div
      className={`roadmap-reschedule-ghost is-${draft.edge}`}
      style={{ left, top, width: Math.max(2, right - left) }}
      data-testid="roadmap-reschedule-ghost"
      data-start={schedule.startDate ?? ''}
      data-due={schedule.dueDate ?? ''}
      aria-hidden="true"
    >
      <span className="roadmap-reschedule-ghost-label" style={{ left: labelLeft }}>
        {text}
      </span>
    </div>
  );
}
