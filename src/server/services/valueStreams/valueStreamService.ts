import {
  customStageErrors,
  DEFAULT_STAGES,
  DEFAULT_VALUE_STREAM_NAME,
  type FieldErrors,
  hasErrors,
  MAX_STAGES,
  MAX_VALUE_STREAMS,
  type StageEventIdentifier,
  type StageInput,
  selectableStageEvents,
  stageEventByIdentifier,
  stageEventByValue,
  stageIsRecorded,
  VALUE_STREAM_NAME_MAX,
  VSA_MESSAGES,
} from '../../../core/domain/valueStreams.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import { findLabelsByIds } from '../../db/repositories/labelRepository.ts';
import {
  defaultStageRows,
  deleteValueStream,
  findValueStream,
  findValueStreamByName,
  insertValueStream,
  listStages,
  listValueStreams,
  type NewValueStreamStage,
  renameValueStream,
  replaceStages,
  type ValueStreamRow,
  type ValueStreamStageRow,
} from '../../db/repositories/valueStreamRepository.ts';
import type { LabelRow, NamespaceRow } from '../../db/schema.ts';
import { type AccessContext, requireFeature } from '../access.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors.ts';
import { findReadableGroupAtPath } from '../groupService.ts';

/**
 * A group's value streams and their stages (GitLab's Analytics::CycleAnalytics::ValueStreams
 * services): Reporters and up read and shape them where the plan has value stream analytics. Every
 * group has a default stream with GitLab's default stages, made the first time it is read.
 */

export interface StageView {
  readonly row: ValueStreamStageRow;
  readonly start: StageEventIdentifier;
  readonly end: StageEventIdentifier;
  readonly startLabel: LabelRow | null;
  readonly endLabel: LabelRow | null;
  /** Whether both events are ones Plantrack records (Plan, Code and Test need commits and pipelines). */
  readonly recorded: boolean;
  readonly description: string;
}

export interface ValueStreamView {
  readonly stream: ValueStreamRow;
  readonly isCustom: boolean;
  readonly stages: readonly StageView[];
}

/** The group, once the caller may use value stream analytics there (`action`'s 403s in GitLab's words). */
export async function valueStreamGroup(
  db: Executor,
  access: AccessContext,
  groupPath: string,
  action: 'read_group_cycle_analytics' | 'admin_value_stream' = 'read_group_cycle_analytics',
): Promise<NamespaceRow> {
  if (!access.actor.user) throw new UnauthorizedError();
  const group = await findReadableGroupAtPath(db, access, groupPath);
  await requireFeature(access, group, 'cycle_analytics_for_groups');
  if (!(await access.canInNamespace(action, group))) throw new ForbiddenError();
  return group;
}

/** The group's top-level group: where its stage definitions and backend switch live. */
export const topLevelIdOf = (group: NamespaceRow): number => group.traversal_ids[0] ?? group.id;

/** The default stream, made with GitLab's default stages the first time the group's streams are read. */
async function ensureDefaultValueStream(db: Executor, group: NamespaceRow, now: Date): Promise<void> {
  if (await findValueStreamByName(db, group.id, DEFAULT_VALUE_STREAM_NAME)) return;
  await inTransaction(db, async (trx) => {
    const stream = await insertValueStream(
      trx,
      { id: group.id, rootNamespaceId: topLevelIdOf(group) },
      DEFAULT_VALUE_STREAM_NAME,
      now,
    );
    // Another request made it first.
    if (stream) await replaceStages(trx, stream, defaultStageRows(), now);
  });
}

async function viewsOf(db: Executor, streams: readonly ValueStreamRow[]): Promise<ValueStreamView[]> {
  const stages = await listStages(
    db,
    streams.map((stream) => stream.id),
  );
  const labelIds = stages.flatMap((stage) =>
    [stage.start_event_label_id, stage.end_event_label_id].filter((id): id is number => id !== null),
  );
  const labels = new Map((await findLabelsByIds(db, labelIds)).map((label) => [label.id, label]));
  return streams.map((stream) => ({
    stream,
    isCustom: stream.name !== DEFAULT_VALUE_STREAM_NAME,
    stages: stages
      .filter((stage) => stage.value_stream_id === stream.id)
      .map((row) => stageView(row, labels)),
  }));
}

function stageView(row: ValueStreamStageRow, labels: ReadonlyMap<number, LabelRow>): StageView {
  const start = stageEventByValue(row.start_event_identifier)?.identifier as StageEventIdentifier;
  const end = stageEventByValue(row.end_event_identifier)?.identifier as StageEventIdentifier;
  const defaults = row.custom ? undefined : DEFAULT_STAGES.find((stage) => stage.name === row.name);
  return {
    row,
    start,
    end,
    startLabel: row.start_event_label_id === null ? null : (labels.get(row.start_event_label_id) ?? null),
    endLabel: row.end_event_label_id === null ? null : (labels.get(row.end_event_label_id) ?? null),
    recorded: stageIsRecorded(start, end),
    description: defaults?.description ?? '',
  };
}

export async function listValueStreamViews(
  db: Executor,
  access: AccessContext,
  groupPath: string,
): Promise<ValueStreamView[]> {
  const group = await valueStreamGroup(db, access, groupPath);
  await ensureDefaultValueStream(db, group, access.now());
  return viewsOf(db, await listValueStreams(db, group.id));
}

export async function findValueStreamView(
  db: Executor,
  group: NamespaceRow,
  valueStreamId: number,
  now: Date,
): Promise<ValueStreamView> {
  await ensureDefaultValueStream(db, group, now);
  const stream = await findValueStream(db, group.id, valueStreamId);
  if (!stream) throw new NotFoundError('Value stream');
  const [view] = await viewsOf(db, [stream]);
  if (!view) throw new NotFoundError('Value stream');
  return view;
}

/** The stage configuration: the stream's stages and the events a custom stage may use. */
export async function stageConfiguration(
  db: Executor,
  access: AccessContext,
  groupPath: string,
  valueStreamId: number,
) {
  const group = await valueStreamGroup(db, access, groupPath);
  const view = await findValueStreamView(db, group, valueStreamId, access.now());
  return { view, events: selectableStageEvents() };
}

export interface ValueStreamInput {
  readonly name: string;
  readonly stages?: readonly StageInput[] | undefined;
}

/** GitLab's 422 body: the stream's errors, with each stage's under its index. */
export class ValueStreamInvalidError extends ValidationError {
  constructor(readonly errors: { name?: string[]; stages?: Record<string, FieldErrors> }) {
    super({
      ...(errors.name ? { name: errors.name } : {}),
      ...(errors.stages ? { stages: ['are invalid'] } : {}),
    });
  }
}

/** The labels a stage may name: the group's and its ancestors'. */
async function usableLabelIds(
  db: Executor,
  group: NamespaceRow,
  ids: readonly number[],
): Promise<Set<number>> {
  const labels = await findLabelsByIds(db, ids);
  return new Set(
    labels
      .filter((label) => label.group_id !== null && group.traversal_ids.includes(label.group_id))
      .map((label) => label.id),
  );
}

async function stageRowsOfInput(
  db: Executor,
  group: NamespaceRow,
  existing: readonly ValueStreamStageRow[],
  stages: readonly StageInput[],
): Promise<{ rows: (NewValueStreamStage & { id?: number })[]; errors: Record<string, FieldErrors> }> {
  const errors: Record<string, FieldErrors> = {};
  const labelIds = stages.flatMap((stage) =>
    [stage.startLabelId, stage.endLabelId].filter((id): id is number => typeof id === 'number'),
  );
  const usable = await usableLabelIds(db, group, labelIds);
  const seen = new Set<string>();
  const rows: (NewValueStreamStage & { id?: number })[] = [];
  for (const [index, stage] of stages.entries()) {
    const kept = stage.id === undefined ? undefined : existing.find((row) => row.id === stage.id);
    const defaults = stage.custom
      ? undefined
      : DEFAULT_STAGES.find((item) => item.name.toLowerCase() === stage.name.trim().toLowerCase());
    let stageErrors: FieldErrors = {};
    if (stage.id !== undefined && !kept) stageErrors.id = ['is not a stage of this value stream'];
    else if (!stage.custom && !defaults && !(kept && !kept.custom))
      stageErrors.name = ['is not a default stage'];
    else if (stage.custom) {
      stageErrors = customStageErrors(stage);
      for (const [field, id] of [
        ['start_event_label_id', stage.startLabelId],
        ['end_event_label_id', stage.endLabelId],
      ] as const) {
        if (typeof id === 'number' && !usable.has(id) && !stageErrors[field])
          stageErrors[field] = ['is not a label of this group'];
      }
    }
    const name = kept && !kept.custom ? kept.name : (defaults?.name ?? stage.name.trim());
    if (seen.has(name.toLowerCase()))
      stageErrors.name = [...(stageErrors.name ?? []), 'has already been taken'];
    seen.add(name.toLowerCase());
    if (hasErrors(stageErrors)) {
      errors[String(index)] = stageErrors;
      continue;
    }
    if (!stage.custom) {
      const source = kept && !kept.custom ? kept : defaultStageRows().find((row) => row.name === name);
      if (!source) continue;
      rows.push({
        ...(kept ? { id: kept.id } : {}),
        name,
        custom: false,
        hidden: stage.hidden,
        relative_position: 0,
        start_event_identifier: source.start_event_identifier,
        end_event_identifier: source.end_event_identifier,
        start_event_label_id: null,
        end_event_label_id: null,
      });
      continue;
    }
    const start = stageEventByIdentifier(stage.startEvent ?? '');
    const end = stageEventByIdentifier(stage.endEvent ?? '');
    if (!start || !end) continue;
    rows.push({
      ...(kept ? { id: kept.id } : {}),
      name,
      custom: true,
      hidden: stage.hidden,
      relative_position: 0,
      start_event_identifier: start.value,
      end_event_identifier: end.value,
      start_event_label_id: start.labelBased ? (stage.startLabelId ?? null) : null,
      end_event_label_id: end.labelBased ? (stage.endLabelId ?? null) : null,
    });
  }
  return { rows, errors };
}

function nameErrors(name: string): string[] {
  const trimmed = name.trim();
  if (!trimmed) return ["can't be blank"];
  if (trimmed.length > VALUE_STREAM_NAME_MAX)
    return [`is too long (maximum is ${VALUE_STREAM_NAME_MAX} characters)`];
  return [];
}

async function validated(
  db: Executor,
  group: NamespaceRow,
  input: ValueStreamInput,
  current: { stream: ValueStreamRow; stages: readonly ValueStreamStageRow[] } | null,
) {
  const name = input.name.trim();
  const errors: { name?: string[]; stages?: Record<string, FieldErrors> } = {};
  const problems = nameErrors(input.name);
  const sameName = problems.length === 0 ? await findValueStreamByName(db, group.id, name) : undefined;
  if (sameName && sameName.id !== current?.stream.id) problems.push('has already been taken');
  if (current && current.stream.name === DEFAULT_VALUE_STREAM_NAME && name !== DEFAULT_VALUE_STREAM_NAME)
    problems.push('of the default value stream cannot change');
  if (problems.length) errors.name = problems;
  const stages =
    input.stages ??
    (current
      ? current.stages.map((row) => stageInputOf(row))
      : DEFAULT_STAGES.map((stage) => ({ name: stage.name, custom: false, hidden: false })));
  if (stages.length > MAX_STAGES)
    errors.name = [...(errors.name ?? []), `can have at most ${MAX_STAGES} stages`];
  const { rows, errors: stageErrors } = await stageRowsOfInput(db, group, current?.stages ?? [], stages);
  if (Object.keys(stageErrors).length > 0) errors.stages = stageErrors;
  if (errors.name || errors.stages) throw new ValueStreamInvalidError(errors);
  return { name, rows };
}

function stageInputOf(row: ValueStreamStageRow): StageInput {
  return {
    id: row.id,
    name: row.name,
    custom: row.custom,
    hidden: row.hidden,
    startEvent: stageEventByValue(row.start_event_identifier)?.identifier,
    endEvent: stageEventByValue(row.end_event_identifier)?.identifier,
    startLabelId: row.start_event_label_id,
    endLabelId: row.end_event_label_id,
  };
}

export async function createValueStream(
  db: Executor,
  access: AccessContext,
  groupPath: string,
  input: ValueStreamInput,
): Promise<ValueStreamView> {
  const group = await valueStreamGroup(db, access, groupPath, 'admin_value_stream');
  const now = access.now();
  await ensureDefaultValueStream(db, group, now);
  if ((await listValueStreams(db, group.id)).length >= MAX_VALUE_STREAMS)
    throw new ValueStreamInvalidError({ name: [VSA_MESSAGES.tooManyValueStreams] });
  const { name, rows } = await validated(db, group, input, null);
  const stream = await inTransaction(db, async (trx) => {
    const created = await insertValueStream(
      trx,
      { id: group.id, rootNamespaceId: topLevelIdOf(group) },
      name,
      now,
    );
    if (!created) throw new ValueStreamInvalidError({ name: ['has already been taken'] });
    await replaceStages(trx, created, rows, now);
    return created;
  });
  return (await viewsOf(db, [stream]))[0] as ValueStreamView;
}

export async function updateValueStream(
  db: Executor,
  access: AccessContext,
  groupPath: string,
  valueStreamId: number,
  input: ValueStreamInput,
): Promise<ValueStreamView> {
  const group = await valueStreamGroup(db, access, groupPath, 'admin_value_stream');
  const now = access.now();
  const current = await findValueStreamView(db, group, valueStreamId, now);
  const { name, rows } = await validated(db, group, input, {
    stream: current.stream,
    stages: current.stages.map((stage) => stage.row),
  });
  await inTransaction(db, async (trx) => {
    await renameValueStream(trx, current.stream.id, name, now);
    await replaceStages(trx, current.stream, rows, now);
  });
  return findValueStreamView(db, group, valueStreamId, now);
}

export async function removeValueStream(
  db: Executor,
  access: AccessContext,
  groupPath: string,
  valueStreamId: number,
): Promise<void> {
  const group = await valueStreamGroup(db, access, groupPath, 'admin_value_stream');
  const current = await findValueStreamView(db, group, valueStreamId, access.now());
  if (!current.isCustom)
    throw new ValueStreamInvalidError({ name: [VSA_MESSAGES.defaultStreamCannotBeDeleted] });
  await deleteValueStream(db, current.stream.id);
}
