/**
 * Value stream analytics as GitLab defines it: a value stream is a list of stages, and a stage is
 * measured, for each issue or merge request, from a start event to an end event. The events, their
 * enum values and names, which end events each start event allows, and the default stages are
 * GitLab's (Gitlab::Analytics::CycleAnalytics::StageEvents and DefaultStages, with EE's events).
 */

export type StageSubject = 'Issue' | 'MergeRequest';

export interface StageEventDefinition {
  readonly identifier: StageEventIdentifier;
  /** GitLab's enum value, what a stage row stores. */
  readonly value: number;
  readonly name: string;
  readonly subject: StageSubject;
  readonly labelBased: boolean;
  /**
   * Whether Plantrack records the event. Commits, boards and pipelines do not exist here, so the
   * events made of them never happen; stages that use them have no items.
   */
  readonly recorded: boolean;
  /** Only the default stages use it (GitLab hides these from the custom stage form). */
  readonly internal?: boolean;
}

const event = (
  identifier: StageEventIdentifier,
  value: number,
  name: string,
  options: { labelBased?: boolean; recorded?: boolean; internal?: boolean } = {},
): StageEventDefinition => ({
  identifier,
  value,
  name,
  subject:
    value >= 100 && value < 1000
      ? 'MergeRequest'
      : identifier === 'code_stage_start'
        ? 'MergeRequest'
        : 'Issue',
  labelBased: options.labelBased ?? false,
  recorded: options.recorded ?? true,
  ...(options.internal ? { internal: true } : {}),
});

export type StageEventIdentifier =
  | 'issue_created'
  | 'issue_first_mentioned_in_commit'
  | 'issue_closed'
  | 'issue_first_added_to_board'
  | 'issue_first_associated_with_milestone'
  | 'issue_last_edited'
  | 'issue_label_added'
  | 'issue_label_removed'
  | 'issue_deployed_to_production'
  | 'issue_first_assigned_at'
  | 'merge_request_created'
  | 'merge_request_first_deployed_to_production'
  | 'merge_request_last_build_finished'
  | 'merge_request_last_build_started'
  | 'merge_request_merged'
  | 'merge_request_closed'
  | 'merge_request_last_edited'
  | 'merge_request_label_added'
  | 'merge_request_label_removed'
  | 'merge_request_first_commit_at'
  | 'merge_request_first_assigned_at'
  | 'code_stage_start'
  | 'issue_stage_end'
  | 'plan_stage_start';

export const STAGE_EVENTS: readonly StageEventDefinition[] = [
  event('issue_created', 1, 'Issue created'),
  event('issue_first_mentioned_in_commit', 2, 'Issue first mentioned in a commit', { recorded: false }),
  event('issue_closed', 3, 'Issue closed'),
  event('issue_first_added_to_board', 4, 'Issue first added to a board', { recorded: false }),
  event('issue_first_associated_with_milestone', 5, 'Issue first associated with a milestone'),
  event('issue_last_edited', 7, 'Issue last edited'),
  event('issue_label_added', 8, 'Issue label was added', { labelBased: true }),
  event('issue_label_removed', 9, 'Issue label was removed', { labelBased: true }),
  event('issue_deployed_to_production', 10, 'Issue first deployed to production'),
  event('issue_first_assigned_at', 11, 'Issue first assigned'),
  event('merge_request_created', 100, 'Merge request created'),
  event('merge_request_first_deployed_to_production', 101, 'Merge request first deployed to production'),
  event('merge_request_last_build_finished', 102, 'Merge request last build finish time', {
    recorded: false,
  }),
  event('merge_request_last_build_started', 103, 'Merge request last build start time', { recorded: false }),
  event('merge_request_merged', 104, 'Merge request merged'),
  event('merge_request_closed', 105, 'Merge request closed'),
  event('merge_request_last_edited', 106, 'Merge request last edited'),
  event('merge_request_label_added', 107, 'Merge request label was added', { labelBased: true }),
  event('merge_request_label_removed', 108, 'Merge request label was removed', { labelBased: true }),
  event('merge_request_first_commit_at', 109, 'Merge request first commit time', { recorded: false }),
  event('merge_request_first_assigned_at', 110, 'Merge request first assigned'),
  event('code_stage_start', 1000, 'Issue first mentioned in a commit', { recorded: false, internal: true }),
  event('issue_stage_end', 1001, 'Issue first associated with a milestone or issue first added to a board', {
    internal: true,
  }),
  event('plan_stage_start', 1002, 'Issue first associated with a milestone or issue first added to a board', {
    internal: true,
  }),
];

const BY_IDENTIFIER = new Map(STAGE_EVENTS.map((definition) => [definition.identifier, definition]));
const BY_VALUE = new Map(STAGE_EVENTS.map((definition) => [definition.value, definition]));

export const stageEventByIdentifier = (identifier: string): StageEventDefinition | undefined =>
  BY_IDENTIFIER.get(identifier as StageEventIdentifier);

export const stageEventByValue = (value: number): StageEventDefinition | undefined => BY_VALUE.get(value);

/** The enum value a stage row stores for the event. */
export function stageEventValue(identifier: string): number {
  const definition = stageEventByIdentifier(identifier);
  if (!definition) throw new Error(`Unknown stage event ${identifier}`);
  return definition.value;
}

const ISSUE_COMMON_ENDS: readonly StageEventIdentifier[] = [
  'issue_closed',
  'issue_first_added_to_board',
  'issue_first_associated_with_milestone',
  'issue_first_mentioned_in_commit',
  'issue_last_edited',
  'issue_label_added',
  'issue_label_removed',
  'issue_first_assigned_at',
];
const without = (list: readonly StageEventIdentifier[], ...left: StageEventIdentifier[]) =>
  list.filter((identifier) => !left.includes(identifier));
const MR_AFTER_BUILD: readonly StageEventIdentifier[] = [
  'merge_request_closed',
  'merge_request_first_deployed_to_production',
  'merge_request_last_edited',
  'merge_request_merged',
  'merge_request_label_added',
  'merge_request_label_removed',
  'merge_request_first_commit_at',
];

/** Which end events each start event allows (CE's pairs with EE's merged in). */
export const ALLOWED_END_EVENTS: Readonly<
  Partial<Record<StageEventIdentifier, readonly StageEventIdentifier[]>>
> = {
  plan_stage_start: ['issue_first_mentioned_in_commit'],
  code_stage_start: ['merge_request_created'],
  issue_created: ['issue_stage_end', 'issue_deployed_to_production', ...ISSUE_COMMON_ENDS],
  issue_label_added: ['issue_label_added', 'issue_label_removed', 'issue_closed', 'issue_first_assigned_at'],
  issue_label_removed: ['issue_closed', 'issue_first_assigned_at'],
  issue_first_added_to_board: without(ISSUE_COMMON_ENDS, 'issue_first_added_to_board'),
  issue_first_associated_with_milestone: without(ISSUE_COMMON_ENDS, 'issue_first_associated_with_milestone'),
  issue_first_mentioned_in_commit: without(ISSUE_COMMON_ENDS, 'issue_first_mentioned_in_commit'),
  issue_closed: ['issue_last_edited', 'issue_label_added', 'issue_label_removed'],
  issue_first_assigned_at: without(ISSUE_COMMON_ENDS, 'issue_first_assigned_at'),
  merge_request_first_commit_at: [
    'merge_request_closed',
    'merge_request_first_deployed_to_production',
    'merge_request_last_build_started',
    'merge_request_last_build_finished',
    'merge_request_last_edited',
    'merge_request_label_added',
    'merge_request_label_removed',
    'merge_request_merged',
    'merge_request_first_assigned_at',
  ],
  merge_request_created: [
    'merge_request_merged',
    'merge_request_closed',
    'merge_request_first_deployed_to_production',
    'merge_request_last_build_started',
    'merge_request_last_build_finished',
    'merge_request_last_edited',
    'merge_request_label_added',
    'merge_request_label_removed',
    'merge_request_first_assigned_at',
  ],
  merge_request_closed: [
    'merge_request_first_deployed_to_production',
    'merge_request_last_edited',
    'merge_request_label_added',
    'merge_request_label_removed',
    'merge_request_first_commit_at',
  ],
  merge_request_first_deployed_to_production: [
    'merge_request_last_edited',
    'merge_request_label_added',
    'merge_request_label_removed',
    'merge_request_first_commit_at',
  ],
  merge_request_last_build_started: ['merge_request_last_build_finished', ...MR_AFTER_BUILD],
  merge_request_last_build_finished: MR_AFTER_BUILD,
  merge_request_merged: [
    'merge_request_first_deployed_to_production',
    'merge_request_closed',
    'merge_request_last_edited',
    'merge_request_label_added',
    'merge_request_label_removed',
    'merge_request_first_commit_at',
  ],
  merge_request_label_added: [
    'merge_request_label_added',
    'merge_request_label_removed',
    'merge_request_merged',
    'merge_request_first_assigned_at',
  ],
  merge_request_label_removed: [
    'merge_request_label_added',
    'merge_request_label_removed',
    'merge_request_first_assigned_at',
  ],
  merge_request_first_assigned_at: [
    'merge_request_closed',
    'merge_request_last_build_started',
    'merge_request_first_deployed_to_production',
    'merge_request_last_edited',
    'merge_request_merged',
    'merge_request_label_added',
    'merge_request_label_removed',
  ],
};

export const isAllowedPair = (start: StageEventIdentifier, end: StageEventIdentifier): boolean =>
  ALLOWED_END_EVENTS[start]?.includes(end) ?? false;

/** The events a custom stage may use: recorded, not internal, with the end events likewise. */
export interface SelectableStageEvent {
  readonly name: string;
  readonly identifier: StageEventIdentifier;
  readonly type: 'simple' | 'label_based';
  readonly can_be_start_event: boolean;
  readonly allowed_end_events: readonly StageEventIdentifier[];
}

export function selectableStageEvents(): SelectableStageEvent[] {
  const selectable = STAGE_EVENTS.filter((definition) => definition.recorded && !definition.internal);
  return selectable.map((definition) => {
    const ends = (ALLOWED_END_EVENTS[definition.identifier] ?? []).filter((end) => {
      const target = BY_IDENTIFIER.get(end);
      return target?.recorded && !target.internal;
    });
    return {
      name: definition.name,
      identifier: definition.identifier,
      type: definition.labelBased ? 'label_based' : 'simple',
      can_be_start_event: ends.length > 0,
      allowed_end_events: ends,
    };
  });
}

export interface DefaultStage {
  readonly name: string;
  readonly start: StageEventIdentifier;
  readonly end: StageEventIdentifier;
  /** GitLab's legend for the stage. */
  readonly description: string;
}

export const DEFAULT_VALUE_STREAM_NAME = 'Default';

export const DEFAULT_STAGES: readonly DefaultStage[] = [
  {
    name: 'Issue',
    start: 'issue_created',
    end: 'issue_stage_end',
    description: 'Time before an issue gets scheduled',
  },
  {
    name: 'Plan',
    start: 'plan_stage_start',
    end: 'issue_first_mentioned_in_commit',
    description: 'Time before an issue starts implementation',
  },
  {
    name: 'Code',
    start: 'code_stage_start',
    end: 'merge_request_created',
    description: 'Time until first merge request',
  },
  {
    name: 'Test',
    start: 'merge_request_last_build_started',
    end: 'merge_request_last_build_finished',
    description: 'Total test time for all commits/merges',
  },
  {
    name: 'Review',
    start: 'merge_request_created',
    end: 'merge_request_merged',
    description: 'Time between merge request creation and merge/close',
  },
  {
    name: 'Staging',
    start: 'merge_request_merged',
    end: 'merge_request_first_deployed_to_production',
    description: 'From merge request merge until deploy to production',
  },
];

/** Whether a stage can ever have items here: both its events are recorded. */
export const stageIsRecorded = (start: StageEventIdentifier, end: StageEventIdentifier): boolean =>
  Boolean(BY_IDENTIFIER.get(start)?.recorded && BY_IDENTIFIER.get(end)?.recorded);

export const VALUE_STREAM_NAME_MAX = 100;
export const STAGE_NAME_MAX = 255;
/** GitLab's limits: stages per value stream, and value streams per group. */
export const MAX_STAGES = 15;
export const MAX_VALUE_STREAMS = 50;

export interface StageInput {
  readonly id?: number | undefined;
  readonly name: string;
  readonly custom: boolean;
  readonly hidden: boolean;
  readonly startEvent?: string | undefined;
  readonly endEvent?: string | undefined;
  readonly startLabelId?: number | null | undefined;
  readonly endLabelId?: number | null | undefined;
}

export type FieldErrors = Record<string, string[]>;

const push = (errors: FieldErrors, field: string, message: string) => {
  errors[field] = [...(errors[field] ?? []), message];
};

/**
 * A custom stage's own errors, in GitLab's words (Analytics::CycleAnalytics::Stageable validations):
 * the name, both events, the pair, and a label for each label event. Default stages keep their events.
 */
export function customStageErrors(stage: StageInput): FieldErrors {
  const errors: FieldErrors = {};
  const name = stage.name.trim();
  if (!name) push(errors, 'name', "can't be blank");
  else if (name.length > STAGE_NAME_MAX)
    push(errors, 'name', `is too long (maximum is ${STAGE_NAME_MAX} characters)`);
  else if (DEFAULT_STAGES.some((defaults) => defaults.name.toLowerCase() === name.toLowerCase()))
    push(errors, 'name', 'is reserved');
  const start = stage.startEvent ? BY_IDENTIFIER.get(stage.startEvent as StageEventIdentifier) : undefined;
  const end = stage.endEvent ? BY_IDENTIFIER.get(stage.endEvent as StageEventIdentifier) : undefined;
  if (!stage.startEvent) push(errors, 'start_event_identifier', "can't be blank");
  else if (!start || start.internal || !start.recorded)
    push(errors, 'start_event_identifier', 'is not included in the list');
  if (!stage.endEvent) push(errors, 'end_event_identifier', "can't be blank");
  else if (!end || end.internal || !end.recorded)
    push(errors, 'end_event_identifier', 'is not included in the list');
  if (start && end && !errors.start_event_identifier && !errors.end_event_identifier) {
    if (!isAllowedPair(start.identifier, end.identifier))
      push(errors, 'end_event', 'not allowed for the given start event');
  }
  if (start?.labelBased && !stage.startLabelId) push(errors, 'start_event_label_id', "can't be blank");
  if (end?.labelBased && !stage.endLabelId) push(errors, 'end_event_label_id', "can't be blank");
  return errors;
}

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

export const VSA_MESSAGES = {
  dateRangeTooLarge: 'The given date range is larger than 180 days',
  createdBeforeBeforeAfter: "Created before can't be before created after",
  defaultStreamCannotBeDeleted: 'The default value stream cannot be deleted',
  tooManyValueStreams: `Value streams per group are limited to ${MAX_VALUE_STREAMS}`,
  labelNamesRequired: 'label_names required',
  createdAfterRequired: 'created_after is required',
} as const;

/** The longest range a request may ask for, in days. */
export const MAX_RANGE_DAYS = 180;
/** The default range: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
export const RECORDS_PER_PAGE = 20;

/** GitLab's `total_time`: a duration as whole days, hours and minutes, leaving out the zero parts. */
export function totalTime(milliseconds: number): { days?: number; hours?: number; mins?: number } {
  const minutes = Math.floor(milliseconds / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  return {
    ...(days ? { days } : {}),
    ...(hours ? { hours } : {}),
    ...(mins || (!days && !hours) ? { mins } : {}),
  };
}

/** The median of sorted numbers as PostgreSQL's percentile_cont(0.5) computes it. */
export function continuousMedian(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = (sorted.length - 1) / 2;
  const low = sorted[Math.floor(middle)] as number;
  const high = sorted[Math.ceil(middle)] as number;
  return low + (high - low) * (middle - Math.floor(middle));
}
