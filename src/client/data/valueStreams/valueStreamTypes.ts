/**
 * Value stream analytics as the page shows it, mapped from GitLab's JSON (valueStreamMappers.ts):
 * value streams and their stages, the events a custom stage may start and end with, a stage's
 * records, medians and average durations, the overview's metrics and the tasks by type series.
 * Durations are seconds unless named otherwise; days are `CalendarDate`s, moments `Instant`s.
 */
import type { CalendarDate, Instant } from '../dates.ts';

export interface VsaLabel {
  readonly id: number;
  readonly title: string;
  /** `#rrggbb` background and text colours. */
  readonly color: string;
  readonly textColor: string;
  readonly description: string | null;
}

export interface ValueStreamStage {
  readonly id: number;
  /** The stage's name as shown (GitLab's `title`; `name` is the same for every stage here). */
  readonly title: string;
  readonly name: string;
  readonly hidden: boolean;
  readonly custom: boolean;
  /** GitLab's legend and description (the default stages' explanation). */
  readonly legend: string;
  readonly description: string;
  readonly startEventIdentifier: string;
  readonly endEventIdentifier: string;
  readonly startEventLabelId: number | null;
  readonly endEventLabelId: number | null;
  readonly startEventLabel: VsaLabel | null;
  readonly endEventLabel: VsaLabel | null;
  /** False for a default stage whose events Plantrack does not record (commits, pipelines). */
  readonly recorded: boolean;
}

export interface ValueStream {
  readonly id: number;
  readonly name: string;
  /** False for the group's default stream, which cannot be deleted. */
  readonly isCustom: boolean;
  /** In their order. */
  readonly stages: readonly ValueStreamStage[];
}

/** An event a custom stage may use, and the end events it allows when it starts one. */
export interface StageEvent {
  readonly identifier: string;
  readonly name: string;
  /** A label event: the stage names the label too. */
  readonly labelBased: boolean;
  readonly canBeStartEvent: boolean;
  readonly allowedEndEvents: readonly string[];
}

export interface StagesAndEvents {
  readonly stages: readonly ValueStreamStage[];
  readonly events: readonly StageEvent[];
}

/** The filters every stage and overview read takes (GitLab's query parameters). */
export interface VsaFilters {
  /** Both ends included: an item is in the range when its end event is. */
  readonly createdAfter: CalendarDate;
  readonly createdBefore: CalendarDate;
  readonly projectIds: readonly number[];
  readonly labelNames: readonly string[];
  readonly milestoneTitle: string | null;
  readonly authorUsername: string | null;
  readonly assigneeUsernames: readonly string[];
}

export type VsaSubject = 'Issue' | 'MergeRequest';
export type StageSort = 'end_event' | 'duration';
export type SortDirection = 'asc' | 'desc';

/** GitLab's `total_time`: whole days, hours and minutes, the zero parts left out. */
export interface TotalTime {
  readonly days?: number;
  readonly hours?: number;
  readonly mins?: number;
}

export interface StageRecordAuthor {
  readonly name: string;
  readonly username: string;
  readonly avatarUrl: string | null;
  readonly webUrl: string;
}

/** An issue or merge request that went through the stage. */
export interface StageRecord {
  readonly id: number;
  readonly iid: number;
  readonly title: string;
  /** Its page. */
  readonly url: string;
  readonly state: string;
  /** Its full reference (`acme/platform/api#12`). */
  readonly reference: string;
  readonly kind: 'issue' | 'merge_request';
  readonly author: StageRecordAuthor | null;
  readonly startEventAt: Instant | null;
  readonly endEventAt: Instant | null;
  readonly durationMs: number;
  readonly totalTime: TotalTime;
}

export interface StageRecordsPage {
  readonly records: readonly StageRecord[];
  readonly page: number;
  /** The next page (GitLab's `X-Next-Page`); null on the last. */
  readonly nextPage: number | null;
}

/** The stage's average duration on a day with items. */
export interface DurationOnDay {
  readonly date: CalendarDate;
  readonly seconds: number;
}

/** One of the overview's metrics: a value as the server words it ('12', '2.5', '-') and its unit. */
export interface SummaryMetric {
  readonly identifier: string;
  readonly title: string;
  readonly value: string;
  readonly unit: string | null;
  readonly description: string | null;
}

/** A label's items created each day of the range (every day, zeros included). */
export interface TasksByTypeSeries {
  readonly label: VsaLabel;
  readonly points: readonly { readonly date: CalendarDate; readonly value: number }[];
}

/** A stage as a value stream form sends it: a default stage by its id, a custom one by its events. */
export interface StageInput {
  readonly id?: number;
  readonly name: string;
  readonly custom: boolean;
  readonly hidden: boolean;
  readonly startEventIdentifier?: string;
  readonly endEventIdentifier?: string;
  readonly startEventLabelId?: number;
  readonly endEventLabelId?: number;
}

export interface ValueStreamInput {
  readonly name: string;
  readonly stages: readonly StageInput[];
}

/** GitLab's 422: messages by field, for the stream and for each stage (by its index in the form). */
export interface ValueStreamErrors {
  readonly message: string;
  readonly name: readonly string[];
  readonly stages: Readonly<Record<number, Readonly<Record<string, readonly string[]>>>>;
}
