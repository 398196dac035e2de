/** The checkout's groups, read from the page, and what an order for them costs. */
import { isPaidPlanCode, isPlanCode, type PaidPlanCode, type PlanCode } from '../../../core/domain/plans.ts';
import { orderAmountCents } from '../../../core/domain/purchase.ts';
import { parseJsonList } from '../../../core/lib/jsonText.ts';

export interface CheckoutGroup {
  readonly id: string;
  readonly name: string;
  readonly fullPath: string;
  readonly plan: PlanCode;
  readonly trial: boolean;
  /** The seats the group would be billed for on each paid plan (Ultimate does not bill Guests). */
  readonly seatsInUse: Readonly<Record<PaidPlanCode, number>>;
}

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;

export function parseCheckoutGroups(text: string): CheckoutGroup[] {
  return parseJsonList(text).flatMap((entry) => {
    const group = entry as Record<string, unknown>;
    if (
      typeof group?.id !== 'number' ||
      typeof group.name !== 'string' ||
      typeof group.full_path !== 'string'
    ) {
      return [];
    }
    const seats = (
      typeof group.seats_in_use === 'object' && group.seats_in_use ? group.seats_in_use : {}
    ) as Record<string, unknown>;
    return [
      {
        id: String(group.id),
        name: group.name,
        fullPath: group.full_path,
        plan: isPlanCode(group.plan) ? group.plan : 'free',
        trial: group.trial === true,
        seatsInUse: { premium: count(seats.premium), ultimate: count(seats.ultimate) },
      },
    ];
  });
}

export const planOrDefault = (plan: string): PaidPlanCode => (isPaidPlanCode(plan) ? plan : 'premium');

/** The order's total, or null while the seat count is not a count. */
export const orderTotal = (plan: PaidPlanCode, seats: number): number | null =>
  Number.isSafeInteger(seats) && seats > 0 ? orderAmountCents(plan, seats) : null;

/** A fresh idempotency key: one per attempt to pay, so that a retry of it is charged once. */
export const newIdempotencyKey = (): string => `checkout-${crypto.randomUUID()}`;
