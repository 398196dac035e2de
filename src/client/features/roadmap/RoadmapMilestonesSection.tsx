/**
 * The milestones section's DOM (spec §2.6): in the details column, the collapsible 'Milestones'
 * row with its count; over the canvas, one link per milestone bar to its page (focusable, with the
 * popover's text as its accessible description). The canvas draws the bars themselves.
 */

import { milestoneTypeText } from '../../../core/layout/milestoneBars.ts';
import { formatDateRange } from '../../../core/time/formatting.ts';
import {
  DETAILS_WIDTH,
  MILESTONE_LANE_HEIGHT,
  MILESTONES_TITLE_HEIGHT,
  type RoadmapFrame,
} from '../../canvas/roadmapFrame.ts';
import type { RoadmapMilestoneView } from '../../data/index.ts';
import { Icon } from '../../ui/index.ts';
import { milestoneCountText, ROADMAP_TEXT } from './roadmapTexts.ts';

export function RoadmapMilestonesSection({
  frame,
  milestones,
  show,
  onToggle,
  layerRef,
  onFocusMilestone,
}: {
  frame: RoadmapFrame;
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
        style={{ top: frame.headerHeight, height: frame.milestonesHeight, width: DETAILS_WIDTH }}
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
          style={{ top: frame.headerHeight, height: frame.milestonesHeight, left: DETAILS_WIDTH }}
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
                    style={{
                      left: bar.x - DETAILS_WIDTH,
                      top: MILESTONES_TITLE_HEIGHT + bar.lane * MILESTONE_LANE_HEIGHT,
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
