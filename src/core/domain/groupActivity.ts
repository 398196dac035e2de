/**
 * GitLab's group activity analytics (EE Analytics::GroupActivityCalculator, as its API documents it):
 * how many issues and merge requests were opened, and how many members joined, in a group and its
 * subgroups lately. "Lately" is the last 90 days, counted back from the request's clock.
 */
import { utcDaysBefore } from '../time/utcDays.ts';

/** The window the counts cover, in days before now (the calculator's DURATION, 90.days). */
export const GROUP_ACTIVITY_DAYS = 90;

/** The three counts, each the name of its route and of the answer's one field. */
export const GROUP_ACTIVITY_COUNTS = ['issues_count', 'merge_requests_count', 'new_members_count'] as const;
export type GroupActivityCount = (typeof GROUP_ACTIVITY_COUNTS)[number];

/** The earliest creation time a recent item may have (`created_at >= 90.days.ago`). */
export const groupActivitySince = (now: Date): Date => utcDaysBefore(now, GROUP_ACTIVITY_DAYS);
