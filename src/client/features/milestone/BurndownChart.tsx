/**
 * GitLab's milestone burndown: open issues (or their weight) on each day from the start date, with
 * the guideline down to zero on the due date. An SVG with role img and a summary for screen readers,
 * and the values themselves in a visually hidden table. The geometry is core/layout/burndownChart.
 */
import { useRef } from 'react';
import { burndownChartLayout } from '../../../core/layout/burndownChart.ts';
import { formatCalendarDate } from '../../components/issuable/index.ts';
import type { BurndownPoint, CalendarDate } from '../../data/index.ts';
import { useElementWidth } from '../../lib/index.ts';
import { MILESTONE_TEXTS } from './milestoneTexts.ts';

export type BurndownMetric = 'count' | 'weight';

/** The plot's frame in CSS pixels; its width is the figure's, so labels keep their size on a phone. */
const FRAME = { height: 260, left: 44, bottom: 28, top: 12, right: 16 };
const DEFAULT_WIDTH = 720;
const MIN_WIDTH = 280;

export function burndownSummary(
  points: readonly BurndownPoint[],
  metric: BurndownMetric,
  range: { startDate: CalendarDate; dueDate: CalendarDate },
): string {
  const what = metric === 'count' ? 'open issues' : 'open issue weight';
  const span = `${formatCalendarDate(range.startDate)} to ${formatCalendarDate(range.dueDate)}`;
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return `${MILESTONE_TEXTS.burndown} of ${what}, ${span}: no days yet.`;
  const value = (point: BurndownPoint) => (metric === 'count' ? point.openIssues : point.openWeight);
  return `${MILESTONE_TEXTS.burndown} of ${what}, ${span}: ${value(first)} on ${formatCalendarDate(first.date)}, ${value(last)} on ${formatCalendarDate(last.date)} (${points.length} days).`;
}

export function BurndownChart({
  startDate,
  dueDate,
  points,
  metric,
}: {
  startDate: CalendarDate;
  dueDate: CalendarDate;
  points: readonly BurndownPoint[];
  metric: BurndownMetric;
}) {
  const values = points.map((point) => ({
    date: point.date,
    value: metric === 'count' ? point.openIssues : point.openWeight,
  }));
  const figure = useRef<HTMLElement>(null);
  const width = useElementWidth(figure, DEFAULT_WIDTH);
  const box = { ...FRAME, width: Math.max(MIN_WIDTH, width) };
  const layout = burndownChartLayout({ startDate, dueDate }, values, box);
  const { plot } = layout;
  const line = layout.points.map((point) => `${point.x},${point.y}`).join(' ');
  return (
    <figure className="burndown-figure" ref={figure}>
      <svg
        className="burndown-chart"
        viewBox={`0 0 ${box.width} ${box.height}`}
        role="img"
        aria-label={burndownSummary(points, metric, { startDate, dueDate })}
        data-testid="burndown-chart"
      >
        {layout.yTicks.map((tick) => (
          <g key={tick.value} className="burndown-grid">
            <line x1={plot.x} x2={plot.x + plot.width} y1={tick.y} y2={tick.y} />
            <text x={plot.x - 6} y={tick.y} textAnchor="end" dominantBaseline="middle">
              {tick.value}
            </text>
          </g>
        ))}
        {layout.xTicks.map((tick, index) => (
          <text
            key={tick.date}
            className="burndown-axis-label"
            x={tick.x}
            y={plot.y + plot.height + 18}
            textAnchor={index === 0 ? 'start' : 'end'}
          >
            {formatCalendarDate(tick.date)}
          </text>
        ))}
        {layout.guideline ? (
          <line
            className="burndown-guideline"
            x1={layout.guideline.x1}
            y1={layout.guideline.y1}
            x2={layout.guideline.x2}
            y2={layout.guideline.y2}
            data-testid="burndown-guideline"
          />
        ) : null}
        {layout.points.length > 1 ? <polyline className="burndown-line" points={line} /> : null}
        {layout.points.map((point) => (
          <circle
            key={point.date}
            className="burndown-point"
            cx={point.x}
            cy={point.y}
            r={layout.points.length > 60 ? 1.5 : 3}
            data-testid="burndown-point"
          />
        ))}
      </svg>
      <div className="burndown-legend" aria-hidden="true">
        <span className="burndown-legend-line">
          {metric === 'count' ? MILESTONE_TEXTS.openIssues : MILESTONE_TEXTS.openWeight}
        </span>
        <span className="burndown-legend-guideline">{MILESTONE_TEXTS.guideline}</span>
      </div>
      <table className="sr-only" data-testid="burndown-table">
        <caption>{MILESTONE_TEXTS.burndown}</caption>
        <thead>
          <tr>
            <th scope="col">{MILESTONE_TEXTS.date}</th>
            <th scope="col">
              {metric === 'count' ? MILESTONE_TEXTS.openIssues : MILESTONE_TEXTS.openWeight}
            </th>
          </tr>
        </thead>
        <tbody>
          {values.map((point) => (
            <tr key={point.date}>
              <th scope="row">{formatCalendarDate(point.date)}</th>
              <td>{point.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
