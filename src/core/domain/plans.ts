/**
 * GitLab's plans as a top-level group holds them: Free, Premium and Ultimate. A group without a
 * subscription is on Free; subgroups and projects are on their top-level group's plan.
 */
export const PLAN_CODES = ['free', 'premium', 'ultimate'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export const PLAN_TITLES: Readonly<Record<PlanCode, string>> = {
  free: 'Free',
  premium: 'Premium',
  ultimate: 'Ultimate',
};

export const isPlanCode = (value: unknown): value is PlanCode =>
  typeof value === 'string' && (PLAN_CODES as readonly string[]).includes(value);

/** A plan one pays for per seat. */
export const isPaidPlan = (plan: PlanCode): boolean => plan !== 'free';

/**
 * Seats owed (GitLab's true-up): on a paid plan outside a trial, the most seats ever used beyond
 * those paid for; nothing on Free or during a trial.
 */
export function seatsOwed(plan: PlanCode, trial: boolean, seats: number, maxSeatsUsed: number): number {
  return isPaidPlan(plan) && !trial ? Math.max(0, maxSeatsUsed - seats) : 0;
}

/** Ultimate does not bill Guests (GitLab's `exclude_guests`); the other plans bill every member. */
export const excludesGuests = (plan: PlanCode): boolean => plan === 'ultimate';

/** What each plan adds to the one below it, as the Billing page compares them. */
export const PLAN_FEATURES: Readonly<Record<PlanCode, readonly string[]>> = {
  free: ['Issues, milestones and labels', 'Group and project members', 'Search across groups'],
  premium: ['Epics and roadmaps', 'Scoped labels', 'Issue weights', 'Blocking issues', 'Epic colours'],
  ultimate: ['Multi-level epics', 'Health status', 'Guests are not billed'],
};

/** A plan one can buy. */
export type PaidPlanCode = Exclude<PlanCode, 'free'>;
export const PAID_PLAN_CODES: readonly PaidPlanCode[] = ['premium', 'ultimate'];
export const isPaidPlanCode = (value: unknown): value is PaidPlanCode =>
  isPlanCode(value) && isPaidPlan(value);

/**
 * GitLab's list prices, billed yearly per seat: Premium $29 and Ultimate $99 per user per month.
 * Kept in cents so that totals add up exactly.
 */
export const PLAN_PRICE_CENTS_PER_SEAT_YEAR: Readonly<Record<PaidPlanCode, number>> = {
  premium: 29_00 * 12,
  ultimate: 99_00 * 12,
};

/** The plans above `plan` that an owner can buy (a trial's plan included: it is not paid for). */
export function upgradesFrom(plan: PlanCode, trial: boolean): readonly PaidPlanCode[] {
  if (trial || plan === 'free') return PAID_PLAN_CODES;
  return PAID_PLAN_CODES.slice(PAID_PLAN_CODES.indexOf(plan) + 1);
}
