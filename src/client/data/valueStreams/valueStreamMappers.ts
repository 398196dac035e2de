/**
 * GitLab's value stream analytics JSON → the page's view models (valueStreamTypes.ts). Answers are
 * untyped until here: an entry missing what identifies it is dropped, optional fields fall back.
 */

import { toCalendarDate, toInstant } from '../dates.ts';
import { isObject, type Json, str } from '../restJson.ts';
import type {
  DurationOnDay,
  StageEvent,
  StageRecord,
  StageRecordAuthor,
  StagesAndEvents,
  SummaryMetric,
  TasksByTypeSeries,
  TotalTime,
  ValueStream,
  ValueStreamErrors,
  ValueStreamStage,
  VsaLabel,
} from './valueStreamTypes.ts';

const num = (value: unknown): number | null => {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value !== ''
        ? Number(value)
        : Number.NaN;
  return Number.isFinite(number) ? number : null;
};
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

export function toVsaLabel(json: unknown): VsaLabel | null {
  if (!isObject(json)) return null;
  const id = num(json.id);
  const title = str(json.title) ?? str(json.name);
  if (id === null || !title) return null;
  return {
    id,
    title,
    color: str(json.color) ?? '#dcdcde',
    textColor: str(json.text_color) ?? '#333238',
    description: str(json.description),
  };
}

export function toStage(json: Json): ValueStreamStage | null {
  const id = num(json.id);
  const title = str(json.title) ?? str(json.name);
  if (id === null || !title) return null;
  return {
    id,
    title,
    name: str(json.name) ?? title,
    hidden: json.hidden === true,
    custom: json.custom === true,
    legend: str(json.legend) ?? '',
    description: str(json.description) ?? '',
    startEventIdentifier: str(json.start_event_identifier) ?? '',
    endEventIdentifier: str(json.end_event_identifier) ?? '',
    startEventLabelId: num(json.start_event_label_id),
    endEventLabelId: num(json.end_event_label_id),
    startEventLabel: toVsaLabel(json.start_event_label),
    endEventLabel: toVsaLabel(json.end_event_label),
    // Absent means recorded: only the server knows which events it cannot see.
    recorded: json.recorded !== false,
  };
}

export function toValueStream(json: unknown): ValueStream | null {
  if (!isObject(json)) return null;
  const id = num(json.id);
  const name = str(json.name);
  if (id === null || name === null) return null;
  return {
    id,
    name,
    isCustom: json.is_custom === true,
    stages: objects(json.stages).flatMap((stage) => toStage(stage) ?? []),
  };
}

export function toValueStreams(body: unknown): ValueStream[] {
  return objects(body).flatMap((json) => toValueStream(json) ?? []);
}

function toStageEvent(json: Json): StageEvent | null {
  const identifier = str(json.identifier);
  if (!identifier) return null;
  return {
    identifier,
    name: str(json.name) ?? identifier,
    labelBased: json.type === 'label_based',
    canBeStartEvent: json.can_be_start_event === true,
    allowedEndEvents: strings(json.allowed_end_events),
  };
}

export function toStagesAndEvents(body: unknown): StagesAndEvents {
  const json = isObject(body) ? body : {};
  return {
    stages: objects(json.stages).flatMap((stage) => toStage(stage) ?? []),
    events: objects(json.events).flatMap((event) => toStageEvent(event) ?? []),
  };
}

/** `{ value }` in seconds; null when the stage had no items. */
export function toMedian(body: unknown): number | null {
  return isObject(body) ? num(body.value) : null;
}

export function toCount(body: unknown): number {
  return (isObject(body) ? num(body.count) : null) ?? 0;
}

export function toDurationChart(body: unknown): DurationOnDay[] {
  return objects(body).flatMap((json) => {
    const date = toCalendarDate(str(json.date));
    const seconds = num(json.average_duration_in_seconds);
    return date && seconds !== null ? [{ date, seconds }] : [];
  });
}

function toAuthor(json: unknown): StageRecordAuthor | null {
  if (!isObject(json)) return null;
  const username = str(json.username);
  if (!username) return null;
  return {
    name: str(json.name) ?? username,
    username,
    avatarUrl: str(json.avatar_url),
    webUrl: str(json.web_url) ?? `/${username}`,
  };
}

function toTotalTime(json: unknown): TotalTime {
  if (!isObject(json)) return {};
  const parts: { days?: number; hours?: number; mins?: number } = {};
  for (const key of ['days', 'hours', 'mins'] as const) {
    const value = num(json[key]);
    if (value !== null && value > 0) parts[key] = value;
  }
  return parts;
}

export function toStageRecord(json: Json): StageRecord | null {
  const id = num(json.id);
  const iid = num(json.iid);
  const title = str(json.title);
  if (id === null || iid === null || title === null) return null;
  const reference = str(json.reference) ?? '';
  const url = str(json.url) ?? '';
  const isMergeRequest = reference.includes('!') || url.includes('/-/merge_requests/');
  return {
    id,
    iid,
    title,
    url,
    state: str(json.state) ?? '',
    reference,
    kind: isMergeRequest ? 'merge_request' : 'issue',
    author: toAuthor(json.author),
    startEventAt: toInstant(str(json.start_event_timestamp)),
    endEventAt: toInstant(str(json.end_event_timestamp)),
    durationMs: num(json.duration_in_milliseconds) ?? 0,
    totalTime: toTotalTime(json.total_time),
  };
}

export function toStageRecords(body: unknown): StageRecord[] {
  return objects(body).flatMap((json) => toStageRecord(json) ?? []);
}

export function toSummaryMetrics(body: unknown): SummaryMetric[] {
  return objects(body).flatMap((json) => {
    const identifier = str(json.identifier);
    const title = str(json.title);
    if (!identifier || !title) return [];
    const value = json.value;
    return [
      {
        identifier,
        title,
        value: typeof value === 'number' ? String(value) : (str(value) ?? '-'),
        unit: str(json.unit),
        description: str(json.description),
      },
    ];
  });
}

export function toTasksByType(body: unknown): TasksByTypeSeries[] {
  return objects(body).flatMap((json) => {
    const label = toVsaLabel(json.label);
    if (!label) return [];
    const points = (Array.isArray(json.series) ? json.series : []).flatMap((entry: unknown) => {
      if (!Array.isArray(entry)) return [];
      const date = toCalendarDate(str(entry[0]));
      const value = num(entry[1]);
      return date && value !== null ? [{ date, value }] : [];
    });
    return [{ label, points }];
  });
}

export function toLabels(body: unknown): VsaLabel[] {
  return objects(body).flatMap((json) => toVsaLabel(json) ?? []);
}

const messagesOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];

/**
 * GitLab's 422 body: `{ message, payload: { errors: { name: [...], stages: { "0": { field: [...] } } } } }`
 * (also read without `payload`).
 */
export function toValueStreamErrors(body: unknown, fallback: string): ValueStreamErrors {
  const json = isObject(body) ? body : {};
  const payload = isObject(json.payload) ? json.payload : json;
  const errors = isObject(payload.errors) ? payload.errors : {};
  const stages: Record<number, Record<string, string[]>> = {};
  if (isObject(errors.stages)) {
    for (const [index, fields] of Object.entries(errors.stages)) {
      if (!isObject(fields) || !/^\d+$/.test(index)) continue;
      stages[Number(index)] = Object.fromEntries(
        Object.entries(fields).map(([field, messages]) => [field, messagesOf(messages)]),
      );
    }
  }
  return { message: str(json.message) ?? fallback, name: messagesOf(errors.name), stages };
}
