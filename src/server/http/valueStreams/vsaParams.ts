import type { StageInput } from '../../../core/domain/valueStreams.ts';
import type { ValueStreamInput } from '../../services/valueStreams/valueStreamService.ts';
import type { VsaParams } from '../../services/valueStreams/vsaRequest.ts';
import {
  optionalBoolean,
  optionalCalendarDate,
  optionalEnum,
  optionalIdList,
  optionalInteger,
  optionalList,
  optionalString,
  ParamError,
  type Params,
} from '../api/params.ts';

/** The longest name, title or username a filter may carry. */
const MAX_TEXT = 255;
/** More filter values than any screen shows: the rest is refused, not read. */
const MAX_VALUES = 50;

function boundedList(params: Params, name: string): string[] | undefined {
  const list = optionalList(params, name);
  if (list && (list.length > MAX_VALUES || list.some((item) => item.length > MAX_TEXT)))
    throw new ParamError(`${name} is invalid`);
  return list;
}

/** GitLab's request parameters of value stream analytics. */
export function vsaParams(query: Params): VsaParams {
  const projectIds = optionalIdList(query, 'project_ids');
  if (projectIds && projectIds.length > MAX_VALUES) throw new ParamError('project_ids is invalid');
  return {
    createdAfter: optionalCalendarDate(query, 'created_after'),
    createdBefore: optionalCalendarDate(query, 'created_before'),
    projectIds,
    labelNames: boundedList(query, 'label_name'),
    milestoneTitle: optionalString(query, 'milestone_title', MAX_TEXT),
    authorUsername: optionalString(query, 'author_username', MAX_TEXT),
    assigneeUsernames: boundedList(query, 'assignee_username'),
  };
}

export function recordsOrder(query: Params) {
  return {
    sort: optionalEnum(query, 'sort', ['end_event', 'duration'] as const) ?? 'end_event',
    direction: optionalEnum(query, 'direction', ['asc', 'desc'] as const) ?? 'desc',
    page: optionalInteger(query, 'page', 1, 10_000) ?? 1,
  };
}

export const subjectParam = (query: Params) =>
  optionalEnum(query, 'subject', ['Issue', 'MergeRequest'] as const) ?? 'Issue';

/** The type-of-work filters: GitLab names the labels `label_names` and the assignee once. */
export function tasksByTypeParams(query: Params) {
  const assignee = optionalString(query, 'assignee_username', MAX_TEXT);
  return {
    ...vsaParams({
      ...query,
      label_name: undefined,
      'label_name[]': undefined,
      assignee_username: undefined,
    }),
    assigneeUsernames: assignee ? [assignee] : undefined,
    subject: subjectParam(query),
    labelNames: boundedList(query, 'label_names') ?? [],
  };
}

export function idParam(params: unknown, name: string): number {
  const value = (params as Record<string, string | undefined>)[name] ?? '';
  if (!/^\d{1,9}$/.test(value)) throw new ParamError(`${name} is invalid`);
  return Number(value);
}

const labelId = (value: unknown, name: string): number | null | undefined => {
  if (value === undefined || value === null || value === '') return value === undefined ? undefined : null;
  const number =
    typeof value === 'number' ? value : /^\d{1,9}$/.test(String(value)) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < 0) throw new ParamError(`${name} is invalid`);
  return number;
};

/** The body of a value stream's create or update: its name and, optionally, its stages in order. */
export function valueStreamInput(body: Params): ValueStreamInput {
  const source = (
    body.value_stream && typeof body.value_stream === 'object' ? body.value_stream : body
  ) as Params;
  const name = optionalString(source, 'name', 1000) ?? '';
  const stages = source.stages;
  if (stages === undefined) return { name };
  if (!Array.isArray(stages) || stages.length > 100) throw new ParamError('stages is invalid');
  return {
    name,
    stages: stages.map((stage: unknown, index): StageInput => {
      if (!stage || typeof stage !== 'object') throw new ParamError(`stages[${index}] is invalid`);
      const item = stage as Params;
      return {
        id: item.id === undefined || item.id === null ? undefined : (labelId(item.id, 'id') ?? undefined),
        name: optionalString(item, 'name', 1000) ?? '',
        custom: optionalBoolean(item, 'custom') ?? true,
        hidden: optionalBoolean(item, 'hidden') ?? false,
        startEvent: optionalString(item, 'start_event_identifier', 100),
        endEvent: optionalString(item, 'end_event_identifier', 100),
        startLabelId: labelId(item.start_event_label_id, 'start_event_label_id'),
        endLabelId: labelId(item.end_event_label_id, 'end_event_label_id'),
      };
    }),
  };
}

export const enabledParam = (body: Params): boolean => {
  const enabled = optionalBoolean(body, 'enabled');
  if (enabled === undefined) throw new ParamError('enabled is missing');
  return enabled;
};
