/**
 * A selected stage: its description, its average duration chart and its table of items; for a
 * stage Plantrack cannot measure (commits, pipelines) a notice instead.
 */
import { useId } from 'react';
import type { useStageData, ValueStreamStage } from '../../data/index.ts';
import { Alert, EmptyState, Loading } from '../../ui/index.ts';
import { ChartCard } from './ChartCard.tsx';
import { StageDurationChart, StageDurationTable } from './StageDurationChart.tsx';
import { StageTable } from './StageTable.tsx';
import type { VsaQuery } from './vsaQuery.ts';
import { VSA_TEXT } from './vsaTexts.ts';

/** Which items a stage follows, by its start event (GitLab's stage subject). */
const isMergeRequestStage = (stage: ValueStreamStage) =>
  stage.startEventIdentifier.startsWith('merge_request') || stage.startEventIdentifier === 'code_stage_start';

export function StageView({
  stage,
  data,
  query,
  now,
  onNavigate,
}: {
  stage: ValueStreamStage;
  data: ReturnType<typeof useStageData>;
  query: VsaQuery;
  now: Date;
  onNavigate: (search: string) => void;
}) {
  const headingId = useId();
  const subject = isMergeRequestStage(stage) ? 'Merge requests' : 'Issues';
  const value = data.value;
  const range = { start: query.createdAfter, end: query.createdBefore };
  return (
    <section className="vsa-stage" aria-labelledby={headingId} data-testid="vsa-stage">
      <header className="vsa-stage-header">
        <h2 id={headingId} className="vsa-stage-title">
          {stage.title}
        </h2>
        {value ? (
          <span className="badge badge-neutral" data-testid="vsa-stage-count">
            {VSA_TEXT.itemsInStage(value.count)}
          </span>
        ) : null}
        {stage.description ? <p className="muted vsa-stage-description">{stage.description}</p> : null}
      </header>
      {!stage.recorded ? (
        <EmptyState
          title={VSA_TEXT.notRecordedTitle}
          description={VSA_TEXT.notRecorded}
          testId="vsa-stage-not-recorded"
        />
      ) : (
        <>
          <ChartCard
            title={VSA_TEXT.stageTimeOf(stage.title)}
            description={VSA_TEXT.averageDurationDescription}
            testId="stage-duration"
            loading={data.loading}
            error={data.failed ? (data.error?.message ?? VSA_TEXT.stageError) : null}
            empty={value === null ? '' : value.durations.length === 0 ? VSA_TEXT.noDurations : null}
            chart={() => (
              <StageDurationChart title={stage.title} durations={value?.durations ?? []} range={range} />
            )}
            table={() => <StageDurationTable durations={value?.durations ?? []} />}
          />
          <section className="vsa-card" aria-label={`${stage.title}: ${subject}`} aria-busy={data.loading}>
            {data.failed ? <Alert variant="danger">{VSA_TEXT.stageError}</Alert> : null}
            {value === null ? (
              data.loading ? (
                <Loading label={VSA_TEXT.loading} />
              ) : null
            ) : value.records.records.length === 0 ? (
              <EmptyState title={VSA_TEXT.emptyStage} testId="vsa-stage-empty" />
            ) : (
              <StageTable
                records={value.records.records}
                subject={subject}
                query={query}
                nextPage={value.records.nextPage}
                now={now}
                onNavigate={onNavigate}
              />
            )}
          </section>
        </>
      )}
    </section>
  );
}
