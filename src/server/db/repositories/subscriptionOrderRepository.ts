/** Orders for plans, their invoices, and the events payment providers report. */
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../executor.ts';
import type { InvoicesTable, SubscriptionOrdersTable } from '../schema.ts';

export type SubscriptionOrderRow = Selectable<SubscriptionOrdersTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type NewSubscriptionOrder = Omit<
  Insertable<SubscriptionOrdersTable>,
  'id' | 'created_at' | 'updated_at' | 'status' | 'payment_intent_id' | 'failure_message'
>;

/**
 * Places the order unless the person already placed one under its idempotency key; answers the
 * order that holds the key, and whether this call placed it.
 */
export async function insertOrderOnce(
  db: Executor,
  order: NewSubscriptionOrder,
  now: Date,
): Promise<{ readonly order: SubscriptionOrderRow; readonly created: boolean }> {
  const inserted = await db
    .insertInto('subscription_orders')
    .values({ ...order, status: 'pending', created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { order: inserted, created: true };
  const existing = await db
    .selectFrom('subscription_orders')
    .selectAll()
    .where('user_id', '=', order.user_id ?? null)
    .where('idempotency_key', '=', order.idempotency_key)
    .executeTakeFirstOrThrow();
  return { order: existing, created: false };
}

export function updateOrder(
  db: Executor,
  id: number,
  fields: Partial<Pick<SubscriptionOrderRow, 'status' | 'payment_intent_id' | 'failure_message'>>,
  now: Date,
): Promise<SubscriptionOrderRow> {
  return db
    .updateTable('subscription_orders')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Marks the order paid if no one else has: false when it already was (a concurrent retry won). */
export async function claimOrderPayment(db: Executor, id: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('subscription_orders')
    .set({ status: 'paid', failure_message: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '!=', 'paid')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertInvoice(
  db: Executor,
  invoice: Omit<Insertable<InvoicesTable>, 'id' | 'number'>,
): Promise<InvoiceRow> {
  return db.insertInto('invoices').values(invoice).returningAll().executeTakeFirstOrThrow();
}

export function findInvoiceOfOrder(db: Executor, orderId: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** A top-level group's invoices, the newest first. */
export function listInvoices(db: Executor, namespaceId: number, limit: number): Promise<InvoiceRow[]> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('namespace_id', '=', namespaceId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertPaymentEvent(
  db: Executor,
  event: {
    readonly provider: string;
    readonly type: string;
    readonly objectId: string;
    readonly payload: unknown;
  },
  now: Date,
): Promise<void> {
  await db
    .insertInto('payment_events')
    .values({
      provider: event.provider,
      type: event.type,
      object_id: event.objectId,
      payload: JSON.stringify(event.payload),
      created_at: now,
    })
    .execute();
}

export function findOrderByKey(
  db: Executor,
  userId: number,
  idempotencyKey: string,
): Promise<SubscriptionOrderRow | undefined> {
  return db
    .selectFrom('subscription_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}
