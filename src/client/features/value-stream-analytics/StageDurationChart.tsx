/**
 * A stage's average duration chart: the average time its items took, on each day items left it,
 * over the whole date range (core/layout/valueStreamCharts); and the table of the same averages.
 */
import { useRef } from 'react';
import { durationLineLayout } from '../../../core/layout/valueStreamCharts.ts';
import type { DateRange } from '../../../core/time/calendarDate.ts';
import { formatCalendarDate } from '../../../core/time/formatting.ts';
import type { DurationOnDay } from '../../data/index.ts';
import { useElementWidth } from '../../lib/index.ts';
import { formatDuration, formatShortDate, formatTick } from './vsaFormat.ts';
import { VSA_TEXT } from './vsaTexts.ts';

const HEIGHT = 240;
const MARGIN = { left: 48, right: 20, top: 12, bottom: 28 };
const MIN_WIDTH = 300;
const TICK_SPACING = 90;

export function durationSummary(
  title: string,
  durations: readonly DurationOnDay[],
  range: DateRange,
): string {
  const span = `${formatCalendarDate(range.start)} to ${formatCalendarDate(range.end)}`;
  if (durations.length === 0) return `${VSA_TEXT.stageTimeOf(title)}, ${span}: no items.`;
  const longest = durations.reduce((best, day) => (day.seconds > best.seconds ? day : best));
  const mean = durations.reduce((sum, day) => sum + day.seconds, 0) / durations.length;
  return (
    `${VSA_TEXT.stageTimeOf(title)}, ${VSA_TEXT.averageDuration.toLowerCase()} by day, ${span}: ` +
    `${durations.length} days with items, ${formatDuration(mean)} on average, ` +
    `longest ${formatDuration(longest.seconds)} on ${formatCalendarDate(longest.date)}.`
  );
}

export function StageDurationChart({
  title,
  durations,
  range,
}: {
  title: string;
  durations: readonly DurationOnDay[];
  range: DateRange;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const width = Math.max(MIN_WIDTH, useElementWidth(frame, 640));
  const layout = durationLineLayout(durations, range, { ...MARGIN, width, height: HEIGHT }, TICK_SPACING);
  const { plot } = layout;
  const path = layout.points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x},${point.y}`)
    .join(' ');
  return (
    <div ref={frame} className="vsa-chart-frame">
      <svg
        className="vsa-chart"
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={durationSummary(title, durations, range)}
        data-testid="stage-duration-chart"
      >
        {layout.yTicks.map((tick) => (
          <g key={tick.value} className="vsa-grid">
            <line x1={plot.x} x2={plot.x + plot.width} y1={tick.y} y2={tick.y} />
            <text x={plot.x - 6} y={tick.y} textAnchor="end" dominantBaseline="middle">
              {formatTick(tick.value, layout.unit)}
            </text>
          </g>
        ))}
        {layout.xTicks.map((tick) => (
          <text
            key={tick.date}
            className="vsa-axis-label"
            x={tick.x}
            y={plot.y + plot.height + 18}
            textAnchor="middle"
          >
            {formatShortDate(tick.date)}
          </text>
        ))}
        {layout.points.length > 1 ? <path className="vsa-line" d={path} /> : null}
        {layout.points.map((point) => (
          <circle
            key={point.date}
            className="vsa-point"
            cx={point.x}
            cy={point.y}
            r={layout.points.length > 60 ? 2 : 3.5}
          >
            <title>{`${formatCalendarDate(point.date)}: ${formatDuration(point.seconds)}`}</title>
          </circle>
        ))}
      </svg>
    </div>
  );
}

export function StageDurationTable({ durations }: { durations: readonly DurationOnDay[] }) {
  return (
    <table className="vsa-table" data-testid="stage-duration-table">
      <caption className="sr-only">{VSA_TEXT.averageDuration}</caption>
      <thead>
        <tr>
          <th scope="col">{VSA_TEXT.date}</th>
          <th scope="col">{VSA_TEXT.averageDuration}</th>
        </tr>
      </thead>
      <tbody>
        {durations.map((day) => (
          <tr key={day.date}>
            <th scope="row">{formatCalendarDate(day.date)}</th>
            <td>{formatDuration(day.seconds)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
