/**
 * The bar and milestone popovers (spec): title, timeframe and progress for an epic; type
 * and dates for a milestone. Anchored with floating-ui to the bar's rectangle on screen; shown on
 * hover (after the tooltip delay) and on keyboard focus of the row, hidden by Escape.
 */
import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useEffect, useId, useMemo } from 'react';
import { milestoneTypeText } from '../../../core/layout/milestoneBars.ts';
import { type ProgressTracking, progressPopoverText, totalsFor } from '../../../core/layout/progress.ts';
import { formatDateRange } from '../../../core/time/formatting.ts';
import type { RoadmapEpicLink, RoadmapEpicView, RoadmapMilestoneView } from '../../data/index.ts';

/** A rectangle in viewport (client) coordinates. */
export interface ScreenRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type PopoverTarget =
  | {
      readonly kind: 'epic';
      readonly epic: RoadmapEpicView;
      readonly rect: ScreenRect;
      readonly progress: number;
    }
  | { readonly kind: 'milestone'; readonly milestone: RoadmapMilestoneView; readonly rect: ScreenRect };

export function RoadmapPopover({
  target,
  progressTracking,
  showProgress,
  blockedOf,
}: {
  target: PopoverTarget;
  progressTracking: ProgressTracking;
  showProgress: boolean;
  /** The loaded epics an epic blocks (its blockers come with the epic). */
  blockedOf?: ((id: number) => readonly RoadmapEpicView[]) | undefined;
}) {
  const id = useId();
  const reference = useMemo(() => {
    const { x, y, width, height } = target.rect;
    const rect = { x, y, width, height, top: y, left: x, right: x + width, bottom: y + height };
    return { getBoundingClientRect: () => rect };
  }, [target.rect]);
  const { refs, floatingStyles, update } = useFloating({
    placement: 'top',
    strategy: 'fixed',
    middleware: [offset(6), flip({ padding: 5 }), shift({ padding: 5 })],
    whileElementsMounted: autoUpdate,
  });
  useEffect(() => {
    refs.setPositionReference(reference);
    update();
  }, [reference, refs, update]);
  return (
    <div
      ref={refs.setFloating}
      id={id}
      role="tooltip"
      className="roadmap-popover"
      style={floatingStyles}
      data-testid="roadmap-popover"
    >
      {target.kind === 'epic' ? (
        <EpicContent
          epic={target.epic}
          progressTracking={progressTracking}
          showProgress={showProgress}
          progress={target.progress}
          blocks={blockedOf?.(target.epic.id) ?? []}
        />
      ) : (
        <MilestoneContent milestone={target.milestone} />
      )}
    </div>
  );
}

function EpicContent({
  epic,
  progressTracking,
  showProgress,
  progress,
  blocks,
}: {
  epic: RoadmapEpicView;
  progressTracking: ProgressTracking;
  showProgress: boolean;
  progress: number;
  blocks: readonly RoadmapEpicView[];
}) {
  const totals = totalsFor(progressTracking, epic);
  return (
    <>
      <p className="roadmap-popover-title">{epic.title}</p>
      <p className="roadmap-popover-line">{formatDateRange(epic.startDate, epic.dueDate) ?? 'No dates'}</p>
      {showProgress ? (
        <>
          <p className="roadmap-popover-line">{progressPopoverText(progressTracking, totals)}</p>
          <div
            className="roadmap-popover-progress"
            role="progressbar"
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label="Progress"
          >
            <span style={{ width: `${progress}%` }} />
          </div>
        </>
      ) : null}
      <DependencyList
        label="Blocked by"
        testId="roadmap-popover-blocked-by"
        epics={epic.blockedBy ?? []}
        total={epic.blockedByCount}
      />
      <DependencyList
        label="Blocks"
        testId="roadmap-popover-blocks"
        epics={blocks.filter((blocked) => !blocked.closed)}
        total={epic.blockingCount ?? 0}
      />
    </>
  );
}

/** Titles (links) of the epics on one side of the 'blocks' links, and how many are not loaded. */
function DependencyList({
  label,
  testId,
  epics,
  total,
}: {
  label: string;
  testId: string;
  epics: readonly RoadmapEpicLink[];
  total: number;
}) {
  if (total === 0 && epics.length === 0) return null;
  const more = total - epics.length;
  return (
    <div className="roadmap-popover-dependencies" data-testid={testId}>
      <p className="roadmap-popover-line">{`${label} ${Math.max(total, epics.length)}:`}</p>
      <ul>
        {epics.map((other) => (
          <li key={other.id}>
            <a href={other.webPath}>{other.title}</a>
          </li>
        ))}
        {more > 0 ? <li>{`${more} more not on the roadmap`}</li> : null}
      </ul>
    </div>
  );
}

function MilestoneContent({ milestone }: { milestone: RoadmapMilestoneView }) {
  return (
    <>
      <p className="roadmap-popover-title">{milestone.title}</p>
      <p className="roadmap-popover-line">{milestoneTypeText(milestone)}</p>
      <p className="roadmap-popover-line">
        {formatDateRange(milestone.startDate, milestone.dueDate) ?? 'No dates'}
      </p>
    </>
  );
}
