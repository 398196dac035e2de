/**
 * The milestone page's burndown section: GitLab's 'Burndown chart' with its Issues / Issue weight
 * toggle when the milestone has both dates, otherwise GitLab's hint to add them (with the link to
 * the form for those who may edit).
 */
import type { BurndownPoint, CalendarDate } from '../../data/index.ts';
import { Button } from '../../ui/index.ts';
import { BurndownChart, type BurndownMetric } from './BurndownChart.tsx';
import { MILESTONE_TEXTS } from './milestoneTexts.ts';

export function MilestoneBurndown({
  startDate,
  dueDate,
  points,
  metric,
  onMetricChange,
  editPath,
}: {
  startDate: CalendarDate | null;
  dueDate: CalendarDate | null;
  /** Null when the server has no series (a date is missing). */
  points: readonly BurndownPoint[] | null;
  metric: BurndownMetric;
  onMetricChange: (metric: BurndownMetric) => void;
  /** The milestone form, for those who may edit; null for everyone else. */
  editPath: string | null;
}) {
  if (!startDate || !dueDate || !points) {
    return (
      <section
        className="burndown-hint content-section"
        aria-labelledby="burndown-title"
        data-testid="burndown-hint"
      >
        <h2 className="section-title" id="burndown-title">
          {MILESTONE_TEXTS.burndown}
        </h2>
        <p>{MILESTONE_TEXTS.burndownHint}</p>
        {editPath ? (
          <a className="btn btn-default" href={editPath}>
            {MILESTONE_TEXTS.addDates}
          </a>
        ) : null}
      </section>
    );
  }
  const toggle = (value: BurndownMetric, label: string) => (
    <Button
      aria-pressed={metric === value}
      className={metric === value ? 'is-selected' : undefined}
      onClick={() => onMetricChange(value)}
      data-testid={`burndown-${value}`}
    >
      {label}
    </Button>
  );
  return (
    <section className="content-section burndown" aria-labelledby="burndown-title">
      <div className="burndown-header">
        <h2 className="section-title" id="burndown-title">
          {MILESTONE_TEXTS.burndown}
        </h2>
        <fieldset className="btn-group">
          <legend className="sr-only">{MILESTONE_TEXTS.burndownMetric}</legend>
          {toggle('count', MILESTONE_TEXTS.burndownIssues)}
          {toggle('weight', MILESTONE_TEXTS.burndownWeight)}
        </fieldset>
      </div>
      {points.length === 0 ? <p className="muted">{MILESTONE_TEXTS.burndownNotStarted}</p> : null}
      <BurndownChart startDate={startDate} dueDate={dueDate} points={points} metric={metric} />
    </section>
  );
}
