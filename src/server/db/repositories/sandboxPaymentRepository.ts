/** The built-in sandbox payment provider's store: the cards it tokenised and its payment intents. */
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../executor.ts';
import type { SandboxPaymentIntentsTable, SandboxPaymentMethodsTable } from '../schema.ts';

export type SandboxPaymentMethodRow = Selectable<SandboxPaymentMethodsTable>;
export type SandboxPaymentIntentRow = Selectable<SandboxPaymentIntentsTable>;

export async function insertSandboxPaymentMethod(
  db: Executor,
  row: Insertable<SandboxPaymentMethodsTable>,
): Promise<void> {
  await db.insertInto('sandbox_payment_methods').values(row).execute();
}

export function findSandboxPaymentMethod(
  db: Executor,
  id: string,
): Promise<SandboxPaymentMethodRow | undefined> {
  return db.selectFrom('sandbox_payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the intent unless one holds its idempotency key; answers the one that does. */
export async function insertSandboxPaymentIntent(
  db: Executor,
  row: Insertable<SandboxPaymentIntentsTable>,
): Promise<{ readonly intent: SandboxPaymentIntentRow; readonly created: boolean }> {
  const inserted = await db
    .insertInto('sandbox_payment_intents')
    .values(row)
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { intent: inserted, created: true };
  const existing = await db
    .selectFrom('sandbox_payment_intents')
    .selectAll()
    .where('idempotency_key', '=', row.idempotency_key)
    .executeTakeFirstOrThrow();
  return { intent: existing, created: false };
}

export function findSandboxPaymentIntent(
  db: Executor,
  id: string,
): Promise<SandboxPaymentIntentRow | undefined> {
  return db.selectFrom('sandbox_payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Settles an intent that waits for confirmation; answers it, or undefined when it was not waiting. */
export function settleSandboxPaymentIntent(
  db: Executor,
  id: string,
  outcome: { readonly status: 'succeeded' | 'failed'; readonly failureMessage: string | null },
  now: Date,
): Promise<SandboxPaymentIntentRow | undefined> {
  return db
    .updateTable('sandbox_payment_intents')
    .set({ status: outcome.status, failure_message: outcome.failureMessage, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'requires_confirmation')
    .returningAll()
    .executeTakeFirst();
}
