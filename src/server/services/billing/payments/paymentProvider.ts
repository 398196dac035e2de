/**
 * The one door to a payment provider. The browser hands the card to the provider (the payment
 * form), the provider answers a token, and the product charges that token: a card number never
 * reaches the product's own routes or tables. A provider reports what happened as events, as a real
 * one's webhooks do; the product records them.
 */

/** GitLab's `payment_form`: what the browser needs to hand a card to the provider. */
export interface PaymentForm {
  readonly id: string;
  readonly provider: string;
  /** Where the browser posts the card, with `token`. */
  readonly url: string;
  readonly token: string;
  /** ISO 8601: the token is refused after this. */
  readonly expires_at: string;
}

/** GitLab's `payment_method`: a stored card as the provider describes it. */
export interface StoredPaymentMethod {
  readonly id: string;
  readonly credit_card_type: string;
  readonly credit_card_mask_number: string;
  readonly credit_card_expiration_month: number;
  readonly credit_card_expiration_year: number;
}

export interface ChargeRequest {
  /** The same key answers the same charge: a retried order is charged once. */
  readonly idempotencyKey: string;
  readonly paymentMethodId: string;
  readonly customerRef: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly description: string;
}

export type ChargeResult =
  | { readonly status: 'succeeded'; readonly chargeId: string }
  /** The bank asks the card holder to confirm (3-D Secure): the browser opens `confirmationUrl`. */
  | { readonly status: 'requires_confirmation'; readonly chargeId: string; readonly confirmationUrl: string }
  | { readonly status: 'failed'; readonly chargeId: string; readonly message: string };

export type ValidationResult =
  | { readonly success: true }
  | { readonly success: false; readonly message: string };

/** What a provider reports, as its webhooks would: `payment_intent.succeeded` and the like. */
export interface PaymentEvent {
  readonly provider: string;
  readonly type: string;
  readonly objectId: string;
  readonly payload: Readonly<Record<string, unknown>>;
}
export type PaymentEventSink = (event: PaymentEvent, now: Date) => Promise<void>;

export interface PaymentProvider {
  readonly name: string;
  /** `customerRef` names the person paying; the form's token is theirs alone. */
  paymentForm(formId: string, customerRef: string, now: Date): PaymentForm;
  /** The customer's own stored card; undefined for anyone else's or an unknown id. */
  paymentMethod(id: string, customerRef: string): Promise<StoredPaymentMethod | undefined>;
  /** Checks the card can be charged (a zero-amount authorisation), before any order. */
  validatePaymentMethod(id: string, customerRef: string, now: Date): Promise<ValidationResult>;
  /** Charges the card once per idempotency key; asking again answers where that charge stands. */
  charge(request: ChargeRequest, now: Date): Promise<ChargeResult>;
}
