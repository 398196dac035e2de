import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * Buying a plan (GitLab's POST /-/subscriptions): the orders placed for a top-level group, the
 * invoices of those paid, and the events the payment provider reported.
 *
 * An order is unique per person and idempotency key, so that a retried order is charged once. A
 * card is kept only as the provider's token and its last four digits.
 *
 * The `sandbox_payment_*` tables are the built-in sandbox provider's own store: what a real
 * provider keeps on its side (cards it tokenised, payment intents). They belong to no group, as a
 * provider's customers are people, not groups.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE TABLE sandbox_payment_methods (
  id text PRIMARY KEY,
  customer_ref text NOT NULL,
  brand text NOT NULL,
  last4 char(4) NOT NULL,
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('succeeds', 'declines', 'requires_confirmation', 'fails_validation')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_payment_intents (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  payment_method_id text NOT NULL REFERENCES sandbox_payment_methods(id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL,
  description text NOT NULL,
  status text NOT NULL CHECK (status IN ('requires_confirmation', 'succeeded', 'failed')),
  failure_message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_events (
  id serial PRIMARY KEY,
  provider text NOT NULL,
  type text NOT NULL,
  object_id text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_events_object ON payment_events (object_id);

CREATE TABLE subscription_orders (
  id serial PRIMARY KEY,
  namespace_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  idempotency_key text NOT NULL,
  plan_code text NOT NULL CHECK (plan_code IN ('premium', 'ultimate')),
  seats integer NOT NULL CHECK (seats > 0),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL,
  setup_for_company boolean NOT NULL DEFAULT false,
  billing_address jsonb NOT NULL,
  payment_provider text NOT NULL,
  payment_method_id text NOT NULL,
  payment_intent_id text,
  status text NOT NULL CHECK (status IN ('pending', 'requires_confirmation', 'paid', 'declined')),
  failure_message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX subscription_orders_namespace ON subscription_orders (namespace_id, id);

CREATE TABLE invoices (
  id serial PRIMARY KEY,
  namespace_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
  order_id integer NOT NULL UNIQUE REFERENCES subscription_orders(id) ON DELETE CASCADE,
  number text GENERATED ALWAYS AS ('INV-' || lpad(id::text, 6, '0')) STORED,
  plan_code text NOT NULL CHECK (plan_code IN ('premium', 'ultimate')),
  seats integer NOT NULL CHECK (seats > 0),
  amount_cents bigint NOT NULL,
  currency text NOT NULL,
  period_start date NOT NULL,
  period_end date NOT NULL,
  card_brand text NOT NULL,
  card_last4 char(4) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoices_namespace ON invoices (namespace_id, id);
`,
  );
}
