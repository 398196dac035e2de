/**
 * The checkout's calls (GitLab's `/-/countries`, `/-/country_states`, `/-/subscriptions/…`) and the
 * payment provider's card form. The card goes to the provider's own endpoint, never to the
 * product's: the product sees the provider's token and the last four digits.
 */
import {
  COUNTRIES_PATH,
  countryStatesPath,
  paymentFormPath,
  paymentMethodPath,
  SUBSCRIPTIONS_PATH,
  VALIDATE_PAYMENT_METHOD_PATH,
} from '../../../core/domain/webPaths.ts';
import { failureMessage, isObject, type Json, sendJson, str } from '../restJson.ts';

/** `[name, code]`, as GitLab's lists answer. */
export type NamedCode = readonly [string, string];

async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal: signal ?? null,
  });
  if (!response.ok) throw new Error(await failureMessage(response));
  return response.json();
}

export async function fetchCountries(signal?: AbortSignal): Promise<NamedCode[]> {
  const body = await getJson(COUNTRIES_PATH, signal);
  if (!Array.isArray(body)) return [];
  return body.flatMap((entry): NamedCode[] =>
    Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string'
      ? [[entry[0], entry[1]]]
      : [],
  );
}

/** `{ name: code }` as `[name, code]` in the server's order. */
export async function fetchCountryStates(country: string, signal?: AbortSignal): Promise<NamedCode[]> {
  const body = await getJson(countryStatesPath(country), signal);
  if (!isObject(body)) return [];
  return Object.entries(body).flatMap(([name, code]): NamedCode[] =>
    typeof code === 'string' ? [[name, code]] : [],
  );
}

export interface PaymentForm {
  readonly provider: string;
  readonly url: string;
  readonly token: string;
}

export async function fetchPaymentForm(formId: string): Promise<PaymentForm> {
  const body = (await getJson(paymentFormPath(formId))) as Json;
  return { provider: str(body.provider) ?? '', url: str(body.url) ?? '', token: str(body.token) ?? '' };
}

/** A stored card as GitLab's `payment_method` describes it. */
export interface PaymentMethod {
  readonly id: string;
  readonly cardType: string;
  readonly maskNumber: string;
  readonly expirationMonth: number;
  readonly expirationYear: number;
}

function paymentMethodOf(body: unknown): PaymentMethod {
  const json = isObject(body) ? body : {};
  return {
    id: str(json.id) ?? '',
    cardType: str(json.credit_card_type) ?? '',
    maskNumber: str(json.credit_card_mask_number) ?? '',
    expirationMonth: Number(json.credit_card_expiration_month) || 0,
    expirationYear: Number(json.credit_card_expiration_year) || 0,
  };
}

export interface CardFields {
  readonly number: string;
  readonly expMonth: string;
  readonly expYear: string;
  readonly cvc: string;
  readonly name: string;
}

/** Hands the card to the provider's form endpoint; answers the stored card, or rejects with why not. */
export async function storeCard(form: PaymentForm, card: CardFields): Promise<PaymentMethod> {
  const response = await sendJson('POST', form.url, {
    token: form.token,
    number: card.number,
    exp_month: card.expMonth,
    exp_year: card.expYear,
    cvc: card.cvc,
    name: card.name,
  });
  return paymentMethodOf(await response.json());
}

export async function fetchPaymentMethod(id: string): Promise<PaymentMethod> {
  return paymentMethodOf(await getJson(paymentMethodPath(id)));
}

/** GitLab's `validate_payment_method`: null when the card can be charged, else why not. */
export async function validatePaymentMethod(id: string, userId: string): Promise<string | null> {
  const response = await sendJson('POST', VALIDATE_PAYMENT_METHOD_PATH, { id, gitlab_user_id: userId });
  const body: unknown = await response.json();
  if (isObject(body) && body.success === true) return null;
  return (isObject(body) ? str(body.error) : null) ?? 'The card could not be validated.';
}

export interface Order {
  readonly namespaceId: string;
  readonly planId: string;
  readonly quantity: number;
  readonly paymentMethodId: string;
  readonly setupForCompany: boolean;
  readonly customer: {
    readonly country: string;
    readonly address_1: string;
    readonly address_2: string;
    readonly city: string;
    readonly state: string;
    readonly zip_code: string;
    readonly company: string;
  };
  /** The same key for a retry of the same order: it is charged once. */
  readonly idempotencyKey: string;
}

export type OrderAnswer =
  | { readonly status: 'paid'; readonly location: string }
  | { readonly status: 'requires_confirmation'; readonly confirmationUrl: string };

/** GitLab's `POST /-/subscriptions`; rejects with the server's reasons. */
export async function placeOrder(order: Order): Promise<OrderAnswer> {
  const response = await sendJson('POST', SUBSCRIPTIONS_PATH, {
    selected_group: order.namespaceId,
    setup_for_company: order.setupForCompany,
    customer: order.customer,
    subscription: {
      plan_id: order.planId,
      payment_method_id: order.paymentMethodId,
      quantity: String(order.quantity),
    },
    idempotency_key: order.idempotencyKey,
  });
  const body = (await response.json()) as Json;
  if (body.status === 'requires_confirmation') {
    return { status: 'requires_confirmation', confirmationUrl: str(body.confirmation_url) ?? '' };
  }
  return { status: 'paid', location: str(body.location) ?? '/' };
}

/** The bank's confirmation step of the sandbox provider: the holder approves or declines. */
export async function answerConfirmation(url: string, approve: boolean): Promise<void> {
  await sendJson('POST', url, { outcome: approve ? 'approve' : 'decline' });
}

/** A card the provider refused, or that failed validation: the form shows why. */
export class CardError extends Error {}

/**
 * The checkout's card step, end to end: the provider's form, the card handed to it, the stored card
 * read back, and its validation for the buyer. Rejects with a CardError saying what was wrong.
 */
export async function addCard(formId: string, userId: string, card: CardFields): Promise<PaymentMethod> {
  try {
    const stored = await storeCard(await fetchPaymentForm(formId), card);
    const method = await fetchPaymentMethod(stored.id);
    const invalid = await validatePaymentMethod(method.id, userId);
    if (invalid) throw new CardError(invalid);
    return method;
  } catch (failure) {
    throw failure instanceof CardError
      ? failure
      : new CardError(failure instanceof Error ? failure.message : String(failure));
  }
}
