/**
 * GitLab's Tasks by type: the items of a subject (Issues or Merge Requests) created each day, by
 * label; the range's most used labels by default, others at the person's choice (15 at most).
 */
import { useState } from 'react';
import { bucketSeries } from '../../../core/layout/valueStreamCharts.ts';
import type { FirstDayOfWeek } from '../../../core/time/chartScales.ts';
import { formatCalendarDate } from '../../../core/time/formatting.ts';
import {
  fetchLabelSuggestions,
  useTasksByType,
  useTopLabels,
  type VsaFilters,
  type VsaLabel,
  type VsaSubject,
} from '../../data/index.ts';
import { useDebouncedQuery } from '../../lib/index.ts';
import { ChartCard } from './ChartCard.tsx';
import { ChecklistPopover } from './ChecklistPopover.tsx';
import { TasksByTypeChart, TasksByTypeLegend, TasksByTypeTable } from './TasksByTypeChart.tsx';
import { VSA_TEXT } from './vsaTexts.ts';

/** GitLab's TASKS_BY_TYPE_MAX_LABELS. */
export const MAX_LABELS = 15;

const SUBJECTS: readonly { readonly value: VsaSubject; readonly label: string }[] = [
  { value: 'Issue', label: VSA_TEXT.issues },
  { value: 'MergeRequest', label: VSA_TEXT.mergeRequests },
];

export function TasksByTypeCard({
  fullPath,
  filters,
  firstDayOfWeek,
}: {
  fullPath: string;
  filters: VsaFilters;
  firstDayOfWeek: FirstDayOfWeek;
}) {
  const [subject, setSubject] = useState<VsaSubject>('Issue');
  // Null: the range's top labels; else the person's choice.
  const [chosen, setChosen] = useState<readonly VsaLabel[] | null>(null);
  const top = useTopLabels(fullPath, subject, filters, chosen === null);
  const labels = chosen ?? top.value;
  const tasks = useTasksByType(
    fullPath,
    subject,
    labels ? labels.map((label) => label.title) : null,
    filters,
  );
  const series = tasks.value ?? [];
  const range = { start: filters.createdAfter, end: filters.createdBefore };
  const { bucketing, buckets } = bucketSeries(series, range, firstDayOfWeek);
  const subjectText = SUBJECTS.find((one) => one.value === subject)?.label ?? subject;
  const total = buckets.reduce((sum, bucket) => sum + bucket.total, 0);
  const empty =
    tasks.value === null || labels === null
      ? ''
      : labels.length === 0
        ? VSA_TEXT.noLabels
        : total === 0
          ? VSA_TEXT.noTasks
          : null;
  const error = top.failed || tasks.failed ? VSA_TEXT.tasksError : null;
  return (
    <ChartCard
      title={VSA_TEXT.tasksByType}
      testId="tasks-by-type"
      description={VSA_TEXT.tasksByTypeDescription(
        subjectText,
        labels?.length ?? 0,
        formatCalendarDate(filters.createdAfter),
        formatCalendarDate(filters.createdBefore),
      )}
      loading={top.loading || tasks.loading}
      error={error}
      empty={empty}
      controls={
        <>
          <fieldset className="btn-group vsa-subject" data-testid="tasks-by-type-subject">
            <legend className="sr-only">Subject</legend>
            {SUBJECTS.map((option) => (
              <button
                key={option.value}
                type="button"
                className={`btn btn-default${subject === option.value ? ' is-selected' : ''}`}
                aria-pressed={subject === option.value}
                onClick={() => setSubject(option.value)}
              >
                {option.label}
              </button>
            ))}
          </fieldset>
          <LabelPicker fullPath={fullPath} labels={labels ?? []} onChange={setChosen} />
        </>
      }
      chart={() => (
        <TasksByTypeChart series={series} buckets={buckets} bucketing={bucketing} subject={subjectText} />
      )}
      table={() => <TasksByTypeTable series={series} buckets={buckets} bucketing={bucketing} />}
      legend={<TasksByTypeLegend series={series} />}
    />
  );
}

function LabelPicker({
  fullPath,
  labels,
  onChange,
}: {
  fullPath: string;
  labels: readonly VsaLabel[];
  onChange: (labels: readonly VsaLabel[]) => void;
}) {
  const [search, setSearch] = useState('');
  const found = useDebouncedQuery(JSON.stringify([fullPath, search]), (signal) =>
    fetchLabelSuggestions({ fullPath, search }, signal),
  );
  const selected = new Set(labels.map((label) => String(label.id)));
  const shown = [
    ...labels.filter((label) => label.title.toLowerCase().includes(search.trim().toLowerCase())),
    ...(found.value ?? []).filter((label) => !selected.has(String(label.id))),
  ];
  const full = labels.length >= MAX_LABELS;
  return (
    <ChecklistPopover
      buttonText={labels.length > 0 ? VSA_TEXT.labelsChosen(labels.length) : VSA_TEXT.selectLabels}
      label={VSA_TEXT.selectLabels}
      searchLabel={VSA_TEXT.searchLabels}
      search={search}
      onSearch={setSearch}
      items={shown.map((label) => ({ id: String(label.id), label: label.title, color: label.color }))}
      selected={selected}
      loading={found.loading}
      emptyText="No labels found"
      notice={full ? VSA_TEXT.maxLabels(MAX_LABELS) : null}
      testId="tasks-by-type-labels"
      align="end"
      onToggle={(id, checked) => {
        if (!checked) onChange(labels.filter((label) => String(label.id) !== id));
        else if (!full) {
          const label = shown.find((one) => String(one.id) === id);
          if (label) onChange([...labels, label]);
        }
      }}
    />
  );
}
