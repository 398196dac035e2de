/**
 * GitLab's free trial: a Free top-level group's owner starts 30 days of Ultimate, once. The trial
 * widget counts its days ('Day {used}/{duration}'); on its last day's end the group is on Free again.
 */
import { formatDay, parseDay } from '../time/epochDay.ts';
import type { PlanCode } from './plans.ts';

export const TRIAL_DAYS = 30;
export const TRIAL_PLAN: PlanCode = 'ultimate';

/** The trial's days, from its first: `trial_ends_on` is the first day it no longer runs. */
export interface TrialDays {
  readonly used: number;
  readonly duration: number;
}

/** The days of a trial started on `startsOn` that end on `endsOn`: 'Day {used}/{duration}'. */
export function trialDays(startsOn: string, endsOn: string, today: string): TrialDays {
  const duration = Math.max(1, parseDay(endsOn) - parseDay(startsOn));
  const used = Math.min(duration, Math.max(1, parseDay(today) - parseDay(startsOn) + 1));
  return { used, duration };
}

/** How far through the trial today is, 0 to 100, for its progress bar. */
export const trialPercent = ({ used, duration }: TrialDays): number => Math.round((used / duration) * 100);

/** A trial runs until its end day begins (GitLab's `trial_ends_on > today`). */
export const trialRunning = (endsOn: string, today: string): boolean => today < endsOn;

/** What of a top-level group's subscription decides its plan on a day. */
export interface PlanRecord {
  readonly plan_code: PlanCode;
  readonly trial: boolean;
  readonly trial_ends_on: string | null;
}

/** A trial past its end day is no plan at all: the group is on Free again. */
export const trialEnded = (record: PlanRecord | undefined, today: string): boolean =>
  record?.trial === true && record.trial_ends_on !== null && !trialRunning(record.trial_ends_on, today);

/** The plan a subscription gives on `today`: Free without one, or once its trial ran out. */
export const planOnDay = (record: PlanRecord | undefined, today: string): PlanCode =>
  record && !trialEnded(record, today) ? record.plan_code : 'free';

/** The day a trial started today ends on. */
export const trialEndDay = (today: string, days = TRIAL_DAYS): string => formatDay(parseDay(today) + days);

/** The widget's popover is hidden on GitLab's xs and sm breakpoints (below 768 px). */
export const TRIAL_POPOVER_MIN_WIDTH = 768;
export const showsTrialPopover = (viewportWidth: number): boolean => viewportWidth >= TRIAL_POPOVER_MIN_WIDTH;

export const TRIAL_TEXTS = {
  widget: (plan: string) => `${plan} Trial`,
  day: ({ used, duration }: TrialDays) => `Day ${used}/${duration}`,
  heyThere: 'Hey there',
  compare: 'Compare all plans',
  ended: (plan: string, group: string) => `Your ${plan} trial has ended. ${group} is now on the Free plan.`,
  start: 'Start a free trial',
  /** The popover's end date: the month's name and the day ('December 1'). */
  endsOn: (endsOn: string) =>
    `Your trial ends on ${new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${endsOn}T00:00:00Z`))}.`,
  seePlans: 'See plans',
  dismiss: 'Dismiss',
  activated: 'Congratulations, your free trial is activated.',
} as const;
