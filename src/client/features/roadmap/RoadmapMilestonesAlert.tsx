import type { RoadmapMilestonesState } from '../../data/index.ts';
import { Alert } from '../../ui/index.ts';
import { ROADMAP_TEXT } from './roadmapTexts.ts';

/** The milestones failed to load while they are shown; the roadmap stays usable below. */
export function RoadmapMilestonesAlert({
  milestones,
  showMilestones,
}: {
  milestones: RoadmapMilestonesState;
  showMilestones: boolean;
}) {
  if (!milestones.error || !showMilestones) return null;
  return (
    <Alert variant="danger" testId="roadmap-milestones-error">
      {ROADMAP_TEXT.fetchMilestonesError}
    </Alert>
  );
}
