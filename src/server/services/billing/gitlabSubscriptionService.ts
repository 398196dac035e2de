import { excludesGuests, isPaidPlan, type PlanCode, seatsOwed } from '../../../core/domain/plans.ts';
import { planOnDay, TRIAL_DAYS, TRIAL_PLAN, trialEndDay, trialEnded } from '../../../core/domain/trials.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import type { Executor } from '../../db/executor.ts';
import {
  countBillableMembers,
  findSubscription,
  insertSubscription,
  raiseMaxSeatsUsed,
  type SubscriptionFields,
  type SubscriptionRow,
  topLevelGroupIdOf,
  updateSubscription,
} from '../../db/repositories/gitlabSubscriptionRepository.ts';
import { findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import type { NamespaceRow } from '../../db/schema.ts';
import { type AccessContext, requireAdministrator } from '../access.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors.ts';

/** A top-level group's plan as GitLab's subscription entity and namespace fields tell it. */
export interface SubscriptionView {
  readonly plan: PlanCode;
  readonly trial: boolean;
  readonly trialStartsOn: string | null;
  readonly trialEndsOn: string | null;
  readonly autoRenew: boolean | null;
  readonly seats: number;
  readonly seatsInUse: number;
  readonly maxSeatsUsed: number;
  readonly seatsOwed: number;
  readonly startDate: string | null;
  readonly endDate: string | null;
  readonly excludeGuests: boolean;
  /** The trial that ran out, putting the group back on Free (its plan and last day). */
  readonly endedTrial: { readonly plan: PlanCode; readonly endsOn: string } | null;
  /** A subscription is on record (a group on Free may have none). */
  readonly recorded: boolean;
}

/** The top-level group a group belongs to: where its plan is kept. */
export async function rootGroupOf(db: Executor, group: NamespaceRow): Promise<NamespaceRow> {
  const rootId = group.traversal_ids[0] ?? group.id;
  if (rootId === group.id) return group;
  const root = await findNamespaceById(db, rootId);
  if (!root) throw new NotFoundError('Namespace');
  return root;
}

function viewOf(row: SubscriptionRow | undefined, seatsInUse: number, today: string): SubscriptionView {
  if (row && trialEnded(row, today)) {
    return {
      ...viewOf(undefined, seatsInUse, today),
      recorded: true,
      trialStartsOn: row.trial_starts_on,
      trialEndsOn: row.trial_ends_on,
      endedTrial: { plan: row.plan_code, endsOn: row.trial_ends_on ?? today },
    };
  }
  const plan = row?.plan_code ?? 'free';
  const trial = row?.trial ?? false;
  const seats = row?.seats ?? 0;
  // The most seats used is kept as it was last written; today's count may already be past it.
  const maxSeatsUsed = Math.max(row?.max_seats_used ?? 0, seatsInUse);
  return {
    plan,
    trial,
    trialStartsOn: row?.trial_starts_on ?? null,
    trialEndsOn: row?.trial_ends_on ?? null,
    autoRenew: row?.auto_renew ?? null,
    seats,
    seatsInUse,
    maxSeatsUsed,
    seatsOwed: seatsOwed(plan, trial, seats, maxSeatsUsed),
    startDate: row?.start_date ?? null,
    endDate: row?.end_date ?? null,
    excludeGuests: excludesGuests(plan),
    endedTrial: null,
    recorded: row !== undefined,
  };
}

/** The plan of the group's top-level group on `today`, with its seats counted. */
export async function subscriptionOf(
  db: Executor,
  group: NamespaceRow,
  today: string,
): Promise<SubscriptionView> {
  const root = await rootGroupOf(db, group);
  const row = await findSubscription(db, root.id);
  return viewOf(row, await countBillableMembers(db, root.id, excludesGuests(planOnDay(row, today))), today);
}

/** A top-level group's plan and trial, read without counting seats (what pages show on every visit). */
export interface PlanState {
  readonly plan: PlanCode;
  /** A trial ever started here: a group has one. */
  readonly hadTrial: boolean;
  /** The trial that runs, or the one that ran out; null when the group never had one. */
  readonly trial: {
    readonly state: 'running' | 'ended';
    readonly plan: PlanCode;
    readonly startsOn: string;
    readonly endsOn: string;
  } | null;
}

export async function planStateOf(db: Executor, root: NamespaceRow, today: string): Promise<PlanState> {
  const row = await findSubscription(db, root.id);
  const plan = planOnDay(row, today);
  const hadTrial = Boolean(row?.trial_starts_on);
  if (!row?.trial || !row.trial_starts_on || !row.trial_ends_on) return { plan, hadTrial, trial: null };
  const trial = { plan: row.plan_code, startsOn: row.trial_starts_on, endsOn: row.trial_ends_on };
  return { plan, hadTrial, trial: { ...trial, state: trialEnded(row, today) ? 'ended' : 'running' } };
}

/** Who reads a group's billing: its top-level group's owners, and administrators. */
export async function canReadBilling(db: Executor, access: AccessContext, group: NamespaceRow) {
  if (!access.actor.user) return false;
  return access.canInNamespace('admin_group', await rootGroupOf(db, group));
}

export async function readableSubscriptionOf(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
): Promise<SubscriptionView> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (!(await canReadBilling(db, access, group))) throw new ForbiddenError();
  return subscriptionOf(db, group, todayOf(access));
}

const todayOf = (access: AccessContext): string => calendarDateOf(access.now());

/** What an administrator sets on a subscription (GitLab's POST and PUT …/gitlab_subscription). */
export type SubscriptionInput = Partial<{
  plan_code: PlanCode;
  seats: number;
  max_seats_used: number;
  start_date: string;
  end_date: string | null;
  auto_renew: boolean;
  trial: boolean;
  trial_starts_on: string | null;
  trial_ends_on: string | null;
}>;

/** The rules a subscription keeps after the change, in GitLab's validation shape. */
function checkSubscription(fields: SubscriptionFields): void {
  const errors: Record<string, string[]> = {};
  if (fields.end_date && fields.end_date < fields.start_date) {
    errors.end_date = ['must be on or after the start date'];
  }
  if (fields.trial) {
    if (!fields.trial_starts_on) errors.trial_starts_on = ["can't be blank"];
    if (!fields.trial_ends_on) errors.trial_ends_on = ["can't be blank"];
    else if (fields.trial_starts_on && fields.trial_ends_on < fields.trial_starts_on) {
      errors.trial_ends_on = ['must be on or after the trial start date'];
    }
    if (!isPaidPlan(fields.plan_code)) errors.plan_code = ['must be a paid plan during a trial'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

function requireTopLevel(group: NamespaceRow): void {
  if (group.parent_id !== null) throw new ValidationError({ namespace: ['must be a top-level group'] });
}

/** Creates the top-level group's subscription (administrators only); one per group. */
export async function createSubscription(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  input: SubscriptionInput,
): Promise<SubscriptionView> {
  requireAdministrator(access);
  requireTopLevel(group);
  if (!input.start_date) throw new ValidationError({ start_date: ["can't be blank"] });
  if (await findSubscription(db, group.id)) {
    throw new ValidationError({ namespace_id: ['has already been taken'] });
  }
  const fields: SubscriptionFields = {
    plan_code: input.plan_code ?? 'free',
    seats: input.seats ?? 0,
    max_seats_used: input.max_seats_used ?? 0,
    start_date: input.start_date,
    end_date: input.end_date ?? null,
    auto_renew: input.auto_renew ?? null,
    trial: input.trial ?? false,
    trial_starts_on: input.trial_starts_on ?? null,
    trial_ends_on: input.trial_ends_on ?? null,
  };
  checkSubscription(fields);
  await insertSubscription(db, group.id, fields, access.now());
  return subscriptionOf(db, group, todayOf(access));
}

/** Changes the top-level group's subscription (administrators only): only the fields given. */
export async function changeSubscription(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  input: SubscriptionInput,
): Promise<SubscriptionView> {
  requireAdministrator(access);
  requireTopLevel(group);
  const current = await findSubscription(db, group.id);
  if (!current) throw new NotFoundError('Subscription');
  const { id: _id, namespace_id: _namespace, created_at: _created, updated_at: _updated, ...kept } = current;
  const fields: SubscriptionFields = { ...kept, ...input };
  checkSubscription(fields);
  await updateSubscription(db, group.id, { ...input }, access.now());
  return subscriptionOf(db, group, todayOf(access));
}

/**
 * Starts GitLab's free trial on a top-level group its owner chose: `days` of Ultimate (the instance's
 * trial_duration_days, 30 by default), once per group, from a group on Free.
 */
export async function startTrial(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  days: number = TRIAL_DAYS,
): Promise<SubscriptionView> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (!(await canReadBilling(db, access, group))) throw new ForbiddenError();
  requireTopLevel(group);
  const today = todayOf(access);
  const row = await findSubscription(db, group.id);
  if (row?.trial_starts_on) throw new ValidationError({ namespace: ['has already had a trial'] });
  if (planOnDay(row, today) !== 'free') {
    throw new ValidationError({ namespace: ['is already on a paid plan'] });
  }
  const trial = {
    plan_code: TRIAL_PLAN,
    trial: true,
    trial_starts_on: today,
    trial_ends_on: trialEndDay(today, days),
  };
  if (row)
    await updateSubscription(db, group.id, { ...trial, start_date: today, end_date: null }, access.now());
  else
    await insertSubscription(
      db,
      group.id,
      { ...trial, start_date: today, seats: 0, max_seats_used: 0, end_date: null, auto_renew: null },
      access.now(),
    );
  return subscriptionOf(db, group, today);
}

/**
 * After a membership was added or raised: the top-level group's most seats used follows its seats
 * in use, so that seats used beyond those paid for stay owed until renewal (GitLab's true-up), even
 * once the member has gone. A group without a subscription keeps no count.
 */
export async function recordSeatsUsed(
  db: Executor,
  source: { readonly sourceType: 'Namespace' | 'Project'; readonly sourceId: number },
  now: Date,
): Promise<void> {
  const rootId = await topLevelGroupIdOf(db, source);
  const row = rootId === undefined ? undefined : await findSubscription(db, rootId);
  if (!row || rootId === undefined) return;
  const plan = planOnDay(row, calendarDateOf(now));
  await raiseMaxSeatsUsed(db, rootId, await countBillableMembers(db, rootId, excludesGuests(plan)), now);
}
