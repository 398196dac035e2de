/**
 * The milestones section's DOM (spec): in the details column, the collapsible 'Milestones'
 * row with its count; over the canvas, one link per milestone bar to its page (with the popover's
 * text as its accessible description). The canvas draws the bars themselves. The links' layer moves
 * with the timeline and the lanes' own scroll (OverlaySync); a link whose bar is out of sight takes
 * no Tab stop, so keyboard focus never lands on something invisible.
 */

import { milestoneTypeText } from '../../../core/layout/milestoneBars.ts';
import { formatDateRange } from '../../../core/time/formatting.ts';
import {
  MILESTONE_LANE_HEIGHT,
  MILESTONES_TITLE_HEIGHT,
  type RoadmapFrame,
} from '../../canvas/roadmapFrame.ts';
import type { RoadmapMilestoneView } from '../../data/index.ts';
import { Icon } from '../../ui/index.ts';
import type { MilestonesLane } from './milestonesLane.ts';
import { milestoneCountText, ROADMAP_TEXT } from './roadmapTexts.ts';

export function RoadmapMilestonesSection({
  frame,
  lane,
  milestones,
  show,
  onToggle,
  layerRef,
  onFocusMilestone,
}: {
  frame: RoadmapFrame;
  /** Which links are in sight (re-rendered when that changes). */
  lane: Pick<MilestonesLane, 'inView'>;
  milestones: readonly RoadmapMilestoneView[];
  show: boolean;
  onToggle: () => void;
  layerRef: (element: HTMLElement | null) => void;
  /** The focused milestone's index in the frame (its popover shows), -1 on blur. */
  onFocusMilestone: (index: number) => void;
}) {
  if (!show || frame.milestonesHeight === 0) return null;
  const byId = new Map(milestones.map((milestone) => [milestone.id, milestone]));
  return (
    <>
      <div
        className="roadmap-milestones-header"
        style={{ top: frame.headerHeight, height: frame.milestonesHeight, width: frame.detailsWidth }}
        data-testid="roadmap-milestones"
      >
        <button
          type="button"
          className="roadmap-milestones-toggle"
          aria-expanded={frame.milestonesExpanded}
          onClick={onToggle}
          data-testid="roadmap-milestones-toggle"
        >
          <Icon name={frame.milestonesExpanded ? 'chevronDown' : 'chevronRight'} />
          <span className="roadmap-milestones-title">{ROADMAP_TEXT.milestones}</span>
          <span className="roadmap-milestones-count">{milestoneCountText(frame.milestones.length)}</span>
        </button>
      </div>
      {frame.milestonesExpanded ? (
        <div
          className="roadmap-milestones-clip"
          style={{
            top: frame.headerHeight + MILESTONES_TITLE_HEIGHT,
            height: frame.milestonesHeight - MILESTONES_TITLE_HEIGHT,
            left: frame.detailsWidth,
          }}
        >
          <ul className="roadmap-milestone-links" ref={layerRef} aria-label={ROADMAP_TEXT.milestones}>
            {frame.milestones.map((bar, index) => {
              const milestone = byId.get(bar.id);
              if (!milestone) return null;
              return (
                <li key={bar.id}>
                  <a
                    href={milestone.webPath}
                    className="roadmap-milestone-link"
                    data-testid="roadmap-milestone"
                    onFocus={() => onFocusMilestone(index)}
                    onBlur={() => onFocusMilestone(-1)}
                    tabIndex={lane.inView[index] ? undefined : -1}
                    style={{
                      left: bar.x,
                      top: bar.lane * MILESTONE_LANE_HEIGHT,
                      width: Math.max(bar.width, 9),
                    }}
                  >
                    <span className="sr-only">
                      {`${milestone.title}, ${milestoneTypeText(milestone)}, ${formatDateRange(milestone.startDate, milestone.dueDate) ?? 'No dates'}`}
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </>
  );
}
