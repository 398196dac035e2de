/**
 * The overview's stage time chart: a row per shown stage, its bar as long as the stage's median,
 * drawn from core/layout/valueStreamCharts; and the table of the same medians.
 */
import { useRef } from 'react';
import { stageTimeLayout } from '../../../core/layout/valueStreamCharts.ts';
import { useElementWidth } from '../../lib/index.ts';
import { formatDuration, formatMedian, formatTick } from './vsaFormat.ts';
import { VSA_TEXT } from './vsaTexts.ts';

export interface StageMedian {
  readonly id: number;
  readonly title: string;
  /** Seconds; null without items. */
  readonly seconds: number | null;
}

const BOX = { left: 112, right: 48, top: 8, bottom: 28, rowHeight: 36 };
const MIN_WIDTH = 300;
/** Longer names are cut (the full name is the row's tooltip and in the table). */
const NAME_LENGTH = 15;

const shortName = (title: string) =>
  title.length > NAME_LENGTH ? `${title.slice(0, NAME_LENGTH - 1)}…` : title;

export function stageTimeSummary(stages: readonly StageMedian[]): string {
  const parts = stages.map((stage) => `${stage.title} ${formatDuration(stage.seconds)}`);
  return `${VSA_TEXT.stageTime}, the median of each stage: ${parts.join(', ')}.`;
}

export function StageTimeChart({ stages }: { stages: readonly StageMedian[] }) {
  const frame = useRef<HTMLDivElement>(null);
  const width = Math.max(MIN_WIDTH, useElementWidth(frame, 640));
  const layout = stageTimeLayout(
    stages.map((stage) => stage.seconds),
    { ...BOX, width },
  );
  const { plot } = layout;
  return (
    <div ref={frame} className="vsa-chart-frame">
      <svg
        className="vsa-chart"
        width={width}
        height={layout.height}
        viewBox={`0 0 ${width} ${layout.height}`}
        role="img"
        aria-label={stageTimeSummary(stages)}
        data-testid="stage-time-chart"
      >
        {layout.xTicks.map((tick) => (
          <g key={tick.value} className="vsa-grid">
            <line x1={tick.x} x2={tick.x} y1={plot.y} y2={plot.y + plot.height} />
            <text x={tick.x} y={plot.y + plot.height + 18} textAnchor="middle">
              {formatTick(tick.value, layout.unit)}
            </text>
          </g>
        ))}
        {layout.rows.map((row) => {
          const stage = stages[row.index];
          if (!stage) return null;
          return (
            <g key={stage.id} data-testid="stage-time-row">
              <title>{`${stage.title}: ${formatDuration(stage.seconds)}`}</title>
              <text
                className="vsa-axis-label vsa-row-name"
                x={plot.x - 8}
                y={row.centerY}
                textAnchor="end"
                dominantBaseline="middle"
              >
                {shortName(stage.title)}
              </text>
              {row.length > 0 ? (
                <rect
                  className="vsa-bar vsa-bar-stage"
                  x={plot.x}
                  y={row.barY}
                  width={row.length}
                  height={row.barHeight}
                  rx={2}
                />
              ) : null}
              <text
                className="vsa-bar-value"
                x={plot.x + row.length + 6}
                y={row.centerY}
                dominantBaseline="middle"
              >
                {formatMedian(stage.seconds)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}

export function StageTimeTable({ stages }: { stages: readonly StageMedian[] }) {
  return (
    <table className="vsa-table" data-testid="stage-time-table">
      <caption className="sr-only">{VSA_TEXT.stageTime}</caption>
      <thead>
        <tr>
          <th scope="col">{VSA_TEXT.stage}</th>
          <th scope="col">{VSA_TEXT.median}</th>
        </tr>
      </thead>
      <tbody>
        {stages.map((stage) => (
          <tr key={stage.id}>
            <th scope="row">{stage.title}</th>
            <td>{formatDuration(stage.seconds)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
