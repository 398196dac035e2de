import { milestonePercentComplete, milestoneProgressTexts } from '../../../core/domain/milestoneProgress.ts';
import { MILESTONE_TEXTS } from './milestoneTexts.ts';

/** Closed of all issues: a bar with its accessible name and value, the percent and the counts. */
export function MilestoneProgress({ closed, total }: { closed: number; total: number }) {
  const percent = milestonePercentComplete(closed, total);
  const texts = milestoneProgressTexts(closed, total);
  return (
    <div className="milestone-progress" data-testid="milestone-progress">
      <div
        className="milestone-progress-track"
        role="progressbar"
        aria-label={MILESTONE_TEXTS.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${texts.percent}, ${texts.issues}`}
      >
        <div className="milestone-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="milestone-progress-percent">{texts.percent}</p>
      <p className="muted">{texts.issues}</p>
    </div>
  );
}
