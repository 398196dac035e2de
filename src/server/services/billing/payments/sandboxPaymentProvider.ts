/**
 * The built-in sandbox payment provider: a provider's test mode that runs on this machine, so that
 * every purchase works on a fresh install. Its test cards behave as card providers' own do: one
 * succeeds, one is declined, one needs the holder to confirm with their bank, one fails validation;
 * any other number is refused, as test mode refuses real cards. It keeps only a token, the brand and
 * the last four digits of a card.
 */
import { createHmac, randomBytes } from 'node:crypto';
import {
  CARD_BRAND_TITLES,
  type CardInput,
  cardBrand,
  cardDigits,
  cardProblem,
  fullExpiryYear,
  maskedCardNumber,
  sandboxOutcomeOf,
} from '../../../../core/domain/paymentCards.ts';
import { PURCHASE_TEXTS } from '../../../../core/domain/purchase.ts';
import { calendarDateOf } from '../../../../core/time/formatting.ts';
import type { Executor } from '../../../db/executor.ts';
import {
  findSandboxPaymentIntent,
  findSandboxPaymentMethod,
  insertSandboxPaymentIntent,
  insertSandboxPaymentMethod,
  type SandboxPaymentIntentRow,
  settleSandboxPaymentIntent,
} from '../../../db/repositories/sandboxPaymentRepository.ts';
import { safeEqual } from '../../auth/secrets.ts';
import type {
  ChargeRequest,
  ChargeResult,
  PaymentEventSink,
  PaymentForm,
  PaymentProvider,
  StoredPaymentMethod,
  ValidationResult,
} from './paymentProvider.ts';

export const SANDBOX_PROVIDER = 'sandbox';
/** The sandbox's hosted endpoints: the card form posts here, and the bank's confirmation. */
export const SANDBOX_PAYMENT_METHODS_PATH = '/-/payments/sandbox/payment_methods';
export const sandboxConfirmationPath = (chargeId: string): string =>
  `/-/payments/sandbox/confirmations/${encodeURIComponent(chargeId)}`;

/** A payment form's token lasts as long as a checkout reasonably takes. */
const FORM_TOKEN_MS = 60 * 60 * 1000;

const SANDBOX_TEXTS = {
  testCardsOnly: 'Your card was declined. The sandbox accepts only its test cards.',
  validationFailed: "The card's security code is incorrect.",
  formExpired: 'The payment form has expired. Reload the page and try again.',
} as const;

/** A refusal of the card the form posted, in the words the form shows. */
export class CardRefusedError extends Error {}

export interface SandboxPaymentProvider extends PaymentProvider {
  /** The hosted form's endpoint: the card for a token, or a refusal. */
  storeCard(token: string, card: CardInput, now: Date): Promise<StoredPaymentMethod>;
  /** The bank's confirmation of a charge that asked for it: approved or refused by its holder. */
  confirmCharge(chargeId: string, customerRef: string, approve: boolean, now: Date): Promise<ChargeResult>;
}

const randomId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('base64url')}`;

export function createSandboxPaymentProvider(
  db: Executor,
  options: { readonly secret: string; readonly onEvent: PaymentEventSink },
): SandboxPaymentProvider {
  const sign = (text: string) => createHmac('sha256', options.secret).update(text).digest('base64url');
  const emit = (type: string, objectId: string, payload: Record<string, unknown>, now: Date) =>
    options.onEvent({ provider: SANDBOX_PROVIDER, type, objectId, payload }, now);

  /** `customerRef.expiresMs.signature`. */
  const formToken = (customerRef: string, expires: number) => {
    const body = `${Buffer.from(customerRef).toString('base64url')}.${expires}`;
    return `${body}.${sign(body)}`;
  };
  const customerOfToken = (token: string, now: Date): string => {
    const [ref, expires, signature] = token.split('.');
    const body = `${ref}.${expires}`;
    if (
      !ref ||
      !expires ||
      !signature ||
      !safeEqual(signature, sign(body)) ||
      Number(expires) < now.getTime()
    ) {
      throw new CardRefusedError(SANDBOX_TEXTS.formExpired);
    }
    return Buffer.from(ref, 'base64url').toString();
  };

  const methodView = (row: {
    id: string;
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
  }): StoredPaymentMethod => ({
    id: row.id,
    credit_card_type: CARD_BRAND_TITLES[row.brand as keyof typeof CARD_BRAND_TITLES] ?? row.brand,
    credit_card_mask_number: maskedCardNumber(row.last4),
    credit_card_expiration_month: row.exp_month,
    credit_card_expiration_year: row.exp_year,
  });

  const resultOf = (intent: SandboxPaymentIntentRow): ChargeResult => {
    if (intent.status === 'succeeded') return { status: 'succeeded', chargeId: intent.id };
    if (intent.status === 'failed') {
      return {
        status: 'failed',
        chargeId: intent.id,
        message: intent.failure_message ?? PURCHASE_TEXTS.declined,
      };
    }
    return {
      status: 'requires_confirmation',
      chargeId: intent.id,
      confirmationUrl: sandboxConfirmationPath(intent.id),
    };
  };

  const ownMethod = async (id: string, customerRef: string) => {
    const row = await findSandboxPaymentMethod(db, id);
    return row && row.customer_ref === customerRef ? row : undefined;
  };

  return {
    name: SANDBOX_PROVIDER,

    paymentForm(formId: string, customerRef: string, now: Date): PaymentForm {
      const expires = now.getTime() + FORM_TOKEN_MS;
      return {
        id: formId,
        provider: SANDBOX_PROVIDER,
        url: SANDBOX_PAYMENT_METHODS_PATH,
        token: formToken(customerRef, expires),
        expires_at: new Date(expires).toISOString(),
      };
    },

    async storeCard(token: string, card: CardInput, now: Date): Promise<StoredPaymentMethod> {
      const customerRef = customerOfToken(token, now);
      const typed = { ...card, expYear: fullExpiryYear(card.expYear) };
      const problem = cardProblem(typed, calendarDateOf(now));
      if (problem) throw new CardRefusedError(problem);
      const digits = cardDigits(card.number);
      const outcome = sandboxOutcomeOf(digits);
      if (!outcome) throw new CardRefusedError(SANDBOX_TEXTS.testCardsOnly);
      const row = {
        id: randomId('pm'),
        customer_ref: customerRef,
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        exp_month: typed.expMonth,
        exp_year: typed.expYear,
        outcome,
        created_at: now,
      };
      await insertSandboxPaymentMethod(db, row);
      await emit('payment_method.attached', row.id, { brand: row.brand, last4: row.last4 }, now);
      return methodView(row);
    },

    async paymentMethod(id: string, customerRef: string) {
      const row = await ownMethod(id, customerRef);
      return row ? methodView(row) : undefined;
    },

    async validatePaymentMethod(id: string, customerRef: string, now: Date): Promise<ValidationResult> {
      const row = await ownMethod(id, customerRef);
      if (!row) return { success: false, message: 'No such payment method.' };
      const success = row.outcome !== 'fails_validation';
      await emit(success ? 'setup_intent.succeeded' : 'setup_intent.setup_failed', id, {}, now);
      return success ? { success } : { success, message: SANDBOX_TEXTS.validationFailed };
    },

    async charge(request: ChargeRequest, now: Date): Promise<ChargeResult> {
      const method = await ownMethod(request.paymentMethodId, request.customerRef);
      const outcome = method?.outcome ?? 'declines';
      const status =
        outcome === 'requires_confirmation'
          ? 'requires_confirmation'
          : outcome === 'declines'
            ? 'failed'
            : 'succeeded';
      const { intent, created } = await insertSandboxPaymentIntent(db, {
        id: randomId('pi'),
        idempotency_key: request.idempotencyKey,
        // An unknown card cannot be charged; the intent still records the attempt.
        payment_method_id: method?.id ?? request.paymentMethodId,
        amount_cents: request.amountCents,
        currency: request.currency,
        description: request.description,
        status,
        failure_message: status === 'failed' ? PURCHASE_TEXTS.declined : null,
        created_at: now,
        updated_at: now,
      });
      if (created) {
        const type =
          status === 'succeeded'
            ? 'payment_intent.succeeded'
            : status === 'failed'
              ? 'payment_intent.payment_failed'
              : 'payment_intent.requires_action';
        await emit(type, intent.id, { amount: request.amountCents, currency: request.currency }, now);
      }
      return resultOf(intent);
    },

    async confirmCharge(chargeId: string, customerRef: string, approve: boolean, now: Date) {
      const intent = await findSandboxPaymentIntent(db, chargeId);
      const method = intent ? await ownMethod(intent.payment_method_id, customerRef) : undefined;
      if (!intent || !method) throw new CardRefusedError('No such payment.');
      const settled = await settleSandboxPaymentIntent(
        db,
        chargeId,
        approve
          ? { status: 'succeeded', failureMessage: null }
          : { status: 'failed', failureMessage: PURCHASE_TEXTS.confirmationFailed },
        now,
      );
      if (!settled) return resultOf(intent);
      await emit(
        approve ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
        chargeId,
        { amount: Number(settled.amount_cents), currency: settled.currency },
        now,
      );
      return resultOf(settled);
    },
  };
}
