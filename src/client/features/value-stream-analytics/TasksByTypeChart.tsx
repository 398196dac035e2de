/**
 * The tasks by type chart: a stacked bar a day (a week over long ranges), a part per label, drawn
 * from core/layout/valueStreamCharts; and the table of the same counts.
 */
import { useRef } from 'react';
import type { TimeBucket, TimeBucketing } from '../../../core/layout/valueStreamCharts.ts';
import { stackedBarsLayout } from '../../../core/layout/valueStreamCharts.ts';
import { formatCalendarDate } from '../../../core/time/formatting.ts';
import type { TasksByTypeSeries } from '../../data/index.ts';
import { useElementWidth } from '../../lib/index.ts';
import { formatShortDate } from './vsaFormat.ts';
import { VSA_TEXT } from './vsaTexts.ts';

const HEIGHT = 260;
const MARGIN = { left: 40, right: 12, top: 12, bottom: 28 };
/** A bar needs at least this much room (px); a narrower card scrolls the chart sideways. */
const MIN_STEP = 9;
const MIN_WIDTH = 300;
const LABEL_WIDTH = 52;

/** The palette has this many colours; further series take them again. */
export const SERIES_COLORS = 10;
export const seriesClass = (index: number) => `vsa-series-${index % SERIES_COLORS}`;

const bucketText = (bucket: TimeBucket, bucketing: TimeBucketing) =>
  bucketing === 'day' || bucket.start === bucket.end
    ? formatCalendarDate(bucket.start)
    : `${formatCalendarDate(bucket.start)} – ${formatCalendarDate(bucket.end)}`;

export function tasksByTypeSummary(
  series: readonly TasksByTypeSeries[],
  buckets: readonly TimeBucket[],
  bucketing: TimeBucketing,
  subject: string,
): string {
  const total = buckets.reduce((sum, bucket) => sum + bucket.total, 0);
  const busiest = buckets.reduce<TimeBucket | null>(
    (best, bucket) => (best === null || bucket.total > best.total ? bucket : best),
    null,
  );
  const first = buckets[0];
  const last = buckets.at(-1);
  const span =
    first && last ? ` from ${formatCalendarDate(first.start)} to ${formatCalendarDate(last.end)}` : '';
  const labels = series.map((one) => one.label.title).join(', ');
  const when = bucketing === 'day' ? 'on' : 'in the week of';
  const most =
    busiest && busiest.total > 0
      ? `; most ${when} ${formatCalendarDate(busiest.start)} (${busiest.total})`
      : '';
  const per = bucketing === 'day' ? VSA_TEXT.perDay : VSA_TEXT.perWeek;
  return `${VSA_TEXT.tasksByType}: ${subject} labelled ${labels}${span}, a bar ${per}; ${total} in total${most}.`;
}

export function TasksByTypeChart({
  series,
  buckets,
  bucketing,
  subject,
}: {
  series: readonly TasksByTypeSeries[];
  buckets: readonly TimeBucket[];
  bucketing: TimeBucketing;
  subject: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const available = useElementWidth(frame, 640);
  const width = Math.max(MIN_WIDTH, available, MARGIN.left + MARGIN.right + buckets.length * MIN_STEP);
  const layout = stackedBarsLayout(buckets, { ...MARGIN, width, height: HEIGHT }, LABEL_WIDTH);
  const { plot } = layout;
  return (
    <div ref={frame} className="vsa-chart-frame">
      <svg
        className="vsa-chart"
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={tasksByTypeSummary(series, buckets, bucketing, subject)}
        data-testid="tasks-by-type-chart"
      >
        {layout.yTicks.map((tick) => (
          <g key={tick.value} className="vsa-grid">
            <line x1={plot.x} x2={plot.x + plot.width} y1={tick.y} y2={tick.y} />
            <text x={plot.x - 6} y={tick.y} textAnchor="end" dominantBaseline="middle">
              {tick.value}
            </text>
          </g>
        ))}
        {layout.bars.map((bar) => {
          const bucket = buckets[bar.index];
          return (
            <g key={bar.index} data-testid="tasks-by-type-bar">
              {bar.segments.map((segment) => (
                <rect
                  key={segment.series}
                  className={`vsa-bar ${seriesClass(segment.series)}`}
                  x={bar.x}
                  y={segment.y}
                  width={bar.width}
                  height={segment.height}
                >
                  <title>
                    {`${series[segment.series]?.label.title ?? ''}: ${segment.value}, ${bucket ? bucketText(bucket, bucketing) : ''}`}
                  </title>
                </rect>
              ))}
            </g>
          );
        })}
        {layout.xLabels.map((label) => {
          const bucket = buckets[label.index];
          return bucket ? (
            <text
              key={label.index}
              className="vsa-axis-label"
              x={label.x}
              y={plot.y + plot.height + 18}
              textAnchor="middle"
            >
              {formatShortDate(bucket.start)}
            </text>
          ) : null;
        })}
      </svg>
    </div>
  );
}

export function TasksByTypeLegend({ series }: { series: readonly TasksByTypeSeries[] }) {
  return (
    <ul className="vsa-legend" aria-label="Legend">
      {series.map((one, index) => (
        <li key={one.label.id} className="vsa-legend-item">
          <span className={`vsa-swatch ${seriesClass(index)}`} aria-hidden="true" />
          {one.label.title}
        </li>
      ))}
    </ul>
  );
}

export function TasksByTypeTable({
  series,
  buckets,
  bucketing,
}: {
  series: readonly TasksByTypeSeries[];
  buckets: readonly TimeBucket[];
  bucketing: TimeBucketing;
}) {
  return (
    <table className="vsa-table" data-testid="tasks-by-type-table">
      <caption className="sr-only">{VSA_TEXT.tasksByType}</caption>
      <thead>
        <tr>
          <th scope="col">{bucketing === 'day' ? VSA_TEXT.date : VSA_TEXT.weekOf}</th>
          {series.map((one) => (
            <th key={one.label.id} scope="col">
              {one.label.title}
            </th>
          ))}
          <th scope="col">{VSA_TEXT.total}</th>
        </tr>
      </thead>
      <tbody>
        {buckets.map((bucket) => (
          <tr key={bucket.start}>
            <th scope="row">{bucketText(bucket, bucketing)}</th>
            {bucket.values.map((value, index) => (
              <td key={series[index]?.label.id ?? index}>{value}</td>
            ))}
            <td>{bucket.total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
