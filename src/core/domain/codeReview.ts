/**
 * GitLab's code review analytics (EE API::Analytics::CodeReviewAnalytics and MergeRequest::Metrics):
 * how long each open merge request has been in review. Review starts with the first review activity
 * (`[first_comment_at, first_approved_at, …].compact.min`: here the first comment by someone other
 * than the author, or the first approval) and runs until the merge, or now while it is open.
 */
import { wholeHoursBetween } from '../time/utcDays.ts';

/** When review began: the earliest review activity, or null before any. */
export function reviewStartOf(activities: readonly (Date | null)[]): Date | null {
  let start: Date | null = null;
  for (const activity of activities) if (activity && (!start || activity < start)) start = activity;
  return start;
}

/**
 * The entity's `review_time`: whole hours (floored) from the start of review to the merge, or to
 * `now` while unmerged; null before review began.
 */
export function reviewTimeHours(start: Date | null, mergedAt: Date | null, now: Date): number | null {
  return start ? wholeHoursBetween(start, mergedAt ?? now) : null;
}

/**
 * The label filter's keywords (IssuableFinder's FILTER_NONE and FILTER_ANY, any case): `None` asks
 * for no label at all, `Any` for some label; other names are titles, every one of them required.
 */
export type LabelFilter =
  | { readonly kind: 'none' }
  | { readonly kind: 'any' }
  | { readonly kind: 'titles'; readonly titles: readonly string[] };

export function labelFilterOf(names: readonly string[]): LabelFilter {
  const lower = names.map((name) => name.toLowerCase());
  if (lower.includes('none')) return { kind: 'none' };
  if (lower.includes('any')) return { kind: 'any' };
  return { kind: 'titles', titles: names };
}

/** The milestone filter's keywords likewise: `None`, `Any`, or a title. */
export type MilestoneFilter =
  | { readonly kind: 'none' }
  | { readonly kind: 'any' }
  | { readonly kind: 'title'; readonly title: string };

export function milestoneFilterOf(title: string): MilestoneFilter {
  const lower = title.toLowerCase();
  if (lower === 'none') return { kind: 'none' };
  if (lower === 'any') return { kind: 'any' };
  return { kind: 'title', title };
}
