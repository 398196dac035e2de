/**
 * Buying a plan for a top-level group (GitLab's checkout): the order is validated, charged through
 * the payment provider once per idempotency key, and, once paid, puts the group on the plan at
 * once for a yearly term and records its invoice.
 */
import { excludesGuests, isPaidPlanCode, type PaidPlanCode } from '../../../core/domain/plans.ts';
import {
  type BillingAddress,
  billingAddressProblems,
  orderAmountCents,
  PURCHASE_TEXTS,
  seatsProblem,
  termEndDay,
} from '../../../core/domain/purchase.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import {
  countBillableMembers,
  findSubscription,
  insertSubscription,
  updateSubscription,
} from '../../db/repositories/gitlabSubscriptionRepository.ts';
import { findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import {
  claimOrderPayment,
  findInvoiceOfOrder,
  findOrderByKey,
  type InvoiceRow,
  insertInvoice,
  insertOrderOnce,
  insertPaymentEvent,
  listInvoices,
  type SubscriptionOrderRow,
  updateOrder,
} from '../../db/repositories/subscriptionOrderRepository.ts';
import type { NamespaceRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import {
  ForbiddenError,
  NotFoundError,
  ServiceError,
  UnauthorizedError,
  ValidationError,
} from '../errors.ts';
import { isCountryCode, statesOf } from './countries.ts';
import { canReadBilling } from './gitlabSubscriptionService.ts';
import type { PaymentEvent, PaymentProvider } from './payments/paymentProvider.ts';

export const ORDER_CURRENCY = 'USD';

/** The provider's customer: the person paying. */
export const customerRefOf = (userId: number): string => `user:${userId}`;

/** The card was refused by the provider or the bank; the order changed nothing. */
export class PaymentDeclinedError extends ServiceError {
  constructor(message: string) {
    super('invalid', message);
  }
}

/** GitLab's order (`POST /-/subscriptions`), read from its params. */
export interface OrderInput {
  readonly namespaceId: number;
  readonly plan: string;
  readonly seats: number;
  readonly paymentMethodId: string;
  readonly setupForCompany: boolean;
  readonly address: BillingAddress;
  readonly idempotencyKey: string;
}

export type OrderOutcome =
  | {
      readonly status: 'paid';
      readonly group: NamespaceRow;
      readonly plan: PaidPlanCode;
      readonly invoice: InvoiceRow;
    }
  | { readonly status: 'requires_confirmation'; readonly confirmationUrl: string };

/** Records what a provider reported, as a webhook endpoint would. */
export const recordPaymentEvent =
  (db: Executor) =>
  (event: PaymentEvent, now: Date): Promise<void> =>
    insertPaymentEvent(db, event, now);

/** A top-level group whose billing the caller manages. */
async function billableGroup(
  db: Executor,
  access: AccessContext,
  namespaceId: number,
): Promise<NamespaceRow> {
  const group = await findNamespaceById(db, namespaceId);
  if (!group || !(await access.canInNamespace('read_group', group))) {
    throw new NotFoundError('Namespace');
  }
  if (!(await canReadBilling(db, access, group))) throw new ForbiddenError();
  if (group.parent_id !== null) throw new ValidationError({ namespace: ['must be a top-level group'] });
  return group;
}

/** The seats a group would be billed for on `plan` now. */
export const seatsInUseFor = (db: Executor, group: NamespaceRow, plan: PaidPlanCode): Promise<number> =>
  countBillableMembers(db, group.id, excludesGuests(plan));

/** The same order, asked again: anything else under the same key is refused. */
function sameOrder(order: SubscriptionOrderRow, input: OrderInput): boolean {
  return (
    order.namespace_id === input.namespaceId &&
    order.plan_code === input.plan &&
    order.seats === input.seats &&
    order.payment_method_id === input.paymentMethodId
  );
}

export async function placeOrder(
  db: Executor,
  access: AccessContext,
  provider: PaymentProvider,
  input: OrderInput,
): Promise<OrderOutcome> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  const now = access.now();
  const customerRef = customerRefOf(user.id);
  const replayed = await findOrderByKey(db, user.id, input.idempotencyKey);
  if (replayed) {
    if (!sameOrder(replayed, input))
      throw new ValidationError({ idempotency_key: [PURCHASE_TEXTS.replayMismatch] });
    return advanceOrder(db, provider, replayed, customerRef, now);
  }

  const group = await billableGroup(db, access, input.namespaceId);
  if (!isPaidPlanCode(input.plan))
    throw new ValidationError({ plan_id: ['is not a plan that can be bought'] });
  const plan = input.plan;
  const problems: Record<string, string[]> = billingAddressProblems(input.address, input.setupForCompany, {
    known: isCountryCode(input.address.country),
    states: (statesOf(input.address.country) ?? []).map(([, code]) => code),
  });
  const seats = seatsProblem(input.seats, await seatsInUseFor(db, group, plan));
  if (seats) problems.quantity = [seats];
  if (!(await provider.paymentMethod(input.paymentMethodId, customerRef))) {
    problems.payment_method_id = ['is not a payment method of yours'];
  }
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);

  const { order } = await insertOrderOnce(
    db,
    {
      namespace_id: group.id,
      user_id: user.id,
      idempotency_key: input.idempotencyKey,
      plan_code: plan,
      seats: input.seats,
      amount_cents: orderAmountCents(plan, input.seats),
      currency: ORDER_CURRENCY,
      setup_for_company: input.setupForCompany,
      billing_address: JSON.stringify(input.address),
      payment_provider: provider.name,
      payment_method_id: input.paymentMethodId,
    },
    now,
  );
  return advanceOrder(db, provider, order, customerRef, now);
}

/**
 * Takes an order as far as it goes: charged (once, by the order's own key), waiting for the bank's
 * confirmation, paid, or declined. A retried or confirmed order comes back here.
 */
async function advanceOrder(
  db: Executor,
  provider: PaymentProvider,
  order: SubscriptionOrderRow,
  customerRef: string,
  now: Date,
): Promise<OrderOutcome> {
  if (order.status === 'declined')
    throw new PaymentDeclinedError(order.failure_message ?? PURCHASE_TEXTS.declined);
  if (order.status !== 'paid') {
    const charge = await provider.charge(
      {
        idempotencyKey: `order-${order.id}`,
        paymentMethodId: order.payment_method_id,
        customerRef,
        amountCents: Number(order.amount_cents),
        currency: order.currency,
        description: `${order.plan_code} × ${order.seats} seats`,
      },
      now,
    );
    if (charge.status === 'failed') {
      await updateOrder(
        db,
        order.id,
        { status: 'declined', payment_intent_id: charge.chargeId, failure_message: charge.message },
        now,
      );
      throw new PaymentDeclinedError(charge.message);
    }
    if (charge.status === 'requires_confirmation') {
      await updateOrder(
        db,
        order.id,
        { status: 'requires_confirmation', payment_intent_id: charge.chargeId },
        now,
      );
      return { status: 'requires_confirmation', confirmationUrl: charge.confirmationUrl };
    }
    await updateOrder(db, order.id, { payment_intent_id: charge.chargeId }, now);
    const card = await provider.paymentMethod(order.payment_method_id, customerRef);
    await fulfilOrder(
      db,
      order,
      card ? { brand: card.credit_card_type, last4: card.credit_card_mask_number.slice(-4) } : null,
      now,
    );
  }
  const group = await findNamespaceById(db, order.namespace_id);
  const invoice = await findInvoiceOfOrder(db, order.id);
  if (!group || !invoice) throw new NotFoundError('Order');
  return { status: 'paid', group, plan: order.plan_code, invoice };
}

/**
 * A paid order puts its group on the plan at once: a yearly term from today with the seats bought,
 * the most seats used counted afresh, and its invoice. A trial the group had stays on record, so
 * that it cannot have another.
 */
async function fulfilOrder(
  db: Executor,
  order: SubscriptionOrderRow,
  card: { readonly brand: string; readonly last4: string } | null,
  now: Date,
): Promise<void> {
  const today = calendarDateOf(now);
  await inTransaction(db, async (trx) => {
    // A concurrent retry of the same order may have got here first.
    if (!(await claimOrderPayment(trx, order.id, now))) return;
    const term = {
      plan_code: order.plan_code,
      seats: order.seats,
      max_seats_used: await countBillableMembers(trx, order.namespace_id, excludesGuests(order.plan_code)),
      start_date: today,
      end_date: termEndDay(today),
      auto_renew: true,
      trial: false,
    };
    if (await findSubscription(trx, order.namespace_id))
      await updateSubscription(trx, order.namespace_id, term, now);
    else
      await insertSubscription(
        trx,
        order.namespace_id,
        { ...term, trial_starts_on: null, trial_ends_on: null },
        now,
      );
    await insertInvoice(trx, {
      namespace_id: order.namespace_id,
      order_id: order.id,
      plan_code: order.plan_code,
      seats: order.seats,
      amount_cents: Number(order.amount_cents),
      currency: order.currency,
      period_start: today,
      period_end: term.end_date,
      card_brand: card?.brand ?? 'Card',
      card_last4: card?.last4 ?? '0000',
      created_at: now,
    });
  });
}

/** The invoices of a group the caller manages the billing of, the newest first. */
export async function invoicesOf(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
): Promise<InvoiceRow[]> {
  if (!(await canReadBilling(db, access, group))) throw new ForbiddenError();
  return listInvoices(db, group.traversal_ids[0] ?? group.id, 50);
}
