/** The overview: lifecycle metrics, tasks by type, and the stage time of every shown stage. */
import type { FirstDayOfWeek } from '../../../core/time/chartScales.ts';
import { useSummaries, type ValueStreamStage, type VsaFilters } from '../../data/index.ts';
import { ChartCard } from './ChartCard.tsx';
import { OverviewMetrics } from './OverviewMetrics.tsx';
import { type StageMedian, StageTimeChart, StageTimeTable } from './StageTimeChart.tsx';
import { TasksByTypeCard } from './TasksByTypeCard.tsx';
import { VSA_TEXT } from './vsaTexts.ts';

export function Overview({
  fullPath,
  filters,
  stages,
  medians,
  mediansLoading,
  mediansFailed,
  firstDayOfWeek,
}: {
  fullPath: string;
  filters: VsaFilters;
  /** The shown stages, in order. */
  stages: readonly ValueStreamStage[];
  medians: ReadonlyMap<number, number | null> | null;
  mediansLoading: boolean;
  mediansFailed: boolean;
  firstDayOfWeek: FirstDayOfWeek;
}) {
  const summaries = useSummaries(fullPath, filters, true);
  const metrics = summaries.value ? [...summaries.value.timeSummary, ...summaries.value.summary] : null;
  const stageMedians: StageMedian[] = stages.map((stage) => ({
    id: stage.id,
    title: stage.title,
    seconds: medians?.get(stage.id) ?? null,
  }));
  return (
    <div className="vsa-overview" data-testid="vsa-overview">
      <OverviewMetrics metrics={metrics} loading={summaries.loading} failed={summaries.failed} />
      <div className="vsa-overview-charts">
        <TasksByTypeCard fullPath={fullPath} filters={filters} firstDayOfWeek={firstDayOfWeek} />
        <ChartCard
          title={VSA_TEXT.stageTime}
          description={VSA_TEXT.stageTimeDescription}
          testId="stage-time"
          loading={mediansLoading}
          error={mediansFailed ? VSA_TEXT.medianError : null}
          empty={
            medians === null
              ? ''
              : stageMedians.every((stage) => stage.seconds === null)
                ? VSA_TEXT.noDurations
                : null
          }
          chart={() => <StageTimeChart stages={stageMedians} />}
          table={() => <StageTimeTable stages={stageMedians} />}
        />
      </div>
    </div>
  );
}
