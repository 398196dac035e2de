/**
 * The page's URL state, in GitLab's parameter names: `value_stream_id`, `stage_id`,
 * `created_after` / `created_before` (YYYY-MM-DD, both included), `project_ids[]`, `label_name[]`,
 * `milestone_title`, `author_username`, `assignee_username[]`, and the stage table's `sort`,
 * `direction` and `page`. Parsing forgives (bad values fall back to defaults); the dates are always
 * written, so a shared link shows the same days whenever it is opened.
 */
import type { FilterToken, RoadmapFilters } from '../../../core/domain/searchTokens.ts';
import { type CalendarDate, parseCalendarDate } from '../../../core/time/calendarDate.ts';
import { addDays, calendarDateToDay, dayToCalendarDate } from '../../../core/time/epochDay.ts';
import type { SortDirection, StageSort, VsaFilters } from '../../data/index.ts';
import { VSA_TEXT } from './vsaTexts.ts';

/** The default range: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
/** The longest range the server answers for (days, both ends included). */
export const MAX_RANGE_DAYS = 180;

export interface VsaQuery {
  /** Null: the group's first value stream. */
  readonly valueStreamId: number | null;
  /** Null: the overview. */
  readonly stageId: number | null;
  readonly createdAfter: CalendarDate;
  readonly createdBefore: CalendarDate;
  readonly projectIds: readonly number[];
  readonly labelNames: readonly string[];
  readonly milestoneTitle: string | null;
  readonly authorUsername: string | null;
  readonly assigneeUsernames: readonly string[];
  readonly sort: StageSort;
  readonly direction: SortDirection;
  /** From 1. */
  readonly page: number;
}

const positiveInt = (raw: string | null): number | null => {
  if (!raw || !/^\d{1,15}$/.test(raw.trim())) return null;
  const value = Number(raw);
  return value > 0 ? value : null;
};

const all = (params: URLSearchParams, ...keys: string[]): string[] => [
  ...new Set(
    keys
      .flatMap((key) => params.getAll(key))
      .map((value) => value.trim())
      .filter(Boolean),
  ),
];

/** The default range ending on `today`. */
export function defaultRange(today: CalendarDate): {
  createdAfter: CalendarDate;
  createdBefore: CalendarDate;
} {
  return {
    createdAfter: dayToCalendarDate(addDays(calendarDateToDay(today), -(DEFAULT_RANGE_DAYS - 1))),
    createdBefore: today,
  };
}

export function parseVsaQuery(search: string, today: CalendarDate): VsaQuery {
  const params = new URLSearchParams(search);
  const range = defaultRange(today);
  const date = (key: string) => parseCalendarDate(params.get(key)?.trim() ?? '') ?? null;
  const sort = params.get('sort');
  const direction = params.get('direction');
  return {
    valueStreamId: positiveInt(params.get('value_stream_id')),
    stageId: positiveInt(params.get('stage_id')),
    createdAfter: date('created_after') ?? range.createdAfter,
    createdBefore: date('created_before') ?? range.createdBefore,
    projectIds: all(params, 'project_ids[]', 'project_ids').flatMap((id) => positiveInt(id) ?? []),
    labelNames: all(params, 'label_name[]', 'label_name'),
    milestoneTitle: params.get('milestone_title')?.trim() || null,
    authorUsername: params.get('author_username')?.trim() || null,
    assigneeUsernames: all(params, 'assignee_username[]', 'assignee_username'),
    sort: sort === 'duration' ? 'duration' : 'end_event',
    direction: direction === 'asc' ? 'asc' : 'desc',
    page: positiveInt(params.get('page')) ?? 1,
  };
}

export function serializeVsaQuery(query: VsaQuery): string {
  const params = new URLSearchParams();
  if (query.valueStreamId !== null) params.set('value_stream_id', String(query.valueStreamId));
  if (query.stageId !== null) params.set('stage_id', String(query.stageId));
  params.set('created_after', query.createdAfter);
  params.set('created_before', query.createdBefore);
  for (const id of query.projectIds) params.append('project_ids[]', String(id));
  for (const label of query.labelNames) params.append('label_name[]', label);
  if (query.milestoneTitle) params.set('milestone_title', query.milestoneTitle);
  if (query.authorUsername) params.set('author_username', query.authorUsername);
  for (const name of query.assigneeUsernames) params.append('assignee_username[]', name);
  if (query.stageId !== null) {
    if (query.sort !== 'end_event') params.set('sort', query.sort);
    if (query.direction !== 'desc') params.set('direction', query.direction);
    if (query.page > 1) params.set('page', String(query.page));
  }
  return params.toString();
}

/** Any change of what is shown starts the stage table again from its first page. */
export function withChange(query: VsaQuery, change: Partial<VsaQuery>): VsaQuery {
  return { ...query, page: 1, ...change };
}

/** Another stage (null: the overview); its table starts sorted by the last event, newest first. */
export const withStage = (query: VsaQuery, stageId: number | null): VsaQuery =>
  withChange(query, { stageId, sort: 'end_event', direction: 'desc' });

/** Another value stream: its overview. */
export const withValueStream = (query: VsaQuery, valueStreamId: number | null): VsaQuery =>
  withChange(query, { valueStreamId, stageId: null, sort: 'end_event', direction: 'desc' });

/**
 * The table sorted by a column: the same column again turns the direction, another starts
 * descending (longest, newest first), as GitLab's table does.
 */
export function withSort(query: VsaQuery, sort: StageSort): VsaQuery {
  const direction: SortDirection = query.sort === sort && query.direction === 'desc' ? 'asc' : 'desc';
  return withChange(query, { sort, direction });
}

/** The days in the range, both ends included (0 or less when it is reversed). */
export const rangeDays = (query: Pick<VsaQuery, 'createdAfter' | 'createdBefore'>): number =>
  calendarDateToDay(query.createdBefore) - calendarDateToDay(query.createdAfter) + 1;

/** Why the range cannot be asked for, in the server's words; null when it can. */
export function rangeProblem(query: Pick<VsaQuery, 'createdAfter' | 'createdBefore'>): string | null {
  const days = rangeDays(query);
  if (days < 1) return VSA_TEXT.rangeReversed;
  if (days > MAX_RANGE_DAYS) return VSA_TEXT.rangeTooLong(MAX_RANGE_DAYS);
  return null;
}

export function filtersOf(query: VsaQuery): VsaFilters {
  return {
    createdAfter: query.createdAfter,
    createdBefore: query.createdBefore,
    projectIds: query.projectIds,
    labelNames: query.labelNames,
    milestoneTitle: query.milestoneTitle,
    authorUsername: query.authorUsername,
    assigneeUsernames: query.assigneeUsernames,
  };
}

/** The filter bar's tokens: Milestone, Label, Author and Assignee, each "is". */
export function tokensOf(query: VsaQuery): RoadmapFilters {
  const token = (type: FilterToken['type'], value: string): FilterToken => ({ type, operator: '=', value });
  return {
    tokens: [
      ...(query.milestoneTitle ? [token('milestone', query.milestoneTitle)] : []),
      ...query.labelNames.map((label) => token('label', label)),
      ...(query.authorUsername ? [token('author', query.authorUsername)] : []),
      ...query.assigneeUsernames.map((name) => token('assignee', name)),
    ],
    search: '',
    or: { labelName: [], authorUsername: [] },
  };
}

/** The query with the bar's tokens as its filters (free text and negations have no parameter here). */
export function withTokens(query: VsaQuery, filters: RoadmapFilters): VsaQuery {
  const values = (type: FilterToken['type']) => [
    ...new Set(
      filters.tokens
        .filter((token) => token.type === type && token.operator === '=')
        .map((token) => token.value),
    ),
  ];
  return withChange(query, {
    milestoneTitle: values('milestone')[0] ?? null,
    labelNames: values('label'),
    authorUsername: values('author')[0] ?? null,
    assigneeUsernames: values('assignee'),
  });
}
