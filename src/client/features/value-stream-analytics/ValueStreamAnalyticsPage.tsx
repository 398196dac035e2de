/**
 * GitLab's group value stream analytics page: the value stream and its controls, the filters and
 * date range, the stage path with each stage's median, then the overview (lifecycle metrics, tasks
 * by type, stage time) or the chosen stage (its average duration and its items). The view is the
 * URL's query; data comes from the JSON routes under the page's path (data/valueStreams).
 */
import { useMemo, useState } from 'react';
import { groupValueStreamAnalyticsPath } from '../../../core/domain/webPaths.ts';
import type { PageMountOf, Session } from '../../../core/pages/pageMount.ts';
import type { FirstDayOfWeek } from '../../../core/time/chartScales.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import { groupCrumbs, PageHeader } from '../../components/navigation/index.ts';
import {
  AnswerError,
  type Reloadable,
  useStageData,
  useStageMedians,
  useStagesAndEvents,
  useValueStreams,
  type ValueStream,
} from '../../data/index.ts';
import { useNow } from '../../lib/index.ts';
import { useLocationSearch, usePushToast } from '../../state/index.ts';
import { Alert, Loading, useDocumentTitle } from '../../ui/index.ts';
import { FeatureUpsell } from '../upsell/index.ts';
import { Overview } from './Overview.tsx';
import { StagePath } from './StagePath.tsx';
import { StageView } from './StageView.tsx';
import { ValueStreamActions } from './ValueStreamActions.tsx';
import { type FormMode, ValueStreamFormDialog } from './ValueStreamFormDialog.tsx';
import { VsaFilterRow } from './VsaFilterRow.tsx';
import {
  filtersOf,
  parseVsaQuery,
  rangeProblem,
  serializeVsaQuery,
  type VsaQuery,
  withValueStream,
} from './vsaQuery.ts';
import { VSA_TEXT } from './vsaTexts.ts';

export type ValueStreamAnalyticsPageProps = PageMountOf<'group-value-stream-analytics'> & {
  readonly session: Session;
};

/** The answer that refused the viewer (403): the page shows the upsell with its words. */
function refusal(reads: readonly Reloadable<unknown>[]): AnswerError | null {
  for (const read of reads)
    if (read.error instanceof AnswerError && read.error.status === 403) return read.error;
  return null;
}

/** The stream the URL names, else the group's first (its default). */
const streamOf = (streams: readonly ValueStream[] | null, id: number | null): ValueStream | null =>
  streams?.find((stream) => stream.id === id) ?? streams?.[0] ?? null;

export function ValueStreamAnalyticsPage(props: ValueStreamAnalyticsPageProps) {
  const { fullPath, groupName, session } = props;
  const now = useNow();
  const today = calendarDateOf(now);
  const [search, navigate] = useLocationSearch();
  const query = useMemo(() => parseVsaQuery(search, today), [search, today]);
  const go = (next: VsaQuery) => navigate(serializeVsaQuery(next));
  const pushToast = usePushToast();
  const [form, setForm] = useState<FormMode | null>(null);

  const streams = useValueStreams(fullPath);
  const stream = streamOf(streams.value, query.valueStreamId);
  const stagesRead = useStagesAndEvents(fullPath, stream?.id ?? null);
  const stages = stagesRead.value?.stages ?? stream?.stages ?? [];
  const shown = stages.filter((stage) => !stage.hidden);
  const problem = rangeProblem(query);
  const filters = useMemo(() => filtersOf(query), [query]);
  const readable = problem === null ? (stream?.id ?? null) : null;
  const medians = useStageMedians(
    fullPath,
    readable,
    shown.map((stage) => stage.id),
    filters,
  );
  const stage = query.stageId === null ? null : (stages.find((one) => one.id === query.stageId) ?? null);
  const stageData = useStageData(fullPath, readable, stage?.recorded ? stage.id : null, filters, {
    sort: query.sort,
    direction: query.direction,
    page: query.page,
  });

  useDocumentTitle(stage?.title, VSA_TEXT.title, groupName);
  const crumbs = [
    ...groupCrumbs(fullPath, undefined, groupName),
    { label: VSA_TEXT.title, href: groupValueStreamAnalyticsPath(fullPath) },
  ];
  const refused = refusal([streams, stagesRead, medians, stageData]);
  const firstDayOfWeek = (session.currentUser?.firstDayOfWeek ?? 0) as FirstDayOfWeek;
  const template = streams.value?.find((one) => !one.isCustom) ?? null;

  const header = (
    <PageHeader
      crumbs={crumbs}
      title={VSA_TEXT.title}
      actions={
        streams.value && !refused ? (
          <ValueStreamActions
            fullPath={fullPath}
            streams={streams.value}
            current={stream}
            canAdmin={props.canAdminValueStreams}
            onSelect={(id) => go(withValueStream(query, id))}
            onCreate={() => setForm({ kind: 'create' })}
            onEdit={() => (stream ? setForm({ kind: 'edit', stream }) : undefined)}
            onDeleted={(deleted) => {
              pushToast(VSA_TEXT.deleted(deleted.name), 'success');
              streams.reload();
              go(withValueStream(query, null));
            }}
          />
        ) : null
      }
    />
  );

  if (refused) {
    return (
      <>
        {header}
        <FeatureUpsell
          feature="value_stream_analytics"
          groupName={groupName}
          planTitle=""
          trialPath=""
          billingPath=""
          message={refused.message}
        />
      </>
    );
  }

  return (
    <div className="vsa-page" data-testid="vsa-page">
      {header}
      <VsaFilterRow
        fullPath={fullPath}
        groupId={props.groupId}
        currentUser={session.currentUser}
        query={query}
        onChange={go}
      />
      {streams.failed ? <Alert variant="danger">{VSA_TEXT.loadError}</Alert> : null}
      {stream === null ? (
        streams.loading ? (
          <Loading label={VSA_TEXT.loading} />
        ) : null
      ) : (
        <>
          <StagePath
            query={query}
            stages={shown}
            medians={problem === null ? medians.value : null}
            onNavigate={navigate}
          />
          {problem !== null ? null : stage ? (
            <StageView stage={stage} data={stageData} query={query} now={now} onNavigate={navigate} />
          ) : (
            <Overview
              fullPath={fullPath}
              filters={filters}
              stages={shown}
              medians={medians.value}
              mediansLoading={medians.loading}
              mediansFailed={medians.failed}
              firstDayOfWeek={firstDayOfWeek}
            />
          )}
        </>
      )}
      {form ? (
        <ValueStreamFormDialog
          fullPath={fullPath}
          mode={form}
          template={template}
          events={stagesRead.value?.events ?? []}
          onClose={() => setForm(null)}
          onSaved={(saved, created) => {
            setForm(null);
            pushToast(created ? VSA_TEXT.created(saved.name) : VSA_TEXT.saved(saved.name), 'success');
            streams.reload();
            stagesRead.reload();
            go(withValueStream(query, saved.id));
          }}
        />
      ) : null}
    </div>
  );
}
