/**
 * The value stream form's model, free of React: the draft (name and stages in order), the changes a
 * person makes (hide, move, add, remove, choose events and labels), what the events allow, the
 * client's own checks in GitLab's words, and the input the server takes.
 */
import type {
  StageEvent,
  StageInput,
  ValueStream,
  ValueStreamErrors,
  ValueStreamInput,
} from '../../data/index.ts';
import { VSA_TEXT } from './vsaTexts.ts';

export interface FormStage {
  /** Stable for React and focus: the stage's id, or a new stage's number. */
  readonly key: string;
  /** A stage the stream already has. */
  readonly id?: number;
  readonly custom: boolean;
  readonly hidden: boolean;
  readonly name: string;
  /** '' until chosen. */
  readonly startEventIdentifier: string;
  readonly endEventIdentifier: string;
  readonly startEventLabelId: number | null;
  readonly endEventLabelId: number | null;
}

export interface ValueStreamDraft {
  readonly name: string;
  readonly stages: readonly FormStage[];
  /** The next new stage's number. */
  readonly nextKey: number;
}

/** Messages by field name (GitLab's: name, start_event_identifier, end_event_identifier, …_label_id). */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

export interface DraftErrors {
  readonly name: readonly string[];
  readonly stages: Readonly<Record<number, FieldErrors>>;
}

export const NO_ERRORS: DraftErrors = { name: [], stages: {} };

const stageOf = (stage: ValueStream['stages'][number]): FormStage => ({
  key: `stage-${stage.id}`,
  id: stage.id,
  custom: stage.custom,
  hidden: stage.hidden,
  name: stage.title,
  startEventIdentifier: stage.startEventIdentifier,
  endEventIdentifier: stage.endEventIdentifier,
  startEventLabelId: stage.startEventLabelId,
  endEventLabelId: stage.endEventLabelId,
});

const emptyStage = (key: number): FormStage => ({
  key: `new-${key}`,
  custom: true,
  hidden: false,
  name: '',
  startEventIdentifier: '',
  endEventIdentifier: '',
  startEventLabelId: null,
  endEventLabelId: null,
});

/** The draft of an existing stream, its stages as they are. */
export function draftOf(stream: ValueStream): ValueStreamDraft {
  return { name: stream.name, stages: stream.stages.map(stageOf), nextKey: 1 };
}

/**
 * A new stream's draft: GitLab's default template (the default stages, none hidden, as new stages)
 * or no template (one empty custom stage).
 */
export function newDraft(template: ValueStream | null): ValueStreamDraft {
  if (!template) return { name: '', stages: [emptyStage(1)], nextKey: 2 };
  const stages = template.stages
    .filter((stage) => !stage.custom)
    .map((stage) => {
      const { id: _id, ...rest } = stageOf(stage);
      return { ...rest, key: `default-${stage.id}`, hidden: false };
    });
  return { name: '', stages, nextKey: 1 };
}

export const withName = (draft: ValueStreamDraft, name: string): ValueStreamDraft => ({ ...draft, name });

export function addStage(draft: ValueStreamDraft): ValueStreamDraft {
  return { ...draft, stages: [...draft.stages, emptyStage(draft.nextKey)], nextKey: draft.nextKey + 1 };
}

export function removeStage(draft: ValueStreamDraft, index: number): ValueStreamDraft {
  return { ...draft, stages: draft.stages.filter((_, at) => at !== index) };
}

/** Moves the stage one place up (-1) or down (1); at an end, nothing changes. */
export function moveStage(draft: ValueStreamDraft, index: number, delta: -1 | 1): ValueStreamDraft {
  const target = index + delta;
  if (target < 0 || target >= draft.stages.length) return draft;
  const stages = [...draft.stages];
  [stages[index], stages[target]] = [stages[target]!, stages[index]!];
  return { ...draft, stages };
}

export function toggleHidden(draft: ValueStreamDraft, index: number): ValueStreamDraft {
  return updateStage(draft, index, { hidden: !draft.stages[index]?.hidden });
}

/**
 * Changes a stage's fields. A new start event clears an end event it does not allow, and labels
 * of events that take none.
 */
export function updateStage(
  draft: ValueStreamDraft,
  index: number,
  change: Partial<Omit<FormStage, 'key' | 'id' | 'custom'>>,
  events: readonly StageEvent[] = [],
): ValueStreamDraft {
  const stages = draft.stages.map((stage, at) => {
    if (at !== index) return stage;
    let next: FormStage = { ...stage, ...change };
    if (change.startEventIdentifier !== undefined) {
      const start = eventOf(events, next.startEventIdentifier);
      if (!start?.allowedEndEvents.includes(next.endEventIdentifier))
        next = { ...next, endEventIdentifier: '', endEventLabelId: null };
      if (!start?.labelBased) next = { ...next, startEventLabelId: null };
    }
    if (change.endEventIdentifier !== undefined && !eventOf(events, next.endEventIdentifier)?.labelBased)
      next = { ...next, endEventLabelId: null };
    return next;
  });
  return { ...draft, stages };
}

export const eventOf = (events: readonly StageEvent[], identifier: string): StageEvent | undefined =>
  events.find((event) => event.identifier === identifier);

/** The events a stage may start with. */
export const startEvents = (events: readonly StageEvent[]): StageEvent[] =>
  events.filter((event) => event.canBeStartEvent);

/** The events a stage starting with `start` may end with (none before a start is chosen). */
export function endEvents(events: readonly StageEvent[], start: string): StageEvent[] {
  const allowed = eventOf(events, start)?.allowedEndEvents ?? [];
  return events.filter((event) => allowed.includes(event.identifier));
}

/** The client's own checks, before asking the server (which checks again). */
export function draftErrors(draft: ValueStreamDraft, events: readonly StageEvent[]): DraftErrors {
  const stages: Record<number, Record<string, string[]>> = {};
  const names = draft.stages.map((stage) => stage.name.trim().toLowerCase());
  draft.stages.forEach((stage, index) => {
    if (!stage.custom) return;
    const fields: Record<string, string[]> = {};
    if (!stage.name.trim()) fields.name = [VSA_TEXT.stageNameRequired];
    else if (names.indexOf(names[index]!) !== index) fields.name = [VSA_TEXT.nameTaken];
    if (!stage.startEventIdentifier) fields.start_event_identifier = [VSA_TEXT.startRequired];
    if (!stage.endEventIdentifier) fields.end_event_identifier = [VSA_TEXT.endRequired];
    if (eventOf(events, stage.startEventIdentifier)?.labelBased && stage.startEventLabelId === null)
      fields.start_event_label_id = [VSA_TEXT.labelRequired];
    if (eventOf(events, stage.endEventIdentifier)?.labelBased && stage.endEventLabelId === null)
      fields.end_event_label_id = [VSA_TEXT.labelRequired];
    if (Object.keys(fields).length > 0) stages[index] = fields;
  });
  return { name: draft.name.trim() ? [] : [VSA_TEXT.nameRequired], stages };
}

export const hasDraftErrors = (errors: DraftErrors): boolean =>
  errors.name.length > 0 || Object.keys(errors.stages).length > 0;

/**
 * The server's 422 as the form shows it: its stage fields by index (GitLab names the pair's error
 * `end_event`, shown at the end event).
 */
export function serverErrors(errors: ValueStreamErrors): DraftErrors {
  const stages: Record<number, Record<string, readonly string[]>> = {};
  for (const [index, fields] of Object.entries(errors.stages)) {
    const { end_event: pair, ...rest } = fields;
    stages[Number(index)] = pair
      ? { ...rest, end_event_identifier: [...(rest.end_event_identifier ?? []), ...pair] }
      : rest;
  }
  return { name: errors.name, stages };
}

/** What the server takes: a stage the stream has by its id, a new default stage or a custom one by its events. */
export function draftInput(draft: ValueStreamDraft): ValueStreamInput {
  return {
    name: draft.name.trim(),
    stages: draft.stages.map((stage): StageInput => {
      if (!stage.custom && stage.id !== undefined)
        return { id: stage.id, name: stage.name, custom: false, hidden: stage.hidden };
      return {
        ...(stage.id === undefined ? {} : { id: stage.id }),
        name: stage.name.trim(),
        custom: stage.custom,
        hidden: stage.hidden,
        startEventIdentifier: stage.startEventIdentifier,
        endEventIdentifier: stage.endEventIdentifier,
        ...(stage.startEventLabelId === null ? {} : { startEventLabelId: stage.startEventLabelId }),
        ...(stage.endEventLabelId === null ? {} : { endEventLabelId: stage.endEventLabelId }),
      };
    }),
  };
}
