import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, VSA_MESSAGES } from '../../../core/domain/valueStreams.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { addDays, calendarDateToDay, formatDay } from '../../../core/time/epochDay.ts';
import { utcDayOf, utcMidnightOf } from '../../../core/time/utcDays.ts';
import type { Executor } from '../../db/executor.ts';
import type { InstantRange, StageFilters } from '../../db/repositories/stageDataRepository.ts';
import { findUserByUsername, findUsersByUsernames } from '../../db/repositories/userRepository.ts';
import type { NamespaceRow } from '../../db/schema.ts';
import { ServiceError } from '../errors.ts';

/** GitLab's request parameters of value stream analytics (Gitlab::Analytics::CycleAnalytics::RequestParams). */
export interface VsaParams {
  readonly createdAfter?: CalendarDate | undefined;
  readonly createdBefore?: CalendarDate | undefined;
  readonly projectIds?: readonly number[] | undefined;
  readonly labelNames?: readonly string[] | undefined;
  readonly milestoneTitle?: string | undefined;
  readonly authorUsername?: string | undefined;
  readonly assigneeUsernames?: readonly string[] | undefined;
}

/** A request GitLab refuses with 422 and its message (the range's rules). */
export class VsaRequestError extends ServiceError {
  constructor(message: string) {
    super('invalid', message);
  }
}

export interface ResolvedRange extends InstantRange {
  /** The first and last day, as asked or defaulted (`YYYY-MM-DD`). */
  readonly from: string;
  readonly to: string;
  readonly days: number;
}

/**
 * The days asked for: `created_before` defaults to today and `created_after` to 29 days before it
 * (30 days, today included), from the first day's midnight UTC to the end of the last day; refused
 * when reversed or longer than 180 days.
 */
export function resolveRange(params: VsaParams, now: Date): ResolvedRange {
  const last = params.createdBefore ? calendarDateToDay(params.createdBefore) : utcDayOf(now);
  const first = params.createdAfter
    ? calendarDateToDay(params.createdAfter)
    : addDays(last, -(DEFAULT_RANGE_DAYS - 1));
  if (first > last) throw new VsaRequestError(VSA_MESSAGES.createdBeforeBeforeAfter);
  if (last - first > MAX_RANGE_DAYS) throw new VsaRequestError(VSA_MESSAGES.dateRangeTooLarge);
  return {
    since: utcMidnightOf(first),
    until: utcMidnightOf(addDays(last, 1)),
    from: formatDay(first),
    to: formatDay(last),
    days: last - first + 1,
  };
}

/**
 * The filters over the group: usernames become ids. An author or assignee nobody has matches no item
 * (a user id no row carries), as GitLab's finders answer.
 */
export async function resolveFilters(
  db: Executor,
  group: NamespaceRow,
  params: VsaParams,
): Promise<StageFilters> {
  const nobody = -1;
  const author = params.authorUsername ? await findUserByUsername(db, params.authorUsername) : undefined;
  const assignees = params.assigneeUsernames?.length
    ? await findUsersByUsernames(db, params.assigneeUsernames)
    : [];
  const assigneeIds = params.assigneeUsernames?.map(
    (username) =>
      assignees.find((user) => user.username.toLowerCase() === username.toLowerCase())?.id ?? nobody,
  );
  return {
    groupId: group.id,
    projectIds: params.projectIds,
    authorId: params.authorUsername ? (author?.id ?? nobody) : undefined,
    milestoneTitle: params.milestoneTitle,
    labelNames: params.labelNames,
    assigneeIds,
  };
}
